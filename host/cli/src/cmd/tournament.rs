//! `ti68k tournament AI AI...`: a Connect Four round robin between any AIs (native levels and
//! the solver, this project's calculator AI at any level, your own calculator files), every
//! game through the core's referee, on the project's emulator in parallel on every core (or
//! TiEmu, or a real calculator, one game at a time); a crosstable, maximum-likelihood Elo
//! ratings with 95 % intervals and the likelihood of superiority, a PNG chart; every game
//! appended to a results file, so that a stopped tournament resumes
//! (docs/tournaments.md#tournaments).

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use super::output::Out;
use ti68k::cable::CableChoice;
use ti68k::rating::{self, chart, FitOptions};
use ti68k::tournament::record::ResultsFile;
use ti68k::tournament::run::{play_all, RunConfig};
use ti68k::tournament::{Crosstable, Tournament};
use ti_files::Model;

/// Arguments of `ti68k tournament`.
#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// The AIs: `native:LEVEL` or `native:solver` (played by the computer), a level of
    /// `joueur` (run on the calculator: random, winblock, minimaxD, alphabetaN, expertN), your
    /// calculator file (.89z, .9xz, .v2z: C, assembly...), fautif:N or basic:SOURCE.
    #[arg(required = true, num_args = 2..)]
    ais: Vec<String>,
    /// Games of each pairing in each colour.
    #[arg(long, default_value_t = 2)]
    rounds: u32,
    /// Seed of every random choice.
    #[arg(long, default_value_t = 1)]
    seed: u32,
    /// Where the calculator AIs run: `emu` (the project's emulator, one per worker), or a
    /// cable to TiEmu or a real calculator (one game at a time).
    #[arg(long, default_value = "emu")]
    cable: CableChoice,
    /// The calculator model.
    #[arg(long, default_value = "ti89")]
    model: Model,
    /// Workers on the emulator (default: one per core).
    #[arg(long)]
    jobs: Option<usize>,
    /// The results file: created, or resumed when it holds this tournament's games.
    #[arg(long, default_value = "tournament.txt")]
    results: PathBuf,
    /// Directory with the calculator files of appel, joueur, fautif (default: build them).
    #[arg(long)]
    programs: Option<PathBuf>,
    /// The AI held at --anchor-elo (default: native:random, else random, else the first).
    #[arg(long)]
    anchor: Option<String>,
    /// The anchor's rating.
    #[arg(long, default_value_t = 0.0)]
    anchor_elo: f64,
    /// Virtual draws between every two AIs that met (keeps perfect scores finite).
    #[arg(long, default_value_t = 1.0)]
    prior: f64,
    /// The ratings chart (PNG).
    #[arg(long, default_value = "tournament.png")]
    chart: PathBuf,
    /// Seconds one call of a calculator AI may take.
    #[arg(long, default_value_t = 600)]
    call_timeout: u64,
    /// Seconds to wait for each byte on a cable.
    #[arg(long, default_value_t = 1.5)]
    timeout: f64,
}

/// Runs `ti68k tournament`.
pub fn run(args: TournamentArgs) -> anyhow::Result<()> {
    if args.cable.is_dusb() {
        anyhow::bail!("tournaments speak DBUS: use emu, tiemu, gray:, black: or silver");
    }
    let t = Tournament::new(&args.ais, args.rounds, args.seed, args.model)?;
    let (mut file, mut games) = ResultsFile::open(&args.results, &t)?;
    let total = t.schedule().len();
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if !games.is_empty() {
        eprintln!(
            "resuming {}: {} of {total} games already played",
            args.results.display(),
            games.len()
        );
    }
    let bar = ProgressBar::new(total as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} spent, {eta} left")
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar.set_position(games.len() as u64);
    let cfg = RunConfig {
        cable: args.cable.clone(),
        jobs,
        programs: args.programs.clone(),
        timeout: Duration::from_secs_f64(args.timeout.max(0.01)),
        call_timeout: Duration::from_secs(args.call_timeout),
    };
    let already = games.clone();
    play_all(&t, &cfg, &already, |g| {
        file.append(&g)?;
        games.push(g);
        bar.inc(1);
        Ok(())
    })?;
    bar.finish_and_clear();
    let mut out = Out::new();
    let names = t.names();
    let table = Crosstable::new(names.clone(), &games);
    writeln!(
        out,
        "{} games ({} rounds, each pairing both ways), results in {}\n",
        games.len(),
        t.rounds,
        args.results.display()
    )?;
    write!(out, "{}", table.render())?;
    let anchor = match &args.anchor {
        Some(a) => names.iter().position(|n| n == a).with_context(|| {
            format!(
                "--anchor {a}: no such AI (give one of {})",
                names.join(", ")
            )
        })?,
        None => names
            .iter()
            .position(|n| n == "native:random")
            .or_else(|| names.iter().position(|n| n == "random"))
            .unwrap_or(0),
    };
    let ratings = rating::fit(
        &table.results,
        &FitOptions {
            anchor,
            anchor_rating: args.anchor_elo,
            prior: args.prior,
        },
    )?;
    writeln!(out,
        "\nElo by maximum likelihood ({} = {}, prior {} draws; LOS: likelihood of superiority over the next one down)\n",
        names[anchor], args.anchor_elo, args.prior
    )?;
    write!(out, "{}", ratings.table(&table.results))?;
    chart::ratings_png(
        &args.chart,
        &ratings,
        &format!("Connect Four tournament: {} games", games.len()),
    )?;
    writeln!(out, "\nchart: {}", args.chart.display())?;
    Ok(())
}
