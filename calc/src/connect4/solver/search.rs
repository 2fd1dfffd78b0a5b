//! The recursive search: negamax with alpha-beta on positions where the side to move cannot
//! win at once, with the proven bounds of `bounds.rs` and the table of [`super::table`].

use super::super::board::{Board, CELLS, WIDTH};
use super::super::book::mirror_key;
use super::bounds::{ceiling, floor, lost_now, non_losing, stacked_threats};
use super::order::Moves;
use super::table::mix;
use super::Solver;

const CELLS_I: i32 = CELLS as i32;

/// Positions with fewer stones than this share a table entry with their mirror image.
const MIRROR_PLIES: i32 = 12;

/// Positions with fewer stones than this look their children up in the table before searching
/// any (enhanced transposition cut-off): worth its probes only where subtrees are large.
const ETC_PLIES: i32 = 16;

/// The table key of the position of `key` with `moves` stones: its own key, or the key of its
/// mirror image when that one is smaller and the position is young (see [`MIRROR_PLIES`]),
/// with whether it is mirrored. (Always inlined: called, it returned its pair through the
/// shadow stack.)
#[inline(always)]
fn table_key(key: u64, moves: i32) -> (u64, bool) {
    if moves < MIRROR_PLIES {
        let mirror = mirror_key(key);
        if mirror < key {
            return (mirror, true);
        }
    }
    (key, false)
}

/// Column + 1 `hint` seen from the other orientation when `mirrored`.
#[inline]
fn orient(hint: u8, mirrored: bool) -> u8 {
    if mirrored && hint != 0 {
        8 - hint
    } else {
        hint
    }
}

impl Solver<'_> {
    /// Negamax with alpha-beta on a position where the side to move cannot win at once, whose
    /// winning cells (`own_win`) and those of the opponent (`opp_win`) are known (the parent
    /// found them: see `order.rs`). Returns the exact score if it lies in `(alpha, beta)`, else
    /// a bound on the same side (fail-soft: `<= alpha` is an upper bound, `>= beta` a lower
    /// bound).
    pub(super) fn negamax(
        &mut self,
        board: &Board,
        own_win: u64,
        opp_win: u64,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes > self.limit {
            self.aborted = true;
            return alpha;
        }
        let moves = board.moves() as i32;
        let next = non_losing(board, opp_win);
        if next == 0 {
            return lost_now(moves);
        }
        if moves >= CELLS_I - 2 {
            return 0;
        }
        let min = floor(moves);
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        let max = ceiling(moves);
        if self.proofs && stacked_threats(next, own_win) != 0 {
            return max;
        }
        let max = self.claimeven(board).unwrap_or(max);
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        // Ask for the children's entries now: they arrive while this node works (a small table
        // is in the cache already).
        let opponent = board.opponent_stones();
        let mask = board.mask();
        let mut rest = if self.table.is_large() { next } else { 0 };
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            // The child's key: the opponent moves next, the stone is added.
            let (key, _) = table_key(opponent + (mask | bit), moves + 1);
            self.table.prefetch(mix(key));
        }
        let (key, mirrored) = table_key(board.key(), moves);
        // Mixed once for the probe and the store.
        let key = mix(key);
        let known = self.table.probe(key);
        if known.lower > alpha {
            alpha = known.lower;
            if alpha >= beta {
                return alpha;
            }
        }
        if known.upper < beta {
            beta = known.upper;
            if alpha >= beta {
                return beta;
            }
        }
        let hint = orient(known.hint, mirrored);
        if moves < ETC_PLIES {
            // Enhanced transposition cut-off: a child known to score at most -beta refutes
            // this position before any search.
            let mut rest = next;
            while rest != 0 {
                let bit = rest & rest.wrapping_neg();
                rest &= rest - 1;
                let (ck, _) = table_key(opponent + (mask | bit), moves + 1);
                let k = self.table.probe(mix(ck));
                if k.upper != i32::MAX && -k.upper >= beta {
                    return -k.upper;
                }
            }
        }
        // Any value: only the items written are read. Not a constant, which LLVM makes a call of
        // memset.
        let mut items = [next; WIDTH as usize];
        let list = Moves::new(&mut items, board, next, hint, own_win);
        let start = self.nodes;
        let alpha0 = alpha;
        let mut best = 0;
        for i in 0..list.len() {
            let (bit, col, threats) = list.get(i);
            let mut child = *board;
            child.play_bit(bit);
            // The child's sides: the opponent's winning cells less the one just filled, and
            // the mover's threats after the move.
            let score = -self.negamax(&child, opp_win & !bit, threats, -beta, -alpha);
            if self.aborted {
                return alpha;
            }
            if score >= beta {
                let work = self.nodes - start;
                let hint = orient(col + 1, mirrored);
                self.table.store(key, score, i32::MAX, hint, work);
                return score;
            }
            if score > alpha {
                alpha = score;
                best = col + 1;
            }
        }
        // A score above the window's floor is exact: both bounds.
        let lower = if alpha > alpha0 { alpha } else { i32::MIN };
        let work = self.nodes - start;
        self.table
            .store(key, lower, alpha, orient(best, mirrored), work);
        alpha
    }
}
