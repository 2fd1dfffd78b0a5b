//! `t_base`: the baseline of the test-entry programs. It has what every one of them has (the
//! 68000 runtime, the OS layer, the screen it shows when run, the result slots and their
//! `out` export) and no game: the size of `t_c4`, `t_ttt`, `t_oth` or `t_ent` minus this
//! program's size is the bytes of code that game (its rules, its AIs and their exports) costs.
//!
//! Exports: `out(i)`, slot `i` (all 0 here), and `echo(x) -> x`, so the harness can check the
//! calling path on the smallest program.
#![no_std]
#![no_main]

use programs::os::Os;
use programs::testentry::{idle, Slots};

programs::entry!(main);

fn main(os: Os) {
    idle(os, b"t_base: for the CPU harness");
}

static OUT: Slots = Slots::new();

/// Result slot `i`.
#[no_mangle]
pub extern "C" fn out(i: u32) -> u32 {
    OUT.get(i)
}

/// Returns its argument.
#[no_mangle]
pub extern "C" fn echo(x: u32) -> u32 {
    x
}
