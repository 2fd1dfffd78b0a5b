//! Message boxes: a framed box in the middle of the screen with a few lines of text and the keys
//! that close it on its last line. [`message`] waits for ENTER or ESC; [`confirm`] asks a yes/no
//! question (ENTER yes, ESC no). The caller redraws its screen afterwards: the box is drawn over
//! it. [`draw_box`] is the box alone, for the entry fields of `super::entry`.

use super::frame::Frame;
use super::input::{Input, Keyboard};
use super::layout::{Rect, CHAR_WIDTH, LINE_HEIGHT};
use crate::os::{Attr, Font, Os};

/// Rows per line of a box.
pub const BOX_ROW: i16 = LINE_HEIGHT + 1;

/// What closed a message box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Closed {
    /// ENTER.
    Ok,
    /// ESC.
    Back,
    /// QUIT: leave the program.
    Quit,
}

/// Draws a box holding `lines`, then `extra` empty rows (for a field), then `footer` (what to
/// press), centred in the content area; returns the rectangle inside the frame.
pub fn draw_box(os: &mut Os, frame: &Frame, lines: &[&[u8]], extra: i16, footer: &[u8]) -> Rect {
    let columns = frame.columns() - 2;
    let widest = lines
        .iter()
        .map(|l| l.len())
        .chain([footer.len(), 12])
        .max()
        .unwrap_or(0)
        .min(columns);
    let width = widest as i16 * CHAR_WIDTH + 8;
    let rows = lines.len() as i16 + extra + 1;
    let height = rows * BOX_ROW + 6;
    let area = frame.content();
    let x0 = (frame.width - width) / 2;
    let y0 = area.y0 + ((area.height() - height) / 2).max(0);
    let outer = Rect {
        x0,
        y0,
        x1: x0 + width - 1,
        y1: y0 + height - 1,
    };
    // A black box with a white inside: a frame of one pixel, and a shadow of one more on the
    // right and at the bottom, as AMS's own dialogs have.
    os.fill_rect(
        outer.x0 - 1,
        outer.y0 - 1,
        outer.x1 + 2,
        outer.y1 + 2,
        Attr::Reverse,
    );
    os.fill_rect(outer.x0, outer.y0, outer.x1 + 1, outer.y1 + 1, Attr::Normal);
    os.fill_rect(
        outer.x0 + 1,
        outer.y0 + 1,
        outer.x1 - 1,
        outer.y1 - 1,
        Attr::Reverse,
    );
    let text_x = outer.x0 + 4;
    for (i, line) in lines.iter().enumerate() {
        let shown = &line[..line.len().min(columns)];
        let y = outer.y0 + 3 + i as i16 * BOX_ROW;
        os.write(text_x, y, Font::Medium, shown, Attr::Normal);
    }
    let footer_y = outer.y0 + 3 + (rows - 1) * BOX_ROW;
    os.line(outer.x0, footer_y - 2, outer.x1, footer_y - 2, Attr::Normal);
    let footer = &footer[..footer.len().min(columns)];
    os.write(text_x, footer_y, Font::Medium, footer, Attr::Normal);
    Rect {
        x0: outer.x0 + 1,
        y0: outer.y0 + 1,
        x1: outer.x1 - 1,
        y1: outer.y1 - 1,
    }
}

/// Shows `lines` in a box until ENTER or ESC (or QUIT) is pressed.
pub fn message(os: &mut Os, frame: &Frame, keys: &mut Keyboard, lines: &[&[u8]]) -> Closed {
    answered(os, frame, keys, lines, b"ENTER: OK")
}

/// Asks the yes/no question `lines`: ENTER answers yes ([`Closed::Ok`]), ESC no
/// ([`Closed::Back`]); QUIT is [`Closed::Quit`].
pub fn confirm(os: &mut Os, frame: &Frame, keys: &mut Keyboard, lines: &[&[u8]]) -> Closed {
    answered(os, frame, keys, lines, b"ENTER:yes ESC:no")
}

/// Shows `lines` in a box with `hint` under them until ENTER, ESC or QUIT is pressed.
fn answered(
    os: &mut Os,
    frame: &Frame,
    keys: &mut Keyboard,
    lines: &[&[u8]],
    hint: &[u8],
) -> Closed {
    draw_box(os, frame, lines, 0, hint);
    loop {
        match keys.next(os) {
            Input::Enter => return Closed::Ok,
            Input::Escape => return Closed::Back,
            Input::Quit => return Closed::Quit,
            _ => {}
        }
    }
}
