//! Connect Four: the bitboard rules, the AI ladder, the exact solver, and the contest's protocol,
//! referee and game log.
//!
//! # Modules
//!
//! - [`board`]: [`Board`], a position as two `u64` bitboards (`Copy`, 24 bytes); move strings
//!   in the test sets' 1-7 convention ([`Board::from_moves`]), legal moves, play, win and draw.
//! - [`eval`]: the static evaluations (seed 004's, adapted to 7x6, and the engine's).
//! - [`engine`]: alpha-beta with move ordering, a caller-lent transposition table and
//!   iterative deepening under a depth, node or caller-decided budget.
//! - [`solver`]: the exact solver (scores in the public test sets' convention).
//! - [`perft`]: counts of legal move sequences, the rules' fixture.
//!
//! # For the 68000 differential tests
//!
//! [`engine::search_depth`]`(&board, depth, &mut table) -> SearchResult { column, score, nodes,
//! depth }` is a pure function of the position, the depth and the table length (it clears the
//! table first): the same call natively and on the 68000 must give the same column, score and
//! node count. Build the position with [`Board::from_move_bytes`] (ASCII `1`..`7`).
//!
//! # Conventions
//!
//! - Columns are 0-based (`0..7`) everywhere in this API, except in move strings and in the
//!   contest's `colonne` values, which are 1-based as in the seed.
//! - No allocation, no floating point, no `core::fmt` in the search and contest code, no panic on
//!   any input: errors are small `Copy` enums.
//! - Transposition tables are `&mut [Entry]` slices of any length; the largest power-of-two
//!   prefix is used (see [`tt`]).

pub mod board;
pub mod engine;
pub mod eval;
pub mod perft;
pub mod solver;
pub mod tt;

pub use board::{Board, MoveError, Outcome, ParseError, ParseErrorKind, Player};
