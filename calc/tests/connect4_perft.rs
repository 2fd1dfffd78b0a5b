//! The rules of Connect Four against perft-style fixtures (`tests/data/connect4/perft.txt`):
//! the number of legal move sequences and of distinct positions at each depth from the empty
//! board, games stopping when won. The bitboard rules are also compared with an independent,
//! cell-by-cell implementation written here.

use calc::connect4::perft::perft;
use calc::connect4::Board;
use std::collections::HashSet;

/// One line of the fixture: depth, move sequences, distinct positions.
struct Row {
    depth: u8,
    sequences: u64,
    positions: u64,
}

fn fixture() -> Vec<Row> {
    let text = include_str!("data/connect4/perft.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<u64> = l.split_whitespace().map(|x| x.parse().unwrap()).collect();
            Row {
                depth: f[0] as u8,
                sequences: f[1],
                positions: f[2],
            }
        })
        .collect()
}

/// A plain 7x6 array board: the independent implementation.
#[derive(Clone)]
struct Naive {
    cells: [[u8; 6]; 7],
    heights: [usize; 7],
    turn: u8,
    won: bool,
}

impl Naive {
    fn new() -> Naive {
        Naive {
            cells: [[0; 6]; 7],
            heights: [0; 7],
            turn: 1,
            won: false,
        }
    }

    fn play(&mut self, c: usize) {
        let r = self.heights[c];
        self.cells[c][r] = self.turn;
        self.heights[c] += 1;
        for (dc, dr) in [(1i32, 0i32), (0, 1), (1, 1), (1, -1)] {
            let mut run = 1;
            for sign in [1i32, -1] {
                let (mut x, mut y) = (c as i32 + sign * dc, r as i32 + sign * dr);
                while (0..7).contains(&x)
                    && (0..6).contains(&y)
                    && self.cells[x as usize][y as usize] == self.turn
                {
                    run += 1;
                    x += sign * dc;
                    y += sign * dr;
                }
            }
            if run >= 4 {
                self.won = true;
            }
        }
        self.turn = 3 - self.turn;
    }

    fn perft(&self, depth: u8) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.won {
            return 0;
        }
        (0..7)
            .filter(|&c| self.heights[c] < 6)
            .map(|c| {
                let mut n = self.clone();
                n.play(c);
                n.perft(depth - 1)
            })
            .sum()
    }
}

#[test]
fn sequence_counts_match_the_fixture() {
    for row in fixture() {
        assert_eq!(
            perft(&Board::new(), row.depth),
            row.sequences,
            "depth {}",
            row.depth
        );
    }
}

#[test]
fn bitboard_rules_match_the_naive_rules() {
    for depth in 0..=6 {
        assert_eq!(
            perft(&Board::new(), depth),
            Naive::new().perft(depth),
            "depth {depth}"
        );
    }
    // And from a crowded middle game position, deeper.
    let moves = "4453443352256";
    let mut naive = Naive::new();
    for ch in moves.bytes() {
        naive.play((ch - b'1') as usize);
    }
    let board = Board::from_moves(moves).unwrap();
    for depth in 0..=6 {
        assert_eq!(perft(&board, depth), naive.perft(depth), "depth {depth}");
    }
}

#[test]
fn position_counts_match_the_fixture() {
    let rows = fixture();
    let max = rows.iter().map(|r| r.depth).max().unwrap_or(0);
    let mut layer: HashSet<Board> = HashSet::from([Board::new()]);
    for depth in 0..=max {
        if let Some(row) = rows.iter().find(|r| r.depth == depth) {
            assert_eq!(layer.len() as u64, row.positions, "depth {depth}");
        }
        let mut next = HashSet::new();
        for b in &layer {
            if b.outcome().is_some() {
                continue;
            }
            for c in 0..7 {
                let mut n = *b;
                if n.play(c).is_ok() {
                    next.insert(n);
                }
            }
        }
        layer = next;
    }
}
