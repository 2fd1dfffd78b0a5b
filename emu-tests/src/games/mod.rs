//! Playing the calculator's games from a test: the keys a person presses, in each model's codes
//! ([`keys`]), what the games keep in their settings variables ([`saved`]), read back the way
//! the programs write them, and whole games on a real OS under TiEmu ([`pedrom`]). Shared by
//! the CPU-harness tests (`tests/games_cpu.rs`, `tests/contest_cpu.rs`), the TiEmu tests
//! (`tests/tiemu/tiemu_games.rs`) and the README's screenshots (`examples/game_screens.rs`).

pub mod keys;
pub mod pedrom;
pub mod saved;
