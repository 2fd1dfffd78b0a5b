//! Connect Four's searches: the alpha-beta engine ([`alphabeta`]) that the strong levels play,
//! and seed 004's plain Min-Max ([`minimax`]) of the seed-style levels.
//!
//! Both are pure functions of the position, their limits, the caller's [`Rng`](crate::Rng) and
//! the caller-lent table, so they give the same moves and node counts natively and on the 68000.

//!
//! The engine runs on the board's lines ([`alphabeta`]); with the feature `board-engine` the
//! same functions are the engine on the [`Board`](crate::connect4::Board) it replaced (smaller
//! and slower on the 68000, for a program short of memory), with the same moves, scores and
//! node counts.

pub mod alphabeta;
#[cfg_attr(feature = "board-engine", allow(dead_code))]
mod cells;
#[cfg_attr(feature = "board-engine", allow(dead_code))]
mod lines;
pub mod minimax;
#[cfg_attr(feature = "board-engine", allow(dead_code))]
mod position;
#[cfg(any(test, feature = "board-engine"))]
mod reference;

#[cfg(not(feature = "board-engine"))]
pub use alphabeta::{search, search_depth, search_evaluated};
pub use alphabeta::{Entry, Limits, Score, SearchResult, CENTRE_FIRST, WIN};
#[cfg(feature = "board-engine")]
pub use reference::{search, search_depth, search_evaluated};
