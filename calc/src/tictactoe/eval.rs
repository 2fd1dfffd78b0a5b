//! Seed 004's evaluation of a tic-tac-toe position, from the computer's side.
//!
//! - game over: `1000 - pieces` if the computer won, `-1000 + pieces` if it lost, 0 for a draw
//!   (a quicker win and a slower loss are preferred);
//! - otherwise the sum over the 8 lines of: 0 if both marks are in the line, -30 for two
//!   opponent marks, +30 for two computer marks, -10 for one opponent mark, +10 for one computer
//!   mark (docs/requirements.md#seed-004-min-max and the seed's pseudocode; the seed's C++
//!   `calcScore` would give 60 for two marks, `30*cntjoueur` with `cntjoueur` = ±2 — the
//!   requirements' 30 is what is built).
//!

use super::board::{Board, Mark, LINE_MASKS};

/// The seed's evaluation of `board` for the computer playing `me`.
pub fn evaluate(board: &Board, me: Mark) -> i16 {
    let pieces = board.pieces() as i16;
    match board.winner() {
        Some(w) if w == me => return 1000 - pieces,
        Some(_) => return -1000 + pieces,
        None if board.free() == 0 => return 0,
        None => {}
    }
    line_sum(board.mask(me), board.mask(me.other()))
}

/// The unfinished game's part of the evaluation: the sum over the 8 lines, for the side holding
/// the cells `mine` against `theirs` (9-bit masks).
pub(crate) fn line_sum(mine: u16, theirs: u16) -> i16 {
    let mut sum = 0i16;
    // By reference: an array's by-value iterator costs a copy of the array and a call per
    // step in the size-optimised 68000 build.
    for &line in &LINE_MASKS {
        let m = (mine & line).count_ones();
        let t = (theirs & line).count_ones();
        sum += match (m, t) {
            (0, 2) => -30,
            (2, 0) => 30,
            (0, 1) => -10,
            (1, 0) => 10,
            _ => 0,
        };
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(first: Mark, moves: &[u8]) -> Board {
        Board::from_moves(first, moves).unwrap()
    }

    #[test]
    fn evaluation_of_open_lines() {
        // X in the centre: 4 lines with one X (row 1, column 1, both diagonals).
        let b = board(Mark::X, &[4]);
        assert_eq!(evaluate(&b, Mark::X), 40);
        assert_eq!(evaluate(&b, Mark::O), -40);
        // X: 0, 1; O: 4. Row 0 has two X (+30); column 0 one X (+10); column 1 mixed (0);
        // diagonal 0-4-8 mixed; row 1 one O (-10); column 2... 2-5-8 empty; diagonal 2-4-6 one
        // O (-10); row 2 empty; column 1 (1,4,7) mixed.
        let b = board(Mark::X, &[0, 4, 1]);
        assert_eq!(evaluate(&b, Mark::X), 30 + 10 - 10 - 10);
    }

    #[test]
    fn evaluation_of_finished_games() {
        let won = board(Mark::X, &[0, 3, 1, 4, 2]);
        assert_eq!(evaluate(&won, Mark::X), 1000 - 5);
        assert_eq!(evaluate(&won, Mark::O), -1000 + 5);
        let draw = board(Mark::X, &[0, 1, 2, 4, 3, 5, 7, 6, 8]);
        assert_eq!(evaluate(&draw, Mark::X), 0);
    }
}
