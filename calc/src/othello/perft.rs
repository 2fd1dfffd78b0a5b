//! Perft: the number of leaves of the game tree to a given depth, the standard check of move
//! generation.
//!
//! Convention (the one of the published Othello perft tables, e.g. 4, 12, 56, 244, 1396, 8200,
//! 55092, 390216, 3005288, 24571284, 212258800 for depths 1 to 11 from the start): a pass is a
//! move and uses one ply; a finished game (neither side can move) is one leaf, whatever depth
//! is left. With it, games that end early first count at depth 11 (228 of the 212,258,800
//! leaves are finished games, not full-depth positions).
//!
//! [`perft`] runs on bitboards (counting the moves of the last ply without playing them);
//! [`perft_mailbox`] runs the same tree on the seed's mailbox board, so that both rule
//! implementations are checked against the published counts.

use super::bitboard::Position;
use super::board::{Board, Status};
use super::square::Squares;

/// Leaves of the game tree `depth` plies below `position` (bitboard rules).
pub fn perft(position: &Position, depth: u32) -> u64 {
    perft_bb(position, depth, false)
}

fn perft_bb(p: &Position, depth: u32, passed: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = p.moves();
    if moves == 0 {
        if passed {
            return 1; // the previous ply was a pass and this side cannot move: game over
        }
        return perft_bb(&p.pass(), depth - 1, true);
    }
    if depth == 1 {
        return moves.count_ones() as u64;
    }
    let mut n = 0;
    for sq in Squares(moves) {
        let s = sq.index();
        n += perft_bb(&p.after(s, p.flips(s)), depth - 1, false);
    }
    n
}

/// Leaves of the game tree `depth` plies below `board`, with the seed's mailbox rules.
pub fn perft_mailbox(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    match board.status() {
        Status::Over { .. } => 1,
        Status::MustPass(_) => {
            let mut next = *board;
            // Cannot fail: the status says a pass is the one legal move.
            if next.pass().is_err() {
                return 0;
            }
            perft_mailbox(&next, depth - 1)
        }
        Status::ToMove(_) => {
            let mut n = 0;
            for sq in Squares(board.legal_moves()) {
                let mut next = *board;
                if next.play(sq).is_ok() {
                    n += perft_mailbox(&next, depth - 1);
                }
            }
            n
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shallow_counts() {
        let start = Position::initial();
        let counts: [u64; 6] = core::array::from_fn(|d| perft(&start, d as u32 + 1));
        assert_eq!(counts, [4, 12, 56, 244, 1396, 8200]);
        assert_eq!(perft_mailbox(&Board::new(), 5), 1396);
    }
}
