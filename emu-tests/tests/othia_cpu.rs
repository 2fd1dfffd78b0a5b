//! Othello's AI program `othia` in the 68000 CPU harness: at every level, on positions of random
//! games (the midgame, and every depth around the levels' exact endgame), it plays the core's
//! move (`calc::othello::player::choose_with`, the same seed and table size: square, nodes and
//! exact score), and each level's worst move (its whole run) stays under 10 s at 12 MHz, the
//! times the menu of `othello` states. The cycles per move per level are printed
//! (`--nocapture`): the figures of docs/playing.md#othello.

mod games;
mod programs;

use calc::othello::player::{replay, Ai};
use calc::othello::{Board, Squares, Status};
use calc::Rng;
use emu_tests::ai::Costs;
use emu_tests::games::othello::core_choice;
use games::Calculator;
use ti_files::Model;

/// The menu's names of the levels (calc/programs/src/othello/table.rs), and their players.
const LEVELS: [(&str, Ai); 4] = [
    ("Seed 0.2s", Ai::Seed),
    ("Easy 7s", Ai::Easy),
    ("Medium 7s", Ai::Medium),
    ("Hard 9s", Ai::Hard),
];

/// `othia`'s request for `ai` with `seed` after `moves`, as custom data.
fn request(ai: Ai, seed: u32, moves: &[u8]) -> Vec<u8> {
    let mut data = vec![1, ai.code()];
    data.extend_from_slice(&seed.to_be_bytes());
    data.push(moves.len() as u8);
    data.extend_from_slice(moves);
    data.extend_from_slice(b"\0otq\0\xF8");
    data
}

/// A game of random moves from `seed` as square indices, to the end.
fn random_game(seed: u32) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let mut moves = Vec::new();
    let mut board = Board::new();
    loop {
        match board.status() {
            Status::Over { .. } => return moves,
            Status::MustPass(_) => board.pass().unwrap(),
            Status::ToMove(_) => {
                let legal = board.legal_moves();
                let k = rng.below(legal.count_ones()) as usize;
                let sq = Squares(legal).nth(k).unwrap();
                board.play(sq).unwrap();
                moves.push(sq.index());
            }
        }
    }
}

/// The numbers of empty squares of the positions, in turn: the midgame, and every depth around
/// the levels' exact solves (8 to 12 empties) and the hard level's budgeted search before them.
const EMPTIES: [usize; 15] = [56, 48, 40, 34, 28, 22, 18, 15, 13, 12, 11, 10, 9, 8, 6];

/// `count` positions (move lists) of random games with the side to move able to move, their
/// empties in turn from [`EMPTIES`].
fn positions(seed: u32, count: usize) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut k = 0u32;
    while out.len() < count {
        let empties = EMPTIES[out.len() % EMPTIES.len()];
        let game = random_game(seed + k);
        k += 1;
        // Each move fills one square: after n moves, 60 - n empties.
        let n = 60 - empties;
        if n < game.len() {
            let board = replay(&game[..n]).unwrap();
            if matches!(board.status(), Status::ToMove(_)) {
                out.push(game[..n].to_vec());
            }
        }
    }
    out
}

/// Every level, run by `othia` in the harness, plays the core's move (square, nodes, exact
/// score) on `count` positions; its worst move (othia's whole run) stays under 10 s.
fn othia_levels(test: &str, count: usize) {
    let Some(mut calc) = Calculator::with(test, Model::Ti89, &["othia"], ("othreq", "otq")) else {
        return;
    };
    calc.m.set_current_folder("games").unwrap();
    let positions = positions(0x07_4E11, count);
    let mut costs = Costs::default();
    for (name, ai) in LEVELS {
        for (i, moves) in positions.iter().enumerate() {
            let seed = 2000 + i as u32;
            let want = core_choice(ai, seed, moves);
            calc.store_settings(request(ai, seed, moves));
            let out = calc
                .m
                .run("games\\othia", "")
                .unwrap_or_else(|e| panic!("{name} after {moves:?}: {e}"));
            let reply = match calc.m.get_value("games\\othrep").unwrap() {
                ti_files::Value::Opaque { data, .. } => data,
                other => panic!("{other:?}"),
            };
            let nodes = u32::from_be_bytes([reply[3], reply[4], reply[5], reply[6]]);
            let exact = (reply[7] == 1).then_some(i32::from(reply[8] as i8));
            assert_eq!(
                (reply[0], reply[1], reply[2], u64::from(nodes), exact),
                (
                    1,
                    want.square.map_or(0, |s| s.index() + 1),
                    0,
                    want.nodes,
                    want.exact
                ),
                "{name} after {} moves {moves:?}: the core's move, nodes and exact score",
                moves.len()
            );
            let empties = 60 - moves.len();
            let phase = if want.exact.is_some() {
                format!("{name}, solved ({empties} empties)")
            } else if ai != Ai::Seed && empties <= usize::from(ai.plan().unwrap().exact_from) {
                format!("{name}, solver out of budget")
            } else {
                name.to_string()
            };
            costs.add("othello (othia)", name, out.counters.cycles, want.nodes);
            if phase != name {
                costs.add("othello (othia)", &phase, out.counters.cycles, want.nodes);
            }
        }
    }
    println!("{}", costs.table());
    costs.assert_max_under(10_000);
}

#[test]
fn othia_plays_like_the_core_within_the_menus_times() {
    othia_levels("othia_plays_like_the_core_within_the_menus_times", 15);
}

/// The same on 120 positions (several minutes): the figures of docs/playing.md#othello.
#[test]
#[ignore = "120 positions at every level: several minutes"]
fn othia_levels_on_120_positions() {
    othia_levels("othia_levels_on_120_positions", 120);
}
