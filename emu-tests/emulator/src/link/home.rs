//! The home screen of the emulated calculator: what AMS's home screen does with the keys that
//! reach it when no program runs. Characters go into the entry line, backspace erases, CLEAR
//! and ESC empty the line, HOME comes back to it, ENTER runs the line: a program call
//! `folder\name(args)`, which is all the link's "run" types (libticalcs2 types the same). Other
//! statements (an expression, a store) get an error in the history, since the emulator has no
//! TI-BASIC interpreter.
//!
//! The screen shows the history (each entry and its answer: "Done", or an error) above the entry
//! line and the status line, drawn with the harness's small font. A program draws over it; when
//! the program returns the screen is left as the program left it (as PedroM does) until the next
//! key, which brings the home screen back.

use ti_files::{charset, Model};

use crate::ams::font;
use crate::ams::screen::{plot, Ink};
use crate::map;

/// ENTER.
pub const ENTER: u16 = 13;
/// Backspace (the ← key).
pub const BACKSPACE: u16 = 257;
/// CLEAR.
pub const CLEAR: u16 = 263;
/// ESC.
pub const ESC: u16 = 264;
/// HOME on a TI-89.
pub const HOME_89: u16 = 277;
/// ◆+Q (HOME) on a TI-92 Plus / Voyage 200.
pub const HOME_92: u16 = 8192 + b'Q' as u16;

/// Most history lines kept.
const HISTORY: usize = 8;
/// Longest entry line, in characters.
const MAX_LINE: usize = 200;

/// What ENTER asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entered {
    /// Run the program `path` with `args` (the text between the parentheses).
    Run {
        /// `folder\name` or `name`.
        path: String,
        /// The arguments.
        args: String,
    },
    /// Nothing to run: the line was not a program call (the reason is in the history).
    Nothing,
}

/// The home screen: the entry line and the history.
#[derive(Clone, Debug)]
pub struct Home {
    model: Model,
    /// The entry line, in the TI charset.
    line: Vec<u8>,
    /// (entry, answer) pairs, oldest first.
    history: Vec<(String, String)>,
    /// Whether the LCD shows something else (a program's drawing) until the next key.
    covered: bool,
}

impl Home {
    /// An empty home screen for `model`.
    pub fn new(model: Model) -> Home {
        Home {
            model,
            line: Vec::new(),
            history: Vec::new(),
            covered: false,
        }
    }

    /// The entry line as text.
    pub fn line(&self) -> String {
        charset::decode(&self.line)
    }

    /// The history, oldest first: (entry, answer).
    pub fn history(&self) -> &[(String, String)] {
        &self.history
    }

    /// A key pressed on the home screen; `Some` when ENTER asks for something.
    pub fn key(&mut self, code: u16) -> Option<Entered> {
        self.covered = false;
        match code {
            ENTER => {
                let text = self.line();
                self.line.clear();
                if text.trim().is_empty() {
                    return None;
                }
                Some(match split_call(&text) {
                    Some((path, args)) => Entered::Run { path, args },
                    None => {
                        self.answer(
                            &text,
                            "Error: only a program call folder\\name(args) runs here",
                        );
                        Entered::Nothing
                    }
                })
            }
            BACKSPACE => {
                self.line.pop();
                None
            }
            CLEAR | ESC => {
                self.line.clear();
                None
            }
            HOME_89 | HOME_92 => None,
            c if (0x20..0x100).contains(&c) => {
                if self.line.len() < MAX_LINE {
                    self.line.push(c as u8);
                }
                None
            }
            _ => None,
        }
    }

    /// Records an entry and its answer in the history.
    pub fn answer(&mut self, entry: &str, answer: &str) {
        self.history.push((entry.to_string(), answer.to_string()));
        if self.history.len() > HISTORY {
            self.history.remove(0);
        }
    }

    /// Marks the screen as covered by a program's drawing: it stays until the next key.
    pub fn cover(&mut self) {
        self.covered = true;
    }

    /// Whether a program's drawing is on the screen.
    pub fn covered(&self) -> bool {
        self.covered
    }

    /// Draws the home screen into the LCD memory (`ram` is the machine's RAM).
    pub fn draw(&self, ram: &mut crate::Bus) {
        if self.covered {
            return;
        }
        let (width, height) = self.model.screen_size();
        for y in 0..map::LCD_HEIGHT as i32 {
            for x in 0..map::LCD_WIDTH as i32 {
                plot(ram, x, y, Ink::Clear);
            }
        }
        let (cw, ch) = (font::GLYPH_W + 1, font::GLYPH_H + 2);
        let cols = (width / cw) as usize;
        let entry_y = height - 8 - ch - 2;
        // The line above the entry line, and the status line's top border.
        for x in 0..width as i32 {
            plot(ram, x, entry_y as i32 - 2, Ink::Set);
            plot(ram, x, height as i32 - 8, Ink::Set);
        }
        let text = |ram: &mut crate::Bus, x: u32, y: u32, s: &str| {
            for (i, c) in charset::encode(s).unwrap_or_default().iter().enumerate() {
                let x0 = x + i as u32 * cw;
                if x0 + cw > width {
                    break;
                }
                for row in 0..font::GLYPH_H {
                    for col in 0..font::GLYPH_W {
                        if font::pixel(*c, col, row) {
                            plot(ram, (x0 + col) as i32, (y + row) as i32, Ink::Set);
                        }
                    }
                }
            }
        };
        let rows = ((entry_y - 4) / (2 * ch)) as usize;
        let shown = &self.history[self.history.len().saturating_sub(rows)..];
        for (i, (entry, answer)) in shown.iter().enumerate() {
            let y = 2 + i as u32 * 2 * ch;
            text(ram, 1, y, &clip(entry, cols));
            let answer = clip(answer, cols);
            let x = width.saturating_sub(answer.chars().count() as u32 * cw + 1);
            text(ram, x, y + ch, &answer);
        }
        let line = self.line();
        let skip = line.chars().count().saturating_sub(cols - 1);
        let visible: String = line.chars().skip(skip).collect();
        text(ram, 1, entry_y, &visible);
        // The cursor.
        let cx = 1 + visible.chars().count() as u32 * cw;
        for row in 0..font::GLYPH_H {
            plot(ram, cx as i32, (entry_y + row) as i32, Ink::Set);
        }
        text(ram, 1, height - 6, "EMU");
    }
}

/// The first `cols` characters of `s`.
fn clip(s: &str, cols: usize) -> String {
    s.chars().take(cols).collect()
}

/// `folder\name(args)` as (`folder\name`, `args`); `None` if the line is not a call.
pub fn split_call(text: &str) -> Option<(String, String)> {
    let text = text.trim();
    let open = text.find('(')?;
    let inner = text.strip_suffix(')')?;
    let path = &text[..open];
    if path.is_empty()
        || !path
            .chars()
            .all(|c| c.is_alphanumeric() || c == '\\' || c == '_')
    {
        return None;
    }
    Some((path.to_string(), inner[open + 1..].to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_keys_make_a_program_call() {
        let mut h = Home::new(Model::Ti89);
        for c in "main\\arbitre(\"ai1\",\"ai2\")".bytes() {
            assert_eq!(h.key(u16::from(c)), None);
        }
        assert_eq!(
            h.key(ENTER),
            Some(Entered::Run {
                path: "main\\arbitre".into(),
                args: "\"ai1\",\"ai2\"".into()
            })
        );
        assert_eq!(h.line(), "");
    }

    #[test]
    fn editing_keys() {
        let mut h = Home::new(Model::V200);
        for c in "abc".bytes() {
            h.key(u16::from(c));
        }
        h.key(BACKSPACE);
        assert_eq!(h.line(), "ab");
        h.key(CLEAR);
        assert_eq!(h.line(), "");
        h.key(u16::from(b'x'));
        h.key(HOME_92);
        assert_eq!(h.line(), "x");
        assert_eq!(h.key(ESC), None);
        assert_eq!(h.key(ENTER), None, "an empty line does nothing");
        for c in "1+2".bytes() {
            h.key(u16::from(c));
        }
        assert_eq!(h.key(ENTER), Some(Entered::Nothing));
        assert!(h.history()[0].1.starts_with("Error"));
    }

    #[test]
    fn calls_are_split() {
        assert_eq!(split_call("hello()"), Some(("hello".into(), String::new())));
        assert_eq!(split_call("x+1"), None);
        assert_eq!(split_call("(1)"), None);
        assert_eq!(split_call("a\\b(1"), None);
    }
}
