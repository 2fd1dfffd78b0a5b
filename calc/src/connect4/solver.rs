//! The exact solver: the game-theoretic score of a position, in the convention of the public
//! test sets.
//!
//! Score of a position for the side to move: positive if it wins, `22 - n` where `n` is the
//! number of stones the winner has played when the game ends (a win with its 4th stone is 18);
//! negative if it loses, `n - 22` with `n` the winner's stone count; 0 for a draw. A weak solve
//! only tells win (1), draw (0) or loss (-1).
//!
//! The method is the one of Pons' "Solving Connect Four" tutorial, written anew here: negamax
//! with alpha-beta on the bitboards of [`Board`]; only moves that do not lose at once are
//! searched (an immediate win is taken, a lone threat is blocked, no stone goes under an
//! opponent's threat); moves are tried by decreasing number of threats they create, centre
//! columns first among equals; the score is found by a sequence of null-window searches that
//! narrow the interval `[min, max]` (iterative narrowing, aimed first at the small scores near 0
//! where most positions are); a transposition table keeps an upper or a lower bound of each
//! position searched. The node count is the number of calls of the recursive search.
//!
//! The table is a caller-lent slice of [`Entry`] (8 bytes each; the largest power-of-two prefix
//! is used). Its entries are true bounds of game values, so they stay valid from one position to
//! the next: [`Solver::reset`] clears it (needed only for reproducible node counts).
//!
//! [`Solver::solve_within`] gives up after a number of nodes (the opening book's generator
//! tries many positions, some of them far too hard): a search given up stores nothing more in
//! the table, so what the table holds stays true.

use super::board::{Board, CELLS};
use super::search::MoveList;
use super::tt::{slot, table_bits};

/// The lowest score a position can have once the side to move cannot win at once.
const MIN_SCORE: i32 = -(CELLS as i32) / 2 + 3;
/// The highest score of a position where the side to move has not won at once.
const MAX_SCORE: i32 = (CELLS as i32 + 1) / 2 - 3;

/// One entry of the solver's table: the 49-bit key in the low bits, the stored bound in the top
/// byte (0 = empty).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Entry(u64);

impl Entry {
    /// An empty entry.
    pub const EMPTY: Entry = Entry(0);
}

const KEY_MASK: u64 = (1u64 << 56) - 1;

/// An exact Connect Four solver over a caller-lent table.
pub struct Solver<'t> {
    tt: &'t mut [Entry],
    bits: Option<u32>,
    nodes: u64,
    /// The node count at which the search gives up (`u64::MAX`: never).
    limit: u64,
    /// Set when the search has given up at `limit`; nothing is stored from then on.
    aborted: bool,
}

impl<'t> Solver<'t> {
    /// A solver using `table` (any length; see the module doc). The table is not cleared: call
    /// [`Solver::reset`] for a fresh one.
    pub fn new(table: &'t mut [Entry]) -> Solver<'t> {
        let bits = table_bits(table.len());
        Solver {
            tt: table,
            bits,
            nodes: 0,
            limit: u64::MAX,
            aborted: false,
        }
    }

    /// Clears the table and the node counter.
    pub fn reset(&mut self) {
        if let Some(b) = self.bits {
            for e in self.tt.iter_mut().take(1usize << b) {
                *e = Entry::EMPTY;
            }
        }
        self.nodes = 0;
    }

    /// Nodes searched since the solver was made or reset.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The exact score of `board` for the side to move (module doc), or its sign only when
    /// `weak`. A finished game scores as lost (the opponent has just won) or 0 (full board).
    pub fn solve(&mut self, board: &Board, weak: bool) -> i8 {
        let moves = board.moves() as i32;
        if board.outcome().is_some() {
            let score =
                if board.moves() >= CELLS && !super::board::has_four(board.opponent_stones()) {
                    0
                } else {
                    -(CELLS as i32 / 2 + 1 - (moves + 1) / 2)
                };
            return if weak {
                score.signum() as i8
            } else {
                score as i8
            };
        }
        if board.can_win_next() {
            let score = (CELLS as i32 + 1 - moves) / 2;
            return if weak { 1 } else { score as i8 };
        }
        let mut min = -(CELLS as i32 - moves) / 2;
        let mut max = (CELLS as i32 + 1 - moves) / 2;
        if weak {
            min = -1;
            max = 1;
        }
        while min < max {
            // Aim the null window at the middle, pulled towards 0 (most scores are small).
            let mut med = min + (max - min) / 2;
            if med <= 0 && min / 2 < med {
                med = min / 2;
            } else if med >= 0 && max / 2 > med {
                med = max / 2;
            }
            let r = self.negamax(board, med, med + 1);
            if self.aborted {
                break;
            }
            if r <= med {
                max = r;
            } else {
                min = r;
            }
        }
        if weak {
            // Bounds met along the way may be sharper than +-1; only the sign is asked for.
            min.signum() as i8
        } else {
            min as i8
        }
    }

    /// [`Solver::solve`] that gives up once `nodes` more nodes have been searched: `None`
    /// then (the table keeps only the true bounds found before).
    pub fn solve_within(&mut self, board: &Board, weak: bool, nodes: u64) -> Option<i8> {
        self.limit = self.nodes.saturating_add(nodes);
        self.aborted = false;
        let score = self.solve(board, weak);
        self.limit = u64::MAX;
        let aborted = core::mem::replace(&mut self.aborted, false);
        (!aborted).then_some(score)
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
                let s = (CELLS as i32 + 1 - board.moves() as i32) / 2;
                *slot = Some(if weak { 1 } else { s as i8 });
                continue;
            }
            let mut child = *board;
            child.play_col(col);
            *slot = Some(-self.solve(&child, weak));
        }
        scores
    }

    /// Negamax with alpha-beta on a position where the side to move cannot win at once.
    /// Returns the exact score if it lies in `(alpha, beta)`, else a bound on the same side.
    fn negamax(&mut self, board: &Board, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes > self.limit {
            self.aborted = true;
            return alpha;
        }
        let next = board.non_losing_moves();
        let moves = board.moves() as i32;
        if next == 0 {
            return -(CELLS as i32 - moves) / 2;
        }
        if moves >= CELLS as i32 - 2 {
            return 0;
        }
        let min = -(CELLS as i32 - 2 - moves) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        let mut max = (CELLS as i32 - 1 - moves) / 2;
        let key = board.key();
        let stored = self.probe(key);
        if stored != 0 {
            if stored > MAX_SCORE - MIN_SCORE + 1 {
                let lower = stored + 2 * MIN_SCORE - MAX_SCORE - 2;
                if alpha < lower {
                    alpha = lower;
                    if alpha >= beta {
                        return alpha;
                    }
                }
            } else {
                max = stored + MIN_SCORE - 1;
            }
        }
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        let mut list = MoveList::new();
        list.fill(board, next, 0);
        for i in 0..list.len {
            let mut child = *board;
            child.play_bit(list.bit[i]);
            let score = -self.negamax(&child, -beta, -alpha);
            if self.aborted {
                return alpha;
            }
            if score >= beta {
                self.store(key, score + MAX_SCORE - 2 * MIN_SCORE + 2);
                return score;
            }
            if score > alpha {
                alpha = score;
            }
        }
        self.store(key, alpha - MIN_SCORE + 1);
        alpha
    }

    /// The stored bound code of `key`, 0 if none.
    fn probe(&self, key: u64) -> i32 {
        let Some(bits) = self.bits else { return 0 };
        match self.tt.get(slot(key, bits)) {
            Some(e) if e.0 & KEY_MASK == key => (e.0 >> 56) as i32,
            _ => 0,
        }
    }

    fn store(&mut self, key: u64, code: i32) {
        let Some(bits) = self.bits else { return };
        if let Some(e) = self.tt.get_mut(slot(key, bits)) {
            *e = Entry(key | ((code as u64) << 56));
        }
    }
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
