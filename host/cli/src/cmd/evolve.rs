//! `ti68k evolve`: a genetic algorithm that tunes the weights of the Connect Four engine's
//! heuristic by playing its candidates as `joueur` on the project's emulator (one per worker,
//! every core); writes the best weights (TOML, and the calculator variable `poids` to send
//! beside `joueur`), the Elo difference of the best over the starting weights with its 95 %
//! interval, and a PNG of the best and mean fitness per generation; every game appended to a
//! results file, so that a stopped run resumes (docs/tournaments.md#ti68k-evolve).

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use super::output::Out;
use ti68k::evolve::output::{self, WeightsFile};
use ti68k::evolve::run::{evolve, RunConfig};
use ti68k::evolve::{GaSettings, Settings};
use ti_files::Model;

/// Arguments of `ti68k evolve`.
#[derive(Args, Debug)]
pub struct EvolveArgs {
    /// The level the candidates play: an engine level, alphabetaN or expertN (N nodes a move).
    #[arg(long, default_value = "alphabeta1000")]
    level: String,
    /// Individuals per generation.
    #[arg(long, default_value_t = 8)]
    population: usize,
    /// Generations.
    #[arg(long, default_value_t = 6)]
    generations: u32,
    /// Openings each candidate plays per generation against the starting weights, each in
    /// both colours.
    #[arg(long, default_value_t = 4)]
    openings: u32,
    /// Opening plies played at random from each game's seed (so that games differ).
    #[arg(long, default_value_t = 4)]
    random_plies: u8,
    /// The best this many individuals pass to the next generation unchanged.
    #[arg(long, default_value_t = 2)]
    elite: usize,
    /// Individuals drawn for each tournament selection.
    #[arg(long, default_value_t = 2)]
    tournament: usize,
    /// Chance that a child is a crossover of two parents.
    #[arg(long, default_value_t = 0.7)]
    crossover: f64,
    /// Chance that each weight of a child is mutated.
    #[arg(long, default_value_t = 0.5)]
    mutation_rate: f64,
    /// Standard deviation of a mutation, relative to the starting weight (at least 1).
    #[arg(long, default_value_t = 0.3)]
    sigma: f64,
    /// Openings of the final match of the best weights against the start, each in both
    /// colours.
    #[arg(long, default_value_t = 20)]
    final_openings: u32,
    /// The starting weights: a weights file (as --weights writes); default: the engine's.
    #[arg(long)]
    start: Option<PathBuf>,
    /// Seed of every random choice.
    #[arg(long, default_value_t = 1)]
    seed: u32,
    /// The calculator model.
    #[arg(long, default_value = "ti89")]
    model: Model,
    /// Workers, one emulator each (default: one per core).
    #[arg(long)]
    jobs: Option<usize>,
    /// The results file: created, or resumed when it holds this run's games.
    #[arg(long, default_value = "evolve.txt")]
    results: PathBuf,
    /// Where the best weights are written (TOML).
    #[arg(long, default_value = "evolve-best.toml")]
    weights: PathBuf,
    /// Where the calculator file of the variable poids is written (default:
    /// evolve-poids.89y, .9xy, .v2y for the model).
    #[arg(long)]
    variable: Option<PathBuf>,
    /// The folder of poids in that file (the folder of your joueur).
    #[arg(long, default_value = "main")]
    folder: String,
    /// The chart of the fitness per generation (PNG).
    #[arg(long, default_value = "evolve.png")]
    chart: PathBuf,
    /// Virtual draws of the rating prior (keeps a perfect score finite).
    #[arg(long, default_value_t = 1.0)]
    prior: f64,
    /// Directory with the calculator files of appel and joueur (default: build them).
    #[arg(long)]
    programs: Option<PathBuf>,
}

/// Runs `ti68k evolve`.
pub fn run(args: EvolveArgs) -> anyhow::Result<()> {
    let start = match &args.start {
        Some(path) => WeightsFile::read(path)?.weights(),
        None => calc::connect4::eval::Weights::DEFAULT,
    };
    let settings = Settings {
        level: args.level.clone(),
        start,
        ga: GaSettings {
            population: args.population,
            elite: args.elite,
            tournament: args.tournament,
            crossover: args.crossover,
            mutation_rate: args.mutation_rate,
            sigma: args.sigma,
        },
        generations: args.generations,
        openings: args.openings,
        random_plies: args.random_plies,
        final_openings: args.final_openings,
        seed: args.seed,
        model: args.model,
    };
    settings.check()?;
    let total = settings.total_games();
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} spent, {eta} left")
            .expect("valid template")
            .progress_chars("=> "),
    );
    let config = RunConfig {
        jobs: args
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        programs: args.programs.clone(),
        prior: args.prior,
    };
    let mut first = true;
    let e = evolve(&settings, &config, &args.results, |done| {
        if first && done > 0 {
            eprintln!(
                "resuming {}: {done} of {total} games already played",
                args.results.display()
            );
        }
        first = false;
        bar.set_position(done);
    })?;
    bar.finish_and_clear();
    let mut out = Out::new();
    let names = calc::connect4::eval::Weights::NAMES.join(" ");
    writeln!(
        out,
        "{} generations of {} at {}, {} games each ({} played now), results in {}\n",
        e.generations.len(),
        settings.ga.population,
        settings.level,
        settings.games_per_generation(),
        e.played,
        args.results.display()
    )?;
    writeln!(out, "gen  best   mean   best weights ({names})")?;
    for (g, gen) in e.generations.iter().enumerate() {
        writeln!(
            out,
            "{g:>3} {:>5.1}% {:>5.1}%  {:?}",
            100.0 * gen.best(),
            100.0 * gen.mean(),
            gen.best_weights().to_array()
        )?;
    }
    writeln!(
        out,
        "\nstart {:?}\nbest  {:?}\nfinal match, best against start: {} of {} points ({:.1} %), \
         Elo {:+.0} ± {:.0} (95 %), likelihood of superiority {:.1} %",
        settings.start.to_array(),
        e.best.to_array(),
        e.final_points,
        e.final_games,
        100.0 * e.final_points / e.final_games,
        e.elo(),
        e.interval(),
        100.0 * e.ratings.superiority(1, 0)
    )?;
    output::write_weights(&args.weights, &e, &settings.level, &args.results)?;
    let variable = args.variable.clone().unwrap_or_else(|| {
        PathBuf::from(format!(
            "evolve-poids.{}y",
            settings.model.extension_prefix()
        ))
    });
    output::write_variable(&variable, settings.model, &args.folder, e.best)?;
    output::write_chart(
        &args.chart,
        &e,
        &format!(
            "ti68k evolve: Connect Four at {}, {} generations of {}",
            settings.level,
            e.generations.len(),
            settings.ga.population
        ),
    )?;
    writeln!(
        out,
        "weights: {}\nvariable {}\\poids: {} (send it beside joueur)\nchart: {}",
        args.weights.display(),
        args.folder,
        variable.display(),
        args.chart.display()
    )?;
    Ok(())
}
