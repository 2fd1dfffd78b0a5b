//! The exact solver against Pons' six test sets (`tests/data/connect4/`, 1000 positions each,
//! with exact scores).
//!
//! CI runs every position of End-Easy, Middle-Easy, Middle-Medium and Begin-Easy (strong and
//! weak), every 20th position of Begin-Medium (50: lines 1, 21, ..., 981) and every 200th of
//! Begin-Hard (5: lines 1, 201, 401, 601, 801), strong only.
//! The full Begin-Medium and Begin-Hard sets are `#[ignore]`d tests, run with
//! `cargo test --release -p calc --test connect4_solver -- --ignored` (about 3 minutes and
//! 3 hours on one core); `ti68k bench connect4` measures mean nodes and time on all six.

use calc::connect4::solver::{Entry, Solver};
use calc::connect4::Board;

/// Solves the positions of `text` (one `MOVES SCORE` per line) whose 0-based line index is a
/// multiple of `step`, strongly (and weakly too when `weak`), and checks every score. Returns the
/// number of positions checked.
fn check(text: &str, step: usize, weak: bool) -> usize {
    let mut table = vec![Entry::EMPTY; 1 << 22];
    // The table is kept from one position to the next: its entries are true bounds.
    let mut solver = Solver::new(&mut table);
    let mut checked = 0;
    for (i, line) in text.lines().enumerate().filter(|(i, _)| i % step == 0) {
        let mut words = line.split_whitespace();
        let moves = words.next().unwrap();
        let want: i8 = words.next().unwrap().parse().unwrap();
        let board = Board::from_moves(moves).unwrap();
        assert_eq!(solver.solve(&board, false), want, "line {}: {moves}", i + 1);
        if weak {
            let got = solver.solve(&board, true);
            assert_eq!(got, want.signum(), "line {}: {moves} (weak)", i + 1);
        }
        checked += 1;
    }
    checked
}

#[test]
fn end_easy_all() {
    assert_eq!(
        check(include_str!("data/connect4/Test_L3_R1"), 1, true),
        1000
    );
}

#[test]
fn middle_easy_all() {
    assert_eq!(
        check(include_str!("data/connect4/Test_L2_R1"), 1, true),
        1000
    );
}

#[test]
fn middle_medium_all() {
    assert_eq!(
        check(include_str!("data/connect4/Test_L2_R2"), 1, true),
        1000
    );
}

#[test]
fn begin_easy_all() {
    assert_eq!(
        check(include_str!("data/connect4/Test_L1_R1"), 1, true),
        1000
    );
}

#[test]
fn begin_medium_every_20th() {
    assert_eq!(
        check(include_str!("data/connect4/Test_L1_R2"), 20, false),
        50
    );
}

#[test]
fn begin_hard_every_200th() {
    assert_eq!(
        check(include_str!("data/connect4/Test_L1_R3"), 200, false),
        5
    );
}

#[test]
#[ignore = "about 3 minutes: run with --ignored"]
fn begin_medium_all() {
    assert_eq!(
        check(include_str!("data/connect4/Test_L1_R2"), 1, false),
        1000
    );
}

#[test]
#[ignore = "about 3 hours: run with --ignored"]
fn begin_hard_all() {
    assert_eq!(
        check(include_str!("data/connect4/Test_L1_R3"), 1, false),
        1000
    );
}
