//! The game-and-AI core of the project: the rules and the AIs of Connect Four, tic-tac-toe,
//! Othello and New Entropy.
//!
//! `#![no_std]`, no allocation, deterministic for a given seed: the same source is compiled
//! natively (tests, the host tool) and for the 68000 (the calculator programs), and both must
//! give the same moves, scores and node counts. Large tables (transposition tables) are slices
//! lent by the caller. Nothing here knows about an operating system, a link cable or a host.
#![no_std]

#[cfg(test)]
extern crate std;

pub mod budget;
pub mod connect4;
pub mod entropy;
pub mod othello;
pub mod prefetch;
pub mod rng;
pub mod tictactoe;

pub use rng::Rng;
