//! `ti68k book connect4`: generates the opening book of Connect Four's expert level (see
//! `ti68k::book`) and writes it as `calc/src/connect4/book_data.rs`; with `--min-ply`, a deep
//! book (`ti68k::book::deep`) as its text file and the calculator variable `livre`.

use anyhow::Context;
use clap::{Args, ValueEnum};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;
use ti68k::book::deep::{self, ProgressFile};
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
/// --output. With --min-ply, a deep book: the positions from that ply on (the shallower ones
/// play the built-in book), written as a text file by --output and as the calculator variable
/// `livre` by --variable; --progress makes the run resumable.
#[derive(Args, Debug)]
pub struct BookArgs {
    /// The game.
    game: BookGame,
    /// The shallowest position that gets an entry: 0 for the built-in book; above it, a deep
    /// book (at most one more than the built-in book's deepest ply, 7).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=12))]
    min_ply: u8,
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
    /// calc/src/connect4/book_data.rs), or a deep book's text (the toolkit's:
    /// calc/data/connect4/livre.txt); nothing is written without it.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// A deep book's positions, appended as they are decided and read back when the run
    /// starts again: a run cut short resumes where it stopped.
    #[arg(long)]
    progress: Option<PathBuf>,
    /// Write a deep book as the calculator variable `FOLDER\livre` to this file (.89y, .9xy or
    /// .v2y), to send beside `joueur` (the folder given by --folder).
    #[arg(long)]
    variable: Option<PathBuf>,
    /// The folder of the variable --variable writes.
    #[arg(long, default_value = "main")]
    folder: String,
    /// Print one line per position decided to standard error.
    #[arg(short, long)]
    verbose: bool,
}

/// Runs the command.
pub fn run(args: BookArgs) -> anyhow::Result<()> {
    match args.game {
        BookGame::Connect4 => {}
    }
    anyhow::ensure!(
        args.min_ply <= args.max_ply,
        "--min-ply {} is over --max-ply {}",
        args.min_ply,
        args.max_ply
    );
    anyhow::ensure!(
        args.min_ply <= calc::connect4::book::max_ply() + 1,
        "--min-ply {}: a deep book starts at most one ply after the built-in book's {} stones",
        args.min_ply,
        calc::connect4::book::max_ply()
    );
    anyhow::ensure!(
        args.min_ply > 0 || (args.progress.is_none() && args.variable.is_none()),
        "--progress and --variable are for a deep book: give --min-ply"
    );
    let settings = Settings {
        min_ply: args.min_ply,
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
    let min_ply = match settings.min_ply {
        0 => String::new(),
        n => format!(" --min-ply {n}"),
    };
    let command = format!(
        "cargo run --release -p ti68k -- book connect4{min_ply} --max-ply {} --solve-nodes {} --table-bits {}",
        settings.max_ply, settings.solve_nodes, settings.table_bits
    );
    let (mut progress_file, known) = match &args.progress {
        Some(path) => {
            let (file, known) = ProgressFile::open(path, &command)?;
            (Some(file), known)
        }
        None => (None, Vec::new()),
    };
    let resumed = known.len();
    let mut failed = None;
    let bar = progress(None, false);
    bar.set_message("positions decided");
    let book = book::generate(settings, known, |p| {
        bar.inc(1);
        if let Some(file) = progress_file.as_mut() {
            if let Err(e) = file.append(p) {
                failed.get_or_insert(e);
            }
        }
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
    if let Some(e) = failed {
        return Err(e).context("the progress file could not be written: the book is not saved");
    }
    let s = book::summary(&book);
    let mut out = Out::new();
    if settings.min_ply == 0 {
        writeln!(
            out,
            "{} positions of at most {} stones, {} bytes of entries, hash seed {}",
            s.positions,
            settings.max_ply,
            s.positions * 4,
            book.seed
        )?;
    } else {
        writeln!(
            out,
            "{} positions of {} to {} stones, {} bytes of entries ({} decided by an earlier run)",
            s.positions,
            settings.min_ply,
            settings.max_ply,
            s.positions * calc::connect4::deep_book::ENTRY_LEN,
            resumed
        )?;
    }
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
    if settings.min_ply > 0 {
        let bytes = deep::book_bytes(&book.positions, settings.min_ply, settings.max_ply)?;
        if let Some(path) = &args.output {
            let text = deep::book_text(&book.positions, &settings, &command);
            ti_files::disk::write_atomic(path, text.as_bytes())
                .with_context(|| format!("cannot write {}", path.display()))?;
            writeln!(out, "written: {}", path.display())?;
        }
        if let Some(path) = &args.variable {
            deep::write_variable_file(path, &args.folder, &bytes)?;
            writeln!(
                out,
                "written: {} ({}\\livre, {} bytes)",
                path.display(),
                args.folder,
                bytes.len() + 6
            )?;
        }
        return Ok(());
    }
    if let Some(path) = &args.output {
        let command = format!("{command} --output calc/src/connect4/book_data.rs");
        let source = book::rust_source(&book, &command);
        ti_files::disk::write_atomic(path, source.as_bytes())
            .with_context(|| format!("cannot write {}", path.display()))?;
        writeln!(out, "written: {}", path.display())?;
    }
    Ok(())
}
