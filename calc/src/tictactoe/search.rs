//! Seed 004's computer player: Min-Max to a fixed depth with the seed's evaluation.
//!
//! Levels (seed 004): easy = depth 3, medium = depth 5, hard = depth 9. The search is the seed's
//! `calcIA` / `calcMin` / `calcMax` (plain Min-Max, no pruning): the root tries every free cell
//! in increasing order and keeps a move when its value is greater than the best so far, or equal
//! to it and a coin comes up heads (`(tmp>max)||((tmp==max)&&(Rand::randi(2)))`): the coin is
//! [`Rng::coin`], drawn only on such a tie. That rule is the seed's, not a uniform choice among
//! the tied moves (the seed says so: "nous ne cherchons pas ... un équiprobable"), but every tied
//! move can be chosen.
//!
//! Leaves are valued by seed 004's evaluation, [`evaluate`].
//!
//! A node is one position reached by a move inside the search (the root is not counted).

use super::board::{Board, Mark};
pub use super::eval::evaluate;
use crate::rng::Rng;

/// Depth of the easy level.
pub const EASY: u8 = 3;
/// Depth of the medium level.
pub const MEDIUM: u8 = 5;
/// Depth of the hard level (the whole game).
pub const HARD: u8 = 9;

/// The value of every free cell for the mark to move, searched `depth` plies deep (the move
/// itself is the first ply): `scores[c]` is `Some(value)` for a free cell `c`, `None` otherwise.
/// All `None` when the game is over. `nodes` is increased by the positions visited.
pub fn move_scores(board: &Board, depth: u8, nodes: &mut u32) -> [Option<i16>; 9] {
    let mut scores = [None; 9];
    if board.is_over() || depth == 0 {
        return scores;
    }
    let me = board.to_move();
    let free = board.free();
    for cell in 0..9u8 {
        if free & (1 << cell) != 0 {
            *nodes += 1;
            scores[cell as usize] = Some(value(&board.with(cell), depth - 1, me, nodes));
        }
    }
    scores
}

/// The seed's `calcMin` / `calcMax`: the Min-Max value of `board` for the computer `me`, with
/// `depth` plies left. A node is maximising when `me` is to move.
fn value(board: &Board, depth: u8, me: Mark, nodes: &mut u32) -> i16 {
    if depth == 0 || board.is_over() {
        return evaluate(board, me);
    }
    let maximising = board.to_move() == me;
    let mut best = if maximising { i16::MIN } else { i16::MAX };
    let free = board.free();
    for cell in 0..9u8 {
        if free & (1 << cell) != 0 {
            *nodes += 1;
            let v = value(&board.with(cell), depth - 1, me, nodes);
            if (maximising && v > best) || (!maximising && v < best) {
                best = v;
            }
        }
    }
    best
}

/// The result of one Min-Max decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The cell to play.
    pub cell: u8,
    /// Its Min-Max value for the mover.
    pub score: i16,
    /// Positions visited by the search.
    pub nodes: u32,
}

/// Seed 004's move for the mark to move at `depth` ([`EASY`], [`MEDIUM`], [`HARD`] or any other
/// depth from 1 to 9), ties broken by the seed's coin rule with `rng`. `None` when the game is
/// over or `depth` is 0.
pub fn choose_move(board: &Board, depth: u8, rng: &mut Rng) -> Option<Choice> {
    let mut nodes = 0;
    let scores = move_scores(board, depth, &mut nodes);
    let mut best: Option<(u8, i16)> = None;
    for (cell, score) in scores.iter().enumerate() {
        let Some(v) = *score else { continue };
        let take = match best {
            None => true,
            Some((_, b)) => v > b || (v == b && rng.coin()),
        };
        if take {
            best = Some((cell as u8, v));
        }
    }
    best.map(|(cell, score)| Choice { cell, score, nodes })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(first: Mark, moves: &[u8]) -> Board {
        Board::from_moves(first, moves).unwrap()
    }

    #[test]
    fn takes_the_quickest_win() {
        // X: 0, 1 and 3, 6... X can win now at 2; every level must see it.
        let b = board(Mark::X, &[0, 4, 1, 5]);
        for depth in [1, EASY, MEDIUM, HARD] {
            let c = choose_move(&b, depth, &mut Rng::new(3)).unwrap();
            assert_eq!(c.cell, 2, "depth {depth}");
            assert_eq!(c.score, 1000 - 5);
        }
    }

    #[test]
    fn node_counts_of_the_empty_board() {
        // Depth 1: 9 positions; depth 2: 9 + 72; depth 9: every game prefix (549,945) with no
        // win before the move that reached it.
        let empty = Board::new(Mark::X);
        let mut n = 0;
        move_scores(&empty, 1, &mut n);
        assert_eq!(n, 9);
        n = 0;
        move_scores(&empty, 2, &mut n);
        assert_eq!(n, 81);
        n = 0;
        move_scores(&empty, 9, &mut n);
        assert_eq!(n, 549_945);
    }
}
