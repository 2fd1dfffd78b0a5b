//! `entropy`: New Entropy on the calculator (seed 000; docs/playing.md#new-entropy).
//!
//! Each side is a person or the computer; a computer has a level for attack and one for
//! defence (easy, hard, expert: `calc::entropy::ai`). The rule variant (New Entropy or classic
//! Entropy) and the help (the cells the hard level would choose, shown to a person on their
//! turn) are settings; the rules are a page of the options. The menus are
//! `crate::game::program`'s; the board is [`table`]; the game's state (the rules), the computer's
//! moves and the help come from the companion program `entia` ([`request`]), which plays the
//! game's moves again with `calc::entropy` each time. The settings, the tally and a game left in
//! progress stay in the variable `entsave` of the program's folder (custom data of type `ENS`).
//!
//! The settings' bytes: `crate::game`'s (the side that moves first is the side that attacks
//! in the first round), the game in progress as its moves (its opening: the variant and the
//! bag's seed, 5 bytes; then for each turn the placement's cell and the attack:
//! `calc::entropy::moves`), then at [`ATTACK`] the two sides' attack levels, at [`DEFENCE`]
//! their defence levels, at [`VARIANT`] the variant, at [`HELP`] the help.

pub mod request;
pub mod table;

use crate::game::program::{self, Program, LEVELS, RULES};
use crate::game::{self, FIRST, MOVES, NAMES, NAME_LEN, PAUSE, PAUSE_MAX, PLAYING};
use crate::os::{Bytes, Name, Os};
use crate::ui::form::Item;
use calc::entropy::moves::OPENING;
use table::Entropy;

/// The longest game: the opening, then two rounds of 49 turns of two moves.
pub const MAX_MOVES: usize = OPENING + 2 * 2 * 49;
/// The attack levels of side 1 and side 2 (0 easy, 1 hard, 2 expert).
pub const ATTACK: usize = MOVES + MAX_MOVES;
/// The defence levels of side 1 and side 2.
pub const DEFENCE: usize = ATTACK + 2;
/// The variant of a new game: 0 New Entropy, 1 classic Entropy.
pub const VARIANT: usize = DEFENCE + 2;
/// 1 when a person is shown the hard level's choices.
pub const HELP: usize = VARIANT + 1;
/// The settings' bytes.
pub const LEN: usize = HELP + 1;

const LEVEL_NAMES: [&[u8]; 3] = [b"Easy", b"Hard", b"Expert"];

/// The program.
const ENTROPY: Program = Program {
    title: b"New Entropy",
    variable: Name::lit(b"entsave"),
    kind: b"ens",
    version: 1,
    main: &[
        Item::action_showing(b"Play", PLAYING as u8, &[b"new game", b"resume"]),
        Item::choice(b"Player 1", 0, &[b"Human", b"Computer"]),
        Item::choice(b"Player 2", 1, &[b"Human", b"Computer"]),
        Item::choice(b"Attacks first", FIRST as u8, &[b"Player 1", b"Player 2"]),
        Item::action(b"Options..."),
        Item::action(b"Reset the scores"),
        Item::action(b"Quit"),
    ],
    options: &[
        Item::text(b"Name 1", NAMES as u8, NAME_LEN as u8),
        Item::text(b"Name 2", (NAMES + NAME_LEN) as u8, NAME_LEN as u8),
        Item::command(b"Levels, help...", LEVELS),
        Item::choice(b"Rules", VARIANT as u8, &[b"New", b"Classic"]),
        Item::number(b"Pause (1/10 s)", PAUSE as u8, 0, PAUSE_MAX),
        Item::command(b"Show the rules", RULES),
        Item::action(b"Back"),
    ],
    levels: &[
        Item::choice(b"1 attack", ATTACK as u8, &LEVEL_NAMES),
        Item::choice(b"1 defence", DEFENCE as u8, &LEVEL_NAMES),
        Item::choice(b"2 attack", (ATTACK + 1) as u8, &LEVEL_NAMES),
        Item::choice(b"2 defence", (DEFENCE + 1) as u8, &LEVEL_NAMES),
        Item::choice(b"Help", HELP as u8, &[b"Off", b"On"]),
        Item::action(b"Back"),
    ],
    rules: &[
        &[
            b"Each turn the defender",
            b"places the piece drawn",
            b"(R G O B Y W K, 7 of",
            b"each); the attacker",
            b"slides it or leaves it.",
        ],
        &[
            b"Palindromes in rows and",
            b"columns score their",
            b"length; the round scores",
            b"rows x columns. Classic:",
            b"rows+columns, any piece.",
        ],
    ],
};

/// A person (player 1, attacking first) against the computer at hard, half a second's pause.
const DEFAULTS: Bytes<LEN> = defaults();

const fn defaults() -> Bytes<LEN> {
    let mut d = game::defaults::<LEN>(1, b"Player 1Player 2");
    let mut i = 0;
    while i < 2 {
        d.0[ATTACK + i] = 1;
        d.0[DEFENCE + i] = 1;
        i += 1;
    }
    d
}

/// The program.
pub fn main(mut os: Os) {
    let os = &mut os;
    let mut table = Entropy::new(&crate::ui::Frame::for_model(os.model()));
    let mut data = Bytes::<LEN>::zeroed();
    program::run(os, &ENTROPY, &mut data.0, &DEFAULTS.0, &mut table);
}
