//! A countdown in the OS's 50 ms ticks: how a game waits half a second before the computer's
//! move, and paces an animation, while it still watches the keyboard.
//!
//! It runs on the notify timer AMS leaves to programs (USER_TIMER, 6), which counts down once
//! per 50 ms on every AMS version and on PedroM (docs/rom-calls.md#timers-and-delays); the
//! program's session gives the timer back however the program ends (src/os/session.c).

use super::{sys, Os};

/// OS ticks per second (one every 50 ms).
pub const TICKS_PER_SECOND: u32 = 20;

impl Os {
    /// Starts a countdown of `ticks` 50 ms ticks (at least 1), replacing any running one.
    /// `false` when the OS refused the timer: [`Os::countdown_over`] then says it is over.
    pub fn start_countdown(&mut self, ticks: u32) -> bool {
        sys::countdown_start(ticks) != 0
    }

    /// Whether the countdown has run out (also when none runs).
    pub fn countdown_over(&mut self) -> bool {
        sys::countdown_over() != 0
    }

    /// Stops the countdown and gives the timer back to the OS.
    pub fn stop_countdown(&mut self) {
        sys::countdown_stop();
    }
}
