//! The seven piece colours of New Entropy on a monochrome screen: each cell shows its colour's
//! initial in the 6x8 font (R red, G green, O orange, B blue, Y yellow, W white, K black), so
//! that two equal colours are seen equal at a glance on both screen sizes (a cell is 10x10
//! pixels inside on the TI-89, 14x14 on the TI-92 Plus / Voyage 200). White is framed and black
//! is a filled square with its letter in white: the two ends of the palette stand out from the
//! letters. No grayscale: letters stay sharp under any contrast and in a screenshot.

use super::layout::Rect;
use crate::os::{Attr, Font, Os};

/// The initials of colour codes 1 to 7 (0 is an empty cell).
pub const INITIALS: &[u8; 7] = b"RGOBYWK";

/// The initial of colour `code` (1..=7), `.` for anything else.
pub fn initial(code: u8) -> u8 {
    match code {
        1..=7 => INITIALS[usize::from(code - 1)],
        _ => b'.',
    }
}

/// Draws the piece of colour `code` (1..=7) in `r` (a cell's inside, cleared first); an empty
/// cell (0) is left clear.
pub fn draw_colour(os: &mut Os, r: Rect, code: u8) {
    os.fill_rect(r.x0, r.y0, r.x1, r.y1, Attr::Reverse);
    if !(1..=7).contains(&code) {
        return;
    }
    let x = r.x0 + (r.width() - 5) / 2;
    let y = r.y0 + (r.height() - 7) / 2;
    let letter = [initial(code)];
    match code {
        7 => {
            os.fill_rect(r.x0, r.y0, r.x1, r.y1, Attr::Normal);
            os.write(x, y, Font::Medium, &letter, Attr::Xor);
        }
        6 => {
            os.line(r.x0, r.y0, r.x1, r.y0, Attr::Normal);
            os.line(r.x0, r.y1, r.x1, r.y1, Attr::Normal);
            os.line(r.x0, r.y0, r.x0, r.y1, Attr::Normal);
            os.line(r.x1, r.y0, r.x1, r.y1, Attr::Normal);
            os.write(x, y, Font::Medium, &letter, Attr::Normal);
        }
        _ => os.write(x, y, Font::Medium, &letter, Attr::Normal),
    }
}
