//! `ti68k match` on a TiEmu of its own: boots PedroM (or TI's OS, from `TIEMU_ROM_TI89` /
//! `TIEMU_ROM_V200` / `TIEMU_ROM_TI92P`) through the TiEmu bench, then plays games exactly as
//! `ti68k match` does (`ti68k::contest`), printing each game and saving its final screen.
//!
//! ```sh
//! cargo run --release -p emu-tests --example match -- ti89 minimax3 winblock        # one game
//! cargo run --release -p emu-tests --example match -- v200 random alphabeta2000 5   # 5 games, seeds 1..5
//! cargo run --release -p emu-tests --example match -- ti89 fautif:7 winblock
//! ```
//!
//! Arguments: the model (ti89, ti92p, v200), AI 1 and AI 2 (a level of `joueur`, `fautif:N`,
//! `basic:SOURCE` for a TI-BASIC AI's source text, or a calculator file), and the number of games (each with other seeds). Screens go to the bench's
//! screenshot directory (`$TIEMU_SCREENSHOTS`).

use std::path::PathBuf;

use emu_tests::tiemu::{Os, TiEmu};
use ti68k::contest::install::{Installed, Programs};
use ti68k::contest::run::{self, RunOptions};
use ti68k::contest::setup::{AiSpec, MatchSetup};
use ti68k::contest::verify;
use ti_files::Model;

fn ai(text: &str, seed: u32) -> Result<AiSpec, String> {
    if let Some(fault) = text.strip_prefix("fautif:") {
        let fault = fault
            .parse()
            .map_err(|_| format!("{text}: give fautif:N with N a fault number"))?;
        return Ok(AiSpec::Faulty { fault });
    }
    if let Some(source) = text.strip_prefix("basic:") {
        return Ok(AiSpec::Basic(PathBuf::from(source)));
    }
    if text.contains('.') {
        return Ok(AiSpec::file(PathBuf::from(text), seed));
    }
    Ok(AiSpec::level(text, seed))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: match MODEL AI1 AI2 [GAMES]   (e.g. match ti89 minimax3 winblock)";
    if args.len() < 3 {
        return Err(usage.into());
    }
    let model: Model = args[0].parse().map_err(|_| usage)?;
    let games: u32 = match args.get(3) {
        Some(n) => n.parse().map_err(|_| usage)?,
        None => 1,
    };
    let programs = Programs::build(&std::env::current_dir()?)?;
    let os = match Os::from_env(model) {
        Some(os) => os?,
        None => Os::PedroM,
    };
    let mut t = TiEmu::start(model, os)?;
    println!(
        "{model} {} booted in {:?}",
        t.os().describe(),
        t.boot_time()
    );
    let mut installed = Installed::new();
    for game in 1..=games {
        let setup = MatchSetup::new(model, [ai(&args[1], game)?, ai(&args[2], game + 100)?]);
        setup.validate()?;
        installed.install(t.calc(), &setup, &programs, true)?;
        let outcome = run::run_match(t.calc(), &setup, &RunOptions::default())?;
        print!("game {game}:\n{}", outcome.render()?);
        if let Some(shot) = &outcome.screen {
            let path = t.keep_screenshot(shot, &format!("match-{game}"))?;
            println!("final screen: {}", path.display());
        }
        verify::check(&setup, &outcome)?;
        println!(
            "checked against the core ({:.1} s)",
            outcome.elapsed.as_secs_f64()
        );
    }
    Ok(())
}
