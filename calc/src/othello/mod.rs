//! Othello (docs/requirements.md#othello): the seed's mailbox rules, the seed's AI, a searching AI
//! and an exact endgame solver.

pub mod ai;
pub mod bitboard;
pub mod board;
pub mod eval;
#[cfg(any(test, target_pointer_width = "32"))]
pub(crate) mod halves;
pub mod obf;
mod order;
pub mod perft;
pub mod player;
#[cfg(test)]
mod reference;
pub mod search;
pub mod solver;
pub mod square;
pub mod stability;
pub mod tt;

pub use bitboard::Position;
pub use board::{Board, Colour, MoveError, Status};
pub use square::{Square, Squares};
