//! Seed 003's computer player: win if it can, else block, else a random free cell.
//!
//! The seed (an ActionScript exercise) first tries every free cell, in increasing order, to see
//! whether the computer wins by taking it; only when none wins does it try every free cell again
//! to see whether the opponent would win there, and blocks the first such cell. Otherwise it
//! plays `libre[int(Math.random() * libre.length)]`: a uniform draw among the free cells, which
//! the seed keeps in increasing order. Here that draw is [`Rng::below`] over the same list.
//! The seed's half-second pause before the move belongs to the user interface, not to this
//! function.

use super::board::{Board, Mark};
use crate::rng::Rng;

/// What made the computer choose its cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The cell completes a line of the computer's marks.
    Win,
    /// The cell stops the opponent completing a line on its next move.
    Block,
    /// No win and no block: a uniformly random free cell.
    Random,
}

/// Seed 003's choice for the mark to move, or `None` when the game is over.
///
/// Draws from `rng` only when it neither wins nor blocks (one [`Rng::below`] call).
pub fn choose_move(board: &Board, rng: &mut Rng) -> Option<(u8, Reason)> {
    if board.is_over() {
        return None;
    }
    let me: Mark = board.to_move();
    let free = board.free();
    let cells = (0u8..9).filter(|&c| free & (1 << c) != 0);
    if let Some(c) = cells.clone().find(|&c| board.completes_line(me, c)) {
        return Some((c, Reason::Win));
    }
    if let Some(c) = cells.clone().find(|&c| board.completes_line(me.other(), c)) {
        return Some((c, Reason::Block));
    }
    let index = rng.below(free.count_ones());
    cells
        .clone()
        .nth(index as usize)
        .map(|c| (c, Reason::Random))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(moves: &[u8]) -> Board {
        Board::from_moves(Mark::O, moves).unwrap()
    }

    #[test]
    fn wins_before_blocking() {
        // O: 0, 1 (threatens 2); X: 3, 4 (threatens 5); O to move... make X to move instead:
        // O: 0, 1, 8; X: 3, 4 — X to move can win at 5 and must not block at 2.
        let b = board(&[0, 3, 1, 4, 8]);
        assert_eq!(b.to_move(), Mark::X);
        let mut rng = Rng::new(1);
        assert_eq!(choose_move(&b, &mut rng), Some((5, Reason::Win)));
    }

    #[test]
    fn blocks_the_lowest_threat() {
        // O: 0, 1, 6 threatens 2 (row) and 3 (column); X: 4, 8. X blocks the first in order: 2.
        let b = board(&[0, 4, 1, 8, 6]);
        let mut rng = Rng::new(1);
        assert_eq!(choose_move(&b, &mut rng), Some((2, Reason::Block)));
    }

    #[test]
    fn otherwise_random_over_free_cells() {
        let b = board(&[4]);
        let mut seen = 0u16;
        let mut rng = Rng::new(5);
        for _ in 0..200 {
            let (c, why) = choose_move(&b, &mut rng).unwrap();
            assert_eq!(why, Reason::Random);
            seen |= 1 << c;
        }
        assert_eq!(seen, b.free());
    }
}
