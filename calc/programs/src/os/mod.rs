//! The calculator's operating system (AMS, or PedroM) as a program sees it: a safe Rust API over
//! the wasm imports of `sys.rs`, whose C implementations (`ams.c`) call the ROM through the jump
//! table at 0xC8 with the AMS calling convention. `start.S` and `session.c` in this folder are
//! the program's 68000 start-up: they save the registers, allocate the linear memory, catch
//! errors and traps, and return to the OS cleanly.
//!
//! A program reaches the OS only through the [`Os`] token that [`crate::entry!`] hands to its
//! entry function; there is exactly one.

use core::cell::{RefCell, RefMut};
use core::sync::atomic::{AtomicBool, Ordering};

mod draw;
mod launch;
mod sys;
mod time;
pub mod vars;

pub use time::TICKS_PER_SECOND;

pub use launch::NotAString;
pub use vars::{DataError, DataReader, Float, Name, OsError, ReadError, Value, VarPath};

/// A calculator model, read at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    /// TI-89 or TI-89 Titanium: 160x100 screen.
    Ti89,
    /// TI-92 Plus: 240x128 screen.
    Ti92Plus,
    /// Voyage 200: 240x128 screen.
    V200,
}

impl Model {
    /// The model's name as shown to a user.
    pub fn name(self) -> &'static [u8] {
        match self {
            Model::Ti89 => b"TI-89",
            Model::Ti92Plus => b"TI-92 Plus",
            Model::V200 => b"Voyage 200",
        }
    }

    /// Visible screen size in pixels (width, height).
    pub fn screen_size(self) -> (i16, i16) {
        match self {
            Model::Ti89 => (160, 100),
            Model::Ti92Plus | Model::V200 => (240, 128),
        }
    }
}

/// The three system fonts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Font {
    /// 4x6 pixels (variable width).
    Small,
    /// 6x8 pixels, the default.
    Medium,
    /// 8x10 pixels.
    Large,
}

impl Font {
    fn code(self) -> i32 {
        match self {
            Font::Small => 0,
            Font::Medium => 1,
            Font::Large => 2,
        }
    }

    fn from_code(code: i32) -> Font {
        match code {
            0 => Font::Small,
            2 => Font::Large,
            _ => Font::Medium,
        }
    }

    /// Width of a character in pixels: 6 in the medium font, 8 in the large one; the small
    /// font's characters have different widths (its widest, 4, is given).
    pub fn char_width(self) -> i16 {
        match self {
            Font::Small => 4,
            Font::Medium => 6,
            Font::Large => 8,
        }
    }

    /// Height of a line of text in this font, in pixels.
    pub fn height(self) -> i16 {
        match self {
            Font::Small => 6,
            Font::Medium => 8,
            Font::Large => 10,
        }
    }
}

/// How drawn pixels combine with the screen (AMS attributes A_REVERSE, A_NORMAL, A_XOR).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attr {
    /// White text on black.
    Reverse,
    /// Black text, the background untouched.
    Normal,
    /// Text inverts the pixels under it.
    Xor,
}

impl Attr {
    fn code(self) -> i32 {
        match self {
            Attr::Reverse => 0,
            Attr::Normal => 1,
            Attr::Xor => 2,
        }
    }
}

/// A key code as returned by AMS's `ngetchx`: ASCII for printable keys, 256 and up for the
/// others (their values differ between the TI-89 and the 92 Plus/V200 for the arrows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key(pub u16);

impl Key {
    /// ENTER.
    pub const ENTER: Key = Key(13);
    /// ESC.
    pub const ESC: Key = Key(264);
}

/// The operating system. There is one per run of a program, created by [`crate::entry!`].
pub struct Os {
    model: Model,
}

static TAKEN: AtomicBool = AtomicBool::new(false);

impl Os {
    /// The token for the entry function. Called once per run by [`crate::entry!`]; a second
    /// call is a bug and stops the program.
    #[doc(hidden)]
    pub fn take() -> Os {
        if TAKEN.swap(true, Ordering::Relaxed) {
            panic!("the Os token is created once per run");
        }
        let model = match sys::calc_model() {
            1 => Model::Ti92Plus,
            3 => Model::V200,
            _ => Model::Ti89,
        };
        Os { model }
    }

    /// The model the program runs on.
    pub fn model(&self) -> Model {
        self.model
    }

    /// Clears the whole screen. The screen is restored as it was when the program returns.
    pub fn clear_screen(&mut self) {
        sys::clr_scr();
    }

    /// Selects the font of the following text, and returns the previous one.
    pub fn set_font(&mut self, font: Font) -> Font {
        Font::from_code(sys::font_set_sys(font.code()))
    }

    /// Draws `text` (bytes of the calculator's character set, ASCII for 32..126) with its top
    /// left corner at pixel (x, y). At most 63 bytes are drawn.
    pub fn draw_text(&mut self, x: i16, y: i16, text: &[u8], attr: Attr) {
        sys::draw_text(x.into(), y.into(), text, attr.code());
    }

    /// Draws `text` at (x, y) in `font` with `attr`, leaving the current font as it was (at
    /// most 63 bytes).
    pub fn write(&mut self, x: i16, y: i16, font: Font, text: &[u8], attr: Attr) {
        sys::write_text(x.into(), y.into(), text, font.code(), attr.code());
    }

    /// Draws `value` in decimal at (x, y) in `font`, leaving the current font as it was;
    /// returns the number of characters drawn.
    pub fn write_number(&mut self, x: i16, y: i16, font: Font, value: i32) -> i16 {
        sys::write_number(x.into(), y.into(), value, font.code()) as i16
    }

    /// Waits for a key press and returns the key.
    pub fn wait_key(&mut self) -> Key {
        Key(sys::ngetchx() as u16)
    }
}

/// A byte buffer aligned on 4 bytes. The 68000 build turns every access of more than one byte
/// to memory that may be unaligned into single-byte accesses (docs/building.md#unaligned-accesses-and-the-gcc-plugin):
/// a plain `[u8; N]` is cleared and copied a byte at a time, with shifts, this one a word at a
/// time. Use it for the buffers a program copies or clears.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(4))]
pub struct Bytes<const N: usize>(pub [u8; N]);

impl<const N: usize> Bytes<N> {
    /// A buffer of zeros.
    pub const fn zeroed() -> Bytes<N> {
        Bytes([0; N])
    }
}

impl<const N: usize> core::ops::Deref for Bytes<N> {
    type Target = [u8; N];
    fn deref(&self) -> &[u8; N] {
        &self.0
    }
}

impl<const N: usize> core::ops::DerefMut for Bytes<N> {
    fn deref_mut(&mut self) -> &mut [u8; N] {
        &mut self.0
    }
}

/// A static for a program's state between calls of its exports: a `RefCell` that may live in
/// a `static`. A second borrow while one is alive is a bug and stops the program (panic).
pub struct ProgramCell<T>(RefCell<T>);

// SAFETY: a calculator program has exactly one thread (wasm32 without the threads proposal,
// run to completion by the 68000 runtime); no value is ever reached from two threads.
unsafe impl<T> Sync for ProgramCell<T> {}

impl<T> ProgramCell<T> {
    /// A cell holding `value`.
    pub const fn new(value: T) -> ProgramCell<T> {
        ProgramCell(RefCell::new(value))
    }

    /// The value, borrowed mutably until the guard is dropped.
    pub fn borrow_mut(&self) -> RefMut<'_, T> {
        self.0.borrow_mut()
    }
}
