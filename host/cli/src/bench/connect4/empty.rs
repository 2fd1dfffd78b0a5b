//! `ti68k bench connect4-empty`: the strong solve of the empty board (its exact score and a
//! best first move) by this project's solver, next to BitBully's solve of the same board on
//! the same machine, one after the other. Minutes each: this section runs only when named.
//!
//! Pons' part-12 solver is not run here: without its opening book it needs hours.

use super::super::{Measure, Report};
use super::peers;
use super::{load_average, BenchError, Options, Section};
use calc::connect4::solver::{self, Solver};
use calc::connect4::Board;
use std::time::Instant;

/// This section.
pub const SECTION: Section = Section {
    name: "connect4-empty",
    by_default: false,
    run,
};

/// log2 of the entries of the solver's table for the empty board (8 bytes each).
pub const EMPTY_TABLE_BITS: u32 = 24;

fn run(_options: &Options, report: &mut Report) -> Result<(), BenchError> {
    report.line(format_args!(
        "connect4-empty strong solve of the empty board, one solver after the other; load average {}",
        load_average()
    ))?;
    let mut table = vec![solver::Entry::EMPTY; 1 << EMPTY_TABLE_BITS];
    let mut solver = Solver::new(&mut table);
    let start = Instant::now();
    let best = solver.best(&Board::new(), false);
    let ours = start.elapsed().as_secs_f64();
    report.line(format_args!(
        "connect4-empty ti68k    score {:+}, best column {}, {} nodes, {:.1} s (table 2^{EMPTY_TABLE_BITS} entries, {} MiB)",
        best.score,
        best.column.map_or(0, |c| c + 1),
        solver.nodes(),
        ours,
        (1u64 << EMPTY_TABLE_BITS) * 8 / (1 << 20),
    ))?;
    report.measure(solve_measure("empty board", solver.nodes() as f64, ours))?;
    match peers::bitbully() {
        Ok(mut peer) => match peer.solve("") {
            Ok(a) => {
                report.line(format_args!(
                    "connect4-empty BitBully score {:+}, {} nodes, {:.1} s ({:.2} times ti68k's); {}",
                    a.score,
                    a.nodes,
                    a.seconds,
                    a.seconds / ours,
                    peer.detail
                ))?;
                report.measure(solve_measure(
                    "empty board BitBully",
                    a.nodes as f64,
                    a.seconds,
                ))?;
            }
            Err(e) => report.line(format_args!("connect4-empty peer BitBully failed: {e}"))?,
        },
        Err(e) => report.line(format_args!("connect4-empty peer BitBully: {e}"))?,
    }
    report.line(format_args!(
        "connect4-empty load average at the end {}",
        load_average()
    ))?;
    Ok(())
}

/// The figure of one solve of the empty board: its nodes and seconds.
fn solve_measure(name: &str, nodes: f64, seconds: f64) -> Measure {
    Measure {
        seconds: Some(seconds),
        ..Measure::count(SECTION.name, name, nodes, "nodes")
    }
}
