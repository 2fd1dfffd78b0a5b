//! The built-in opening book of Connect Four's expert level (`calc::connect4::book`): it holds
//! every position the expert meets while following it, answers for no other position, plays
//! legal moves whose proven values the exact solver confirms, and the expert plays it, then
//! the engine.
//!
//! A move's value being right is not enough: a move proven to lose is wrong wherever another
//! column does better. `book_moves_are_as_good_as_their_positions` (ignored: minutes in
//! release) checks that the value of every proven book move is the value of its position.

use calc::connect4::ai::{choose, Ai};
use calc::connect4::book::{self, book_move};
use calc::connect4::search::Entry;
use calc::connect4::solver::{self, Solver};
use calc::connect4::Board;
use calc::Rng;
use std::collections::HashSet;

/// The positions (canonical keys, and one board each) the expert meets while it follows the
/// book, as either player, whatever the opponent plays, up to the book's depth.
fn positions_met() -> Vec<Board> {
    let mut seen = HashSet::new();
    let mut met = Vec::new();
    for side in 0..2u8 {
        let mut stack = vec![Board::new()];
        let mut visited = HashSet::new();
        while let Some(board) = stack.pop() {
            if board.moves() > book::max_ply()
                || board.outcome().is_some()
                || !visited.insert(book::canonical_key(&board).0)
            {
                continue;
            }
            let columns: Vec<u8> = if board.moves() % 2 == side {
                let m = book_move(&board)
                    .unwrap_or_else(|| panic!("a position the expert meets is missing: {board:?}"));
                if seen.insert(book::canonical_key(&board).0) {
                    met.push(board);
                }
                vec![m.column]
            } else {
                (0..7).filter(|&c| board.can_play(c)).collect()
            };
            for c in columns {
                let mut child = board;
                child.play(c).unwrap();
                stack.push(child);
            }
        }
    }
    met
}

#[test]
fn the_book_holds_exactly_the_positions_the_expert_meets() {
    let met = positions_met();
    assert_eq!(met.len(), book::len(), "one entry per position met");
    let inside: HashSet<u64> = met.iter().map(|b| book::canonical_key(b).0).collect();
    // Every position of at most max_ply stones: found exactly when it is one of them.
    let mut frontier = vec![Board::new()];
    let mut checked = 0;
    let mut seen = HashSet::new();
    for _ in 0..=book::max_ply() {
        let mut next = Vec::new();
        for board in frontier {
            let key = book::canonical_key(&board).0;
            assert_eq!(
                book_move(&board).is_some(),
                inside.contains(&key),
                "{board:?}"
            );
            checked += 1;
            for c in 0..7 {
                let mut child = board;
                if child.play(c).is_ok() && seen.insert(child.key()) {
                    next.push(child);
                }
            }
        }
        frontier = next;
    }
    assert!(checked > 20_000, "{checked} positions checked");
    // Deeper positions are never looked up.
    let deep = Board::from_moves("44444433").unwrap();
    assert!(deep.moves() > book::max_ply());
    assert_eq!(book_move(&deep), None);
}

#[test]
fn book_values_are_what_the_solver_proves() {
    // The deepest positions are the cheapest to solve: check every fourth proven entry there
    // whose solve takes at most a million nodes (a fraction of a second in release).
    let mut table = vec![solver::Entry::EMPTY; 1 << 20];
    let mut solver = Solver::new(&mut table);
    let mut checked = 0;
    let deepest: Vec<Board> = positions_met()
        .into_iter()
        .filter(|b| b.moves() + 1 >= book::max_ply())
        .collect();
    for board in deepest.iter().step_by(4) {
        let m = book_move(board).unwrap();
        let Some(value) = m.value else { continue };
        let mut child = *board;
        child.play(m.column).unwrap();
        let proven = if board.is_winning_move(m.column) {
            1
        } else {
            match solver.solve_within(&child, true, 1_000_000) {
                Some(v) => -v,
                None => continue,
            }
        };
        assert_eq!(proven, value, "{board:?} column {}", m.column);
        checked += 1;
    }
    assert!(checked >= 20, "{checked} values checked");
}

/// Book entries known to be wrong, as move strings reaching them: the first generator kept the
/// column the engine proposed, proven to lose, while a better column was too hard for its
/// budget (`ti68k::book::choose` no longer does). At `4444` it plays 3 where 4 wins; at `4554`
/// 5 where 4 wins; at `64444` 2 where 6 draws. Empty this list when the book is regenerated.
const KNOWN_WRONG: [&str; 3] = ["4444", "4554", "64444"];

#[test]
#[ignore = "minutes in release: cargo test --release -p calc --test connect4_book -- --ignored"]
fn book_moves_are_as_good_as_their_positions() {
    let mut table = vec![solver::Entry::EMPTY; 1 << 24];
    let mut solver = Solver::new(&mut table);
    let mut checked = 0;
    let mut wrong = Vec::new();
    for board in positions_met() {
        let m = book_move(&board).unwrap();
        let Some(value) = m.value else { continue };
        // The position's own value: the best any column proves.
        let Some(best) = solver.solve_within(&board, true, 500_000_000) else {
            continue;
        };
        checked += 1;
        if best != value {
            wrong.push((book::canonical_key(&board).0, board, m.column, value, best));
        }
    }
    let known: Vec<u64> = KNOWN_WRONG
        .iter()
        .map(|moves| book::canonical_key(&Board::from_moves(moves).unwrap()).0)
        .collect();
    let unexpected: Vec<String> = wrong
        .iter()
        .filter(|w| !known.contains(&w.0))
        .map(|(_, b, col, value, best)| {
            format!(
                "{b:?}: the book's column {} is worth {value}, the position {best}",
                col + 1
            )
        })
        .collect();
    assert!(unexpected.is_empty(), "{unexpected:#?}");
    let right_now: Vec<&str> = KNOWN_WRONG
        .iter()
        .zip(&known)
        .filter(|(_, k)| !wrong.iter().any(|w| w.0 == **k))
        .map(|(moves, _)| *moves)
        .collect();
    assert!(
        right_now.is_empty(),
        "right now, remove from KNOWN_WRONG: {right_now:?}"
    );
    eprintln!(
        "{checked} proven book moves checked, {} known wrong",
        wrong.len()
    );
    assert!(checked >= 250, "{checked} positions checked");
}

#[test]
fn the_expert_plays_the_book_then_the_engine() {
    let mut table = vec![Entry::EMPTY; 512];
    let start = Board::new();
    let in_book = book_move(&start).expect("the empty board is in the book");
    let c = choose(Ai::EXPERT, &start, &mut Rng::new(1), &mut table);
    assert_eq!(c.column, Some(in_book.column));
    assert_eq!(c.nodes, 0, "a book move searches nothing");
    // Out of the book (more stones than its depth): exactly the engine.
    let out = Board::from_moves("44455532").unwrap();
    assert!(out.moves() > book::max_ply());
    let expert = choose(Ai::EXPERT, &out, &mut Rng::new(1), &mut table);
    let engine = choose(Ai::STRONG, &out, &mut Rng::new(1), &mut table);
    assert_eq!(expert, engine);
    assert!(expert.nodes > 0);
}
