//! `t_c4`: the test entry of Connect Four for the CPU harness. Every AI of the game, called
//! with scalar arguments, so the harness (emu-tests/tests/ai_c4.rs) can compare it with the
//! same Rust code run natively; its size minus `t_base`'s is the game's bytes of code.
//!
//! Exports (all arguments and results are u32):
//! - `c4_reset()`, `c4_play(column) -> 0 | 1`: set up a position one move at a time (columns
//!   0..6; 1 means the move was refused);
//! - `c4_choose(code, seed) -> column + 1` (0 when the game is over, `u32::MAX` for a code
//!   that names no AI): `calc::connect4::ai::choose` for the player of
//!   `calc::connect4::ai::Ai::from_code(code)`, its generator `Rng::new(seed)`, and for the
//!   engine a fresh table of [`TABLE_LEN`] entries (none for the others), for the expert
//!   also a fresh solver table of [`SOLVER_LEN`] entries (`choose_lending`); slots: score (as
//!   i16), nodes, the generator's next draw, the expert's solver nodes;
//! - `c4_solve(weak) -> score as i8`: the exact solver (`Solver::solve`) with a fresh table of
//!   [`SOLVER_LEN`] entries; slots: nodes (low, high word);
//! - `c4_analyse(weak) -> 0`: `Solver::analyse`; slots: the scores of columns 0-3 and 4-6,
//!   one byte each (0x80 for none), nodes (low, high);
//! - `c4_table_len()`, `c4_solver_len()`: the tables' entries; `out(i)`: result slot `i`.
#![no_std]
#![no_main]

use calc::budget::Unlimited;
use calc::connect4::ai::{choose, choose_lending, Ai};
use calc::connect4::eval::Standard;
use calc::connect4::search::Entry;
use calc::connect4::solver::{self, Solver};
use calc::rng::Rng;
use programs::os::Os;
use programs::testentry::{idle, Slots};

programs::entry!(main);

fn main(os: Os) {
    idle(os, b"t_c4: for the CPU harness");
}

/// Entries of the engine's transposition table (12 bytes each, on the shadow stack).
pub const TABLE_LEN: usize = 512;
/// Entries of the solver's table (8 bytes each, on the shadow stack).
pub const SOLVER_LEN: usize = 1024;

programs::connect4_position!();
static OUT: Slots = Slots::new();

/// Result slot `i`.
#[no_mangle]
pub extern "C" fn out(i: u32) -> u32 {
    OUT.get(i)
}

/// The move of the AI of `code` in the current position; see the file's documentation.
#[no_mangle]
pub extern "C" fn c4_choose(code: u32, seed: u32) -> u32 {
    let Some(ai) = u8::try_from(code).ok().and_then(Ai::from_code) else {
        return u32::MAX;
    };
    let mut rng = Rng::new(seed);
    let board = *BOARD.borrow_mut();
    let choice = match ai {
        Ai::AlphaBeta(_) => choose(ai, &board, &mut rng, &mut [Entry::EMPTY; TABLE_LEN]),
        // The expert also borrows the solver's table for its solves near the end.
        Ai::Expert(_) => choose_lending(
            ai,
            &board,
            &mut rng,
            &mut [Entry::EMPTY; TABLE_LEN],
            &mut [solver::Entry::EMPTY; SOLVER_LEN],
            Unlimited,
            Standard,
        ),
        // The other players use no table: lend none (clearing one would dominate their cost).
        _ => choose(ai, &board, &mut rng, &mut []),
    };
    OUT.set([
        u32::from(choice.score as u16),
        choice.nodes,
        rng.next_u32(),
        choice.solver_nodes,
    ]);
    choice.column.map_or(0, |c| u32::from(c) + 1)
}

/// The exact score of the current position; see the file's documentation.
#[no_mangle]
pub extern "C" fn c4_solve(weak: u32) -> u32 {
    let mut table = [solver::Entry::EMPTY; SOLVER_LEN];
    let mut solver = Solver::new(&mut table);
    let board = *BOARD.borrow_mut();
    let score = solver.solve(&board, weak != 0);
    let nodes = solver.nodes();
    OUT.set([nodes as u32, (nodes >> 32) as u32, 0, 0]);
    u32::from(score as u8)
}

/// The exact score of every column; see the file's documentation.
#[no_mangle]
pub extern "C" fn c4_analyse(weak: u32) -> u32 {
    let mut table = [solver::Entry::EMPTY; SOLVER_LEN];
    let mut solver = Solver::new(&mut table);
    let board = *BOARD.borrow_mut();
    let scores = solver.analyse(&board, weak != 0);
    let mut packed = [0u32; 2];
    for (i, score) in scores.iter().enumerate() {
        let byte = score.map_or(0x80, |s| u32::from(s as u8));
        packed[i / 4] |= byte << (8 * (3 - i % 4));
    }
    let nodes = solver.nodes();
    OUT.set([packed[0], packed[1], nodes as u32, (nodes >> 32) as u32]);
    0
}

/// Entries of the engine's table.
#[no_mangle]
pub extern "C" fn c4_table_len() -> u32 {
    TABLE_LEN as u32
}

/// Entries of the solver's table.
#[no_mangle]
pub extern "C" fn c4_solver_len() -> u32 {
    SOLVER_LEN as u32
}
