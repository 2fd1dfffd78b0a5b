//! `ti68k match`: one game of the Connect Four contest on the calculator (TiEmu, or a real one
//! over a cable). Installs the arbiter in its folder and the two AIs in theirs (this project's
//! `joueur` at a level of the ladder, the faulty test AI, or the user's own program file),
//! runs `arbitre("ai1","ai2")`, reads back `colonne`, `nom` and `journal`, prints the game,
//! checks it against the core (calc::connect4) and saves the final screen as a PNG.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use clap::Args;

use ti68k::contest::install::{self, Programs};
use ti68k::contest::run::{self, RunOptions};
use ti68k::contest::setup::{AiSpec, MatchSetup};
use ti68k::contest::verify;

use super::link_args::{progress_bar, LinkArgs};

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
    /// Seed of AI 1's random choices (this project's AI).
    #[arg(long, default_value_t = 1)]
    seed1: u32,
    /// Seed of AI 2's random choices.
    #[arg(long, default_value_t = 2)]
    seed2: u32,
    /// The AIs' folders.
    #[arg(long, value_delimiter = ',', default_values_t = ["ai1".to_string(), "ai2".to_string()])]
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
    /// Directory with arbitre, joueur, fautif, replay and humain as calculator files (default: build
    /// them from this repository).
    #[arg(long)]
    programs: Option<PathBuf>,
    /// Where the final screen is saved (PNG).
    #[arg(long, default_value = "match.png")]
    screenshot: PathBuf,
    /// Seconds the game may take (default 600; 3600 when a person plays).
    #[arg(long)]
    game_timeout: Option<u64>,
    /// Do not take the final screen: the arbiter returns at once at the end.
    #[arg(long)]
    no_screenshot: bool,
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
        None => Programs::build(&std::env::current_dir()?)?,
    };
    let mut calc = args.link.open()?;
    calc.ready().context("the calculator is not ready")?;
    let bar = progress_bar(&mut calc);
    install::install(&mut calc, &setup, &programs, !args.no_screenshot)?;
    bar.finish_and_clear();
    println!(
        "AI 1: {} in {}\nAI 2: {} in {}\nrunning {}\\arbitre({})",
        setup.ais[0].describe(),
        setup.folders[0],
        setup.ais[1].describe(),
        setup.folders[1],
        setup.arbiter_folder,
        setup.arguments()
    );
    if human {
        println!("a person plays: press the keys on the calculator when asked");
    }
    let timeout = args.game_timeout.unwrap_or(if human { 3600 } else { 600 });
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
    let outcome = run::run_match(&mut calc, &setup, &options)?;
    print!("{}", outcome.render()?);
    println!(
        "{}\\colonne = {}, {}\\nom = {:?} ({:.1} s)",
        setup.arbiter_folder,
        outcome.colonne,
        setup.arbiter_folder,
        outcome.nom,
        outcome.elapsed.as_secs_f64()
    );
    if let Some(screen) = &outcome.screen {
        ti_files::disk::write_atomic(&args.screenshot, &screen.to_png(1))
            .with_context(|| format!("writing {}", args.screenshot.display()))?;
        println!("final screen: {}", args.screenshot.display());
    }
    verify::check(&setup, &outcome)?;
    let native = matches!(setup.ais, [AiSpec::Level { .. }, AiSpec::Level { .. }]);
    println!(
        "checked: the result variables agree with the log, the log with the core's referee{}",
        if native {
            ", the moves with the same AIs played natively"
        } else {
            ""
        }
    );
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
