//! Perft-style counts of the rules: how many move sequences of a given length the rules allow
//! from a position, a game stopping as soon as someone has four in a row (a won position has no
//! moves) or the board is full. Checked against fixtures in `calc/tests/connect4_perft.rs`.

use super::board::Board;

/// The number of legal move sequences of exactly `depth` moves from `board`, where no sequence
/// continues past a won position. `perft(board, 0)` is 1.
pub fn perft(board: &Board, depth: u8) -> u64 {
    if depth == 0 {
        return 1;
    }
    if board.outcome().is_some() {
        return 0;
    }
    count(board, depth)
}

/// `perft` of a position that is not over, with `depth >= 1`.
fn count(board: &Board, depth: u8) -> u64 {
    let mut moves = board.playable();
    if depth == 1 {
        return moves.count_ones() as u64;
    }
    let wins = moves & board.winning_cells();
    let mut total = 0;
    while moves != 0 {
        let bit = moves & moves.wrapping_neg();
        moves ^= bit;
        if bit & wins != 0 {
            // The game ends on this move: no sequence goes further.
            continue;
        }
        let mut child = *board;
        child.play_bit(bit);
        if child.moves() < super::board::CELLS {
            total += count(&child, depth - 1);
        }
    }
    total
}
