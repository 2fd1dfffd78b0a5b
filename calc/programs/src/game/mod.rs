//! What the games on the calculator share beyond drawing: the settings every game keeps (as
//! bytes, edited in place by the menus of `crate::ui::form` and saved as they are by
//! [`saved`]), the running tally, the seed of the computer's random choices, and the sitting at
//! the board ([`sitting`]: turns, the computer's pause, resigning, the end of a game).
//!
//! The games are `crate::morpion` (tic-tac-toe) and `crate::puiss4` (Connect Four). Their
//! settings start with the same bytes, at the offsets below; each game's moves follow them.
//!
//! | bytes | what |
//! | --- | --- |
//! | 0, 1 | who plays side 1 and side 2: 0 a person, else the game's computer levels |
//! | 2 | the side that moves first in a new game (0 or 1) |
//! | 3 | the computer's pause before its move, tenths of a second (0-50) |
//! | 4-11, 12-19 | the two names: 1 to 8 printable characters, zeros after |
//! | 20-25 | the tally: wins of side 1, wins of side 2, draws (big-endian words) |
//! | 26-29 | the seed of the next game (big-endian) |
//! | 30 | 1 while a game is in progress |
//! | 31 | the side that moved first in it |
//! | 32 | the number of its moves |
//! | 33- | its moves (a cell, a column...), as many as the game's longest |

pub mod companion;
pub mod program;
pub mod saved;
pub mod sitting;

use crate::os::{Bytes, Os};

/// Who plays each side (0 a person).
pub const KINDS: usize = 0;
/// The side that moves first in a new game.
pub const FIRST: usize = 2;
/// The computer's pause, tenths of a second.
pub const PAUSE: usize = 3;
/// The longest pause.
pub const PAUSE_MAX: u8 = 50;
/// The names.
pub const NAMES: usize = 4;
/// The longest name.
pub const NAME_LEN: usize = 8;
/// The tally.
pub const TALLY: usize = 20;
/// The seed of the next game.
pub const SEED: usize = 26;
/// 1 while a game is in progress.
pub const PLAYING: usize = 30;
/// The side that moved first in the game in progress.
pub const GAME_FIRST: usize = 31;
/// The number of moves of the game in progress.
pub const GAME_LEN: usize = 32;
/// The moves of the game in progress.
pub const MOVES: usize = 33;

/// A game's first settings: a person as side 1 against `computer` as side 2, side 1 first,
/// half a second's pause, the two `names` (8 characters each), seed 1 and no game in progress.
pub const fn defaults<const LEN: usize>(computer: u8, names: &[u8; 2 * NAME_LEN]) -> Bytes<LEN> {
    let mut data = [0u8; LEN];
    data[KINDS + 1] = computer;
    data[PAUSE] = 5;
    let mut i = 0;
    while i < names.len() {
        data[NAMES + i] = names[i];
        i += 1;
    }
    data[SEED + 3] = 1;
    Bytes(data)
}

/// The name of `side` (0 or 1).
pub fn name(data: &[u8], side: usize) -> &[u8] {
    crate::ui::form::name(data, NAMES + side * NAME_LEN, NAME_LEN)
}

/// The tally's count `i`: 0 wins of side 1, 1 wins of side 2, 2 draws.
pub fn tally(data: &[u8], i: usize) -> u16 {
    u16::from_be_bytes([data[TALLY + 2 * i], data[TALLY + 2 * i + 1]])
}

/// Counts a game won by `winner` (a side), or a draw (`None`); counts stop at 65535.
pub fn count(data: &mut [u8], winner: Option<usize>) {
    let i = winner.unwrap_or(2);
    let n = tally(data, i).saturating_add(1).to_be_bytes();
    data[TALLY + 2 * i] = n[0];
    data[TALLY + 2 * i + 1] = n[1];
}

/// Zeroes the tally.
pub fn reset_tally(data: &mut [u8]) {
    data[TALLY..TALLY + 6].iter_mut().for_each(|b| *b = 0);
}

/// The moves of the game in progress.
pub fn moves(data: &[u8]) -> &[u8] {
    &data[MOVES..MOVES + usize::from(data[GAME_LEN])]
}

/// The seed of a new game's random choices, and the next one saved: the OS's 50 ms clock where
/// there is one (AMS 2 and later), mixed with a number kept in the settings and changed after
/// each game, so that games differ on an OS without a clock (PedroM, AMS 1) too.
pub fn next_seed(os: &Os, data: &mut [u8]) -> u32 {
    let saved = u32::from_be_bytes([data[SEED], data[SEED + 1], data[SEED + 2], data[SEED + 3]]);
    let seed = saved ^ os.ticks().unwrap_or(0).wrapping_mul(0x9E37_79B9);
    let next = saved.wrapping_mul(0x0019_660D).wrapping_add(0x3C6E_F35F);
    data[SEED..SEED + 4].copy_from_slice(&next.to_be_bytes());
    seed
}
