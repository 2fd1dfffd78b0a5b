//! `ti68k solve connect4 MOVES`: the exact score of a position, or of one position per line of
//! standard input when MOVES is `-` (blank lines skipped). The empty board, the hardest
//! position of all, is solved only when asked for by name (`--empty`).

use std::io::{BufRead, Write};
use std::time::Instant;

use anyhow::{bail, Context};
use calc::connect4::solver::{self, Solver};
use calc::connect4::Board;
use clap::{Args, ValueEnum};
use serde::Serialize;
use ti68k::play::connect4::parse_board;

use super::output::{progress, Out};
use super::TABLE_BITS;

/// The games `solve` knows.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum SolveGame {
    /// Connect Four; MOVES is a string of columns 1-7 (the public test sets' convention).
    Connect4,
}

/// Prints the exact score of a position for the side to move: positive = it wins, 22 minus the
/// winner's stone count at the end; negative = it loses; 0 = draw.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The game.
    game: SolveGame,
    /// The moves played so far, e.g. `4453`; `-` reads one position per line from standard
    /// input (only the first word of a line is read, so test-set files can be piped in; blank
    /// lines are skipped) and prints one score per position.
    #[arg(required_unless_present = "empty")]
    moves: Option<String>,
    /// Solve the empty board: the hardest position of all, hours of one core.
    #[arg(long, conflicts_with = "moves")]
    empty: bool,
    /// Only win (1), draw (0) or loss (-1): much faster.
    #[arg(long)]
    weak: bool,
    /// log2 of the number of entries of the solver's table (8 bytes each).
    #[arg(long, default_value_t = 23, value_parser = clap::value_parser!(u32).range(TABLE_BITS))]
    table_bits: u32,
    /// Also print the solver's node count and the time in microseconds after each score
    /// (`SCORE NODES MICROSECONDS`); the table is then cleared before each position, as in
    /// `ti68k bench`, so that the counts do not depend on the positions before.
    #[arg(long)]
    stats: bool,
    /// Print one JSON object per position (moves, score, nodes, microseconds) instead of text.
    #[arg(long)]
    json: bool,
}

/// One answer (the `--json` object).
#[derive(Serialize)]
struct Answer<'a> {
    /// The moves, as given.
    moves: &'a str,
    /// The line of standard input it came from (with `-`).
    line: Option<usize>,
    /// The score (module doc); with `--weak`, 1, 0 or -1.
    score: i32,
    /// The solver's nodes for this position.
    nodes: u64,
    /// Microseconds spent on it.
    microseconds: u128,
}

/// Runs the command.
pub fn run(args: SolveArgs) -> anyhow::Result<()> {
    match args.game {
        SolveGame::Connect4 => {}
    }
    let mut table = vec![solver::Entry::EMPTY; 1usize << args.table_bits];
    let mut solver = Solver::new(&mut table);
    let mut out = Out::new();
    let mut answer = |moves: &str, line: Option<usize>, board: &Board, out: &mut Out| {
        if args.stats || args.json {
            solver.reset();
        }
        let start = Instant::now();
        let score = i32::from(solver.solve(board, args.weak));
        let answer = Answer {
            moves,
            line,
            score,
            nodes: solver.nodes(),
            microseconds: start.elapsed().as_micros(),
        };
        if args.json {
            out.json(&answer)
        } else if args.stats {
            writeln!(out, "{score} {} {}", answer.nodes, answer.microseconds)
        } else {
            writeln!(out, "{score}")
        }
    };
    if args.empty {
        eprintln!(
            "solving the empty board: the hardest position there is, hours of one core (the \
             hardest position of the Begin-Hard set, 12 stones in, took 1,647 M nodes; \
             docs/solver.md); --weak is faster"
        );
        let bar = progress(None, args.json);
        bar.set_message("solving the empty board");
        let start = Instant::now();
        answer("", None, &Board::new(), &mut out)?;
        bar.finish_and_clear();
        eprintln!("solved in {:.1} s", start.elapsed().as_secs_f64());
        return Ok(());
    }
    let moves = args.moves.as_deref().unwrap_or_default();
    if moves.trim().is_empty() {
        bail!(
            "no moves given: give the moves played so far (e.g. 4453), `-` to read positions \
             from standard input, or --empty for the empty board (hours of solving)"
        );
    }
    if moves != "-" {
        let board = parse_board(moves)?;
        answer(moves, None, &board, &mut out)?;
        return Ok(());
    }
    let bar = progress(None, args.json);
    bar.set_message("positions solved");
    let stdin = std::io::stdin();
    for (i, line) in stdin.lock().lines().enumerate() {
        let line = line.context("cannot read standard input")?;
        let Some(moves) = line.split_whitespace().next() else {
            continue;
        };
        let board = parse_board(moves).with_context(|| {
            format!(
                "standard input, line {}: nothing was solved from this line on",
                i + 1
            )
        })?;
        answer(moves, Some(i + 1), &board, &mut out)?;
        out.flush()?;
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(())
}
