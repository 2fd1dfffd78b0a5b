//! The TiEmu tests: one test binary, so that `tools/test` can run it one test at a time
//! (`--test-threads=1`). Sessions are also serialised machine-wide by the virtual-link lock,
//! so running them with other TiEmu tests in parallel is correct, only slower to read.
//!
//! - `tiemu_link`: the link operations of `ti-link` against PedroM (and a user's TI ROM), with
//!   the assertions the emulator's link tests share (`../common/link_checks.rs`).
//! - `tiemu_run`: programs run on the calculator, their text found, crashes reported.
//! - `tiemu_programs`: cross-built programs on PedroM: hello (its name and model), a panic.
//! - `tiemu_recovery`: a session killed without clean-up does not block the next one.
//! - `tiemu_launcher`: a program through its launcher (docs/building.md#programs-over-24-kb),
//!   and the launcher's failures.
//! - `tiemu_games`: the games (`morpion`, `puiss4` with `p4ia`, `othello` with `othia`,
//!   `entropy` with `entia`) and a person in the contest (`humain`), played with remote keys on
//!   PedroM; two computers play New Entropy to the end, checked against the core.
//!
//! Screenshots are kept in `$TIEMU_SCREENSHOTS` (default: `ti68k-tiemu-screenshots` in the
//! system's temporary directory).

mod common;
#[path = "../common/link_checks.rs"]
mod link_checks;
#[path = "../programs/mod.rs"]
mod programs;
mod tiemu_evolve;
mod tiemu_games;
mod tiemu_launcher;
mod tiemu_link;
mod tiemu_programs;
mod tiemu_recovery;
mod tiemu_run;
