//! Drawing beyond text, keys without waiting, and the OS's 50 ms clock.

use super::{sys, Attr, Key, Os};

impl Os {
    /// A line from (x0, y0) to (x1, y1) (both ends drawn).
    pub fn line(&mut self, x0: i16, y0: i16, x1: i16, y1: i16, attr: Attr) {
        sys::draw_line(x0.into(), y0.into(), x1.into(), y1.into(), attr.code());
    }

    /// Fills the rectangle with corners (x0, y0) and (x1, y1), included: black with
    /// [`Attr::Normal`], white with [`Attr::Reverse`], inverted with [`Attr::Xor`].
    pub fn fill_rect(&mut self, x0: i16, y0: i16, x1: i16, y1: i16, attr: Attr) {
        sys::fill_rect(x0.into(), y0.into(), x1.into(), y1.into(), attr.code());
    }

    /// The next key if one was pressed, without waiting.
    pub fn poll_key(&mut self) -> Option<Key> {
        if sys::kbhit() != 0 {
            Some(self.wait_key())
        } else {
            None
        }
    }

    /// The OS's 50 ms tick counter (it wraps after 3.4 years), or `None` when the OS has
    /// none (AMS 1, PedroM 0.81).
    pub fn ticks(&self) -> Option<u32> {
        match sys::ticks() {
            t if t < 0 => None,
            t => Some(t as u32),
        }
    }
}
