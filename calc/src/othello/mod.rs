//! Othello (docs/requirements.md#othello): the seed's mailbox rules, the seed's AI, a searching AI
//! and an exact endgame solver.

pub mod ai;
pub mod bitboard;
pub mod board;
pub mod eval;
pub mod obf;
pub mod perft;
pub mod search;
pub mod solver;
pub mod square;
pub mod stability;
pub mod tt;

pub use bitboard::Position;
pub use board::{Board, Colour, MoveError, Status};
pub use square::{Square, Squares};
