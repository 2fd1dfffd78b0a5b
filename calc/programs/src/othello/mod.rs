//! `othello`: Othello on the calculator (seed 002; docs/requirements.md#othello,
//! docs/playing.md#othello).
//!
//! Each side, black and white, is a person or a computer: seed 002's AI, or the searching AI
//! at three levels (easy, medium, hard), whose moves `othia` computes (`request` says how the
//! two talk) with `calc::othello::player`. So a person plays the computer, two people play, or
//! two computers show a game. A person may ask for the legal moves (F4), take back the last
//! move pair (F3); passes are announced, the discs counted, and the end shown. The menus are
//! `crate::game::program`'s; the board is `table.rs`. The settings, the tally and a game left in
//! progress stay in the variable `othsave` of the program's folder (custom data of type `OTS`:
//! `crate::game`'s bytes, then the 60 squares of the game in progress).

pub mod request;
mod table;

use crate::game::program::{self, Program};
use crate::game::{self, FIRST, MOVES, NAMES, NAME_LEN, PAUSE, PAUSE_MAX, PLAYING};
use crate::os::{Bytes, Name, Os};
use crate::ui::form::Item;
use table::{Othello, KIND_NAMES};

/// The settings' bytes (`crate::game`'s, then 60 squares).
const LEN: usize = MOVES + request::MAX_MOVES;

/// The program.
const OTHELLO: Program = Program {
    title: b"Othello",
    variable: Name::lit(b"othsave"),
    kind: b"ots",
    version: 1,
    main: &[
        Item::action_showing(b"Play", PLAYING as u8, &[b"new game", b"resume"]),
        Item::choice(b"Player 1", 0, &KIND_NAMES),
        Item::choice(b"Player 2", 1, &KIND_NAMES),
        Item::choice(b"First", FIRST as u8, &[b"Player 1", b"Player 2"]),
        Item::action(b"Names, pause..."),
        Item::action(b"Reset the scores"),
        Item::action(b"Quit"),
    ],
    options: &[
        Item::text(b"Name 1", NAMES as u8, NAME_LEN as u8),
        Item::text(b"Name 2", (NAMES + NAME_LEN) as u8, NAME_LEN as u8),
        Item::number(b"Pause (1/10 s)", PAUSE as u8, 0, PAUSE_MAX),
        Item::action(b"Back"),
    ],
    levels: &[],
    rules: &[],
};

/// A person (side 1, black) against the medium level, half a second's pause.
const DEFAULTS: Bytes<LEN> = game::defaults(3, b"Player 1Player 2");

/// The program.
pub fn main(mut os: Os) {
    let os = &mut os;
    let mut table = Othello::new(&crate::ui::Frame::for_model(os.model()));
    let mut data = Bytes::<LEN>::zeroed();
    program::run(os, &OTHELLO, &mut data.0, &DEFAULTS.0, &mut table);
}
