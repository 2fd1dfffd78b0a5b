//! Screenshots of a contest match in progress, for the README: on PedroM under TiEmu (TI-89 and
//! Voyage 200), the arbiter runs minimax4 against minimax4; the LCD is captured through X every
//! few tenths of a second while the game runs (the link is not serviced then), and the capture
//! nearest the middle of the game that shows an AI "thinking" in its zone is kept, with the
//! final screen. When no capture shows "thinking", it says so on the standard error and keeps
//! the middle capture.
//!
//! ```sh
//! cargo run --release -p emu-tests --example contest_screens -- docs/screenshots
//! ```
//!
//! Writes `contest-<model>-playing.png` and `contest-<model>-end.png` into the directory given
//! (default: the bench's screenshot directory), and checks each game against the core.

use std::path::PathBuf;
use std::time::Duration;

use emu_tests::tiemu::{save_png, Screen, TiEmu};
use ti68k::contest::install::{Installed, Programs};
use ti68k::contest::run;
use ti68k::contest::setup::{AiSpec, MatchSetup};
use ti68k::contest::verify;
use ti_files::{Model, VarPath};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(TiEmu::screenshot_dir);
    let programs = Programs::build(&std::env::current_dir()?)?;
    for model in [Model::Ti89, Model::V200] {
        let mut t = TiEmu::start_pedrom(model)?;
        let setup = MatchSetup::new(
            model,
            [AiSpec::level("minimax4", 4), AiSpec::level("minimax4", 9)],
        );
        Installed::new().install(t.calc(), &setup, &programs, true)?;
        // joueur writes "thinking" in its zone while it searches: keep a capture showing it.
        let thinking = t.text_templates("thinking")?;
        t.calc()
            .run(&VarPath::parse("main\\arbitre")?, &setup.arguments())?;
        let mut shots: Vec<Screen> = Vec::new();
        loop {
            std::thread::sleep(Duration::from_millis(300));
            shots.push(t.x_screenshot()?);
            if t.is_ready()? {
                break;
            }
        }
        // Ready checks sent while the arbiter held the processor are answered late: drop them.
        std::thread::sleep(Duration::from_millis(300));
        t.calc().discard_input()?;
        let middle = shots.len() / 2;
        let with_thinking = (0..shots.len())
            .filter(|&i| thinking.find_in(&shots[i]).is_some())
            .min_by_key(|&i| i.abs_diff(middle));
        let playing = match with_thinking {
            Some(i) => &shots[i],
            None => {
                eprintln!(
                    "warning: {model}: none of the {} captures shows \"thinking\" (the AIs \
                     answered between captures); keeping the middle one, which shows none",
                    shots.len()
                );
                &shots[middle]
            }
        };
        let name = model.name();
        save_png(playing, &out.join(format!("contest-{name}-playing.png")), 1)?;
        let end = t.screenshot()?;
        save_png(&end, &out.join(format!("contest-{name}-end.png")), 1)?;
        t.calc().send_key(13)?;
        run::wait_until_ready(
            t.calc(),
            Duration::from_secs(30),
            Duration::from_millis(300),
        )?;
        let outcome = run::read_results(t.calc(), &setup, None, Duration::ZERO)?;
        verify::check(&setup, &outcome)?;
        print!("{model}: {} captures\n{}", shots.len(), outcome.render()?);
    }
    println!("written to {}", out.display());
    Ok(())
}
