//! `p4ia`: the Connect Four AI of the game `puiss4`, run by it for each computer move
//! (`programs::puiss4::request` says how they talk; docs/playing.md#connect-four).
//!
//! It reads the request `p4req` from the current folder (the game's), plays the level asked
//! (`calc::connect4::ai`: random, win/block, seed 004's Min-Max, the alpha-beta engine, the
//! expert) on the position of the moves given, with the seed given, and writes its reply `p4rep`
//! there. While the engine searches it watches the keyboard every 1,024 nodes: ESC or QUIT stops
//! the search (the reply says which, and the game leaves the board); the other keys are handed
//! back to the game in the reply, in the order pressed.
#![no_std]
#![no_main]

use calc::connect4::ai::{self, Ai};
use calc::connect4::search::Entry;
use calc::connect4::Board;
use calc::Rng;
use programs::game::companion::Watch;
use programs::os::{Bytes, Os, VarPath};
use programs::puiss4::request::*;

programs::entry!(main);

/// Entries of the engine's transposition table (12 bytes each, on the stack).
const TABLE_LEN: usize = 512;

/// AMS's error for a bad argument: a request this program cannot answer.
const ERROR_ARGUMENT: u16 = 40;

fn main(mut os: Os) {
    let os = &mut os;
    let mut buf = Bytes::<80>::zeroed();
    let request = match os.read_data(&VarPath::current(&REQUEST), REQUEST_TYPE, &mut buf.0) {
        Ok(r) => r,
        Err(_) => os.raise_error(ERROR_ARGUMENT),
    };
    let (level, seed, board) = match decode(request) {
        Some(r) => r,
        None => os.raise_error(ERROR_ARGUMENT),
    };
    let mut table = [Entry::EMPTY; TABLE_LEN];
    let mut watch = Watch::new(os.model());
    let mut rng = Rng::new(seed);
    let choice = ai::choose_with(level, &board, &mut rng, &mut table, |_| watch.look(os));
    let stop = watch.stop;
    let keys = watch.kept();
    let mut reply = Bytes::<{ REPLY_HEAD + 2 * REPLY_KEYS }>::zeroed();
    reply[0] = VERSION;
    reply[1] = match (stop, choice.column) {
        (0, Some(col)) => col + 1,
        _ => 0,
    };
    reply[2] = stop;
    reply[3..7].copy_from_slice(&choice.nodes.to_be_bytes());
    reply[7] = (keys.len() / 2) as u8;
    let len = REPLY_HEAD + keys.len();
    reply[REPLY_HEAD..len].copy_from_slice(keys);
    // A failed store leaves no reply: the game sees it is missing and says so.
    let _ = os.store_data(&VarPath::current(&REPLY), &reply[..len], REPLY_TYPE);
}

/// The level, the seed and the position of a request; `None` for one that cannot be answered.
fn decode(request: &[u8]) -> Option<(Ai, u32, Board)> {
    let head = request.get(..REQUEST_HEAD)?;
    if head[0] != VERSION || request.len() != REQUEST_HEAD + usize::from(head[6]) {
        return None;
    }
    let level = Ai::from_code(head[1])?;
    let seed = u32::from_be_bytes([head[2], head[3], head[4], head[5]]);
    let board = Board::from_move_bytes(&request[REQUEST_HEAD..]).ok()?;
    board.outcome().is_none().then_some((level, seed, board))
}
