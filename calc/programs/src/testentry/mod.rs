//! What the test-entry programs (`t_base`, `t_c4`, `t_ttt`, `t_oth`, `t_ent`) share: their
//! screen when run as a program, and the result slots their exports fill.
//!
//! The CPU harness (emu-tests) calls a test-entry program's exports directly with u32
//! arguments: an AI's function returns its move in d0 and leaves the rest of its result
//! (score, node count, the generator's next draw...) in four slots, which the harness reads
//! one by one through the program's `out(i)` export (`Slots::get`).

use core::sync::atomic::{AtomicU32, Ordering};

use crate::os::{Attr, Os};

pub mod arith;

/// Number of result slots.
pub const SLOTS: usize = 4;

/// Result slots kept between calls of a program's exports.
pub struct Slots([AtomicU32; SLOTS]);

impl Slots {
    /// All slots at 0.
    pub const fn new() -> Slots {
        Slots([const { AtomicU32::new(0) }; SLOTS])
    }

    /// Sets every slot: what one call of an AI returns besides its move.
    pub fn set(&self, values: [u32; SLOTS]) {
        for (slot, value) in self.0.iter().zip(values) {
            slot.store(value, Ordering::Relaxed);
        }
    }

    /// Slot `i` (0 beyond the last).
    pub fn get(&self, i: u32) -> u32 {
        self.0
            .get(i as usize)
            .map_or(0, |slot| slot.load(Ordering::Relaxed))
    }
}

impl Default for Slots {
    fn default() -> Slots {
        Slots::new()
    }
}

/// The screen of a test-entry program run as a program: its title, then it waits for a key.
pub fn idle(mut os: Os, title: &[u8]) {
    os.clear_screen();
    os.draw_text(0, 0, title, Attr::Normal);
    os.wait_key();
}

/// Defines, in a test-entry program, the Connect Four position its searches start from (a
/// `BOARD` kept between calls) and the two exports that set it up one move at a time:
/// `c4_reset()` starts a new game, `c4_play(column) -> 0 | 1` plays `column` (0..6), 1 meaning
/// the move was refused. `testcore` and `t_c4` both use it.
#[macro_export]
macro_rules! connect4_position {
    () => {
        /// The position the searches start from, kept between calls.
        static BOARD: $crate::os::ProgramCell<calc::connect4::Board> =
            $crate::os::ProgramCell::new(calc::connect4::Board::new());

        /// Starts a new game.
        #[no_mangle]
        pub extern "C" fn c4_reset() {
            *BOARD.borrow_mut() = calc::connect4::Board::new();
        }

        /// Plays `column` (0..6) in the current position: 0, or 1 when the move is not legal.
        #[no_mangle]
        pub extern "C" fn c4_play(column: u32) -> u32 {
            let mut board = BOARD.borrow_mut();
            match u8::try_from(column).map(|c| board.play(c)) {
                Ok(Ok(())) => 0,
                _ => 1,
            }
        }
    };
}
