//! A menu that is also a settings form: a title, a list of entries, one selected (inverted).
//! Up and down move the selection (wrapping around); an entry either does something (ENTER
//! returns it to the program) or edits a byte of the program's settings in place: a choice
//! among named values (ENTER or right: the next, left: the previous), a number in a range
//! (left/right: one less/more; digits typed in, backspace takes the last one off), or a name
//! (ENTER, then typed in on its line). ESC backs out; the F-keys go to the program (its
//! shortcuts, named on the status line).
//!
//! The entries are a table ([`Item`]) over the settings' bytes, so one piece of code draws and
//! edits every setting of every game. A byte outside its item's range (settings written by
//! something else) shows as nothing and is brought back into range by the first edit.

use super::frame::Frame;
use super::input::{Input, Keyboard};
use super::layout::CHAR_WIDTH;
use crate::os::{Attr, Bytes, Font, Os};

/// Rows of one entry.
const ROW: i16 = 9;

/// What an entry is.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// ENTER hands the entry back to the program; `values` (if any) show `data[at]`.
    Action,
    /// `data[at]` indexes `values`.
    Choice,
    /// `data[at]` is a number from `min` to `max`.
    Number {
        /// The smallest value.
        min: u8,
        /// The largest value.
        max: u8,
    },
    /// `data[at..at + len]` is a name: 1 to `len` printable characters, zeros after.
    Text {
        /// The longest name.
        len: u8,
    },
}

/// One entry of a form.
#[derive(Clone, Copy, Debug)]
pub struct Item {
    /// What it is called.
    pub label: &'static [u8],
    /// What it does.
    pub kind: Kind,
    /// Which byte of the data it shows or edits.
    pub at: u8,
    /// The names of a choice's values (or of an action's state).
    pub values: &'static [&'static [u8]],
}

impl Item {
    /// An entry that does something.
    pub const fn action(label: &'static [u8]) -> Item {
        Item {
            label,
            kind: Kind::Action,
            at: 0,
            values: &[],
        }
    }

    /// An entry that does something, handed to the program with `code` (its [`Item::at`]):
    /// how a program tells its commands apart in a form (a sub-menu, a page of text...).
    pub const fn command(label: &'static [u8], code: u8) -> Item {
        Item {
            label,
            kind: Kind::Action,
            at: code,
            values: &[],
        }
    }

    /// An entry that does something, showing `values[data[at]]`.
    pub const fn action_showing(
        label: &'static [u8],
        at: u8,
        values: &'static [&'static [u8]],
    ) -> Item {
        Item {
            label,
            kind: Kind::Action,
            at,
            values,
        }
    }

    /// A choice among `values`, kept in `data[at]`.
    pub const fn choice(label: &'static [u8], at: u8, values: &'static [&'static [u8]]) -> Item {
        Item {
            label,
            kind: Kind::Choice,
            at,
            values,
        }
    }

    /// A number from `min` to `max`, kept in `data[at]`.
    pub const fn number(label: &'static [u8], at: u8, min: u8, max: u8) -> Item {
        Item {
            label,
            kind: Kind::Number { min, max },
            at,
            values: &[],
        }
    }

    /// A name of 1 to `len` characters, kept in `data[at..at + len]`.
    pub const fn text(label: &'static [u8], at: u8, len: u8) -> Item {
        Item {
            label,
            kind: Kind::Text { len },
            at,
            values: &[],
        }
    }
}

/// Why a form gave control back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// ENTER on the action entry `i`.
    Action(usize),
    /// An F-key (1 to 8).
    Function(u8),
    /// ESC.
    Back,
    /// QUIT (2nd ESC), also from a box opened by the form.
    Quit,
}

/// The text of a name kept in `data[at..at + len]`: up to the first zero.
pub fn name(data: &[u8], at: usize, len: usize) -> &[u8] {
    let field = &data[at..at + len];
    let end = field.iter().position(|&b| b == 0).unwrap_or(len);
    &field[..end]
}

/// A form's state: the selected entry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Form {
    /// The selected entry.
    pub selected: usize,
}

impl Form {
    /// Shows the form (title, entries over `data`, `hint` on the status line) and edits `data`
    /// until an action, an F-key, ESC or QUIT.
    #[allow(clippy::too_many_arguments)]
    pub fn run(
        &mut self,
        os: &mut Os,
        frame: &Frame,
        keys: &mut Keyboard,
        title: &[u8],
        items: &[Item],
        data: &mut [u8],
        hint: &[u8],
    ) -> Outcome {
        let count = items.len();
        self.selected = self.selected.min(count - 1);
        frame.clear(os);
        frame.title(os, title);
        frame.status(os, hint);
        for (i, item) in items.iter().enumerate() {
            draw(os, frame, i, item, data, i == self.selected, false);
        }
        loop {
            let before = self.selected;
            let item = &items[self.selected];
            let at = usize::from(item.at);
            let input = keys.next(os);
            match (input, item.kind) {
                (Input::Up, _) => self.selected = (self.selected + count - 1) % count,
                (Input::Down, _) => self.selected = (self.selected + 1) % count,
                (Input::Function(n), _) => return Outcome::Function(n),
                (Input::Escape, _) => return Outcome::Back,
                (Input::Quit, _) => return Outcome::Quit,
                (Input::Enter, Kind::Action) => return Outcome::Action(self.selected),
                (Input::Left | Input::Right | Input::Enter, Kind::Choice) => {
                    let n = item.values.len() as u8;
                    data[at] = if input == Input::Left {
                        (data[at] + n - 1) % n
                    } else {
                        (data[at] + 1) % n
                    };
                }
                (_, Kind::Number { min, max }) => {
                    let v = u16::from(data[at]);
                    let v = match input {
                        Input::Left => v.saturating_sub(1),
                        Input::Right => v + 1,
                        // Digits are typed in: each one appended, starting over past the top.
                        Input::Char(c @ b'0'..=b'9') => {
                            let d = u16::from(c - b'0');
                            if v * 10 + d <= u16::from(max) {
                                v * 10 + d
                            } else {
                                d
                            }
                        }
                        Input::Backspace | Input::Clear => v / 10,
                        _ => v,
                    };
                    data[at] = v.clamp(min.into(), max.into()) as u8;
                }
                (Input::Enter, Kind::Text { len })
                    if edit(os, frame, keys, self.selected, item, data, usize::from(len)) =>
                {
                    return Outcome::Quit;
                }
                _ => {}
            }
            if self.selected != before {
                draw(os, frame, before, &items[before], data, false, false);
            }
            draw(
                os,
                frame,
                self.selected,
                &items[self.selected],
                data,
                true,
                false,
            );
        }
    }
}

/// Edits the name of text entry `i` in place, on its own line: printable characters but `\`
/// are typed in (letters with alpha on the TI-89), backspace deletes the last one, CLEAR all,
/// ENTER keeps the name (if not empty), ESC puts the old one back. True for QUIT.
fn edit(
    os: &mut Os,
    frame: &Frame,
    keys: &mut Keyboard,
    i: usize,
    item: &Item,
    data: &mut [u8],
    len: usize,
) -> bool {
    let at = usize::from(item.at);
    let mut old = Bytes::<16>::zeroed();
    old[..len].copy_from_slice(&data[at..at + len]);
    let help: &[u8] = if frame.is_small() {
        b"ENTER:OK ESC:undo alpha:A-Z"
    } else {
        b"ENTER:OK ESC:undo"
    };
    frame.status(os, help);
    loop {
        draw(os, frame, i, item, data, true, true);
        let n = name(data, at, len).len();
        match keys.next(os) {
            Input::Enter if n > 0 => return false,
            Input::Escape => {
                data[at..at + len].copy_from_slice(&old[..len]);
                return false;
            }
            Input::Quit => {
                data[at..at + len].copy_from_slice(&old[..len]);
                return true;
            }
            Input::Backspace if n > 0 => data[at + n - 1] = 0,
            Input::Clear => data[at..at + len].iter_mut().for_each(|b| *b = 0),
            Input::Char(c) if c != b'\\' && n < len => data[at + n] = c,
            _ => {}
        }
    }
}

/// Draws entry `i` (its label and value), inverted when `selected`; `editing` shows a name
/// being typed (with its cursor).
fn draw(
    os: &mut Os,
    frame: &Frame,
    i: usize,
    item: &Item,
    data: &[u8],
    selected: bool,
    editing: bool,
) {
    let y = frame.content().y0 + 1 + i as i16 * ROW;
    let (x0, x1) = (2, frame.width - 3);
    os.fill_rect(x0, y - 1, x1, y + ROW - 2, Attr::Reverse);
    os.write(x0 + 4, y, Font::Medium, item.label, Attr::Normal);
    let at = usize::from(item.at);
    let arrow = x1 - CHAR_WIDTH;
    let value: &[u8] = match item.kind {
        Kind::Number { .. } => b"",
        Kind::Text { len } => name(data, at, usize::from(len)),
        Kind::Action | Kind::Choice => item
            .values
            .get(usize::from(data[at]))
            .copied()
            .unwrap_or(&[]),
    };
    let mut x = arrow - value.len() as i16 * CHAR_WIDTH;
    if let Kind::Number { .. } = item.kind {
        // Right-aligned digits.
        let v = data[at];
        let digits = 1 + i16::from(v >= 10) + i16::from(v >= 100);
        x = arrow - digits * CHAR_WIDTH;
        os.write_number(x, y, Font::Medium, v.into());
    }
    os.write(x, y, Font::Medium, value, Attr::Normal);
    if editing {
        os.write(arrow, y, Font::Medium, b"_", Attr::Normal);
    } else if selected && !matches!(item.kind, Kind::Action) {
        os.write(arrow, y, Font::Medium, b">", Attr::Normal);
        os.write(x - CHAR_WIDTH, y, Font::Medium, b"<", Attr::Normal);
    }
    if selected {
        os.fill_rect(x0, y - 1, x1, y + ROW - 2, Attr::Xor);
    }
}
