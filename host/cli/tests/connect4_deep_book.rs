//! The toolkit's deep book (`calc/data/connect4/livre.txt`, read by `joueur`'s expert levels
//! from the variable `livre`): it holds exactly the positions the expert meets while it
//! follows the built-in book and then the deep book, as either player and whatever the
//! opponent plays; every move is proven; and each move is re-proven against every other
//! column by the exact solver, with no budget (the move's value must be the position's value,
//! the value stored with it the one proven). A sample is re-proven at every run;
//! `every_deep_book_move_is_as_good_as_its_position` (ignored) re-proves them all:
//! `cargo test --release -p ti68k --test connect4_deep_book -- --ignored`.

use calc::connect4::ai;
use calc::connect4::book::{self, book_move};
use calc::connect4::deep_book::MAX_ENTRIES;
use calc::connect4::solver::{self, Solver};
use calc::connect4::Board;
use calc::Rng;
use std::collections::HashSet;
use std::path::Path;
use std::time::Instant;
use ti68k::book::deep;

/// The expert's book move in `board`: the built-in book's, else the deep book's.
fn expert_book_move(board: &Board) -> Option<(u8, Option<i8>)> {
    book_move(board)
        .or_else(|| deep::toolkit().lookup(board))
        .map(|m| (m.column, m.value))
}

/// The positions of the deep book's plies the expert meets while it follows its books, as
/// either player, whatever the opponent plays: one board per canonical key, with the moves
/// (columns 1-7) that first reached it.
fn deep_positions_met() -> Vec<(String, Board)> {
    let header = deep::toolkit().header();
    let mut seen = HashSet::new();
    let mut met = Vec::new();
    for side in 0..2u8 {
        let mut stack = vec![(String::new(), Board::new())];
        let mut visited = HashSet::new();
        while let Some((moves, board)) = stack.pop() {
            if board.moves() > header.max_ply
                || board.outcome().is_some()
                || !visited.insert(book::canonical_key(&board).0)
            {
                continue;
            }
            let columns: Vec<u8> = if board.moves() % 2 == side {
                let (column, _) = expert_book_move(&board)
                    .unwrap_or_else(|| panic!("a position the expert meets is missing: {moves}"));
                if board.moves() >= header.min_ply && seen.insert(book::canonical_key(&board).0) {
                    met.push((moves.clone(), board));
                }
                vec![column]
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
fn the_deep_book_holds_exactly_the_positions_the_expert_meets() {
    let book = deep::toolkit();
    let header = book.header();
    assert_eq!(
        header.min_ply,
        book::max_ply() + 1,
        "it starts after the built-in book"
    );
    let met = deep_positions_met();
    assert_eq!(
        met.len(),
        header.count as usize,
        "one entry per position met"
    );
    assert!(header.count <= MAX_ENTRIES);
    // The file on disk is the book this tool carries.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let on_disk = deep::file_bytes(&root.join(deep::TOOLKIT_FILE)).unwrap();
    assert_eq!(on_disk, book.bytes());
    // No other position is found: random positions of the deep plies.
    let inside: HashSet<u64> = met.iter().map(|(_, b)| book::canonical_key(b).0).collect();
    let mut rng = Rng::new(7);
    let mut checked = 0;
    for i in 0..60_000u32 {
        let mut board = Board::new();
        let plies = header.min_ply + (i % u32::from(header.max_ply - header.min_ply + 1)) as u8;
        while board.moves() < plies && board.outcome().is_none() {
            let col = ai::random_column(&board, &mut rng).unwrap();
            board.play(col).unwrap();
        }
        if board.outcome().is_none() {
            let key = book::canonical_key(&board).0;
            assert_eq!(book.lookup(&board).is_some(), inside.contains(&key));
            checked += 1;
        }
    }
    assert!(checked > 50_000, "{checked} positions checked");
}

#[test]
fn every_deep_book_move_is_proven() {
    let positions = deep::parse_text(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../..")
                .join(deep::TOOLKIT_FILE),
        )
        .unwrap(),
        Path::new(deep::TOOLKIT_FILE),
    )
    .unwrap();
    let unproven: Vec<&str> = positions
        .iter()
        .filter(|p| p.value.is_none() || !p.proven_best)
        .map(|p| p.moves.as_str())
        .collect();
    assert!(unproven.is_empty(), "not proven best: {unproven:?}");
}

/// Re-proves the expert's book move of each position (moves, board) with the exact solver, no
/// budget, weak values (win 1, draw 0, loss -1 for the side to move), its table kept across
/// positions (it holds true bounds only): the move's value must be the position's (a move
/// proven to win is; otherwise the solver searches the position itself), and the value stored
/// with it the one proven. Gives what is wrong, with every column's value where the move is
/// not the best.
fn reprove(positions: &[(String, Board)]) -> Vec<String> {
    let mut table = vec![solver::Entry::EMPTY; 1 << 22];
    let mut solver = Solver::new(&mut table);
    let mut wrong = Vec::new();
    for (moves, board) in positions {
        let (column, stored) = expert_book_move(board).unwrap();
        let own = if board.is_winning_move(column) {
            1
        } else {
            let mut child = *board;
            child.play(column).unwrap();
            -solver.solve(&child, true)
        };
        let best = if own == 1 {
            1
        } else {
            solver.solve(board, true)
        };
        if own != best {
            wrong.push(format!(
                "{moves}: column {} is worth {own}, the position {best} (columns 1-7: {:?})",
                column + 1,
                solver.analyse(board, true)
            ));
        }
        if stored != Some(own) {
            wrong.push(format!(
                "{moves}: column {} stored as worth {stored:?}, proven {own}",
                column + 1
            ));
        }
    }
    wrong
}

/// The stride of the sample every test run re-proves.
const SAMPLE_STEP: usize = 40;

#[test]
fn sampled_deep_book_moves_are_as_good_as_their_positions() {
    let sample: Vec<(String, Board)> = deep_positions_met()
        .into_iter()
        .step_by(SAMPLE_STEP)
        .collect();
    assert!(sample.len() >= 30, "{} positions", sample.len());
    let wrong = reprove(&sample);
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
#[ignore = "re-proves the whole deep book: cargo test --release -p ti68k --test connect4_deep_book -- --ignored"]
fn every_deep_book_move_is_as_good_as_its_position() {
    let start = Instant::now();
    let all = deep_positions_met();
    let wrong = reprove(&all);
    println!(
        "{} positions re-proven in {:.1} s",
        all.len(),
        start.elapsed().as_secs_f64()
    );
    assert!(wrong.is_empty(), "{wrong:#?}");
}
