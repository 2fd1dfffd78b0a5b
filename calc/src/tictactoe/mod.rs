//! Tic-tac-toe (docs/requirements.md#tic-tac-toe): the rules on a 3x3 board and the two AIs of the
//! seeds.
//!
//! - [`board`]: the position (two 9-bit masks), legal moves, wins and draws.
//! - [`eval`]: seed 004's evaluation of a position.
//! - [`search`]: seed 004's Min-Max, at depth 3 (easy), 5 (medium) or 9 (hard), equal scores
//!   broken at random exactly as the seed does.
//! - [`fast`]: the same Min-Max answered fast (the same cells, values and coin draws, from an
//!   alpha-beta search with exact values where the seed's tie rule needs them): what the
//!   calculator programs play.
//! - [`ai`]: seed 003's computer — win if it can, else block, else a random free cell.
//!
//! Cells are numbered 0 to 8 row by row from the top left, as in both seeds.

pub mod ai;
pub mod board;
pub mod eval;
pub mod fast;
pub mod search;

pub use board::{Board, Mark, MoveError, Status};
