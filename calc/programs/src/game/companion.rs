//! A game's companion AI program: a game whose AI does not fit beside its interface in the
//! 24 KB AMS runs (`puiss4` and `p4ia`, `othello` and `othia`) runs the AI as a program of its
//! own folder for each computer move. The game writes a request (custom data) into its folder,
//! runs the AI there (`push_parse_text` + `NG_execute`, `crate::os::launch`), reads the reply
//! the AI wrote beside it and deletes it. While the AI searches it watches the keyboard
//! ([`Watch`]): ESC or QUIT stops it, the other keys go back to the game in the reply.

use crate::os::{Model, Name, Os, OsError};
use crate::ui::Input;

/// AMS's "undefined variable": the AI left no reply.
pub const ERROR_UNDEFINED: u16 = 960;
/// AMS's "program not found": the AI is not in the game's folder.
pub const ERROR_NOT_FOUND: u16 = 850;

/// An AI program and the variables the game and it talk through.
pub struct Companion {
    /// The AI program.
    pub program: Name,
    /// The request's variable and custom type.
    pub request: (Name, &'static [u8]),
    /// The reply's variable and custom type.
    pub reply: (Name, &'static [u8]),
    /// The version byte both start with.
    pub version: u8,
    /// The shortest reply.
    pub reply_head: usize,
}

impl Companion {
    /// Writes `request` into the game's folder, runs the AI there and reads its reply into
    /// `buf` (then deletes it): the reply's bytes, or the OS error that stopped the AI
    /// ([`ERROR_NOT_FOUND`] when it is missing, [`ERROR_UNDEFINED`] when it left no usable
    /// reply).
    pub fn ask<'b>(
        &self,
        os: &mut Os,
        request: &[u8],
        buf: &'b mut [u8],
    ) -> Result<&'b [u8], OsError> {
        let path = os.own_path(&self.request.0);
        os.store_data(&path, request, self.request.1)?;
        os.run_sibling(&self.program)?;
        let path = os.own_path(&self.reply.0);
        let reply = os.read_data(&path, self.reply.1, buf);
        let _ = os.delete_var(&path);
        match reply {
            Ok(r) if r.len() >= self.reply_head && r[0] == self.version => Ok(r),
            _ => Err(OsError(ERROR_UNDEFINED)),
        }
    }
}

/// The most keys an AI hands back to the game.
pub const WATCH_KEYS: usize = 4;

/// What an AI sees of the keyboard while it searches: ESC or QUIT stops it; the other keys are
/// kept, in order (at most [`WATCH_KEYS`]), for the reply.
pub struct Watch {
    model: Model,
    /// The codes of the keys kept, big-endian words.
    pub keys: [u8; 2 * WATCH_KEYS],
    /// How many keys are kept.
    pub count: usize,
    /// 0 while the search goes on, 1 after ESC, 2 after QUIT.
    pub stop: u8,
}

impl Watch {
    /// Nothing seen yet, on `model`'s keyboard.
    pub fn new(model: Model) -> Watch {
        Watch {
            model,
            keys: [0; 2 * WATCH_KEYS],
            count: 0,
            stop: 0,
        }
    }

    /// Reads the keys pressed since the last look; true when the search must stop.
    pub fn look(&mut self, os: &mut Os) -> bool {
        while let Some(key) = os.poll_key() {
            match Input::decode(self.model, key) {
                Input::Escape => self.stop = 1,
                Input::Quit => self.stop = 2,
                _ if self.count < WATCH_KEYS => {
                    let at = 2 * self.count;
                    self.keys[at..at + 2].copy_from_slice(&key.0.to_be_bytes());
                    self.count += 1;
                }
                _ => {}
            }
        }
        self.stop != 0
    }

    /// The keys kept, as the reply carries them.
    pub fn kept(&self) -> &[u8] {
        &self.keys[..2 * self.count]
    }
}
