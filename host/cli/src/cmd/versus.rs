//! `ti68k versus`: one Connect Four game played from the computer, the contest protocol run
//! over the link by the core's referee: a calculator AI (this project's `joueur` at any level,
//! the faulty test AI, a TI-BASIC source, or your own calculator file) against a native AI (a
//! level of the ladder or the exact solver), or two calculator AIs, or two native ones. The
//! game's log is written in the arbiter's format (`ti68k replay` reads it) and checked by the
//! referee (docs/tournaments.md#native-against-calculator).

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use clap::Args;

use ti68k::contest::install;
use ti68k::contest::setup::{AiSpec, MatchSetup};
use ti68k::contest::verify;
use ti68k::contest::versus::{self, Side, VersusOptions};
use ti68k::play::connect4::{render_log, C4Player, Tables};
use ti_files::{VarName, VarPath, VarType, Variable};

use super::link_args::{progress_bar, LinkArgs};
use super::output::Out;

/// Arguments of `ti68k versus`.
#[derive(Args, Debug)]
pub struct VersusArgs {
    #[command(flatten)]
    link: LinkArgs,
    /// AI 1 (O, moves first): `native:LEVEL` (a level of the ladder played by the computer:
    /// random, winblock, minimaxD, alphabetaN, expertN) or `native:solver` (the opening book's
    /// move for the first 6 stones, then the exact solver's); or a
    /// calculator AI as `ti68k match` takes it (a level of `joueur`, fautif:N, basic:SOURCE, a
    /// calculator file).
    #[arg(long, default_value = "native:solver")]
    ai1: String,
    /// AI 2 (X): as --ai1.
    #[arg(long, default_value = "expert9000")]
    ai2: String,
    /// Seed of AI 1's random choices.
    #[arg(long, default_value_t = 1)]
    seed1: u32,
    /// Seed of AI 2's random choices.
    #[arg(long, default_value_t = 2)]
    seed2: u32,
    /// The calculator AIs' folders.
    #[arg(long, value_delimiter = ',', default_values_t = ["ai1".to_string(), "ai2".to_string()])]
    folders: Vec<String>,
    /// Directory with the calculator files of appel, joueur and fautif (default: build them).
    #[arg(long)]
    programs: Option<PathBuf>,
    /// Where the game's log is written (a calculator file of the arbiter's `journal`).
    #[arg(long, default_value = "versus.89y")]
    log: PathBuf,
    /// Seconds one call of a calculator AI may take.
    #[arg(long, default_value_t = 600)]
    call_timeout: u64,
}

/// A side as the command line names it.
pub fn side(text: &str, seed: u32, folder: &str) -> anyhow::Result<Side> {
    if let Some(native) = text.strip_prefix("native:") {
        let player = if native == "solver" {
            C4Player::Solver
        } else {
            C4Player::Ai(ti68k::contest::setup::parse_level(native)?)
        };
        return Ok(Side::Native { player, seed });
    }
    Ok(Side::Calculator {
        ai: AiSpec::parse(text, seed)?,
        folder: folder.to_string(),
        program: "joueur".into(),
    })
}

/// Runs `ti68k versus`.
pub fn run(args: VersusArgs) -> anyhow::Result<()> {
    let model = args.link.model;
    let [f1, f2] = <[String; 2]>::try_from(args.folders.clone())
        .map_err(|f| anyhow::anyhow!("--folders takes two folders, not {}", f.len()))?;
    let sides = [
        side(&args.ai1, args.seed1, &f1)?,
        side(&args.ai2, args.seed2, &f2)?,
    ];
    let human = sides.iter().any(|s| {
        matches!(
            s,
            Side::Calculator {
                ai: AiSpec::Human { .. },
                ..
            }
        )
    });
    if human && args.link.cable.is_emu() {
        anyhow::bail!(
            "a person plays at a calculator's keyboard, and --cable emu has none: \
             use TiEmu or a calculator on a cable"
        );
    }
    let options = VersusOptions {
        call_timeout: Duration::from_secs(args.call_timeout),
        // In process the calculator answers at once; over a cable, check twice a second.
        poll: Duration::from_millis(if args.link.cable.is_emu() { 5 } else { 500 }),
        ..VersusOptions::default()
    };
    let mut tables = Tables::new();
    let on_calculator = sides.iter().any(|s| matches!(s, Side::Calculator { .. }));
    let outcome = if on_calculator {
        args.link.require_dbus()?;
        let programs = match &args.programs {
            Some(dir) => install::Programs::from_dir(dir, model)?,
            None => install::Programs::build(&std::env::current_dir()?)?,
        };
        let appel = install::built_program(args.programs.as_deref(), model, "appel")?;
        let vars = versus::variables(model, &sides, &programs, &appel, &options.launcher_folder)?;
        let mut calc = args.link.open()?;
        calc.ready().context("the calculator is not ready")?;
        let bar = progress_bar(&mut calc);
        calc.send_variables(&vars)
            .context("installing the launcher and the calculator AIs")?;
        bar.finish_and_clear();
        versus::play(Some(&mut calc), model, &sides, &mut tables, &options)?
    } else {
        versus::play::<Box<dyn ti_link::Cable>>(None, model, &sides, &mut tables, &options)?
    };
    let mut out = Out::new();
    writeln!(
        out,
        "AI 1: {}\nAI 2: {}",
        sides[0].describe(),
        sides[1].describe()
    )?;
    write!(out, "{}", render_log(&outcome.game()))?;
    writeln!(
        out,
        "{:.1} s, of which {:.1} s in {} calls of calculator AIs",
        outcome.elapsed.as_secs_f64(),
        outcome.calculator_time.as_secs_f64(),
        outcome.calculator_calls
    )?;
    verify::log_agrees_with_referee(
        &MatchSetup::new(
            model,
            [AiSpec::level("random", 0), AiSpec::level("random", 0)],
        ),
        &outcome.game(),
    )?;
    let mut data = outcome.log.clone();
    data.extend_from_slice(b"\0c4l\0\xF8");
    let var = Variable::from_data(
        VarPath::new(VarName::new("main")?, VarName::new("journal")?),
        VarType::OTH,
        data,
    )?;
    let file = ti_files::VarFile::single(model, var);
    ti_files::disk::write_atomic(&args.log, &file.to_bytes()?)
        .with_context(|| format!("writing {}", args.log.display()))?;
    writeln!(
        out,
        "checked: the log agrees with the core's referee; written to {} (ti68k replay {} shows it)",
        args.log.display(),
        args.log.display()
    )?;
    Ok(())
}
