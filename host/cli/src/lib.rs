//! The game-play side of the command-line tool, as a library: native matches and ladders
//! ([`play`]), the Connect Four contest driven over the link ([`contest`]), benchmarks
//! ([`bench`](mod@bench)), the genetic tuning of the engine's weights on the emulator
//! ([`evolve`]), the opening-book generator ([`book`]) and the projects of your own
//! ([`template`], `ti68k new`). The `ti68k` binary is a thin layer of
//! one file per subcommand over it (`src/cmd/`).
//!
//! It sits on top of the other crates (docs/architecture.md): `ti-files` (calculator files),
//! `ti-link` (the link protocol), `ti-build` (the cross build) and `calc` (the game core).

#![deny(unsafe_code)]

pub mod append_file;
pub mod bench;
pub mod book;
pub mod cable;
pub mod contest;
pub mod evolve;
pub mod play;
pub mod rating;
pub mod template;
pub mod tournament;
