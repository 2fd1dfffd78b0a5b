//! Tic-tac-toe (spec section 4): the rules on a 3x3 board and the two AIs of the seeds.
//!
//! - [`board`]: the position (two 9-bit masks), legal moves, wins and draws.
//! - [`seed003`]: seed 003's computer — win if it can, else block, else a random free cell.
//! - [`minimax`]: seed 004's Min-Max with its evaluation, at depth 3 (easy), 5 (medium) or 9
//!   (hard), equal scores broken at random exactly as the seed does.
//!
//! Cells are numbered 0..9 row by row from the top left, as in both seeds.

pub mod board;
pub mod minimax;
pub mod seed003;

pub use board::{Board, Mark, MoveError, Status};
