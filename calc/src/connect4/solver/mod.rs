//! The exact solver: the game-theoretic score of a position, in the convention of the public
//! test sets, and a best move.
//!
//! Score of a position for the side to move: positive if it wins, `22 - n` where `n` is the
//! number of stones the winner has played when the game ends (a win with its 4th stone is 18);
//! negative if it loses, `n - 22` with `n` the winner's stone count; 0 for a draw. A weak solve
//! only tells win (1), draw (0) or loss (-1).
//!
//! The method starts from Pons' "Solving Connect Four" tutorial (negamax with alpha-beta on
//! bitboards, null-window tests that narrow the score's interval), written anew, and adds (the
//! design and its measures are in `docs/solver.md`):
//!
//! - a table ([`table`]) of two-entry buckets keeping both bounds of a position, its best move
//!   and the work spent on it, replacing the entry of least work, exact with 8-byte entries;
//!   it starts small and grows with the search, and once large its children's buckets are
//!   prefetched; positions of fewer than 12 stones share an entry with their mirror image, and
//!   those of fewer than 16 look their children up before searching (enhanced transposition
//!   cut-off);
//! - the remembered best move searched first, then Pons' threat count (`order.rs`);
//! - two static proofs (`bounds.rs`): stacked threats (an exact score) and claimeven (a ceiling);
//! - the order of the null-window tests (`aim`, below).
//!
//! Proven facts the search relies on (all from the rules): a side that cannot win at once
//! scores at most a win with its stone after next; one with a move that does not lose at once
//! scores at least a loss to the opponent's stone after next; only the moves that do not lose at
//! once are searched (an immediate win is taken, a lone threat is blocked, two threats lose, no
//! stone goes under an opponent's winning cell). The node count is the number of calls of the
//! recursive search.
//!
//! The table is a caller-lent slice of [`Entry`] (8 bytes each); its entries are true bounds of
//! game values, so they stay valid from one position to the next: [`Solver::reset`] clears it
//! and makes it small again (needed for reproducible node counts, and the fastest start for a
//! new position); [`Solver::new`] uses the whole slice as it is.
//!
//! [`Solver::solve_within`] gives up after a number of nodes (the opening book's generator
//! tries many positions, some of them far too hard): a search given up stores nothing more in
//! the table, so what the table holds stays true.

mod bounds;
mod order;
mod search;
pub mod table;

use super::board::{column_mask, has_four, Board, CELLS, WIDTH};
use bounds::{ceiling, claimeven_ceiling, floor, lost_now, non_losing, stacked_threats};
use order::Moves;
use table::Table;

pub use table::Entry;

const CELLS_I: i32 = CELLS as i32;

/// A score and a move that reaches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Best {
    /// The score for the side to move (the sign only for a weak solve).
    pub score: i8,
    /// A column (0-based) whose move scores `score`; `None` when the game is over.
    pub column: Option<u8>,
}

/// An exact Connect Four solver over a caller-lent table.
pub struct Solver<'t> {
    table: Table<'t>,
    nodes: u64,
    /// The node count at which the search gives up (`u64::MAX`: never).
    limit: u64,
    /// Set when the search has given up at `limit`; nothing is stored from then on.
    aborted: bool,
    /// Whether the static proofs (stacked threats, claimeven) are used; off only in the tests
    /// that check those proofs against the search.
    proofs: bool,
}

impl<'t> Solver<'t> {
    /// A solver using `table` (any length; see [`table`] for the part used). The table is not
    /// cleared: call [`Solver::reset`] for a fresh one.
    pub fn new(table: &'t mut [Entry]) -> Solver<'t> {
        Solver {
            table: Table::new(table),
            nodes: 0,
            limit: u64::MAX,
            aborted: false,
            proofs: true,
        }
    }

    /// A solver that searches without the static proofs of `bounds.rs`: the reference they
    /// are checked against.
    #[cfg(test)]
    pub(crate) fn without_proofs(table: &'t mut [Entry]) -> Solver<'t> {
        Solver {
            proofs: false,
            ..Solver::new(table)
        }
    }

    /// Clears the table and the node counter.
    pub fn reset(&mut self) {
        self.table.clear();
        self.nodes = 0;
    }

    /// Nodes searched since the solver was made or reset.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The exact score of `board` for the side to move (module doc), or its sign only when
    /// `weak`. A finished game scores as lost (the opponent has just won) or 0 (full board).
    pub fn solve(&mut self, board: &Board, weak: bool) -> i8 {
        self.best(board, weak).score
    }

    /// The score of `board` as [`Solver::solve`] gives it, and a move that reaches it.
    pub fn best(&mut self, board: &Board, weak: bool) -> Best {
        let moves = board.moves() as i32;
        let sign = |score: i32| if weak { score.signum() } else { score } as i8;
        if board.outcome().is_some() {
            let score = if board.moves() >= CELLS && !has_four(board.opponent_stones()) {
                0
            } else {
                -(CELLS_I / 2 + 1 - (moves + 1) / 2)
            };
            return Best {
                score: sign(score),
                column: None,
            };
        }
        // Both sides' winning cells, found once for every null-window test of the solve.
        let own_win = board.winning_cells();
        let winning = board.playable() & own_win;
        if winning != 0 {
            return Best {
                score: sign((CELLS_I + 1 - moves) / 2),
                column: Some(column_of(winning)),
            };
        }
        let opp_win = board.opponent_winning_cells();
        let (mut min, mut max) = if weak {
            (-1, 1)
        } else {
            (lost_now(moves), (CELLS_I + 1 - moves) / 2)
        };
        let mut column = None;
        let mut tests = 0;
        while min < max {
            let med = aim(min, max, tests);
            tests += 1;
            let (r, col) = self.root(board, own_win, opp_win, med, med + 1);
            if self.aborted {
                break;
            }
            if r <= med {
                max = r;
            } else {
                min = r;
                if col.is_some() {
                    column = col;
                }
            }
        }
        // Without a move proven to reach the score, every move scores it: the score is the
        // lowest a move that does not lose at once can get, or all moves lose at once.
        let column = column.or_else(|| {
            let next = non_losing(board, opp_win);
            Some(column_of(if next != 0 { next } else { board.playable() }))
        });
        Best {
            // Bounds met along the way may be sharper than +-1; only the sign is asked for.
            score: sign(min),
            column,
        }
    }

    /// [`Solver::solve`] that gives up once `nodes` more nodes have been searched: `None`
    /// then (the table keeps only the true bounds found before).
    pub fn solve_within(&mut self, board: &Board, weak: bool, nodes: u64) -> Option<i8> {
        self.best_within(board, weak, nodes).map(|b| b.score)
    }

    /// [`Solver::best`] that gives up once `nodes` more nodes have been searched: `None` then
    /// (the table keeps only the true bounds found before). The expert plays its move when it
    /// finishes (`super::expert`).
    pub fn best_within(&mut self, board: &Board, weak: bool, nodes: u64) -> Option<Best> {
        self.limit = self.nodes.saturating_add(nodes);
        self.aborted = false;
        let best = self.best(board, weak);
        self.limit = u64::MAX;
        let aborted = core::mem::replace(&mut self.aborted, false);
        (!aborted).then_some(best)
    }

    /// The score of every column for the side to move (`None` for a full column, or all when the
    /// game is over): the score of a move is minus the score of the position after it, so the
    /// best moves are the maxima.
    pub fn analyse(&mut self, board: &Board, weak: bool) -> [Option<i8>; 7] {
        let mut scores = [None; 7];
        if board.outcome().is_some() {
            return scores;
        }
        for (col, slot) in scores.iter_mut().enumerate() {
            let col = col as u8;
            if !board.can_play(col) {
                continue;
            }
            if board.is_winning_move(col) {
                let s = (CELLS_I + 1 - board.moves() as i32) / 2;
                *slot = Some(if weak { 1 } else { s as i8 });
                continue;
            }
            let mut child = *board;
            child.play_col(col);
            *slot = Some(-self.solve(&child, weak));
        }
        scores
    }

    /// [`claimeven_ceiling`] when the proofs are on. (Always inlined: called, it returned its
    /// `Option` through the shadow stack.)
    #[inline(always)]
    fn claimeven(&self, board: &Board) -> Option<i32> {
        if self.proofs {
            claimeven_ceiling(board)
        } else {
            None
        }
    }

    /// One null-window test at the root (a position in play whose side to move cannot win at
    /// once; its winning cells `own_win`, the opponent's `opp_win`): the search's answer, and
    /// the move that reached it when it is above `alpha`.
    fn root(
        &mut self,
        board: &Board,
        own_win: u64,
        opp_win: u64,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, Option<u8>) {
        self.nodes += 1;
        let moves = board.moves() as i32;
        let next = non_losing(board, opp_win);
        if next == 0 {
            return (lost_now(moves), None);
        }
        if moves >= CELLS_I - 2 {
            return (0, Some(column_of(next)));
        }
        let stacked = if self.proofs {
            stacked_threats(next, own_win)
        } else {
            0
        };
        if stacked != 0 {
            return (ceiling(moves), Some(column_of(stacked)));
        }
        alpha = alpha.max(floor(moves));
        if alpha >= beta {
            return (alpha, None);
        }
        let beta = beta
            .min(ceiling(moves))
            .min(self.claimeven(board).unwrap_or(i32::MAX));
        if alpha >= beta {
            return (beta, None);
        }
        let mut items = [next; WIDTH as usize];
        let list = Moves::new(&mut items, board, next, 0, own_win);
        let mut best = None;
        for i in 0..list.len() {
            let (bit, col, threats) = list.get(i);
            let mut child = *board;
            child.play_bit(bit);
            let score = -self.negamax(&child, opp_win & !bit, threats, -beta, -alpha);
            if self.aborted {
                return (alpha, None);
            }
            if score >= beta {
                return (score, Some(col));
            }
            if score > alpha {
                alpha = score;
                best = Some(col);
            }
        }
        (alpha, best)
    }
}

/// The score tested by the `tests`-th null window of a solve whose score is known to lie in
/// `[min, max]`. The first two tests ask whether the side to move loses or wins quickly (at
/// half the interval's ends: cheap, the score bounds cutting the search short); the third
/// whether it wins at all (most scores are small); then the interval is halved, the test
/// pulled towards 0.
fn aim(min: i32, max: i32, tests: u32) -> i32 {
    if tests >= 2 && min < 0 && max > 0 {
        return 0;
    }
    let med = min + (max - min) / 2;
    if med <= 0 && min / 2 < med {
        min / 2
    } else if med >= 0 && max / 2 > med {
        max / 2
    } else {
        med
    }
}

/// The centre-most column among the cells of `cells` (not empty).
fn column_of(cells: u64) -> u8 {
    for c in [3u8, 2, 4, 1, 5, 0, 6] {
        if cells & column_mask(c) != 0 {
            return c;
        }
    }
    WIDTH - 1
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::vec;

    #[test]
    fn end_game_scores() {
        let mut table = vec![Entry::EMPTY; 1 << 16];
        let mut s = Solver::new(&mut table);
        for (moves, score) in [
            ("2252576253462244111563365343671351441", -1),
            ("7422341735647741166133573473242566", 1),
            ("23163416124767223154467471272416755633", 0),
            ("121212", 18),
        ] {
            let b = Board::from_moves(moves).unwrap();
            assert_eq!(s.solve(&b, false), score, "{moves}");
            assert_eq!(s.solve(&b, true), score.signum(), "{moves}");
        }
        let lost = Board::from_moves("1212121").unwrap();
        assert_eq!(s.solve(&lost, false), -18);
    }

    #[test]
    fn a_search_given_up_leaves_only_true_bounds() {
        let mut table = vec![Entry::EMPTY; 1 << 16];
        let mut s = Solver::new(&mut table);
        let b = Board::from_moves("4453").unwrap();
        assert_eq!(s.solve_within(&b, true, 1000), None);
        let before = s.nodes();
        assert!((1000..1100).contains(&before), "{before}");
        // What the given-up search stored does not change the answers after it.
        for moves in ["44536", "4453662", "445366214"] {
            let b = Board::from_moves(moves).unwrap();
            let mut fresh_table = vec![Entry::EMPTY; 1 << 16];
            let expected = Solver::new(&mut fresh_table).solve(&b, true);
            assert_eq!(
                s.solve_within(&b, true, u64::MAX),
                Some(expected),
                "{moves}"
            );
        }
    }

    #[test]
    fn analyse_gives_the_best_moves() {
        let mut table = vec![Entry::EMPTY; 1 << 16];
        let mut s = Solver::new(&mut table);
        let b = Board::from_moves("2252576253462244111563365343671351441").unwrap();
        let scores = s.analyse(&b, false);
        let best = scores.iter().flatten().max().copied();
        assert_eq!(best, Some(-1));
    }
}
