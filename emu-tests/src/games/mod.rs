//! Playing the calculator's games from a test: the keys a person presses, in each model's codes
//! ([`keys`]), what the games keep in their settings variables ([`saved`]), read back the way
//! the programs write them, whole games on a real OS under TiEmu ([`pedrom`]), and each game's
//! own helpers, for the CPU harness and PedroM alike ([`othello`], [`entropy`]). Shared by the
//! CPU-harness tests (`tests/games_cpu.rs`, `tests/othello_cpu.rs`, `tests/entropy_cpu.rs`,
//! `tests/contest_cpu.rs`), the TiEmu tests (`tests/tiemu/tiemu_games.rs`) and the README's
//! screenshots (`examples/game_screens.rs`).

pub mod entropy;
pub mod keys;
pub mod othello;
pub mod pedrom;
pub mod saved;
