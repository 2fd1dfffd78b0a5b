//! The game interface's screen on each model: the area a program draws in (the whole screen
//! but the OS's status line, which the OS may redraw at any time), a title at the top, and the
//! program's own status line at the bottom of its area (what to press, whose turn, "thinking").
//!
//! | | TI-89 (160x100) | TI-92 Plus / V200 (240x128) |
//! | --- | --- | --- |
//! | the program's area | 160x92: y 0-91 | 240x120: y 0-119 |
//! | title (8x10 font), rule under it | y 1-10, y 12 | y 1-10, y 12 |
//! | content | y 14-81 | y 14-109 |
//! | status line: rule, text (6x8 font) | y 83, y 84-91 | y 111, y 112-119 |
//! | characters of a 6x8 line | 26 | 40 |

use super::layout::{Rect, CHAR_WIDTH, LINE_HEIGHT};
use crate::os::{Attr, Font, Model, Os};

/// The rows of the title (8x10 font) and the rule under it.
pub const TITLE_HEIGHT: i16 = 13;

/// One model's screen as the game interface uses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The model.
    pub model: Model,
    /// Width of the area, pixels.
    pub width: i16,
    /// Height of the area (the OS's status line excluded), pixels.
    pub height: i16,
}

impl Frame {
    /// The frame of `model`'s screen.
    pub fn for_model(model: Model) -> Frame {
        let (width, screen_height) = model.screen_size();
        Frame {
            model,
            width,
            height: screen_height - LINE_HEIGHT,
        }
    }

    /// Whether the screen is the TI-89's small one.
    pub fn is_small(&self) -> bool {
        self.width < 200
    }

    /// Characters of a line in the 6x8 font.
    pub fn columns(&self) -> usize {
        (self.width / CHAR_WIDTH) as usize
    }

    /// The top row of the status line's text.
    pub fn status_y(&self) -> i16 {
        self.height - LINE_HEIGHT
    }

    /// Where the content goes: under the title, above the status line.
    pub fn content(&self) -> Rect {
        Rect {
            x0: 0,
            y0: TITLE_HEIGHT + 1,
            x1: self.width - 1,
            y1: self.status_y() - 3,
        }
    }

    /// Clears the program's area (the OS's status line is left alone).
    pub fn clear(&self, os: &mut Os) {
        os.fill_rect(0, 0, self.width - 1, self.height - 1, Attr::Reverse);
    }

    /// Clears `r`.
    pub fn clear_rect(&self, os: &mut Os, r: Rect) {
        os.fill_rect(r.x0, r.y0, r.x1, r.y1, Attr::Reverse);
    }

    /// Writes `text` centred at the top in the 8x10 font, with a rule under it.
    pub fn title(&self, os: &mut Os, text: &[u8]) {
        os.fill_rect(0, 0, self.width - 1, TITLE_HEIGHT - 1, Attr::Reverse);
        self.centred(os, 1, text, Font::Large);
        os.line(
            0,
            TITLE_HEIGHT - 1,
            self.width - 1,
            TITLE_HEIGHT - 1,
            Attr::Normal,
        );
    }

    /// Writes `text` on the status line (6x8 font, cut to the width), over a rule.
    pub fn status(&self, os: &mut Os, text: &[u8]) {
        let y = self.status_y();
        os.fill_rect(0, y - 2, self.width - 1, self.height - 1, Attr::Reverse);
        os.line(0, y - 2, self.width - 1, y - 2, Attr::Normal);
        let text = &text[..text.len().min(self.columns())];
        os.write(1, y, Font::Medium, text, Attr::Normal);
    }

    /// Writes `text` in `font` centred on row `y` (cut to the width).
    pub fn centred(&self, os: &mut Os, y: i16, text: &[u8], font: Font) {
        let fits = (self.width / font.char_width()) as usize;
        let text = &text[..text.len().min(fits)];
        let x = (self.width - text.len() as i16 * font.char_width()) / 2;
        os.write(x.max(0), y, font, text, Attr::Normal);
    }
}
