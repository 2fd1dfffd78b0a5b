//! Connect Four's searches: the alpha-beta engine ([`alphabeta`]) that the strong levels play,
//! and seed 004's plain Min-Max ([`minimax`]) of the seed-style levels.
//!
//! Both are pure functions of the position, their limits, the caller's [`Rng`](crate::Rng) and
//! the caller-lent table, so they give the same moves and node counts natively and on the 68000.

pub mod alphabeta;
mod cells;
mod lines;
pub mod minimax;
mod position;
#[cfg(test)]
mod reference;

pub use alphabeta::{
    search, search_depth, search_evaluated, Entry, Limits, Score, SearchResult, CENTRE_FIRST, WIN,
};
