//! How `entropy` asks its companion program `entia` for the game's state, the computer's move
//! and a person's help: the game holds neither the rules nor the AI (with them the game's
//! interface is over the 24 KB AMS runs), it runs `entia` from its own folder with a request
//! and reads its reply, both custom data in that folder (the pattern of `puiss4` and `p4ia`).
//! `entia` plays the game's moves again with `calc::entropy` each time, so the game's state is
//! always the core's.
//!
//! | variable (type) | payload |
//! | --- | --- |
//! | `entreq` (`ENQ`) | version 1, the question ([`Question`]), the level (0 easy, 1 hard, 2 expert), the seed (big-endian long), the number of moves, the moves (the game's opening and moves: `calc::entropy::moves`) |
//! | `entrep` (`ENR`) | version 1, the answer: the cell chosen (a placement) or the cell the piece slides from (an attack), the cell it slides to, the evaluations (big-endian long), the help's cells (49 bits, cell `i` in byte `i / 8`, bit `i % 8`); then the state after the moves: the phase (0 a placement, 1 an attack, 2 over), the player to move (0 attacks in the first round), the piece drawn, the cell it was placed on, the round (0, 1), the turns played in it, the variant (0 New Entropy, 1 classic), the outcome (0 none, 1 player 0 won, 2 player 1 won, 3 a draw), the points of players 0 and 1, the round's row sum and column sum (big-endian longs), the bag's 7 counts, the 49 cells' colours (0 empty) |
//!
//! `entia` raises OS error 40 (argument) for a request it cannot answer (another version, a
//! level or question that is none, moves that are not a game, a move asked of a game over);
//! `entropy` deletes the reply once read.

use crate::os::Name;

/// The request's variable.
pub const REQUEST: Name = Name::lit(b"entreq");
/// The request's custom type.
pub const REQUEST_TYPE: &[u8] = b"enq";
/// The reply's variable.
pub const REPLY: Name = Name::lit(b"entrep");
/// The reply's custom type.
pub const REPLY_TYPE: &[u8] = b"enr";
/// The AI program.
pub const PROGRAM: Name = Name::lit(b"entia");
/// The version of both layouts.
pub const VERSION: u8 = 1;
/// Bytes of a request before its moves.
pub const REQUEST_HEAD: usize = 8;
/// Where the help's cells are in a reply.
pub const MASK: usize = 7;
/// Where the state is in a reply, and its fields' offsets.
pub const PHASE: usize = 14;
/// The player to move.
pub const PLAYER: usize = 15;
/// The piece drawn.
pub const PIECE: usize = 16;
/// The cell it was placed on.
pub const AT: usize = 17;
/// The round.
pub const ROUND: usize = 18;
/// The turns played in the round.
pub const TURN: usize = 19;
/// The variant.
pub const VARIANT: usize = 20;
/// The outcome.
pub const OUTCOME: usize = 21;
/// The points of player 0, of player 1, the row sum, the column sum (longs).
pub const SCORES: usize = 22;
/// The bag's counts.
pub const COUNTS: usize = 38;
/// The board's cells.
pub const CELLS: usize = 45;
/// Bytes of a reply.
pub const REPLY_LEN: usize = CELLS + 49;

/// What `entropy` asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Question {
    /// The state only.
    State = 0,
    /// The level's placement of the piece drawn.
    Place = 1,
    /// The level's attack after the placement.
    Attack = 2,
    /// The cells where the level would place the piece (all tied best).
    HelpPlace = 3,
    /// The cells where the level would leave the piece placed (all tied best).
    HelpAttack = 4,
}

impl Question {
    /// The question of code `code`.
    pub fn from_code(code: u8) -> Option<Question> {
        [
            Question::State,
            Question::Place,
            Question::Attack,
            Question::HelpPlace,
            Question::HelpAttack,
        ]
        .get(usize::from(code))
        .copied()
    }
}

/// The long at `at` of a reply.
pub fn long(reply: &[u8], at: usize) -> u32 {
    u32::from_be_bytes([reply[at], reply[at + 1], reply[at + 2], reply[at + 3]])
}

/// The 49-bit mask of a reply's help.
pub fn mask_of(reply: &[u8]) -> u64 {
    let mut mask = 0u64;
    for (i, &b) in reply[MASK..MASK + 7].iter().enumerate() {
        mask |= u64::from(b) << (8 * i);
    }
    mask
}
