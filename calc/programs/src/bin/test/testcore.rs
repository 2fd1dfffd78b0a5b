//! `testcore`: the test entry of the CPU harness. Not a program for users: it exports functions
//! of the core and of the 68000 runtime that the harness (emu-tests) calls directly, with
//! scalar arguments, to compare their results with the same Rust code run natively.
//!
//! Run as a program it waits for a key, and can be told to panic or to overflow its stack (the
//! harness checks that both end cleanly).
//!
//! Exports (all arguments and results are u32; see emu-tests/tests/ for the callers):
//! - `c4_reset()`, `c4_play(column) -> 0 | 1`: set up a Connect Four position, one move at a
//!   time (columns 0..6; 1 means the move was refused);
//! - `c4_search(depth) -> (column + 1) << 16 | score as u16` (column 0 when the game is over),
//!   then `c4_nodes()`: `calc::connect4::search::search_depth` with the table below;
//! - `c4_table_len()`: entries of the transposition table the searches use;
//! - `arith32(op, a, b)` and `arith64(op, a_hi, a_lo, b_hi, b_lo)` then `high_word()`:
//!   integer operations that GCC turns into calls of the runtime's 68000 helpers (rt/arith.c).
#![no_std]
#![no_main]

use core::hint::black_box;
use core::sync::atomic::{AtomicU32, Ordering};

use calc::connect4::search::{search_depth, Entry};
use programs::os::{Attr, Key, Os};
use programs::testentry::arith;

programs::entry!(main);

/// Run as a program, it waits for a key: `p` panics, `s` overflows the shadow stack (both must
/// end the program cleanly with a message); any other key returns normally.
fn main(mut os: Os) {
    os.clear_screen();
    os.draw_text(0, 0, b"testcore: for the CPU harness", Attr::Normal);
    const PANIC: Key = Key(b'p' as u16);
    const OVERFLOW: Key = Key(b's' as u16);
    match os.wait_key() {
        PANIC => panic!("asked to panic"),
        OVERFLOW => {
            let depth = recurse(black_box(u32::MAX));
            os.draw_text(0, 10, if depth > 0 { b"deep" } else { b"?" }, Attr::Normal);
        }
        _ => {}
    }
}

/// Recursion that never ends by itself: each level keeps 64 bytes live on the shadow stack.
fn recurse(levels: u32) -> u32 {
    let mut frame = [0u8; 64];
    frame[(levels % 64) as usize] = levels as u8;
    let frame = black_box(frame);
    if levels == 0 {
        return u32::from(frame[0]);
    }
    recurse(levels - 1).wrapping_add(u32::from(frame[(levels % 64) as usize]))
}

/// Entries of the transposition table lent to the searches (12 bytes each).
pub const TABLE_LEN: usize = 512;

programs::connect4_position!();
static NODES: AtomicU32 = AtomicU32::new(0);
static HIGH: AtomicU32 = AtomicU32::new(0);

/// Searches the current position to `depth` plies; see the file's documentation.
#[no_mangle]
pub extern "C" fn c4_search(depth: u32) -> u32 {
    // The table lives on the wasm shadow stack: the search clears it first, so nothing of it
    // needs to survive between calls (and a static table would be stored in the program).
    let mut table = [Entry::EMPTY; TABLE_LEN];
    let board = *BOARD.borrow_mut();
    let result = search_depth(&board, depth.min(42) as u8, &mut table);
    NODES.store(result.nodes, Ordering::Relaxed);
    let column = result.column.map_or(0, |c| u32::from(c) + 1);
    (column << 16) | u32::from(result.score as u16)
}

/// Nodes of the last search.
#[no_mangle]
pub extern "C" fn c4_nodes() -> u32 {
    NODES.load(Ordering::Relaxed)
}

/// Entries of the transposition table.
#[no_mangle]
pub extern "C" fn c4_table_len() -> u32 {
    TABLE_LEN as u32
}

fn split(value: u64) -> u32 {
    HIGH.store((value >> 32) as u32, Ordering::Relaxed);
    value as u32
}

fn join(high: u32, low: u32) -> u64 {
    (u64::from(high) << 32) | u64::from(low)
}

/// The high word of the previous 64-bit result.
#[no_mangle]
pub extern "C" fn high_word() -> u32 {
    HIGH.load(Ordering::Relaxed)
}

/// 64-bit operation `op` (`programs::testentry::arith::op64`) on a and b: the result's low
/// word, its high word kept for [`high_word`].
#[no_mangle]
pub extern "C" fn arith64(op: u32, ah: u32, al: u32, bh: u32, bl: u32) -> u32 {
    split(arith::op64(op, join(ah, al), join(bh, bl)))
}

/// 32-bit operation `op` (`programs::testentry::arith::op32`) on a and b.
#[no_mangle]
pub extern "C" fn arith32(op: u32, a: u32, b: u32) -> u32 {
    arith::op32(op, a, b)
}
