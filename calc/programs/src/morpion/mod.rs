//! `morpion`: tic-tac-toe on the calculator (seeds 003 and 004;
//! docs/requirements.md#tic-tac-toe, docs/playing.md#tic-tac-toe).
//!
//! Each side, X and O, is a person or a computer: "simple" (seed 003: win, else block, else
//! random), easy, medium or hard (seed 004's Min-Max at depth 3, 5 or 9, answered by
//! `calc::tictactoe::fast`: the seed's moves, values and random ties, under a second). So zero,
//! one or two computers play. The menus are `crate::game::program`'s; the board is `table.rs`.
//! The settings, the tally and a game left in progress stay in the variable `morpsave` of the
//! program's folder (custom data of type `MRP`: `crate::game`'s bytes, then the 9 cells of the
//! game in progress).

mod table;

use crate::game::program::{self, Program};
use crate::game::{self, FIRST, MOVES, NAMES, NAME_LEN, PAUSE, PAUSE_MAX, PLAYING};
use crate::os::{Bytes, Name, Os};
use crate::ui::form::Item;
use table::{Morpion, KIND_NAMES};

/// The settings' bytes (`crate::game`'s, then 9 cells).
const LEN: usize = MOVES + 9;

/// The program.
const MORPION: Program = Program {
    title: b"Tic-Tac-Toe",
    variable: Name::lit(b"morpsave"),
    kind: b"mrp",
    version: 1,
    main: &[
        Item::action_showing(b"Play", PLAYING as u8, &[b"new game", b"resume"]),
        Item::choice(b"X", 0, &KIND_NAMES),
        Item::choice(b"O", 1, &KIND_NAMES),
        Item::choice(b"First", FIRST as u8, &[b"X", b"O"]),
        Item::action(b"Names, pause..."),
        Item::action(b"Reset the scores"),
        Item::action(b"Quit"),
    ],
    options: &[
        Item::text(b"X name", NAMES as u8, NAME_LEN as u8),
        Item::text(b"O name", (NAMES + NAME_LEN) as u8, NAME_LEN as u8),
        Item::number(b"Pause (1/10 s)", PAUSE as u8, 0, PAUSE_MAX),
        Item::action(b"Back"),
    ],
    levels: &[],
    rules: &[],
};

/// A person (X) against the hard computer (O), X first, half a second's pause.
const DEFAULTS: Bytes<LEN> = game::defaults(4, b"Player XPlayer O");

/// The program.
pub fn main(mut os: Os) {
    let os = &mut os;
    let mut table = Morpion::new(&crate::ui::Frame::for_model(os.model()));
    let mut data = Bytes::<LEN>::zeroed();
    program::run(os, &MORPION, &mut data.0, &DEFAULTS.0, &mut table);
}
