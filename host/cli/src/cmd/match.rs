//! `ti68k match`: games of the Connect Four contest on the calculator (TiEmu, a real one over a
//! cable, or the project's emulator with `--cable emu`). Installs the arbiter in its folder and the
//! two AIs in theirs (this project's `joueur` at a level of the ladder, the faulty test AI, or
//! the user's own program file), runs `arbitre("ai1","ai2")`, reads back `colonne`, `nom` and
//! `journal`, prints the game, checks it against the core (calc::connect4) and saves the final
//! screen as a PNG. With `--games N`, N games with the sides swapped every game, and a tally.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use clap::Args;
use serde::Serialize;

use ti68k::contest::install::{self, Installed, Programs};
use ti68k::contest::run::{self, RunOptions};
use ti68k::contest::setup::{AiSpec, MatchSetup};
use ti68k::contest::verify;
use ti68k::play::connect4::describe_result;

use super::link_args::{progress_bar, LinkArgs};
use super::output::Out;

/// Arguments of `ti68k match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    link: LinkArgs,
    /// AI 1 (O, moves first): a level of `joueur` (random, winblock, minimaxD, alphabetaN),
    /// `human` or `human:NAME` (a person plays at the calculator's keyboard: the program
    /// `humain`), `fautif:N` (the faulty test AI with fault N), `basic:SOURCE` (a TI-BASIC AI
    /// from its source text, e.g. basic:calc/programs/basic/joueur.txt; TI's OS only), or a
    /// calculator file holding your AI (.89z, .89p, .89g...).
    #[arg(long, default_value = "winblock")]
    ai1: String,
    /// AI 2 (X): as --ai1.
    #[arg(long, default_value = "random")]
    ai2: String,
    /// Seed of AI 1's random choices: its variable graine (a level of joueur, or an AI built
    /// with the toolkit).
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
    /// Directory with arbitre, joueur, fautif, replay and humain as calculator files (default:
    /// build them from the toolkit).
    #[arg(long)]
    programs: Option<PathBuf>,
    /// The toolkit's checkout the contest programs are built from (default: the one this tool
    /// was built from; also TI68K_TOOLKIT).
    #[arg(long)]
    toolkit: Option<PathBuf>,
    /// Games to play; the AIs swap sides every game, and a tally ends the match.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    games: u32,
    /// Where the final screen is saved (PNG).
    #[arg(long, default_value = "match.png")]
    screenshot: PathBuf,
    /// Seconds the game may take (default 600; 3600 when a person plays).
    #[arg(long)]
    game_timeout: Option<u64>,
    /// Do not take the final screen: the arbiter returns at once at the end.
    #[arg(long)]
    no_screenshot: bool,
    /// Print the result as one JSON object instead of text (fields: docs/cli.md#match).
    #[arg(long)]
    json: bool,
}

/// The result of a game (the `--json` object, one a game).
#[derive(Serialize)]
struct MatchReport {
    /// The game's number in the match, from 1.
    game: u32,
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

fn ai_spec(text: &str, seed: u32) -> anyhow::Result<AiSpec> {
    Ok(AiSpec::parse(text, seed)?)
}

/// Runs `ti68k match`.
pub fn run(args: MatchArgs) -> anyhow::Result<()> {
    args.link.require_dbus()?;
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
    let human = setup
        .ais
        .iter()
        .any(|ai| matches!(ai, AiSpec::Human { .. }));
    if human && args.link.cable.is_emu() {
        anyhow::bail!(
            "a person plays at a calculator's keyboard, and --cable emu has none: \
             use TiEmu or a calculator on a cable"
        );
    }
    let programs = match &args.programs {
        Some(dir) => Programs::from_dir(dir, model)?,
        None => {
            let toolkit = match &args.toolkit {
                Some(t) => t.clone(),
                None => ti_build::project::default_toolkit()?,
            };
            Programs::build_in(&toolkit)?
        }
    };
    // Every file is read and every variable made before the link is opened.
    install::variables(&setup, &programs, !args.no_screenshot)?;
    let mut out = Out::new();
    let mut calc = args.link.open()?;
    calc.ready().context("the calculator is not ready")?;
    let timeout = args.game_timeout.unwrap_or(if human { 3600 } else { 600 });
    let mut installed = Installed::new();
    let mut tally = [0u32; 3];
    for game in 0..args.games {
        let this = setup.game(game);
        if !args.json && args.games == 1 {
            writeln!(
                out,
                "AI 1: {} in {}\nAI 2: {} in {}\nrunning {}\\arbitre({})",
                this.ais[0].describe(),
                this.folders[0],
                this.ais[1].describe(),
                this.folders[1],
                this.arbiter_folder,
                this.arguments(),
            )?;
            if human {
                writeln!(
                    out,
                    "a person plays: press the keys on the calculator when asked"
                )?;
            }
            out.flush()?;
        }
        let bar = progress_bar(&mut calc);
        installed.install(&mut calc, &this, &programs, !args.no_screenshot)?;
        bar.finish_and_clear();
        let options = RunOptions {
            timeout: Duration::from_secs(timeout),
            screenshot: !args.no_screenshot,
            // In process the calculator answers at once: no need to wait between checks.
            poll: if args.link.cable.is_emu() {
                Duration::from_millis(10)
            } else {
                RunOptions::default().poll
            },
        };
        let outcome = run::run_match(&mut calc, &this, &options)?;
        let mut screenshot = None;
        if let Some(screen) = &outcome.screen {
            ti_files::disk::write_atomic(&args.screenshot, &screen.to_png(1))
                .with_context(|| format!("writing {}", args.screenshot.display()))?;
            screenshot = Some(args.screenshot.display().to_string());
        }
        verify::check(&this, &outcome)?;
        let log = outcome.game()?;
        // The first AI as given: AI 1 in even games, AI 2 in odd ones.
        let given_first = if game % 2 == 0 { 1 } else { 2 };
        match outcome.colonne {
            0 => tally[1] += 1,
            c if c == given_first => tally[0] += 1,
            _ => tally[2] += 1,
        }
        let native = matches!(this.ais, [AiSpec::Level { .. }, AiSpec::Level { .. }]);
        if args.json {
            let ai = |i: usize| AiReport {
                spec: this.ais[i].describe(),
                folder: this.folders[i].clone(),
                name: String::from_utf8_lossy(log.names[i]).into_owned(),
            };
            out.json(&MatchReport {
                game: game + 1,
                ais: [ai(0), ai(1)],
                moves: log.moves.to_vec(),
                colonne: outcome.colonne,
                nom: outcome.nom.clone(),
                result: describe_result(log.result),
                seconds: outcome.elapsed.as_secs_f64(),
                screenshot,
                checked_natively: native,
            })?;
            continue;
        }
        if args.games > 1 {
            let name = |i: usize| String::from_utf8_lossy(log.names[i]).into_owned();
            writeln!(
                out,
                "game {:>3}: {} (O) vs {} (X), {} moves: {}",
                game + 1,
                name(0),
                name(1),
                log.moves.len(),
                describe_result(log.result)
            )?;
            out.flush()?;
            continue;
        }
        write!(out, "{}", outcome.render()?)?;
        writeln!(
            out,
            "{}\\colonne = {}, {}\\nom = {:?} ({:.1} s)",
            this.arbiter_folder,
            outcome.colonne,
            this.arbiter_folder,
            outcome.nom,
            outcome.elapsed.as_secs_f64()
        )?;
        if let Some(path) = &screenshot {
            writeln!(out, "final screen: {path}")?;
        }
        writeln!(
            out,
            "checked: the result variables agree with the log, the log with the core's referee{}",
            if native {
                ", the moves with the same AIs played natively"
            } else {
                ""
            }
        )?;
    }
    if args.games > 1 && !args.json {
        writeln!(
            out,
            "{} against {}: {} won, {} drawn, {} lost of {} games (sides swapped every game; \
             each game checked)",
            args.ai1, args.ai2, tally[0], tally[1], tally[2], args.games
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_fault_of_fautif_is_accepted_and_no_other() {
        for n in 0..=ti68k::contest::setup::FAUTIF_FAULTS {
            let spec = ai_spec(&format!("fautif:{n}"), 1).unwrap();
            assert_eq!(spec, AiSpec::Faulty { fault: n });
        }
        let e = ai_spec("fautif:10", 1).unwrap_err().to_string();
        assert!(e.contains("fault number 0..9"), "{e}");
    }
}
