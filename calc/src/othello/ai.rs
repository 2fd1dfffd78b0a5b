//! Seed 002's computer player: the tactical value of a square, minus the number of discs the
//! move flips before the 18th move, plus that number from the 18th move on; it plays the best.
//!
//! The seed (Emmanuel Lazard's program from *Jeux & Stratégies* no. 5, as retold for the Oric)
//! scans the cells in increasing mailbox order, skips border and occupied cells, tests the
//! eight directions of every empty cell, and scores each legal move. Early on, flipping few
//! discs keeps the opponent's choices few (mobility); later, flipping many wins discs. The move
//! number is the number of the move about to be played (1 = the first move of the game,
//! passes not counted; [`Board::move_number`]). The seed says "up to the 18th move" and "after
//! the 18th move"; the spec fixes the switch: moves 1 to 17 subtract, 18 and later add.
//!
//! Equal best scores: the listing is lost; here they are broken uniformly at random with the
//! caller's [`Rng`] (drawn only when two or more moves tie), like the other seeds' AIs.
//!
//! # The tactical table ([`TACTICAL`])
//!
//! The seed gives corners 40 and the three cells touching a corner 3, 0, 3 (the C-square on
//! each edge 3, the diagonal X-square 0); its figure with the rest is lost. Chosen here, the
//! same in each quadrant (a1 quadrant shown, rank 1 at the top):
//!
//! ```text
//!        a   b   c   d
//!   1   40   3  12  10
//!   2    3   0   5   5
//!   3   12   5   8   7
//!   4   10   5   7   7
//! ```
//!
//! - Edges away from the corner (A-squares c1, 12; B-squares d1, 10): an edge disc can only be
//!   flipped along the edge, so it is the next most stable after a corner; the A-square is
//!   worth a little more because it can later anchor a corner-to-A run.
//! - The ring just inside the edges (b3, b4, c2, d2 ...: 5): a disc there lets the opponent
//!   reach the edge behind it.
//! - The central 16 squares (7, and 8 on their corners c3, f3, c6, f6, the classic good
//!   "sweet sixteen" corners): quiet squares. They are close to one another on purpose: among
//!   central moves, the flip count (the seed's mobility idea) decides.
//!
//! The spread (0 to 12 outside the corners) is of the order of the flip counts of the opening
//! and middle game (1 to about 10), so that neither term swamps the other, except the corner,
//! which the seed wants taken whenever it can be.

use super::board::Board;
use super::square::{Square, Squares};
use crate::rng::Rng;

/// One quadrant of the table (a1..d4), rows from rank 1.
const QUADRANT: [[i8; 4]; 4] = [[40, 3, 12, 10], [3, 0, 5, 5], [12, 5, 8, 7], [10, 5, 7, 7]];

/// The tactical value of each of the 100 mailbox cells (0 on the border), the seed's second
/// per-cell value.
pub const TACTICAL: [i8; 100] = build_table();

const fn build_table() -> [i8; 100] {
    let mut t = [0i8; 100];
    let mut row = 0;
    while row < 8 {
        let mut col = 0;
        while col < 8 {
            let qr = if row < 4 { row } else { 7 - row };
            let qc = if col < 4 { col } else { 7 - col };
            t[11 + 10 * row + col] = QUADRANT[qr][qc];
            col += 1;
        }
        row += 1;
    }
    t
}

/// The move number from which flips are added instead of subtracted.
pub const SWITCH_MOVE: u32 = 18;

/// The seed's score of playing `sq`, or `None` if it is not a legal move.
pub fn move_score(board: &Board, sq: Square) -> Option<i32> {
    let flips = board.flips(sq) as i32;
    if flips == 0 {
        return None;
    }
    let value = TACTICAL[sq.mailbox() as usize] as i32;
    Some(if board.move_number() < SWITCH_MOVE {
        value - flips
    } else {
        value + flips
    })
}

/// The seed's move for the side to move: the legal move with the best score, equal scores
/// broken at random. `None` if the side to move has no legal move (it must pass, or the game
/// is over).
pub fn choose_move(board: &Board, rng: &mut Rng) -> Option<Square> {
    let moves = board.legal_moves();
    let mut best = i32::MIN;
    let mut tied = 0u64;
    for sq in Squares(moves) {
        let Some(s) = move_score(board, sq) else {
            continue;
        };
        if s > best {
            best = s;
            tied = sq.bit();
        } else if s == best {
            tied |= sq.bit();
        }
    }
    let n = rng.pick(tied.count_ones() as usize)?;
    Squares(tied).nth(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name.as_bytes()).unwrap()
    }

    #[test]
    fn table_has_the_seeds_values() {
        for corner in ["a1", "h1", "a8", "h8"] {
            assert_eq!(TACTICAL[sq(corner).mailbox() as usize], 40);
        }
        for (c, x) in [("b1", "b2"), ("g8", "g7"), ("a7", "b7"), ("h2", "g2")] {
            assert_eq!(TACTICAL[sq(c).mailbox() as usize], 3);
            assert_eq!(TACTICAL[sq(x).mailbox() as usize], 0);
        }
        // Symmetric under the 8 symmetries of the board, zero on the border.
        for i in 0..100u8 {
            match Square::from_mailbox(i) {
                None => assert_eq!(TACTICAL[i as usize], 0),
                Some(s) => {
                    let (c, r) = (s.column(), s.row());
                    let t = Square::at(r, c).unwrap();
                    let m = Square::at(7 - c, r).unwrap();
                    assert_eq!(TACTICAL[i as usize], TACTICAL[t.mailbox() as usize]);
                    assert_eq!(TACTICAL[i as usize], TACTICAL[m.mailbox() as usize]);
                }
            }
        }
    }

    #[test]
    fn scores_switch_at_move_18() {
        // At the start every move flips one disc and is worth 7: 7 - 1 = 6.
        let b = Board::new();
        assert_eq!(move_score(&b, sq("d3")), Some(6));
        assert_eq!(move_score(&b, sq("a1")), None);
        // Play 17 moves (by the seed AI itself), then the score adds the flips.
        let mut b = Board::new();
        let mut rng = Rng::new(4);
        while b.move_number() < SWITCH_MOVE {
            match choose_move(&b, &mut rng) {
                Some(m) => {
                    b.play(m).unwrap();
                }
                None => b.pass().unwrap(),
            }
        }
        for m in Squares(b.legal_moves()) {
            let v = TACTICAL[m.mailbox() as usize] as i32 + b.flips(m) as i32;
            assert_eq!(move_score(&b, m), Some(v));
        }
    }

    #[test]
    fn takes_a_corner() {
        // In random games, whenever a1 becomes legal the seed AI takes a corner (40 beats all).
        let a1 = sq("a1");
        let mut found = false;
        let mut rng = Rng::new(8);
        for _ in 0..200 {
            let mut g = Board::new();
            while g.legal_moves() != 0 {
                if g.flips(a1) > 0 {
                    let m = choose_move(&g, &mut rng).unwrap();
                    assert_eq!(TACTICAL[m.mailbox() as usize], 40, "not a corner");
                    found = true;
                    break;
                }
                let moves = g.legal_moves();
                let n = rng.below(moves.count_ones());
                g.play(Squares(moves).nth(n as usize).unwrap()).unwrap();
            }
        }
        assert!(found);
    }
}
