//! How `othello` asks its companion program `othia` for the computer's move, the way `puiss4`
//! asks `p4ia` (`crate::puiss4::request`): the game does not hold the searches (the two would
//! not fit the 24 KB AMS runs together); it writes a request into its own folder, runs `othia`
//! from there and reads its reply, both custom data.
//!
//! | variable (type) | payload |
//! | --- | --- |
//! | `othreq` (`OTQ`) | version 1, the player ([`calc::othello::player::Ai::code`]), the seed (big-endian long), the number of moves, the moves (square indices 0 = a1 .. 63 = h8; passes are not written, they are forced) |
//! | `othrep` (`OTR`) | version 1, the square + 1 (0 when a key stopped the search), the stop (0 none, 1 ESC, 2 QUIT), the nodes searched (big-endian long), 1 when the endgame was solved exactly, the exact final disc difference for the side to move (signed), the number of other keys pressed during the search (at most 4), their codes (big-endian words) |
//!
//! `othia` raises OS error 40 (argument) for a request it cannot answer (another version, a
//! player that is none, moves that are not a game in progress); `othello` deletes the reply
//! once read.

use crate::game::companion::{Companion, WATCH_KEYS};
use crate::os::Name;

/// The request's variable.
pub const REQUEST: Name = Name::lit(b"othreq");
/// The request's custom type.
pub const REQUEST_TYPE: &[u8] = b"otq";
/// The reply's variable.
pub const REPLY: Name = Name::lit(b"othrep");
/// The reply's custom type.
pub const REPLY_TYPE: &[u8] = b"otr";
/// The AI program.
pub const PROGRAM: Name = Name::lit(b"othia");
/// The version of both layouts.
pub const VERSION: u8 = 1;
/// Bytes of a request before its moves.
pub const REQUEST_HEAD: usize = 7;
/// The longest game, in moves.
pub const MAX_MOVES: usize = 60;
/// Bytes of a reply without its keys.
pub const REPLY_HEAD: usize = 10;
/// The most keys a reply carries.
pub const REPLY_KEYS: usize = WATCH_KEYS;

/// `othia` and its two variables.
pub const COMPANION: Companion = Companion {
    program: PROGRAM,
    request: (REQUEST, REQUEST_TYPE),
    reply: (REPLY, REPLY_TYPE),
    version: VERSION,
    reply_head: REPLY_HEAD,
};
