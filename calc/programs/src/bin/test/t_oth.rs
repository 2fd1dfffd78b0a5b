//! `t_oth`: the test entry of Othello for the CPU harness. Every AI of the game, called with
//! scalar arguments, so the harness (emu-tests/tests/ai_oth.rs) can compare it with the same
//! Rust code run natively; its size minus `t_base`'s is the game's bytes of code.
//!
//! Exports (all arguments and results are u32; squares 0..63 as `calc::othello::Square`):
//! - `oth_set(player_high, player_low, opponent_high, opponent_low, white)`: the position
//!   (the discs of the side to move, then the other side's, as 64-bit masks split in words;
//!   white to move when `white` is not 0, else black);
//! - `oth_seed(seed) -> square + 1` (0: no legal move): seed 002's player
//!   (`calc::othello::ai::choose_move`) drawing from `Rng::new(seed)`; slots: 0, 0, the
//!   generator's next draw;
//! - `oth_search(depth, exact_from, node_limit) -> square + 1` (0: no legal move): the
//!   searching AI (`calc::othello::search::choose_move`) at that level, with a fresh table
//!   of [`TABLE_LEN`] entries and a budget of `node_limit` nodes (0: none); slots: score (as
//!   i32), nodes (low, high word), and the last finished depth | 0x100 when solved exactly |
//!   the exact disc difference (as i8) << 16;
//! - `oth_solve(node_limit) -> square + 1` (0: no move, `u32::MAX`: stopped by the budget):
//!   the exact solver (`calc::othello::solver::solve`); slots: score (as i32), nodes (low,
//!   high word);
//! - `oth_table_len()`: the table's entries; `out(i)`: result slot `i`.
#![no_std]
#![no_main]

use calc::budget::NodeLimit;
use calc::othello::search::{self, Level};
use calc::othello::tt::Entry;
use calc::othello::{ai, solver, Board, Colour, Position, Square};
use calc::rng::Rng;
use programs::os::{Os, ProgramCell};
use programs::testentry::{idle, Slots};

programs::entry!(main);

fn main(os: Os) {
    idle(os, b"t_oth: for the CPU harness");
}

/// Entries of the transposition table (24 bytes each, on the shadow stack).
pub const TABLE_LEN: usize = 1024;

/// The position and the colour of its side to move.
static POSITION: ProgramCell<(Position, Colour)> =
    ProgramCell::new((Position::initial(), Colour::Black));
static OUT: Slots = Slots::new();

/// Result slot `i`.
#[no_mangle]
pub extern "C" fn out(i: u32) -> u32 {
    OUT.get(i)
}

fn join(high: u32, low: u32) -> u64 {
    (u64::from(high) << 32) | u64::from(low)
}

/// A node budget: `limit` nodes, or none for 0 (a limit never reached).
fn budget(limit: u32) -> NodeLimit {
    NodeLimit(if limit == 0 { u64::MAX } else { limit.into() })
}

fn square(best: Option<Square>) -> u32 {
    best.map_or(0, |s| u32::from(s.index()) + 1)
}

/// Sets the position; see the file's documentation.
#[no_mangle]
pub extern "C" fn oth_set(
    player_high: u32,
    player_low: u32,
    opp_high: u32,
    opp_low: u32,
    white: u32,
) {
    let position = Position {
        player: join(player_high, player_low),
        opponent: join(opp_high, opp_low),
    };
    let colour = if white == 0 {
        Colour::Black
    } else {
        Colour::White
    };
    *POSITION.borrow_mut() = (position, colour);
}

/// Seed 002's move; see the file's documentation.
#[no_mangle]
pub extern "C" fn oth_seed(seed: u32) -> u32 {
    let (position, colour) = *POSITION.borrow_mut();
    let board = Board::from_position(&position, colour);
    let mut rng = Rng::new(seed);
    let best = ai::choose_move(&board, &mut rng);
    OUT.set([0, 0, rng.next_u32(), 0]);
    square(best)
}

/// The searching AI's move; see the file's documentation.
#[no_mangle]
pub extern "C" fn oth_search(depth: u32, exact_from: u32, node_limit: u32) -> u32 {
    let level = Level {
        depth: depth.min(60) as u8,
        exact_from: exact_from.min(64) as u8,
    };
    let mut table = Entry::fresh_table::<TABLE_LEN>();
    let (position, _) = *POSITION.borrow_mut();
    let d = search::choose_move(&position, level, &mut table, &mut budget(node_limit));
    let exact = d
        .exact
        .map_or(0, |e| 0x100 | (u32::from(e as i8 as u8) << 16));
    OUT.set([
        d.score as u32,
        d.nodes as u32,
        (d.nodes >> 32) as u32,
        u32::from(d.depth) | exact,
    ]);
    square(d.best)
}

/// The exact solver's move; see the file's documentation.
#[no_mangle]
pub extern "C" fn oth_solve(node_limit: u32) -> u32 {
    let mut table = Entry::fresh_table::<TABLE_LEN>();
    let (position, _) = *POSITION.borrow_mut();
    match solver::solve(&position, &mut table, &mut budget(node_limit)) {
        Ok(s) => {
            OUT.set([s.score as u32, s.nodes as u32, (s.nodes >> 32) as u32, 0]);
            square(s.best)
        }
        Err(stopped) => {
            OUT.set([0, stopped.nodes as u32, (stopped.nodes >> 32) as u32, 0]);
            u32::MAX
        }
    }
}

/// Entries of the table.
#[no_mangle]
pub extern "C" fn oth_table_len() -> u32 {
    TABLE_LEN as u32
}
