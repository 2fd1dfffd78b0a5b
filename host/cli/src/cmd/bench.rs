//! `ti68k bench`: the benchmark of the game engines (see `ti68k::bench`). Not a test: it measures
//! and prints.

use anyhow::Context;
use clap::Args;
use std::path::PathBuf;

/// Mean nodes and time per position of each game's test sets, and each engine's fingerprint.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Sections to run (default: all but the long ones, such as connect4-empty). Known: the
    /// names in `ti68k::bench::SECTIONS`.
    sections: Vec<String>,
    /// At most this many positions per set (a quick run).
    #[arg(long)]
    limit: Option<usize>,
    /// Stop each set after about this many seconds (the first positions are kept).
    #[arg(long)]
    max_seconds: Option<f64>,
    /// Solve every N-th position of each set (default: every position, every 20th of
    /// Connect Four's Begin-Hard).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    step: Option<u64>,
    /// The repository's root, where the data files are (default: found from this program's
    /// source location, else the current directory).
    #[arg(long)]
    repo: Option<PathBuf>,
}

/// The repository root: `--repo`, else the workspace this binary was built from if it still
/// exists, else the current directory.
pub fn repo_root(given: Option<PathBuf>) -> PathBuf {
    if let Some(p) = given {
        return p;
    }
    let built = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    if built.join("calc/tests/data").is_dir() {
        built
    } else {
        PathBuf::from(".")
    }
}

/// Runs the benchmark.
pub fn run(args: BenchArgs) -> anyhow::Result<()> {
    let options = ti68k::bench::Options {
        repo: repo_root(args.repo),
        limit: args.limit,
        max_seconds: args.max_seconds,
        step: args.step.map(|s| s as usize),
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    ti68k::bench::run(&args.sections, &options, &mut out).context("benchmark failed")
}
