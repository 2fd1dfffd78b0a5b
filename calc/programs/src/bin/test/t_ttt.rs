//! `t_ttt`: the test entry of tic-tac-toe for the CPU harness. Every AI of the game, called
//! with scalar arguments, so the harness (emu-tests/tests/ai_ttt.rs) can compare it with the
//! same Rust code run natively; its size minus `t_base`'s is the game's bytes of code.
//!
//! Exports (all arguments and results are u32):
//! - `ttt_reset(first)` (0: X moves first, else O), `ttt_play(cell) -> 0 | 1`: set up a
//!   position one move at a time (cells 0..8; 1 means the move was refused);
//! - `ttt_seed003(seed) -> cell + 1` (0 when the game is over): seed 003's player
//!   (`calc::tictactoe::ai::choose_move`) drawing from `Rng::new(seed)`; slots: the
//!   reason (0 win, 1 block, 2 random), 0, the generator's next draw;
//! - `ttt_minimax(depth, seed) -> cell + 1` (0: game over or depth 0): seed 004's Min-Max
//!   (`calc::tictactoe::search::choose_move`); slots: score (as i16), nodes, the
//!   generator's next draw;
//! - `ttt_fast(depth, seed) -> cell + 1` (0: game over or depth 0): the same Min-Max answered
//!   fast (`calc::tictactoe::fast::choose_move`, what the game `morpion` plays); slots as
//!   `ttt_minimax`;
//! - `out(i)`: result slot `i`.
#![no_std]
#![no_main]

use calc::rng::Rng;
use calc::tictactoe::ai::{self, Reason};
use calc::tictactoe::{fast, search, Board, Mark};
use programs::os::{Os, ProgramCell};
use programs::testentry::{idle, Slots};

programs::entry!(main);

fn main(os: Os) {
    idle(os, b"t_ttt: for the CPU harness");
}

static BOARD: ProgramCell<Board> = ProgramCell::new(Board::new(Mark::X));
static OUT: Slots = Slots::new();

/// Result slot `i`.
#[no_mangle]
pub extern "C" fn out(i: u32) -> u32 {
    OUT.get(i)
}

/// Starts a new game, X first when `first` is 0, else O.
#[no_mangle]
pub extern "C" fn ttt_reset(first: u32) {
    let first = if first == 0 { Mark::X } else { Mark::O };
    *BOARD.borrow_mut() = Board::new(first);
}

/// Plays `cell` (0..8): 0, or 1 when the move is not legal.
#[no_mangle]
pub extern "C" fn ttt_play(cell: u32) -> u32 {
    let mut board = BOARD.borrow_mut();
    match u8::try_from(cell).map(|c| board.play(c)) {
        Ok(Ok(())) => 0,
        _ => 1,
    }
}

/// Seed 003's move; see the file's documentation.
#[no_mangle]
pub extern "C" fn ttt_seed003(seed: u32) -> u32 {
    let mut rng = Rng::new(seed);
    let board = *BOARD.borrow_mut();
    let choice = ai::choose_move(&board, &mut rng);
    let reason = match choice {
        Some((_, Reason::Win)) => 0,
        Some((_, Reason::Block)) => 1,
        _ => 2,
    };
    OUT.set([reason, 0, rng.next_u32(), 0]);
    choice.map_or(0, |(cell, _)| u32::from(cell) + 1)
}

/// Seed 004's Min-Max move at `depth`; see the file's documentation.
#[no_mangle]
pub extern "C" fn ttt_minimax(depth: u32, seed: u32) -> u32 {
    minimax_with(search::choose_move, depth, seed)
}

/// The same move answered fast; see the file's documentation.
#[no_mangle]
pub extern "C" fn ttt_fast(depth: u32, seed: u32) -> u32 {
    minimax_with(fast::choose_move, depth, seed)
}

/// Runs one of the two Min-Max searches and fills the slots.
fn minimax_with(
    choose: fn(&Board, u8, &mut Rng) -> Option<search::Choice>,
    depth: u32,
    seed: u32,
) -> u32 {
    let mut rng = Rng::new(seed);
    let board = *BOARD.borrow_mut();
    let choice = choose(&board, depth.min(9) as u8, &mut rng);
    let (score, nodes) = choice.map_or((0, 0), |c| (c.score, c.nodes));
    OUT.set([u32::from(score as u16), nodes, rng.next_u32(), 0]);
    choice.map_or(0, |c| u32::from(c.cell) + 1)
}
