//! Othello's games for the tests: the core's move of each level as `othia` computes it, the
//! keys that move the board cursor, a person's whole game planned natively against a level of
//! the searching AI (it makes no random choice), and that game played on PedroM under TiEmu
//! (`othello` and `othia` sent beforehand), with the screens of the menu, the legal moves
//! shown, a game in progress and the end.

use calc::othello::player::{choose_with, replay, Ai, Choice};
use calc::othello::tt::Entry;
use calc::othello::{Colour, Squares, Status};
use calc::Rng;
use ti_files::Screen;

use super::keys::Key;
use super::pedrom::{protocol, Play, Shots};
use crate::tiemu::{TiEmu, TiEmuError};

/// Entries of the searches' table in `othia` (calc/programs/src/bin/othia.rs).
pub const OTHIA_TABLE: usize = 1024;

/// The square the board cursor starts on (d3: calc/programs/src/othello/table.rs).
pub const CURSOR_START: u8 = 19;

/// The core's move for `ai` with `seed` after `moves` (square indices), as `othia` computes it
/// (a fresh table of its size).
pub fn core_choice(ai: Ai, seed: u32, moves: &[u8]) -> Choice {
    let board = replay(moves).expect("a game");
    let mut table = vec![Entry::default(); OTHIA_TABLE];
    choose_with(ai, &board, &mut Rng::new(seed), &mut table, |_| false)
}

/// The arrows that take the board cursor from square `from` to square `to`, then ENTER.
pub fn path(from: u8, to: u8) -> Vec<Key> {
    let (fc, fr, tc, tr) = (from % 8, from / 8, to % 8, to / 8);
    let mut keys = Vec::new();
    let (h, n) = if tc >= fc {
        (Key::Right, tc - fc)
    } else {
        (Key::Left, fc - tc)
    };
    keys.extend(std::iter::repeat_n(h, usize::from(n)));
    let (v, n) = if tr >= fr {
        (Key::Down, tr - fr)
    } else {
        (Key::Up, fr - tr)
    };
    keys.extend(std::iter::repeat_n(v, usize::from(n)));
    keys.push(Key::Enter);
    keys
}

/// A person's game (black, first) against `ai` (white): the person plays the legal move
/// nearest the cursor (fewest keys). The keys of each of the person's moves, and the game's
/// moves to the end.
pub fn against(ai: Ai) -> (Vec<Vec<Key>>, Vec<u8>) {
    let mut moves = Vec::new();
    let mut keys = Vec::new();
    let mut cursor = CURSOR_START;
    loop {
        let board = replay(&moves).expect("a game");
        let Status::ToMove(colour) = board.status() else {
            return (keys, moves);
        };
        let sq = if colour == Colour::Black {
            let distance = |s: u8| (s % 8).abs_diff(cursor % 8) + (s / 8).abs_diff(cursor / 8);
            let sq = Squares(board.legal_moves())
                .map(|s| s.index())
                .min_by_key(|&s| (distance(s), s))
                .expect("a legal move");
            keys.push(path(cursor, sq));
            cursor = sq;
            sq
        } else {
            core_choice(ai, 0, &moves).square.expect("a move").index()
        };
        moves.push(sq);
    }
}

/// `othello` and `othia` (sent beforehand): a person against the easy level (the second
/// player's default, medium, one to the left), the legal moves shown, the game played to its
/// end; the end screen's count is the core's and the tally saved says who won. The screens,
/// and the one with the legal moves shown.
pub fn on_pedrom(t: &mut TiEmu) -> Result<(Shots, Screen), TiEmuError> {
    let (keys, moves) = against(Ai::Easy);
    let end = replay(&moves).expect("a game");
    let (b, w) = (end.count(Colour::Black), end.count(Colour::White));
    let (result, tally) = match b.cmp(&w) {
        std::cmp::Ordering::Greater => ("Black wins!", [1, 0, 0]),
        std::cmp::Ordering::Less => ("White wins!", [0, 1, 0]),
        std::cmp::Ordering::Equal => ("Draw!", [0, 0, 1]),
    };
    let score = format!("{b}-{w}");
    const MENU: &str = "ENTER:choose ESC:quit";
    const TURN: &str = "ENTER:play F3:undo F4:hint";
    const END: &str = "ENTER:new game ESC:menu";
    let texts = [
        "Othello",
        "Human",
        "Medium 7s",
        "Easy 7s",
        MENU,
        TURN,
        END,
        result,
        &score,
    ];
    let mut p = Play::new(t, "othello", &texts)?;
    p.start(
        "main\\othello",
        "",
        &["Othello", "Human", "Medium 7s", MENU],
    )?;
    p.press(Key::Down, &[MENU])?;
    p.press(Key::Down, &[MENU])?;
    let menu = p.press(Key::Left, &["Easy 7s"])?;
    p.press(Key::F(1), &[TURN])?;
    let hints = p.press(Key::F(4), &[TURN])?;
    let mut playing = None;
    let mut last = hints.clone();
    for (i, move_keys) in keys.iter().enumerate() {
        for &k in move_keys {
            last = p.press(k, &[TURN, END])?;
        }
        if i == keys.len() / 2 {
            playing = Some(last.clone());
        }
    }
    p.expect(&last, &[result, &score, END])?;
    p.press(Key::Esc, &[MENU])?;
    p.leave(Key::Esc)?;
    let saved = p.settings("othsave", "ots")?;
    if saved.tally() != tally {
        return Err(protocol(format!(
            "othello saved the tally {:?}, not {tally:?} ({result} {score})",
            saved.tally()
        )));
    }
    let shots = Shots {
        menu,
        playing: playing.unwrap_or_else(|| last.clone()),
        end: last,
    };
    Ok((shots, hints))
}
