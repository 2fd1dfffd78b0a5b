//! Short message lines built without `core::fmt` (which the 68000 route refuses): bytes and
//! decimal numbers appended to a fixed buffer, in place (a builder that moves the line by
//! value costs a copy of it per call in the translated code).

/// A line of at most 24 bytes; what does not fit is dropped.
#[derive(Clone, Copy, Debug)]
pub struct Line {
    bytes: [u8; 24],
    len: usize,
}

impl Default for Line {
    fn default() -> Line {
        Line::new()
    }
}

impl Line {
    /// An empty line.
    pub const fn new() -> Line {
        Line {
            bytes: [0; 24],
            len: 0,
        }
    }

    /// Appends `text`.
    pub fn text(&mut self, text: &[u8]) -> &mut Line {
        for &b in text {
            if let Some(slot) = self.bytes.get_mut(self.len) {
                *slot = b;
                self.len += 1;
            }
        }
        self
    }

    /// Appends `value` in decimal.
    pub fn number(&mut self, value: i32) -> &mut Line {
        if value < 0 {
            self.text(b"-");
        }
        let mut v = value.unsigned_abs();
        let mut divisor = 1;
        while v / divisor >= 10 {
            divisor *= 10;
        }
        loop {
            self.text(&[b'0' + (v / divisor) as u8]);
            v %= divisor;
            if divisor == 1 {
                return self;
            }
            divisor /= 10;
        }
    }

    /// The line's bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}
