//! `ti68k book connect4`: generates the opening book of Connect Four's expert level (see
//! `ti68k::book`) and writes it as `calc/src/connect4/book_data.rs`.

use anyhow::Context;
use clap::{Args, ValueEnum};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;
use ti68k::book::{self, Settings};

use super::output::{progress, Out};
use super::TABLE_BITS;

/// The games `book` knows.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum BookGame {
    /// Connect Four.
    Connect4,
}

/// Generates an opening book: each position's move proven by the exact solver where it can be
/// within the budget, else the engine's own choice. Prints a summary (and, with --verbose, one
/// line per position to standard error); writes the Rust source of the book (atomically) to
/// --output.
#[derive(Args, Debug)]
pub struct BookArgs {
    /// The game.
    game: BookGame,
    /// The deepest position (stones on the board) that gets an entry.
    #[arg(long, default_value_t = Settings::default().max_ply, value_parser = clap::value_parser!(u8).range(0..=12))]
    max_ply: u8,
    /// The solver's node budget for one column of one position; the default (a trillion) is
    /// in effect no limit: every move is proven (the built-in book takes 2 billion nodes in
    /// all).
    #[arg(long, default_value_t = Settings::default().solve_nodes)]
    solve_nodes: u64,
    /// log2 of the number of entries of the solver's table (8 bytes each).
    #[arg(long, default_value_t = Settings::default().table_bits, value_parser = clap::value_parser!(u32).range(TABLE_BITS))]
    table_bits: u32,
    /// Where to write the Rust source (for the built-in book:
    /// calc/src/connect4/book_data.rs); nothing is written without it.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Print one line per position decided to standard error.
    #[arg(short, long)]
    verbose: bool,
}

/// Runs the command.
pub fn run(args: BookArgs) -> anyhow::Result<()> {
    match args.game {
        BookGame::Connect4 => {}
    }
    let settings = Settings {
        max_ply: args.max_ply,
        solve_nodes: args.solve_nodes,
        table_bits: args.table_bits,
    };
    let start = Instant::now();
    let value = |v: Option<i8>| match v {
        Some(1) => "win",
        Some(0) => "draw",
        Some(_) => "loss",
        None => "?",
    };
    let bar = progress(None, false);
    bar.set_message("positions decided");
    let book = book::generate(settings, |p| {
        bar.inc(1);
        if !args.verbose {
            return;
        }
        bar.suspend(|| {
            eprintln!(
                "{:>8} {:<7} -> {} {:<4} {:<6} engine {} {:<4} {:>11} nodes {:>7.1} s",
                p.board.moves(),
                if p.moves.is_empty() { "-" } else { &p.moves },
                p.column + 1,
                value(p.value),
                if p.proven_best { "best" } else { "" },
                p.engine_column + 1,
                value(p.engine_value),
                p.solver_nodes,
                start.elapsed().as_secs_f64()
            )
        });
    });
    bar.finish_and_clear();
    let s = book::summary(&book);
    let mut out = Out::new();
    writeln!(
        out,
        "{} positions of at most {} stones, {} bytes of entries, hash seed {}",
        s.positions,
        settings.max_ply,
        s.positions * 4,
        book.seed
    )?;
    writeln!(
        out,
        "moves proven best: {}; proven to win {}, draw {}, lose {}; not proven {}",
        s.proven_best, s.wins, s.draws, s.losses, s.unknown
    )?;
    writeln!(
        out,
        "the engine alone plays another column in {} positions, one proven worse in {}",
        s.engine_differs, s.engine_worse
    )?;
    writeln!(
        out,
        "solver nodes {}, time {:.1} s",
        s.solver_nodes,
        start.elapsed().as_secs_f64()
    )?;
    if let Some(path) = &args.output {
        let command = format!(
            "cargo run --release -p ti68k -- book connect4 --max-ply {} --solve-nodes {} --table-bits {} --output calc/src/connect4/book_data.rs",
            settings.max_ply, settings.solve_nodes, settings.table_bits
        );
        let source = book::rust_source(&book, &command);
        ti_files::disk::write_atomic(path, source.as_bytes())
            .with_context(|| format!("cannot write {}", path.display()))?;
        writeln!(out, "written: {}", path.display())?;
    }
    Ok(())
}
