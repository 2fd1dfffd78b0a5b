//! How `puiss4` asks its companion program `p4ia` for the computer's move: the game does not
//! hold the AI (the two would not fit the 24 KB AMS runs together), it runs `p4ia` from its own
//! folder with a request and reads its reply, both custom data in that folder.
//!
//! | variable (type) | payload |
//! | --- | --- |
//! | `p4req` (`P4Q`) | version 1, the level ([`calc::connect4::ai::Ai::code`]), the seed (big-endian long), the number of moves, the moves (columns as digits `1`..`7`, the first player's first) |
//! | `p4rep` (`P4R`) | version 1, the column (1..7; 0 when a key stopped the search), the stop (0 none, 1 ESC, 2 QUIT), the nodes searched (big-endian long), the number of other keys pressed during the search (at most 4), their codes (big-endian words) |
//!
//! `p4ia` raises OS error 40 (argument) for a request it cannot answer (another version, a
//! level that is none, moves that are not a game in progress); `puiss4` deletes both variables
//! once it has the reply.

use crate::game::companion::{Companion, WATCH_KEYS};
use crate::os::Name;

/// The request's variable, its type, and the reply's.
pub const REQUEST: Name = Name::lit(b"p4req");
/// The request's custom type.
pub const REQUEST_TYPE: &[u8] = b"p4q";
/// The reply's variable.
pub const REPLY: Name = Name::lit(b"p4rep");
/// The reply's custom type.
pub const REPLY_TYPE: &[u8] = b"p4r";
/// The AI program.
pub const PROGRAM: Name = Name::lit(b"p4ia");
/// The version of both layouts.
pub const VERSION: u8 = 1;
/// Bytes of a request before its moves.
pub const REQUEST_HEAD: usize = 7;
/// Bytes of a reply without its keys.
pub const REPLY_HEAD: usize = 8;
/// The most keys a reply carries.
pub const REPLY_KEYS: usize = WATCH_KEYS;

/// `p4ia` and its two variables.
pub const COMPANION: Companion = Companion {
    program: PROGRAM,
    request: (REQUEST, REQUEST_TYPE),
    reply: (REPLY, REPLY_TYPE),
    version: VERSION,
    reply_head: REPLY_HEAD,
};
