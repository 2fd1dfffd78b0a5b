//! The keyboard as the game interface reads it: each model's key codes turned into what the key
//! means ([`Input`]), and a [`Keyboard`] that keeps the keys pressed while the computer works.
//!
//! Codes are `ngetchx`'s (docs/rom-calls.md#keyboard-codes): the arrows differ between the
//! TI-89 and the TI-92 Plus / Voyage 200; ENTER, ESC, backspace, CLEAR, the F-keys and QUIT
//! (2nd ESC) do not; a printable key gives its character (digits directly on both models,
//! letters with alpha on the TI-89, from the QWERTY keys on the others).

use crate::os::{Key, Model, Os};

/// What a key means to the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// The up arrow.
    Up,
    /// The down arrow.
    Down,
    /// The left arrow.
    Left,
    /// The right arrow.
    Right,
    /// ENTER: choose, confirm, play.
    Enter,
    /// ESC: back out one step.
    Escape,
    /// QUIT (2nd ESC): leave the program.
    Quit,
    /// Backspace (←): delete a character.
    Backspace,
    /// CLEAR: empty a field.
    Clear,
    /// F1 to F8 (1 to 8).
    Function(u8),
    /// A printable character (ASCII 32 to 126).
    Char(u8),
    /// Any other key (modified arrows, MODE, APPS...): ignored.
    Other,
}

impl Input {
    /// What `key` means on `model`.
    pub fn decode(model: Model, key: Key) -> Input {
        let (up, left, down, right) = match model {
            Model::Ti89 => (337, 338, 340, 344),
            Model::Ti92Plus | Model::V200 => (338, 337, 344, 340),
        };
        match key.0 {
            13 => Input::Enter,
            264 => Input::Escape,
            4360 => Input::Quit,
            257 => Input::Backspace,
            263 => Input::Clear,
            k @ 268..=275 => Input::Function((k - 267) as u8),
            k if k == up => Input::Up,
            k if k == down => Input::Down,
            k if k == left => Input::Left,
            k if k == right => Input::Right,
            k @ 32..=126 => Input::Char(k as u8),
            _ => Input::Other,
        }
    }

    /// The digit of a digit key (`'0'`..`'9'`), if it is one.
    pub fn digit(self) -> Option<u8> {
        match self {
            Input::Char(c @ b'0'..=b'9') => Some(c - b'0'),
            _ => None,
        }
    }
}

/// A request to stop what the computer is doing, read from the keys pressed meanwhile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Interrupt {
    /// ESC: back to the menu.
    Escape,
    /// QUIT: leave the program.
    Quit,
}

/// Keys pressed ahead and not yet used: while the computer thinks or pauses, the interface
/// reads the keyboard to see ESC at once, and keeps the other keys for later, in order.
const AHEAD: usize = 8;

/// The keyboard of one program run.
pub struct Keyboard {
    model: Model,
    /// The codes of the keys pressed ahead: a ring, the oldest at `start`.
    ahead: [u16; AHEAD],
    start: usize,
    len: usize,
}

impl Keyboard {
    /// The keyboard of `model`.
    pub fn new(model: Model) -> Keyboard {
        Keyboard {
            model,
            ahead: [0; AHEAD],
            start: 0,
            len: 0,
        }
    }

    /// The next key: one pressed ahead, else waits for one.
    pub fn next(&mut self, os: &mut Os) -> Input {
        let key = if self.len > 0 {
            let first = self.ahead[self.start % AHEAD];
            self.start += 1;
            self.len -= 1;
            Key(first)
        } else {
            os.wait_key()
        };
        Input::decode(self.model, key)
    }

    /// Keeps `key` as pressed ahead (read by another program while it worked), after the
    /// others; beyond eight keys it is dropped.
    pub fn push(&mut self, key: Key) {
        if self.len < AHEAD {
            self.ahead[(self.start + self.len) % AHEAD] = key.0;
            self.len += 1;
        }
    }

    /// Reads the keys pressed since the last look, without waiting: ESC or QUIT among them
    /// stops the computer (and drops the keys pressed ahead: the person left); the others are
    /// kept for [`Keyboard::next`] (beyond eight, the oldest are kept).
    pub fn interrupt(&mut self, os: &mut Os) -> Option<Interrupt> {
        while let Some(key) = os.poll_key() {
            let input = Input::decode(self.model, key);
            let stop = match input {
                Input::Escape => Some(Interrupt::Escape),
                Input::Quit => Some(Interrupt::Quit),
                _ => None,
            };
            if stop.is_some() {
                self.len = 0;
                return stop;
            }
            self.push(key);
        }
        None
    }

    /// Waits `ticks` 50 ms ticks (the OS's countdown) while watching for ESC and QUIT.
    pub fn pause(&mut self, os: &mut Os, ticks: u32) -> Option<Interrupt> {
        if ticks == 0 {
            return self.interrupt(os);
        }
        os.start_countdown(ticks);
        self.finish_countdown(os)
    }

    /// Waits until the countdown started earlier runs out, watching for ESC and QUIT.
    pub fn finish_countdown(&mut self, os: &mut Os) -> Option<Interrupt> {
        loop {
            if let Some(stop) = self.interrupt(os) {
                os.stop_countdown();
                return Some(stop);
            }
            if os.countdown_over() {
                os.stop_countdown();
                return None;
            }
        }
    }
}
