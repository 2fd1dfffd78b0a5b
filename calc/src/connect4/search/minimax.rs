//! Seed 004's Min-Max player, on the 7x6 board: search to a fixed depth (3, 5 or 9 for the
//! seed's easy, medium and hard), evaluate the leaves with [`seed_eval`], play a best move, and
//! break ties at random.
//!
//! The choice is the seed's, computed faster: plain Min-Max gives every root move its exact
//! value; here alpha-beta gives the exact value of every move that ties for the best and only a
//! bound for the others (each root move is searched with the window `(best - 1, +inf)`), which is
//! all the choice needs. So the set of tied best moves, hence the move played for a given
//! generator state, is exactly plain Min-Max's. Inside the tree moves are tried centre first
//! (ordering changes the node count, never a value), a win at once ends the node, and a single
//! threat to block is the only move tried (see `negamax`: both give the plain value). Depth counts plies from the root: depth 3
//! plays a move, the opponent's reply and its own next move, then evaluates, as the seed's
//! `calcIA(jeu, 3)` does. A finished game is evaluated at once, whatever the depth left.
//!
//! Tie-break: the seed flips a coin for each later move that equals the best so far, which favours
//! the last ones; this player picks uniformly among the tied moves with [`Rng::pick`] (one draw,
//! and none when the best move is unique). Both are "equal scores broken at random"; the uniform
//! one does what the seed's author wanted ("that the AI does not always play the same moves").

use super::alphabeta::CENTRE_FIRST;
use crate::connect4::board::{column_mask, Board, WIDTH};
use crate::connect4::eval::{seed_eval, SEED_WIN};
use crate::Rng;

/// Above any value of [`seed_eval`].
const INF: i32 = 30_000;

/// What the Min-Max player chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MinimaxChoice {
    /// The column (0-based) played, `None` if the game is over.
    pub column: Option<u8>,
    /// Its value for the player to move (seed 004's scale, adapted: see [`seed_eval`]).
    pub score: i16,
    /// Nodes visited (root included).
    pub nodes: u32,
    /// How many moves tied for the best.
    pub ties: u8,
}

/// Chooses a move for the side to move by Min-Max to `depth` plies (at least 1).
pub fn choose(board: &Board, depth: u8, rng: &mut Rng) -> MinimaxChoice {
    let mut nodes = 1u32;
    let mut choice = MinimaxChoice {
        column: None,
        score: 0,
        nodes,
        ties: 0,
    };
    if board.outcome().is_some() {
        return choice;
    }
    let depth = depth.max(1);
    let mut best = -INF;
    let mut tied = [0u8; WIDTH as usize];
    let mut count = 0usize;
    for col in 0..WIDTH {
        if !board.can_play(col) {
            continue;
        }
        let mut child = *board;
        child.play_col(col);
        let v = -negamax(&child, depth - 1, -INF, -(best - 1), &mut nodes);
        if v > best {
            best = v;
            count = 0;
        }
        if v == best {
            tied[count] = col;
            count += 1;
        }
    }
    let pick = rng.pick(count).unwrap_or(0);
    choice.column = Some(tied[pick]);
    choice.score = best as i16;
    choice.nodes = nodes;
    choice.ties = count as u8;
    choice
}

/// The Min-Max value of `board` for the side to move, exact inside `(alpha, beta)`.
///
/// Two shortcuts give the same value without trying every move (module doc): a side that can
/// complete four now gets `SEED_WIN - (stones + 1)`, the largest value of any position below
/// (a later win has more stones; no unfinished board reaches it); with two plies or more left,
/// a side facing one playable threat of the opponent (and no win) must block it, any other move
/// letting the opponent win at once, the smallest value possible there; facing two it loses at
/// once whatever it plays.
fn negamax(board: &Board, depth: u8, mut alpha: i32, beta: i32, nodes: &mut u32) -> i32 {
    *nodes = nodes.saturating_add(1);
    if depth == 0 || board.outcome().is_some() {
        return seed_eval(board, board.to_move()) as i32;
    }
    let stones = i32::from(board.moves());
    let playable = board.playable();
    if board.winning_cells() & playable != 0 {
        return i32::from(SEED_WIN) - (stones + 1);
    }
    let mut candidates = playable;
    if depth >= 2 {
        let threats = board.opponent_winning_cells() & playable;
        if threats != 0 {
            if threats & (threats - 1) != 0 {
                return -(i32::from(SEED_WIN) - (stones + 2));
            }
            candidates = threats;
        }
    }
    let mut best = -INF;
    for &col in CENTRE_FIRST.iter() {
        if candidates & column_mask(col) == 0 {
            continue;
        }
        let mut child = *board;
        child.play_col(col);
        let v = -negamax(&child, depth - 1, -beta, -alpha, nodes);
        if v > best {
            best = v;
            if v > alpha {
                alpha = v;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions of seeded random play, 0 to 30 moves, the game going on.
    fn random_positions(seed: u32, count: usize) -> impl Iterator<Item = Board> {
        let mut rng = Rng::new(seed);
        core::iter::from_fn(move || loop {
            let length = rng.below(31);
            let mut board = Board::new();
            let mut n = 0;
            while n < length && board.outcome().is_none() {
                if board.play(rng.below(7) as u8).is_ok() {
                    n += 1;
                }
            }
            if board.outcome().is_none() {
                return Some(board);
            }
        })
        .take(count)
    }

    #[test]
    fn same_values_as_plain_minimax_at_depth_5_on_random_positions() {
        for board in random_positions(0x5EED_0005, 40) {
            for depth in [1, 2, 3, 5] {
                let values: [Option<i32>; 7] = core::array::from_fn(|c| {
                    board.can_play(c as u8).then(|| {
                        let mut child = board;
                        child.play_col(c as u8);
                        -plain(&child, depth - 1)
                    })
                });
                let best = values.iter().flatten().max().copied().unwrap();
                let ties = values.iter().filter(|v| **v == Some(best)).count();
                let c = choose(&board, depth, &mut Rng::new(3));
                assert_eq!((i32::from(c.score), usize::from(c.ties)), (best, ties));
                assert_eq!(values[usize::from(c.column.unwrap())], Some(best));
            }
        }
    }

    /// Plain Min-Max, all values exact: the reference the pruned search must agree with.
    fn plain(board: &Board, depth: u8) -> i32 {
        if depth == 0 || board.outcome().is_some() {
            return seed_eval(board, board.to_move()) as i32;
        }
        (0..WIDTH)
            .filter(|&c| board.can_play(c))
            .map(|c| {
                let mut child = *board;
                child.play_col(c);
                -plain(&child, depth - 1)
            })
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn same_tied_moves_as_plain_minimax() {
        for moves in [
            "",
            "4",
            "44",
            "4453",
            "121212",
            "334455",
            "2252576253462244111563365343671",
        ] {
            let board = Board::from_moves(moves).unwrap();
            for depth in [1, 2, 3, 4] {
                let values: [Option<i32>; 7] = core::array::from_fn(|c| {
                    board.can_play(c as u8).then(|| {
                        let mut child = board;
                        child.play_col(c as u8);
                        -plain(&child, depth - 1)
                    })
                });
                let best = values.iter().flatten().max().copied().unwrap();
                let ties = values.iter().filter(|v| **v == Some(best)).count();
                let mut rng = Rng::new(1);
                let c = choose(&board, depth, &mut rng);
                assert_eq!(c.score as i32, best, "{moves} depth {depth}");
                assert_eq!(c.ties as usize, ties, "{moves} depth {depth}");
                assert_eq!(values[c.column.unwrap() as usize], Some(best));
            }
        }
    }

    #[test]
    fn takes_the_quickest_win() {
        let board = Board::from_moves("121212").unwrap();
        let c = choose(&board, 5, &mut Rng::new(3));
        assert_eq!(c.column, Some(0));
        assert_eq!(c.ties, 1);
    }
}
