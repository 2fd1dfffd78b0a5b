//! A game's settings and game in progress, kept between runs in a variable of the program's
//! own folder: custom data (shown in VAR-LINK with the game's type, e.g. `MRP`) whose payload is
//! a version byte, the settings' bytes, and a check word.
//!
//! A variable that is missing, of another type, of another size or version, or whose check word
//! does not match (damaged, or written by something else) is never used: the game starts from
//! its defaults and says why ([`LoadError`]); the variable is replaced at the next save. Reading
//! never trusts the bytes beyond the check: each game also checks every value
//! (`crate::ui::form::valid` and its own rules).

use crate::os::{Bytes, DataError, Name, Os, OsError};

/// The longest settings a game saves.
pub const SAVED_MAX: usize = 256;

/// Why saved settings were not used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// There are none (the first run, or the variable was deleted).
    Missing,
    /// The variable holds something else, is damaged, or comes from another version.
    Unusable,
}

/// The check word of `bytes`.
fn check(bytes: &[u8]) -> u16 {
    bytes.iter().fold(0x5AA5u16, |acc, &b| {
        acc.rotate_left(5) ^ u16::from(b).wrapping_mul(0x0101)
    })
}

/// Reads variable `name` of type `ext` into `settings` when it holds settings of exactly
/// `settings.len()` bytes and version `version`; else leaves `settings` alone and says why.
pub fn load(
    os: &mut Os,
    name: &Name,
    ext: &[u8],
    version: u8,
    settings: &mut [u8],
) -> Result<(), LoadError> {
    let mut buf = Bytes::<{ SAVED_MAX + 16 }>::zeroed();
    let at = os.own_path(name);
    let payload = match os.read_data(&at, ext, &mut buf.0) {
        Ok(p) => p,
        Err(DataError::Missing) => return Err(LoadError::Missing),
        Err(_) => return Err(LoadError::Unusable),
    };
    let len = settings.len();
    if payload.len() != len + 3 || payload[0] != version {
        return Err(LoadError::Unusable);
    }
    if check(&payload[..=len]).to_be_bytes() != [payload[len + 1], payload[len + 2]] {
        return Err(LoadError::Unusable);
    }
    settings.copy_from_slice(&payload[1..=len]);
    Ok(())
}

/// Writes `settings` (at most [`SAVED_MAX`] bytes) as version `version` into variable `name`
/// of type `ext`, replacing it.
pub fn store(
    os: &mut Os,
    name: &Name,
    ext: &[u8],
    version: u8,
    settings: &[u8],
) -> Result<(), OsError> {
    let len = settings.len();
    if len > SAVED_MAX {
        return Err(OsError::BAD_ARGUMENT);
    }
    let mut payload = Bytes::<{ SAVED_MAX + 4 }>::zeroed();
    payload[0] = version;
    payload[1..=len].copy_from_slice(settings);
    let sum = check(&payload[..=len]).to_be_bytes();
    payload[len + 1] = sum[0];
    payload[len + 2] = sum[1];
    let at = os.own_path(name);
    os.store_data(&at, &payload[..len + 3], ext)
}
