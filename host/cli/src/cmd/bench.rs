//! `ti68k bench`: the benchmark of the game engines (see `ti68k::bench`). Not a test: it measures
//! and prints, as text or as JSON lines (`--json`, docs/cli.md#bench).

use anyhow::Context;
use clap::builder::PossibleValuesParser;
use clap::Args;
use std::path::PathBuf;

use super::output::{progress, Out};

/// Mean nodes and time per position of each game's test sets, and each engine's fingerprint.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Sections to run (default: all but the long ones, such as connect4-empty).
    #[arg(value_parser = PossibleValuesParser::new(ti68k::bench::SECTIONS.iter().map(|s| s.name)))]
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
    /// The toolkit's checkout, where the test sets are (default: the one this tool was built
    /// from, else the current directory).
    #[arg(long)]
    toolkit: Option<PathBuf>,
    /// Print one JSON object per figure instead of text (fields: docs/cli.md#bench).
    #[arg(long)]
    json: bool,
}

/// The toolkit's checkout: `--toolkit`, else the workspace this binary was built from if it
/// still exists, else the current directory.
pub fn toolkit_root(given: Option<PathBuf>) -> PathBuf {
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
        repo: toolkit_root(args.toolkit),
        limit: args.limit,
        max_seconds: args.max_seconds,
        step: args.step.map(|s| s as usize),
    };
    let mut out = Out::new();
    let mut report =
        ti68k::bench::Report::new(&mut out, args.json).with_progress(progress(Some(0), args.json));
    ti68k::bench::run(&args.sections, &options, &mut report).context("the benchmark stopped")
}
