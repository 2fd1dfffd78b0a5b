//! The keys of a game's script, and their `ngetchx` codes on each model
//! (docs/rom-calls.md#keyboard-codes): the arrows differ between the TI-89 and the TI-92 Plus /
//! Voyage 200; the other keys do not.

use ti_files::Model;

/// A key a person presses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// An arrow.
    Up,
    /// An arrow.
    Down,
    /// An arrow.
    Left,
    /// An arrow.
    Right,
    /// ENTER.
    Enter,
    /// ESC.
    Esc,
    /// QUIT (2nd ESC).
    Quit,
    /// Backspace.
    Back,
    /// CLEAR.
    Clear,
    /// F1 to F8.
    F(u8),
    /// A printable character (a digit, a letter).
    Char(u8),
}

impl Key {
    /// The key's `ngetchx` code on `model`.
    pub fn code(self, model: Model) -> u16 {
        let ti89 = model == Model::Ti89;
        match self {
            Key::Up => {
                if ti89 {
                    337
                } else {
                    338
                }
            }
            Key::Left => {
                if ti89 {
                    338
                } else {
                    337
                }
            }
            Key::Down => {
                if ti89 {
                    340
                } else {
                    344
                }
            }
            Key::Right => {
                if ti89 {
                    344
                } else {
                    340
                }
            }
            Key::Enter => 13,
            Key::Esc => 264,
            Key::Quit => 4360,
            Key::Back => 257,
            Key::Clear => 263,
            Key::F(n) => 267 + u16::from(n),
            Key::Char(c) => u16::from(c),
        }
    }
}

/// The keys that type `text`.
pub fn typed(text: &str) -> Vec<Key> {
    text.bytes().map(Key::Char).collect()
}

/// A script of keys, built step by step.
#[derive(Clone, Debug, Default)]
pub struct Script {
    /// The keys, in order.
    pub keys: Vec<Key>,
}

impl Script {
    /// An empty script.
    pub fn new() -> Script {
        Script::default()
    }

    /// Adds `keys`.
    pub fn press(&mut self, keys: &[Key]) -> &mut Script {
        self.keys.extend_from_slice(keys);
        self
    }

    /// Adds the keys that type `text`.
    pub fn type_text(&mut self, text: &str) -> &mut Script {
        self.keys.extend(typed(text));
        self
    }

    /// Adds `key` `n` times.
    pub fn repeat(&mut self, key: Key, n: usize) -> &mut Script {
        self.keys.extend(std::iter::repeat_n(key, n));
        self
    }

    /// The codes on `model`.
    pub fn codes(&self, model: Model) -> Vec<u16> {
        self.keys.iter().map(|k| k.code(model)).collect()
    }
}
