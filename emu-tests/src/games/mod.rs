//! Playing the calculator's games from a test: the keys a person presses, in each model's codes
//! ([`keys`]), and what the games keep in their settings variables ([`saved`]), read back the
//! way the programs write them. Shared by the CPU-harness tests (`tests/games_cpu.rs`,
//! `tests/contest_cpu.rs`) and the TiEmu tests (`tests/tiemu/tiemu_games.rs`).

pub mod keys;
pub mod saved;
