//! Test benches for the programs that run on the calculator: a 68000 CPU harness (load an
//! image made by the project's linker, call a function, count cycles) and a TiEmu bench
//! (PedroM or a user's ROM, driven through `host`'s link stack).

pub mod cpu;
pub mod diff;
