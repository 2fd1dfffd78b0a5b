//! The solver's move ordering ([`Solver::order`]): from [`ORDER_MIN`] empties fastest-first
//! (the moves that leave the opponent the fewest replies first, corners counted twice, fewer
//! empty squares next to our discs better), from [`SHALLOW_ORDER_MIN`] by a one-ply midgame
//! search of the child ([`shallow`]), below [`ORDER_MIN`] by quadrant parity; the table's move
//! first; with enhanced transposition cutoffs when asked.

use super::small::odd_regions;
use super::{Solver, ORDER_MIN, SHALLOW_ORDER_MIN};
use crate::budget::Budget;
use crate::othello::bitboard::Position;
use crate::othello::eval::{evaluate, neighbours, EVAL_BOUND};
use crate::othello::square::{pop_lowest, Squares};
use crate::othello::tt::Kind;

const CORNERS: u64 = 0x8100_0000_0000_0081;

/// A small alpha-beta on the midgame evaluation (for move ordering): `depth` plies.
fn shallow(p: &Position, mut alpha: i32, beta: i32, depth: u32) -> i32 {
    let moves = p.moves();
    if depth == 0 || moves == 0 {
        return evaluate(p);
    }
    let mut best = -EVAL_BOUND;
    let flipper = p.flipper();
    for sq in Squares(moves) {
        let s = sq.index();
        let v = -shallow(&p.after(s, flipper.flips(s)), -beta, -alpha, depth - 1);
        if v > best {
            best = v;
            if v > alpha {
                alpha = v;
                if v >= beta {
                    break;
                }
            }
        }
    }
    best
}

impl<B: Budget> Solver<'_, '_, B> {
    /// The moves of `p` in search order (smallest key first) and their count; or, when a
    /// child's stored upper bound already proves a score of at least `etc_beta` for `p`
    /// (enhanced transposition cutoff), that score.
    pub(super) fn order(
        &mut self,
        p: &Position,
        moves: u64,
        n: u32,
        tt_move: u8,
        etc_beta: i32,
        list: &mut [u8; 34],
    ) -> Result<usize, i32> {
        let keys = &mut self.keys;
        let mut count = 0;
        let odd = if n < ORDER_MIN {
            odd_regions(p.empties())
        } else {
            0
        };
        let flipper = p.flipper();
        // The squares by `lowest_inline`, as in `small`.
        let mut rest = moves;
        while rest != 0 {
            let (s, bit) = pop_lowest(&mut rest);
            let key = if s == tt_move {
                i16::MIN
            } else if n >= ORDER_MIN {
                let c = p.after(s, flipper.flips(s));
                if etc_beta < i32::MAX {
                    if let Some(e) = self.tt.probe(&c, Kind::Exact) {
                        if -(e.upper as i32) >= etc_beta {
                            return Err(-(e.upper as i32));
                        }
                    }
                }
                if n >= SHALLOW_ORDER_MIN {
                    shallow(&c, -EVAL_BOUND, EVAL_BOUND, 1) as i16
                } else {
                    let replies = c.moves();
                    let frontier = neighbours(c.opponent) & c.empties();
                    let mut k = (replies.count_ones() + (replies & CORNERS).count_ones()) as i16
                        * 16
                        + frontier.count_ones() as i16 * 2;
                    if bit & CORNERS != 0 {
                        k -= 8;
                    }
                    k
                }
            } else if bit & odd != 0 {
                s as i16 - 64
            } else {
                s as i16
            };
            // Insertion in increasing key order; equal keys keep square order.
            let mut j = count;
            while j > 0 && keys[j - 1] > key {
                keys[j] = keys[j - 1];
                list[j] = list[j - 1];
                j -= 1;
            }
            keys[j] = key;
            list[j] = s;
            count += 1;
        }
        Ok(count)
    }
}
