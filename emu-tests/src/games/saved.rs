//! The settings variable of a game (`crate`'s docs: calc/programs/src/game/mod.rs), read back
//! from its data: custom data whose payload is a version byte, the settings, a check word.

/// The bytes of the settings every game keeps (calc/programs/src/game/mod.rs).
pub const KINDS: usize = 0;
/// The side that moves first.
pub const FIRST: usize = 2;
/// The pause in tenths of a second.
pub const PAUSE: usize = 3;
/// The names (8 bytes each).
pub const NAMES: usize = 4;
/// The tally (three big-endian words).
pub const TALLY: usize = 20;
/// 1 while a game is in progress.
pub const PLAYING: usize = 30;
/// The side that moved first in it.
pub const GAME_FIRST: usize = 31;
/// Its number of moves.
pub const GAME_LEN: usize = 32;
/// Its moves.
pub const MOVES: usize = 33;

/// The check word of a version byte and the settings (calc/programs/src/game/saved.rs).
pub fn check(bytes: &[u8]) -> u16 {
    bytes.iter().fold(0x5AA5u16, |acc, &b| {
        acc.rotate_left(5) ^ u16::from(b).wrapping_mul(0x0101)
    })
}

/// A game's settings, as read from its variable's data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The version byte.
    pub version: u8,
    /// The settings' bytes.
    pub bytes: Vec<u8>,
}

impl Settings {
    /// The settings in `data` (a variable's data: payload, 0, the type, 0, 0xF8), checked;
    /// `None` unless it is custom data of type `ext` with a matching check word.
    pub fn from_variable(data: &[u8], ext: &str) -> Option<Settings> {
        let suffix = [&[0u8][..], ext.as_bytes(), &[0, 0xF8]].concat();
        let payload = data.strip_suffix(suffix.as_slice())?;
        let (body, sum) = payload.split_at(payload.len().checked_sub(2)?);
        (check(body).to_be_bytes() == [sum[0], sum[1]]).then(|| Settings {
            version: body[0],
            bytes: body[1..].to_vec(),
        })
    }

    /// The variable's data holding these settings (with a correct check word) of type `ext`.
    pub fn to_variable(&self, ext: &str) -> Vec<u8> {
        let mut body = vec![self.version];
        body.extend_from_slice(&self.bytes);
        let sum = check(&body);
        body.extend_from_slice(&sum.to_be_bytes());
        body.push(0);
        body.extend_from_slice(ext.as_bytes());
        body.extend_from_slice(&[0, 0xF8]);
        body
    }

    /// The name of side `side`.
    pub fn name(&self, side: usize) -> String {
        let field = &self.bytes[NAMES + 8 * side..NAMES + 8 * side + 8];
        let end = field.iter().position(|&b| b == 0).unwrap_or(8);
        String::from_utf8_lossy(&field[..end]).into_owned()
    }

    /// The tally: wins of side 1, wins of side 2, draws.
    pub fn tally(&self) -> [u16; 3] {
        let w = |i: usize| {
            u16::from_be_bytes([self.bytes[TALLY + 2 * i], self.bytes[TALLY + 2 * i + 1]])
        };
        [w(0), w(1), w(2)]
    }

    /// The moves of the game in progress, if there is one.
    pub fn game(&self) -> Option<&[u8]> {
        (self.bytes[PLAYING] == 1)
            .then(|| &self.bytes[MOVES..MOVES + usize::from(self.bytes[GAME_LEN])])
    }
}
