//! `ti68k match`: one game of the Connect Four contest on the calculator (TiEmu, or a real one
//! over a cable). Installs the arbiter in its folder and the two AIs in theirs (this project's
//! `joueur` at a level of the ladder, the faulty test AI, or the user's own program file),
//! runs `arbitre("ai1","ai2")`, reads back `colonne`, `nom` and `journal`, prints the game,
//! checks it against the core (calc::connect4) and saves the final screen as a PNG.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use clap::Args;
use serde::Serialize;

use ti68k::contest::install::{self, Programs};
use ti68k::contest::run::{self, RunOptions};
use ti68k::contest::setup::{AiSpec, MatchSetup};
use ti68k::contest::verify;

use super::link_args::{progress_bar, LinkArgs};
use super::output::Out;

/// Arguments of `ti68k match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    link: LinkArgs,
    /// AI 1 (O, moves first): a level of `joueur` (random, winblock, minimaxD, alphabetaN),
    /// `fautif:N` (the faulty test AI with fault N), `basic:SOURCE` (a TI-BASIC AI from its
    /// source text, e.g. basic:calc/programs/basic/joueur.txt; TI's OS only), or a calculator
    /// file holding your AI (.89z, .89p, .89g...).
    #[arg(long, default_value = "winblock")]
    ai1: String,
    /// AI 2 (X): as --ai1.
    #[arg(long, default_value = "random")]
    ai2: String,
    /// Seed of AI 1's random choices (this project's AI).
    #[arg(long, default_value_t = 1)]
    seed1: u32,
    /// Seed of AI 2's random choices.
    #[arg(long, default_value_t = 2)]
    seed2: u32,
    /// The AIs' folders, separated by a comma; neither may be the arbiter's.
    #[arg(long, value_delimiter = ',', default_value = "ai1,ai2")]
    folders: Vec<String>,
    /// The arbiter's folder (its results go there).
    #[arg(long, default_value = "main")]
    arbiter_folder: String,
    /// The AI program's name.
    #[arg(long, default_value = "joueur")]
    program: String,
    /// The column variable's name.
    #[arg(long, default_value = "colonne")]
    colonne: String,
    /// The name variable's name.
    #[arg(long, default_value = "nom")]
    nom: String,
    /// Directory with arbitre, joueur, fautif and replay as calculator files (default: build
    /// them from this repository).
    #[arg(long)]
    programs: Option<PathBuf>,
    /// Where the final screen is saved (PNG).
    #[arg(long, default_value = "match.png")]
    screenshot: PathBuf,
    /// Seconds the game may take.
    #[arg(long, default_value_t = 600)]
    game_timeout: u64,
    /// Do not take the final screen: the arbiter returns at once at the end.
    #[arg(long)]
    no_screenshot: bool,
    /// Print the result as one JSON object instead of text (fields: docs/cli.md#match).
    #[arg(long)]
    json: bool,
}

/// The result of a match (the `--json` object).
#[derive(Serialize)]
struct MatchReport {
    /// AI 1 and AI 2: what was installed, where, the name each gave.
    ais: [AiReport; 2],
    /// The columns played, 1-7.
    moves: Vec<u8>,
    /// The arbiter's `colonne`: 0 a draw, 1 or 2 the winner.
    colonne: i64,
    /// The arbiter's `nom`: "N" (a normal end) or "D" (a disqualification).
    nom: String,
    /// The result in words (`AI 1 wins (4 in a row)`...).
    result: String,
    /// Seconds from the start of the arbiter to the end of the game.
    seconds: f64,
    /// Where the final screen was saved.
    screenshot: Option<String>,
    /// Whether the moves were also checked against the same AIs played natively.
    checked_natively: bool,
}

#[derive(Serialize)]
struct AiReport {
    spec: String,
    folder: String,
    name: String,
}

/// The highest fault number of `fautif` (calc/programs/src/bin/test/fautif.rs).
const FAUTIF_FAULTS: u8 = 9;

fn ai_spec(text: &str, seed: u32) -> anyhow::Result<AiSpec> {
    if let Some(fault) = text.strip_prefix("fautif:") {
        let fault = fault
            .parse::<u8>()
            .ok()
            .filter(|f| *f <= FAUTIF_FAULTS)
            .with_context(|| {
                format!("{text}: give fautif:N with N a fault number 0..{FAUTIF_FAULTS}")
            })?;
        return Ok(AiSpec::Faulty { fault });
    }
    if let Some(source) = text.strip_prefix("basic:") {
        return Ok(AiSpec::Basic(PathBuf::from(source)));
    }
    let path = PathBuf::from(text);
    if path.extension().is_some() || path.exists() {
        return Ok(AiSpec::File(path));
    }
    Ok(AiSpec::level(text, seed))
}

/// Runs `ti68k match`.
pub fn run(args: MatchArgs) -> anyhow::Result<()> {
    let model = args.link.model;
    let [f1, f2] = <[String; 2]>::try_from(args.folders.clone())
        .map_err(|f| anyhow::anyhow!("--folders takes two folders, not {}", f.len()))?;
    let setup = MatchSetup {
        folders: [f1, f2],
        arbiter_folder: args.arbiter_folder.clone(),
        program: args.program.clone(),
        colonne: args.colonne.clone(),
        nom: args.nom.clone(),
        ..MatchSetup::new(
            model,
            [
                ai_spec(&args.ai1, args.seed1)?,
                ai_spec(&args.ai2, args.seed2)?,
            ],
        )
    };
    setup.validate()?;
    install::check_ai_files(&setup)?;
    let programs = match &args.programs {
        Some(dir) => Programs::from_dir(dir, model)?,
        None => Programs::build(&std::env::current_dir()?)?,
    };
    // Every file is read and every variable made before the link is opened.
    let vars = install::variables(&setup, &programs, !args.no_screenshot)?;
    let mut out = Out::new();
    let mut calc = args.link.open()?;
    calc.ready().context("the calculator is not ready")?;
    let bar = progress_bar(&mut calc);
    install::send(&mut calc, &vars)?;
    bar.finish_and_clear();
    if !args.json {
        writeln!(
            out,
            "AI 1: {} in {}\nAI 2: {} in {}\nrunning {}\\arbitre({})",
            setup.ais[0].describe(),
            setup.folders[0],
            setup.ais[1].describe(),
            setup.folders[1],
            setup.arbiter_folder,
            setup.arguments()
        )?;
        out.flush()?;
    }
    let options = RunOptions {
        timeout: Duration::from_secs(args.game_timeout),
        screenshot: !args.no_screenshot,
        ..RunOptions::default()
    };
    let outcome = run::run_match(&mut calc, &setup, &options)?;
    let mut screenshot = None;
    if let Some(screen) = &outcome.screen {
        ti_files::disk::write_atomic(&args.screenshot, &screen.to_png(1))
            .with_context(|| format!("writing {}", args.screenshot.display()))?;
        screenshot = Some(args.screenshot.display().to_string());
    }
    let native = matches!(setup.ais, [AiSpec::Level { .. }, AiSpec::Level { .. }]);
    if args.json {
        let game = outcome.game()?;
        verify::check(&setup, &outcome)?;
        let ai = |i: usize| AiReport {
            spec: setup.ais[i].describe(),
            folder: setup.folders[i].clone(),
            name: String::from_utf8_lossy(game.names[i]).into_owned(),
        };
        out.json(&MatchReport {
            ais: [ai(0), ai(1)],
            moves: game.moves.to_vec(),
            colonne: outcome.colonne,
            nom: outcome.nom.clone(),
            result: ti68k::play::connect4::describe_result(game.result),
            seconds: outcome.elapsed.as_secs_f64(),
            screenshot,
            checked_natively: native,
        })?;
        return Ok(());
    }
    write!(out, "{}", outcome.render()?)?;
    writeln!(
        out,
        "{}\\colonne = {}, {}\\nom = {:?} ({:.1} s)",
        setup.arbiter_folder,
        outcome.colonne,
        setup.arbiter_folder,
        outcome.nom,
        outcome.elapsed.as_secs_f64()
    )?;
    if let Some(path) = &screenshot {
        writeln!(out, "final screen: {path}")?;
    }
    verify::check(&setup, &outcome)?;
    writeln!(
        out,
        "checked: the result variables agree with the log, the log with the core's referee{}",
        if native {
            ", the moves with the same AIs played natively"
        } else {
            ""
        }
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_fault_of_fautif_is_accepted_and_no_other() {
        for n in 0..=FAUTIF_FAULTS {
            let spec = ai_spec(&format!("fautif:{n}"), 1).unwrap();
            assert_eq!(spec, AiSpec::Faulty { fault: n });
        }
        let e = ai_spec("fautif:10", 1).unwrap_err().to_string();
        assert!(e.contains("fault number 0..9"), "{e}");
    }
}
