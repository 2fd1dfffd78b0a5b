//! Connect Four's searches: the alpha-beta engine ([`alphabeta`]) that the strong levels play,
//! and seed 004's plain Min-Max ([`minimax`]) of the seed-style levels.
//!
//! Both are pure functions of the position, their limits, the caller's [`Rng`](crate::Rng) and
//! the caller-lent table, so they give the same moves and node counts natively and on the 68000.
//!
//! The engine runs on the board's lines ([`alphabeta`]); the engine on the
//! [`Board`](crate::connect4::Board) it replaced is kept for the tests (`reference.rs`): the same
//! moves, scores and node counts.

pub mod alphabeta;
mod cells;
mod lines;
pub mod minimax;
mod node;
mod order;
mod position;
#[cfg(test)]
mod reference;

pub use crate::connect4::tt::Entry;
pub use alphabeta::{search, search_depth, search_evaluated};
pub use alphabeta::{Limits, Score, SearchResult, CENTRE_FIRST, WIN};
