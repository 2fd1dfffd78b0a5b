//! The screen oracle of the emulator: "is this text on the screen?", answered exactly. The
//! harness draws every string with its own font ([`crate::ams::font`]), so the oracle renders
//! the text with that same font, in each of the three system fonts, and looks for it pixel for
//! pixel in a screenshot ([`ti_files::Screen`]), as written on a light background or inverted
//! (light on dark: a selected menu entry, a highlighted line).
//!
//! This is the emulator's counterpart of the TiEmu bench's text oracle, which renders with the
//! real OS's fonts (`emu_tests::tiemu::text`): a test states the texts a screen must show, and
//! either bench checks them the same way.
//!
//! ```no_run
//! # let m = ti_emulator::Machine::new(ti_files::Model::Ti89);
//! let screen = m.screenshot();
//! let found = ti_emulator::find_text(&screen, "New game").expect("the menu is shown");
//! println!("font {} at ({}, {}), inverted: {}", found.font, found.x, found.y, found.inverted);
//! ```

use ti_files::Screen;

use crate::ams::font;

/// Where a text was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextMatch {
    /// The system font: 0 (4x6), 1 (6x8) or 2 (8x10).
    pub font: u8,
    /// The x given to DrawStr to draw it there.
    pub x: u32,
    /// The y given to DrawStr.
    pub y: u32,
    /// Light on dark (drawn, then inverted; or drawn with A_REVERSE).
    pub inverted: bool,
}

/// How `text` looks when the harness's DrawStr draws it in `font` at (0, 0): its whole cells,
/// dark where the glyphs put ink.
pub fn render(text: &str, font: u8) -> Screen {
    let bytes = text.as_bytes();
    let (w, h) = font::cell(font);
    let (dx, dy, scale) = font::placement(font);
    Screen::from_fn(w * bytes.len() as u32, h, |x, y| {
        let (c, col) = (bytes[(x / w) as usize], x % w);
        col >= dx && y >= dy && font::pixel(c, (col - dx) / scale, (y - dy) / scale)
    })
}

/// Where `text` is on `screen`, in any of the three fonts (6x8 first, then 4x6, then 8x10),
/// written dark on light or inverted; `None` when it is nowhere. An empty text is never found.
///
/// Dark on light, the text's ink and the light pixels between its strokes must match (the box
/// of its ink); inverted, its whole cells must (the inverted area covers them).
pub fn find_text(screen: &Screen, text: &str) -> Option<TextMatch> {
    if text.is_empty() {
        return None;
    }
    for font in [1u8, 0, 2] {
        let cells = render(text, font);
        let (bx, by, bw, bh) = cells.bounding_box()?;
        let ink = cells.crop(bx, by, bw, bh);
        if let Some((x, y)) = screen.find(&ink) {
            if let (Some(x), Some(y)) = (x.checked_sub(bx), y.checked_sub(by)) {
                return Some(TextMatch {
                    font,
                    x,
                    y,
                    inverted: false,
                });
            }
        }
        let inverse = Screen::from_fn(cells.width(), cells.height(), |x, y| !cells.get(x, y));
        if let Some((x, y)) = screen.find(&inverse) {
            return Some(TextMatch {
                font,
                x,
                y,
                inverted: true,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_text_drawn_by_the_harness_and_inverted_text() {
        let mut screen = Screen::blank(160, 100);
        let hello = render("Hello", 1);
        for y in 0..hello.height() {
            for x in 0..hello.width() {
                screen.set(10 + x, 20 + y, hello.get(x, y));
            }
        }
        assert_eq!(
            find_text(&screen, "Hello"),
            Some(TextMatch {
                font: 1,
                x: 10,
                y: 20,
                inverted: false
            })
        );
        assert_eq!(find_text(&screen, "ell").map(|m| m.x), Some(16));
        assert_eq!(find_text(&screen, "Help"), None);
        // Inverting a band around it.
        for y in 19..29 {
            for x in 5..60 {
                let v = screen.get(x, y);
                screen.set(x, y, !v);
            }
        }
        let m = find_text(&screen, "Hello").unwrap();
        assert!(m.inverted && (m.x, m.y) == (10, 20), "{m:?}");
        assert_eq!(find_text(&screen, ""), None);
    }
}
