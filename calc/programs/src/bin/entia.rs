//! `entia`: the rules and the AI of the game `entropy`, run by it for the game's state after
//! each move, each computer move and a person's help (`programs::entropy::request` says how
//! they talk; docs/playing.md#new-entropy).
//!
//! It reads the request `entreq` from the current folder (the game's), plays the game's moves
//! again (`calc::entropy::Game`), answers the question with `calc::entropy::ai` (the level's
//! placement or attack with the seed given, or the cells the level would choose among), and
//! writes its reply `entrep` there, with the game's state.
#![no_std]
#![no_main]

use calc::entropy::ai::{choose_attack, choose_placement, help_attacks, help_placements};
use calc::entropy::moves::replay;
use calc::entropy::score::LineScores;
use calc::entropy::{Level, Outcome, Phase, Variant};
use calc::Rng;
use programs::entropy::request::*;
use programs::os::{Bytes, Os, VarPath};

programs::entry!(main);

/// AMS's error for a bad argument: a request this program cannot answer.
const ERROR_ARGUMENT: u16 = 40;

fn main(mut os: Os) {
    let os = &mut os;
    // The moves (at most 201), and the type's tag after them.
    let mut buf = Bytes::<{ REQUEST_HEAD + 201 + 12 }>::zeroed();
    let reply = match os.read_data(&VarPath::current(&REQUEST), REQUEST_TYPE, &mut buf.0) {
        Ok(request) => answer(request),
        Err(_) => None,
    };
    let Some(reply) = reply else {
        os.raise_error(ERROR_ARGUMENT)
    };
    // A failed store leaves no reply: the game sees it is missing and says so.
    let _ = os.store_data(&VarPath::current(&REPLY), &reply.0, REPLY_TYPE);
}

/// The reply to `request`; `None` for one that cannot be answered.
fn answer(request: &[u8]) -> Option<Bytes<REPLY_LEN>> {
    let head = request.get(..REQUEST_HEAD)?;
    if head[0] != VERSION || request.len() != REQUEST_HEAD + usize::from(head[7]) {
        return None;
    }
    let question = Question::from_code(head[1])?;
    let level = match head[2] {
        0 => Level::Easy,
        1 => Level::Hard,
        2 => Level::Expert,
        _ => return None,
    };
    let mut rng = Rng::new(u32::from_be_bytes([head[3], head[4], head[5], head[6]]));
    let game = replay(&request[REQUEST_HEAD..])?;
    let (board, variant, bag) = (game.board(), game.variant(), game.bag().counts());
    let mut reply = Bytes::<REPLY_LEN>::zeroed();
    reply[0] = VERSION;
    let mut evaluations = 0;
    let mut mask = 0u64;
    match (question, game.phase()) {
        (Question::State, _) => {}
        (Question::Place, Phase::Place { piece, .. }) => {
            let d = choose_placement(level, board, piece, &bag, variant, &mut rng)?;
            reply[1] = d.choice;
            reply[2] = d.choice;
            evaluations = d.evaluations;
        }
        (Question::Attack, Phase::Attack { at, .. }) => {
            let d = choose_attack(level, board, at, &bag, variant, &mut rng)?;
            reply[1] = d.choice.from;
            reply[2] = d.choice.to;
            evaluations = d.evaluations;
        }
        (Question::HelpPlace, Phase::Place { piece, .. }) => {
            mask = help_placements(level, board, piece, &bag, variant);
        }
        (Question::HelpAttack, Phase::Attack { at, .. }) => {
            mask = help_attacks(level, board, at, &bag, variant);
        }
        _ => return None,
    }
    reply[3..7].copy_from_slice(&evaluations.to_be_bytes());
    reply[MASK..MASK + 7].copy_from_slice(&mask.to_le_bytes()[..7]);
    let (phase, player, piece, at) = match game.phase() {
        Phase::Place { player, piece } => (0, player, piece.code(), 0),
        Phase::Attack { player, piece, at } => (1, player, piece.code(), at),
        Phase::Over => (2, 0, 0, 0),
    };
    let lines = LineScores::of(board);
    let [s0, s1] = game.scores();
    let state = [
        phase,
        player,
        piece,
        at,
        game.round(),
        game.turn(),
        u8::from(variant == Variant::Classic),
        match game.outcome() {
            None | Some(Outcome::Resigned(_)) => 0,
            Some(Outcome::Won(p)) => 1 + p,
            Some(Outcome::Draw) => 3,
        },
    ];
    reply[PHASE..SCORES].copy_from_slice(&state);
    for (i, v) in [s0, s1, lines.row_sum, lines.column_sum]
        .into_iter()
        .enumerate()
    {
        reply[SCORES + 4 * i..SCORES + 4 * i + 4].copy_from_slice(&v.to_be_bytes());
    }
    reply[COUNTS..CELLS].copy_from_slice(&bag);
    reply[CELLS..].copy_from_slice(board.codes());
    Some(reply)
}
