//! The exact endgame solver against the FFO endgame test suite, positions #1 to #39
//! (tests/data/othello/fforum-1-19.obf and fforum-20-39.obf): for each, the exact score and a
//! move among the file's best moves.
//!
//! Positions #1-#35 run with `cargo test`. The four hardest (#36-#39, 21 to 26 empty squares,
//! about half a minute together in a release build) are ignored by default and run by
//! `tools/test` (CI) with `cargo test --release -p calc --test othello_ffo -- --include-ignored`.
//! Positions #40-#59 are the bench's (`ti68k bench othello`).

use calc::budget::Unlimited;
use calc::othello::obf::Obf;
use calc::othello::solver::solve;
use calc::othello::tt::Entry;

fn positions() -> Vec<(usize, Obf)> {
    let files = [
        (1, include_str!("data/othello/fforum-1-19.obf")),
        (20, include_str!("data/othello/fforum-20-39.obf")),
    ];
    let mut out = Vec::new();
    for (first, text) in files {
        for (i, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
            out.push((first + i, Obf::parse(line).expect("bad OBF line")));
        }
    }
    assert_eq!(out.len(), 39);
    out
}

fn check(range: core::ops::RangeInclusive<usize>) {
    let mut table = vec![Entry::default(); 1 << 20];
    for (number, obf) in positions().into_iter().filter(|(n, _)| range.contains(n)) {
        let p = obf.position();
        let s = solve(&p, &mut table, &mut Unlimited).unwrap();
        let best = s.best.expect("a move");
        assert_eq!(
            Some(s.score as i8),
            obf.best_score(),
            "FFO #{number}: score"
        );
        assert!(
            obf.best_moves() & best.bit() != 0,
            "FFO #{number}: {:?} is not a best move",
            core::str::from_utf8(&best.name())
        );
    }
}

#[test]
fn ffo_1_to_19() {
    check(1..=19);
}

#[test]
fn ffo_20_to_35() {
    check(20..=35);
}

#[test]
#[ignore = "half a minute in release: run by tools/test with --include-ignored"]
fn ffo_36_to_39() {
    check(36..=39);
}
