//! The built-in opening book of Connect Four's expert level (`calc::connect4::book`): it holds
//! every position the expert meets while following it, answers for no other position, plays
//! legal moves, and the expert plays it, then the engine.
//!
//! A move's value being right is not enough: a move proven to lose is wrong wherever another
//! column does better. So each book move is re-proven against every other column of its
//! position by the exact solver, with no budget: the move's value must be the position's value
//! (win, draw or loss), and the value stored with it the one proven. A sample runs every time;
//! `every_book_move_is_as_good_as_its_position` (ignored: about 2.5 minutes in release, 1.6
//! billion nodes) checks every position.

use calc::connect4::ai::{choose, Ai};
use calc::connect4::book::{self, book_move};
use calc::connect4::search::Entry;
use calc::connect4::solver::{self, Solver};
use calc::connect4::Board;
use calc::Rng;
use std::collections::HashSet;

/// The positions the expert meets while it follows the book, as either player, whatever the
/// opponent plays, up to the book's depth: one board per canonical key, with the moves (columns
/// 1-7) that first reached it.
fn positions_met() -> Vec<(String, Board)> {
    let mut seen = HashSet::new();
    let mut met = Vec::new();
    for side in 0..2u8 {
        let mut stack = vec![(String::new(), Board::new())];
        let mut visited = HashSet::new();
        while let Some((moves, board)) = stack.pop() {
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
                    met.push((moves.clone(), board));
                }
                vec![m.column]
            } else {
                (0..7).filter(|&c| board.can_play(c)).collect()
            };
            for c in columns {
                let mut child = board;
                child.play(c).unwrap();
                stack.push((format!("{moves}{}", c + 1), child));
            }
        }
    }
    met
}

#[test]
fn the_book_holds_exactly_the_positions_the_expert_meets() {
    let met = positions_met();
    assert_eq!(met.len(), book::len(), "one entry per position met");
    let inside: HashSet<u64> = met.iter().map(|(_, b)| book::canonical_key(b).0).collect();
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

/// Re-proves the book's move of each position of `positions` (moves, board) with the exact
/// solver, no budget, weak values (win 1, draw 0, loss -1 for the side to move), a table of
/// 2^`table_bits` entries kept across positions (it holds true bounds only). The move's value
/// must be the position's, the best of every column: a move proven to win is; otherwise the
/// solver searches the position itself (a search, not the generator's record). The value
/// stored with the move must be the one proven. Gives the number of positions checked and
/// what is wrong, with every column's value where the move is not the best.
fn reprove(positions: &[(String, Board)], table_bits: u32) -> (usize, Vec<String>) {
    let mut table = vec![solver::Entry::EMPTY; 1 << table_bits];
    let mut solver = Solver::new(&mut table);
    let mut wrong = Vec::new();
    for (moves, board) in positions {
        let m = book_move(board).unwrap_or_else(|| panic!("not in the book: {moves}"));
        let own = if board.is_winning_move(m.column) {
            1
        } else {
            let mut child = *board;
            child.play(m.column).unwrap();
            -solver.solve(&child, true)
        };
        // No column beats a win; otherwise the position's own search.
        let best = if own == 1 {
            1
        } else {
            solver.solve(board, true)
        };
        if own != best {
            let columns = solver.analyse(board, true);
            wrong.push(format!(
                "{moves}: the book's column {} is worth {own}, the position {best} \
                 (columns 1-7: {columns:?})",
                m.column + 1
            ));
        }
        if m.value != Some(own) {
            wrong.push(format!(
                "{moves}: column {} stored as worth {:?}, proven {own}",
                m.column + 1,
                m.value
            ));
        }
    }
    (positions.len(), wrong)
}

#[test]
fn every_book_move_is_proven() {
    let unproven: Vec<String> = positions_met()
        .into_iter()
        .filter(|(_, b)| book_move(b).unwrap().value.is_none())
        .map(|(moves, _)| moves)
        .collect();
    assert!(unproven.is_empty(), "not proven: {unproven:?}");
}

/// The stride of the sample of deep positions that every test run re-proves.
const SAMPLE_STEP: usize = 12;

#[test]
fn sampled_book_moves_are_as_good_as_their_positions() {
    // Every SAMPLE_STEP-th position of 5 and 6 stones: about 10 s in the test profile
    // (shallower positions take up to half a minute each in release).
    let sample: Vec<(String, Board)> = positions_met()
        .into_iter()
        .filter(|(_, b)| b.moves() >= 5)
        .step_by(SAMPLE_STEP)
        .collect();
    let (checked, wrong) = reprove(&sample, 22);
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert!(checked >= 20, "{checked} positions checked");
}

#[test]
#[ignore = "about 2.5 minutes in release: cargo test --release -p calc --test connect4_book -- --ignored"]
fn every_book_move_is_as_good_as_its_position() {
    let (checked, wrong) = reprove(&positions_met(), 25);
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert_eq!(checked, book::len(), "every book position");
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
    let engine = choose(
        Ai::AlphaBeta(calc::connect4::ai::EXPERT_STANDARD_NODES),
        &out,
        &mut Rng::new(1),
        &mut table,
    );
    assert_eq!(expert, engine);
    assert!(expert.nodes > 0);
}
