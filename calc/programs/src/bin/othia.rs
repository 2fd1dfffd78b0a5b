//! `othia`: the Othello AI of the game `othello`, run by it for each computer move
//! (`programs::othello::request` says how they talk; docs/playing.md#othello).
//!
//! It reads the request `othreq` from the current folder (the game's), plays the player asked
//! (`calc::othello::player`: seed 002's AI, the searching AI's easy, medium and hard levels
//! with their node budgets and exact endgame) on the position of the moves given, with the seed
//! given, and writes its reply `othrep` there. While a search runs it watches the keyboard at
//! each of the search's budget checks (every 1,024 nodes): ESC or QUIT stops it (the reply says
//! which, and the game leaves the board); the other keys are handed back to the game in the
//! reply, in the order pressed.
#![no_std]
#![no_main]

use calc::othello::player::{self, replay, Ai};
use calc::othello::tt::Entry;
use calc::othello::{Board, Status};
use calc::Rng;
use programs::game::companion::Watch;
use programs::os::{Bytes, Os, VarPath};
use programs::othello::request::*;

programs::entry!(main);

/// Entries of the searches' transposition table (24 bytes each, on the shadow stack).
const TABLE_LEN: usize = 1024;

/// AMS's error for a bad argument: a request this program cannot answer.
const ERROR_ARGUMENT: u16 = 40;

fn main(mut os: Os) {
    let os = &mut os;
    let mut buf = Bytes::<{ REQUEST_HEAD + MAX_MOVES + 8 }>::zeroed();
    let request = match os.read_data(&VarPath::current(&REQUEST), REQUEST_TYPE, &mut buf.0) {
        Ok(r) => r,
        Err(_) => os.raise_error(ERROR_ARGUMENT),
    };
    let (ai, seed, board) = match decode(request) {
        Some(r) => r,
        None => os.raise_error(ERROR_ARGUMENT),
    };
    let mut table = Entry::fresh_table::<TABLE_LEN>();
    let mut watch = Watch::new(os.model());
    let mut rng = Rng::new(seed);
    let choice = player::choose_with(ai, &board, &mut rng, &mut table, |_| watch.look(os));
    let stop = watch.stop;
    let keys = watch.kept();
    let mut reply = Bytes::<{ REPLY_HEAD + 2 * REPLY_KEYS }>::zeroed();
    reply[0] = VERSION;
    reply[1] = match (stop, choice.square) {
        (0, Some(sq)) => sq.index() + 1,
        _ => 0,
    };
    reply[2] = stop;
    reply[3..7].copy_from_slice(&(choice.nodes.min(u64::from(u32::MAX)) as u32).to_be_bytes());
    if let Some(diff) = choice.exact {
        reply[7] = 1;
        reply[8] = diff as i8 as u8;
    }
    reply[9] = (keys.len() / 2) as u8;
    let len = REPLY_HEAD + keys.len();
    reply[REPLY_HEAD..len].copy_from_slice(keys);
    // A failed store leaves no reply: the game sees it is missing and says so.
    let _ = os.store_data(&VarPath::current(&REPLY), &reply[..len], REPLY_TYPE);
}

/// The player, the seed and the position of a request; `None` for one that cannot be answered.
fn decode(request: &[u8]) -> Option<(Ai, u32, Board)> {
    let head = request.get(..REQUEST_HEAD)?;
    if head[0] != VERSION || request.len() != REQUEST_HEAD + usize::from(head[6]) {
        return None;
    }
    let ai = Ai::from_code(head[1])?;
    let seed = u32::from_be_bytes([head[2], head[3], head[4], head[5]]);
    let board = replay(&request[REQUEST_HEAD..])?;
    matches!(board.status(), Status::ToMove(_)).then_some((ai, seed, board))
}
