//! Othello (spec section 3): the seed's mailbox rules, the seed's AI, a searching AI and an
//! exact endgame solver.

pub mod bitboard;
pub mod board;
pub mod perft;
pub mod square;

pub use bitboard::Position;
pub use board::{Board, Colour, MoveError, Status};
pub use square::{Square, Squares};
