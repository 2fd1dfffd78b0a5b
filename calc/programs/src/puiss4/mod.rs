//! `puiss4`: Connect Four on the calculator (docs/playing.md#connect-four).
//!
//! Each side is a person or a level of the AI ladder (`calc::connect4::ai`): random, win/block
//! (seed 003's checks), seed 004's Min-Max at depth 3 or 5, the alpha-beta engine, the expert
//! (its opening book, then the engine); the engine's levels search a node budget chosen so that
//! the worst move stays under 10 s at 12 MHz (the menu shows each level's longest move). So a
//! person plays the computer, two people play, or two computers show a game. The menus are
//! `crate::game::program`'s; the board is `table.rs`. The settings, the tally and a game left in
//! progress stay in the variable `p4save` of the program's folder (custom data of type `P4S`:
//! `crate::game`'s bytes, then the 42 columns of the game in progress, as digits).

pub mod request;
mod table;

use crate::game::program::{self, Program};
use crate::game::{self, FIRST, MOVES, NAMES, NAME_LEN, PAUSE, PAUSE_MAX, PLAYING};
use crate::os::{Bytes, Name, Os};
use crate::ui::form::Item;
use table::{Puiss4, KIND_NAMES};

/// The settings' bytes (`crate::game`'s, then 42 columns).
const LEN: usize = MOVES + 42;

/// The program.
const PUISS4: Program = Program {
    title: b"Connect Four",
    variable: Name::lit(b"p4save"),
    kind: b"p4s",
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

/// A person (player 1, first) against the expert, half a second's pause.
const DEFAULTS: Bytes<LEN> = game::defaults(6, b"Player 1Player 2");

/// The program.
pub fn main(mut os: Os) {
    let os = &mut os;
    let mut table = Puiss4::new(&crate::ui::Frame::for_model(os.model()));
    let mut data = Bytes::<LEN>::zeroed();
    program::run(os, &PUISS4, &mut data.0, &DEFAULTS.0, &mut table);
}
