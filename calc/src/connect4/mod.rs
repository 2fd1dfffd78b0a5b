//! Connect Four: the bitboard rules, the AI ladder, the exact solver, and the contest's protocol,
//! referee and game log.
//!
//! # Modules
//!
//! - [`board`]: [`Board`], a position as two `u64` bitboards (`Copy`, 24 bytes); move strings
//!   in the test sets' 1-7 convention ([`Board::from_moves`]), legal moves, play, win and draw.
//! - [`perft`]: counts of legal move sequences, the rules' fixture.
//! - [`eval`]: the static evaluations (seed 004's adapted to 7x6, and the engine's).
//! - [`ai`]: the ladder — [`ai::Ai`] names a player (random, seed 003's win/block/random, seed
//!   004's Min-Max 3/5/9 in [`search::minimax`], the alpha-beta engine [`search::alphabeta`]
//!   under a node budget) and
//!   [`ai::choose`] plays it; the expert level ([`ai::Ai::Expert`]) plays the opening
//!   [`book`] first, then [`expert`]: the engine, and the exact solver near the end.
//! - [`solver`]: the exact solver (scores in the public test sets' convention).
//! - [`protocol`]: the `colonne`/`nom` values of the contest, typed ([`protocol::Request`]).
//! - [`strategy`]: the AI contract — [`strategy::Strategy`] (a name, a column for a
//!   position) that a user implements; [`strategy::play`] plays two strategies as the contest
//!   would, [`strategy::Ladder`] makes a ladder player one.
//! - [`contest`]: what an AI does with a request and the state it keeps between calls.
//! - [`referee`]: the arbiter's checks, disqualifications and result codes.
//! - [`log`]: the compact, versioned game-log format.
//! - [`tt`]: how the caller-lent transposition tables are indexed.
//!
//! # For the calculator programs
//!
//! - `joueur` (an AI, `programs::contest::joueur` for any strategy): `Request::decode(colonne,
//!   nom)`, then [`contest::ContestGame::respond`]`(request, &mut strategy) -> Answer`, saving
//!   [`contest::ContestGame::encode`]'s bytes in a variable between calls (recipe in
//!   [`contest`]).
//! - `arbitre`: [`referee::Referee`] — `call()` says whom to run with which values,
//!   `answer(colonne, nom)` checks what came back (or `fault(..)` for an error or a timeout),
//!   `final_calls()` and `result()` end the game; [`log::GameLog::encode`] writes the log.
//! - `replay`: [`log::decode`] and [`log::GameLog::board_after`].
//!
//! # For the host
//!
//! `ti68k solve connect4` uses [`solver::Solver`]; `ti68k bench` the solver and
//! [`search::search_depth`] (the fingerprint); native matches [`ai::choose`] and the solver.
//!
//! # For the 68000 differential tests
//!
//! [`search::search_depth`]`(&board, depth, &mut table) -> SearchResult { column, score, nodes,
//! depth }` is a pure function of the position, the depth and the table length (it clears the
//! table first): the same call natively and on the 68000 must give the same column, score and
//! node count. Build the position with [`Board::from_move_bytes`] (ASCII `1`..`7`). The other
//! entry points ([`search::search`] with a node budget and
//! [`Unlimited`](crate::budget::Unlimited), [`search::minimax::choose`], [`ai::choose`], [`perft::perft`]) are deterministic in the same way, given
//! the generator's seed.
//!
//! # Conventions
//!
//! - Columns are 0-based (`0..7`) everywhere in this API, except in move strings, in the
//!   contest's `colonne` values and in the log, which are 1-based as in the seed.
//! - No allocation, no floating point, no `core::fmt` in the search and contest code (only derived
//!   `Debug`, which is compiled only where used), no panic on any input: errors are small `Copy`
//!   enums. Recursion frames hold a 24-byte board and a 7-move list: no big stack arrays.
//! - Transposition tables are `&mut [Entry]` slices of any length; the largest power-of-two
//!   prefix is used (see [`tt`] for the engine, [`solver::table`] for the solver). Engine
//!   entries are 12 bytes, solver entries 8.
//! - Randomness comes only from the caller's [`crate::Rng`].

pub mod ai;
pub mod board;
pub mod book;
mod book_data;
pub mod contest;
pub mod deep_book;
pub mod eval;
pub mod expert;
pub mod log;
pub mod perft;
pub mod protocol;
pub mod referee;
pub mod search;
pub mod solver;
pub mod strategy;
pub mod tt;
pub mod tuning;

pub use board::{Board, MoveError, Outcome, ParseError, ParseErrorKind, Player};
