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
//! threat to block is the only move tried (see [`Minimax::node`]: both give the plain value).
//! Depth counts plies from the root: depth 3
//! plays a move, the opponent's reply and its own next move, then evaluates, as the seed's
//! `calcIA(jeu, 3)` does. A finished game is evaluated at once, whatever the depth left.
//!
//! Tie-break: the seed flips a coin for each later move that equals the best so far, which favours
//! the last ones; this player picks uniformly among the tied moves with [`Rng::pick`] (one draw,
//! and none when the best move is unique). Both are "equal scores broken at random"; the uniform
//! one does what the seed's author wanted ("that the AI does not always play the same moves").

use super::alphabeta::CENTRE_FIRST;
use super::lines::Tables;
use super::position::Lines;
use crate::connect4::board::{Board, WIDTH};
use crate::connect4::eval::SEED_WIN;
use crate::Rng;

/// Above any value of [`seed_eval`](crate::connect4::eval::seed_eval).
const INF: i32 = 30_000;

/// Seed 004's window weights 10, 30, 90 divided by 10 (the lines' tables hold bytes).
const SEED_WEIGHTS: [i8; 3] = [1, 3, 9];

/// What the Min-Max player chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MinimaxChoice {
    /// The column (0-based) played, `None` if the game is over.
    pub column: Option<u8>,
    /// Its value for the player to move (seed 004's scale, adapted: see
    /// [`seed_eval`](crate::connect4::eval::seed_eval)).
    pub score: i16,
    /// Nodes visited (root included).
    pub nodes: u32,
    /// How many moves tied for the best.
    pub ties: u8,
}

/// Chooses a move for the side to move by Min-Max to `depth` plies (at least 1).
///
/// The positions are played on the lines of [`Lines`], whose window values are
/// [`seed_eval`](crate::connect4::eval::seed_eval)'s; a move that makes four ends the game
/// there, as [`Board::outcome`] would say.
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
    let mut tables = Tables::EMPTY;
    tables.fill(SEED_WEIGHTS);
    let mut search = Minimax {
        lines: Lines::new(board, &tables),
        nodes: 1,
    };
    let windows = i32::from(search.lines.windows());
    let moves = board.moves();
    let depth = depth.max(1);
    let mut best = -INF;
    let mut tied = [0u8; WIDTH as usize];
    let mut count = 0usize;
    for col in 0..WIDTH {
        if !search.lines.can_play(col) {
            continue;
        }
        let v = -search.child(col, moves, windows, depth - 1, -INF, -(best - 1));
        if v > best {
            best = v;
            count = 0;
        }
        if v == best {
            tied[count] = col;
            count += 1;
        }
    }
    nodes = search.nodes;
    let pick = rng.pick(count).unwrap_or(0);
    choice.column = Some(tied[pick]);
    choice.score = best as i16;
    choice.nodes = nodes;
    choice.ties = count as u8;
    choice
}

/// The state of one Min-Max search.
struct Minimax<'t> {
    lines: Lines<'t>,
    nodes: u32,
}

impl Minimax<'_> {
    /// Plays `col` in the position of `moves` stones whose window values are `windows` (first
    /// player positive) and returns the Min-Max value of the position it leads to for its side
    /// to move, exact inside `(alpha, beta)`, searched to `depth`.
    fn child(&mut self, col: u8, moves: u8, windows: i32, depth: u8, alpha: i32, beta: i32) -> i32 {
        let me = (moves & 1) as usize;
        let (change, four) = self.lines.scan_four(col, me);
        let windows = windows + change;
        if four || depth == 0 || moves + 1 >= 42 {
            // A node that looks at no move: the lines are not needed.
            return self.node(moves + 1, windows, four, depth, alpha, beta);
        }
        self.lines.play(col, me);
        let v = self.node(moves + 1, windows, four, depth, alpha, beta);
        self.lines.unplay(col, me);
        v
    }

    /// The value of the position of `moves` stones for its side to move ([`seed_eval`] at the
    /// end of the game or at depth 0; `won` says the last move made four).
    ///
    /// [`seed_eval`]: crate::connect4::eval::seed_eval
    fn node(
        &mut self,
        moves: u8,
        windows: i32,
        won: bool,
        depth: u8,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes = self.nodes.saturating_add(1);
        if won {
            // The side that just moved won: lost for the side to move.
            return -i32::from(SEED_WIN - i16::from(moves));
        }
        if moves >= 42 {
            return 0;
        }
        if depth == 0 {
            let mine = if moves & 1 == 0 { windows } else { -windows };
            return 10 * mine;
        }
        // The shortcuts: a side that can make four now gets `SEED_WIN - (stones + 1)`, the
        // largest value of any position below (a later win has more stones; no unfinished
        // board reaches it); with two plies or more left, a side facing one playable threat
        // of the opponent (and no win) must block it, any other move letting the opponent win
        // at once, the smallest value there; facing two it loses at once whatever it plays.
        let me = usize::from(moves & 1);
        let mut threats = 0u8;
        for col in 0..WIDTH {
            if !self.lines.can_play(col) {
                continue;
            }
            if self.lines.makes_four(col, me) {
                return i32::from(SEED_WIN) - (i32::from(moves) + 1);
            }
            if depth >= 2 && self.lines.makes_four(col, me ^ 1) {
                threats |= 1 << col;
            }
        }
        if threats & threats.wrapping_sub(1) != 0 {
            return -(i32::from(SEED_WIN) - (i32::from(moves) + 2));
        }
        let mut best = -INF;
        for &col in CENTRE_FIRST.iter() {
            if !self.lines.can_play(col) || (threats != 0 && threats & 1 << col == 0) {
                continue;
            }
            let v = -self.child(col, moves, windows, depth - 1, -beta, -alpha);
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect4::eval::seed_eval;

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

    /// The search on the lines visits exactly the nodes of the search it replaced
    /// (`reference`): same column, value, ties and node count, at every depth of the ladder.
    #[test]
    fn same_results_as_the_reference_search() {
        use super::super::reference::minimax as old;
        let mut rng = Rng::new(0x3131);
        for i in 0..200 {
            let mut b = Board::new();
            let n = rng.below(36);
            for _ in 0..n {
                let col = rng.below(7) as u8;
                if b.outcome().is_none() && b.can_play(col) {
                    b.play(col).unwrap();
                }
            }
            let depth = [1, 2, 3, 4, 5][i % 5];
            let seed = rng.next_u32();
            let new = choose(&b, depth, &mut Rng::new(seed));
            let reference = old::choose(&b, depth, &mut Rng::new(seed));
            assert_eq!(new, reference, "{b:?} depth {depth}");
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
