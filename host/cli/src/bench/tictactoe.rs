//! The tic-tac-toe part of the benchmark: seed 004's Min-Max at its three levels from the empty
//! board (nodes and time), and the engine's fingerprint.

use super::{fmt_mean, fmt_seconds, BenchError, Measure, Options, Report, Section};
use calc::tictactoe::search::{self, EASY, HARD, MEDIUM};
use calc::tictactoe::{Board, Mark};
use std::time::Instant;

/// This section.
pub const SECTION: Section = Section {
    name: "tictactoe",
    by_default: true,
    run,
};

/// The fingerprint position: X in the centre, O in a corner, X to move.
pub fn fingerprint_board() -> Board {
    let mut b = Board::new(Mark::X);
    let _ = b.play(4);
    let _ = b.play(0);
    b
}

fn run(options: &Options, report: &mut Report) -> Result<(), BenchError> {
    let repeats = options.limit.map_or(20, |n| n.clamp(1, 20)) as u32;
    for depth in [EASY, MEDIUM, HARD] {
        let mut nodes = 0;
        let t = Instant::now();
        for _ in 0..repeats {
            nodes = 0;
            search::move_scores(&Board::new(Mark::X), depth, &mut nodes);
        }
        let s = t.elapsed().as_secs_f64() / repeats as f64;
        report.line(format_args!(
            "tictactoe minimax depth {depth} on the empty board: {} nodes, {}",
            fmt_mean(nodes as f64),
            fmt_seconds(s)
        ))?;
        report.measure(Measure {
            section: SECTION.name,
            name: format!("minimax depth {depth}"),
            positions: None,
            correct: None,
            work: nodes as f64,
            unit: "nodes",
            seconds: Some(s),
            reference: None,
        })?;
    }
    let mut nodes = 0;
    search::move_scores(&fingerprint_board(), HARD, &mut nodes);
    report.line(format_args!(
        "tictactoe fingerprint: depth 9 after X e, O a1: {nodes} nodes"
    ))?;
    report.measure(Measure::count(
        SECTION.name,
        "fingerprint",
        nodes as f64,
        "nodes",
    ))?;
    Ok(())
}
