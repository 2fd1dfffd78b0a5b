//! `ti68k solve connect4 MOVES`: the exact score of a position (or of one position per line of
//! standard input when MOVES is `-`).

use anyhow::Context;
use calc::connect4::solver::{self, Solver};
use clap::{Args, ValueEnum};
use std::io::{BufRead, Write};
use std::time::Instant;
use ti68k::play::connect4::parse_board;

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
    /// input (only the first word of a line is read, so test-set files can be piped in) and
    /// prints one score per line.
    moves: String,
    /// Only win (1), draw (0) or loss (-1): much faster.
    #[arg(long)]
    weak: bool,
    /// log2 of the number of entries of the solver's table (8 bytes each).
    #[arg(long, default_value_t = 23, value_parser = clap::value_parser!(u32).range(0..=30))]
    table_bits: u32,
    /// Also print the solver's node count and the time in microseconds after each score
    /// (`SCORE NODES MICROSECONDS`); the table is then cleared before each position, as in
    /// `ti68k bench`, so that the counts do not depend on the positions before.
    #[arg(long)]
    stats: bool,
}

/// Runs the command.
pub fn run(args: SolveArgs) -> anyhow::Result<()> {
    match args.game {
        SolveGame::Connect4 => {}
    }
    let mut table = vec![solver::Entry::EMPTY; 1usize << args.table_bits];
    let mut solver = Solver::new(&mut table);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut answer = |board: &calc::connect4::Board, out: &mut dyn Write| {
        if !args.stats {
            return writeln!(out, "{}", solver.solve(board, args.weak));
        }
        solver.reset();
        let start = Instant::now();
        let score = solver.solve(board, args.weak);
        let micros = start.elapsed().as_micros();
        writeln!(out, "{score} {} {micros}", solver.nodes())
    };
    if args.moves != "-" {
        let board = parse_board(&args.moves)?;
        answer(&board, &mut out)?;
        return Ok(());
    }
    let stdin = std::io::stdin();
    for (i, line) in stdin.lock().lines().enumerate() {
        let line = line.context("cannot read standard input")?;
        let moves = line.split_whitespace().next().unwrap_or("");
        let board = parse_board(moves).with_context(|| {
            format!(
                "standard input, line {}: nothing was solved from this line on",
                i + 1
            )
        })?;
        answer(&board, &mut out)?;
        out.flush()?;
    }
    Ok(())
}
