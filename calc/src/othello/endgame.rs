//! The exact endgame solver: the final disc difference under perfect play, and a move that
//! achieves it.
//!
//! Negamax alpha-beta with principal-variation (null-window) search on bitboards, fail-soft.
//! Scores are final disc differences for the side to move, the empty squares going to the
//! winner (the FFO convention). Techniques, by number of empty squares:
//!
//! - from [`TT_MIN`] empties up: the caller's transposition table (bounds and best move), and
//!   enhanced transposition cutoffs (a child already known to refute the window ends the node
//!   before any search);
//! - from [`ORDER_MIN`] up: fastest-first ordering — moves that leave the opponent the fewest
//!   replies first (corners counted twice), the table's move before all;
//! - below that, down to [`SMALL`] + 1: moves in quadrant-parity order (moves in a region of
//!   the board with an odd number of empties first), then by square;
//! - at [`SMALL`] empties and fewer: no move generation at all; every empty square is tried
//!   directly, odd regions first;
//! - the last empty square is scored by counting the flips of the one possible move.
//!
//! A node is one position searched (passes included). The search stops when the caller's
//! [`Budget`] says so ([`Stopped`]); node counts are deterministic.

use super::bitboard::Position;
use super::budget::{Budget, Meter, Stopped};
use super::square::{Square, Squares};
use super::stability::stable;
use super::tt::{Entry, Kind, Table};

/// At this many empties and fewer, no move generation (direct tries in parity order).
pub const SMALL: u32 = 5;
/// From this many empties, fastest-first move ordering.
pub const ORDER_MIN: u32 = 7;
/// From this many empties, the transposition table.
pub const TT_MIN: u32 = 10;

/// The stability cutoff is tried when alpha is at least this (below, it almost never cuts).
pub const STABILITY_MIN_ALPHA: i32 = 0;

/// The four quadrants of the board (for parity ordering).
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];
const CORNERS: u64 = 0x8100_0000_0000_0081;

/// The squares next to a disc of `b` (in any of the 8 directions).
fn neighbours(b: u64) -> u64 {
    let h = ((b << 1) & 0xFEFE_FEFE_FEFE_FEFE) | ((b >> 1) & 0x7F7F_7F7F_7F7F_7F7F) | b;
    (h << 8) | (h >> 8) | h
}

/// The result of a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The exact final disc difference for the side to move.
    pub score: i32,
    /// A move achieving it, `None` when the side to move must pass or the game is over.
    pub best: Option<Square>,
    /// Nodes searched.
    pub nodes: u64,
}

struct Solver<'t, 'b, B: Budget> {
    tt: Table<'t>,
    meter: Meter<'b, B>,
}

/// The squares in regions (quadrants) holding an odd number of empty squares.
fn odd_regions(empties: u64) -> u64 {
    let mut odd = 0;
    for q in QUADRANTS {
        if (empties & q).count_ones() & 1 != 0 {
            odd |= q;
        }
    }
    odd
}

impl<B: Budget> Solver<'_, '_, B> {
    /// Counts a node; true when the search must unwind.
    #[inline]
    fn tick(&mut self) -> bool {
        self.meter.tick()
    }

    /// The score of a position with one empty square `sq`.
    fn last(&mut self, p: &Position, sq: u8) -> i32 {
        self.meter.nodes += 1;
        let mine = p.player.count_ones() as i32;
        let n = p.flips(sq).count_ones() as i32;
        if n > 0 {
            return 2 * (mine + n + 1) - 64;
        }
        let theirs = p.opponent.count_ones() as i32;
        let m = p.pass().flips(sq).count_ones() as i32;
        if m > 0 {
            return 64 - 2 * (theirs + m + 1);
        }
        // Nobody can take the last square: it goes to the winner.
        let d = mine - theirs;
        d + d.signum()
    }

    /// Few empties: every empty square tried directly, odd regions first.
    fn small(&mut self, p: &Position, mut alpha: i32, beta: i32, empties: u64, n: u32) -> i32 {
        if n == 1 {
            return self.last(p, empties.trailing_zeros() as u8);
        }
        if self.tick() {
            return 0;
        }
        let odd = odd_regions(empties);
        let mut best = -65;
        for region in [empties & odd, empties & !odd] {
            for sq in Squares(region) {
                let s = sq.index();
                let f = p.flips(s);
                if f == 0 {
                    continue;
                }
                let v = -self.small(&p.after(s, f), -beta, -alpha, empties & !sq.bit(), n - 1);
                if v > best {
                    best = v;
                    if v > alpha {
                        alpha = v;
                        if v >= beta {
                            return v;
                        }
                    }
                }
            }
        }
        if best > -65 {
            return best;
        }
        // No move: pass if the opponent can move, else the game is over.
        let q = p.pass();
        if Squares(empties).any(|sq| q.flips(sq.index()) != 0) {
            -self.small(&q, -beta, -alpha, empties, n)
        } else {
            p.final_score()
        }
    }

    /// The general case: move generation, ordering, table.
    fn search(&mut self, p: &Position, mut alpha: i32, mut beta: i32, n: u32) -> i32 {
        if n <= SMALL {
            return self.small(p, alpha, beta, p.empties(), n);
        }
        if self.tick() {
            return 0;
        }
        let moves = p.moves();
        if moves == 0 {
            let q = p.pass();
            if q.moves() == 0 {
                return p.final_score();
            }
            return -self.search(&q, -beta, -alpha, n);
        }
        // Stability cutoff: the opponent's stable discs are lost for good.
        if alpha >= STABILITY_MIN_ALPHA {
            let upper = 64 - 2 * stable(p.opponent, p.player | p.opponent).count_ones() as i32;
            if upper <= alpha {
                return upper;
            }
            beta = beta.min(upper);
        }
        let use_tt = n >= TT_MIN;
        let mut tt_move = 64u8;
        if use_tt {
            if let Some(e) = self.tt.probe(p, Kind::Exact) {
                let (lo, hi) = (e.lower as i32, e.upper as i32);
                if lo >= beta || lo == hi {
                    return lo;
                }
                if hi <= alpha {
                    return hi;
                }
                alpha = alpha.max(lo);
                beta = beta.min(hi);
                tt_move = e.best;
            }
            // Enhanced transposition cutoff: a child whose stored upper bound already refutes
            // the window (its value for us, minus its upper bound, reaches beta).
            for sq in Squares(moves) {
                let c = p.after(sq.index(), p.flips(sq.index()));
                if let Some(e) = self.tt.probe(&c, Kind::Exact) {
                    if -(e.upper as i32) >= beta {
                        return -(e.upper as i32);
                    }
                }
            }
        }
        let (list, count) = self.order(p, moves, n, tt_move);
        let alpha0 = alpha;
        let mut best = -65;
        let mut best_sq = 64u8;
        for (k, &s) in list[..count].iter().enumerate() {
            let c = p.after(s, p.flips(s));
            let v = if k == 0 {
                -self.search(&c, -beta, -alpha, n - 1)
            } else {
                let v = -self.search(&c, -alpha - 1, -alpha, n - 1);
                if v > alpha && v < beta {
                    -self.search(&c, -beta, -alpha, n - 1)
                } else {
                    v
                }
            };
            if self.meter.stopped {
                return 0;
            }
            if v > best {
                best = v;
                best_sq = s;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        if use_tt {
            let (lo, hi) = if best <= alpha0 {
                (-64, best)
            } else if best >= beta {
                (best, 64)
            } else {
                (best, best)
            };
            self.tt
                .store(p, Kind::Exact, n as u8, lo as i16, hi as i16, best_sq);
        }
        best
    }

    /// The moves of `p` in search order (smallest key first) and their count.
    fn order(&mut self, p: &Position, moves: u64, n: u32, tt_move: u8) -> ([u8; 34], usize) {
        let mut list = [0u8; 34];
        let mut keys = [0i16; 34];
        let mut count = 0;
        let odd = if n < ORDER_MIN { odd_regions(p.empties()) } else { 0 };
        for sq in Squares(moves) {
            let s = sq.index();
            let key = if s == tt_move {
                i16::MIN
            } else if n >= ORDER_MIN {
                let c = p.after(s, p.flips(s));
                let replies = c.moves();
                let frontier = neighbours(c.opponent) & c.empties();
                let mut k = (replies.count_ones() + (replies & CORNERS).count_ones()) as i16 * 16
                    + frontier.count_ones() as i16 * 2;
                if sq.bit() & CORNERS != 0 {
                    k -= 8;
                }
                k
            } else if sq.bit() & odd != 0 {
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
        (list, count)
    }
}

/// Solves `position` exactly: the final disc difference for the side to move under perfect
/// play and a move achieving it. `table` is the caller's transposition table (any length; see
/// [`Table::new`]); `budget` may stop the search ([`Stopped`]).
pub fn solve<B: Budget>(position: &Position, table: &mut [Entry], budget: &mut B) -> Result<Solution, Stopped> {
    solve_window(position, -64, 64, table, budget)
}

/// Like [`solve`], but exact only inside the window `alpha..=beta` of scores: a score below
/// `alpha` is an upper bound, one above `beta` a lower bound (the move is then one that
/// reaches it). `-1..=1` decides win, draw or loss cheaply (final scores are even).
pub fn solve_window<B: Budget>(
    position: &Position,
    alpha: i32,
    beta: i32,
    table: &mut [Entry],
    budget: &mut B,
) -> Result<Solution, Stopped> {
    let mut s = Solver {
        tt: Table::new(table),
        meter: Meter::new(budget),
    };
    let p = *position;
    let n = p.empty_count();
    let (alpha, beta) = (alpha.clamp(-64, 64) - 1, beta.clamp(-64, 64) + 1);
    let moves = p.moves();
    if moves == 0 {
        let score = s.search(&p, alpha, beta, n);
        if s.meter.stopped {
            return Err(Stopped { nodes: s.meter.nodes });
        }
        return Ok(Solution {
            score,
            best: None,
            nodes: s.meter.nodes,
        });
    }
    s.meter.nodes += 1;
    let (order, count) = s.order(&p, moves, n.max(ORDER_MIN), 64);
    let mut a = alpha;
    let mut best = -65;
    let mut best_sq = order[0];
    for (i, &sq) in order[..count].iter().enumerate() {
        let c = p.after(sq, p.flips(sq));
        let v = if i == 0 {
            -s.search(&c, -beta, -a, n - 1)
        } else {
            let v = -s.search(&c, -a - 1, -a, n - 1);
            if v > a && v < beta {
                -s.search(&c, -beta, -a, n - 1)
            } else {
                v
            }
        };
        if s.meter.stopped {
            return Err(Stopped { nodes: s.meter.nodes });
        }
        if v > best {
            best = v;
            best_sq = sq;
            if v > a {
                a = v;
                if v >= beta {
                    break;
                }
            }
        }
    }
    Ok(Solution {
        score: best,
        best: Square::new(best_sq),
        nodes: s.meter.nodes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::othello::budget::{NodeLimit, Unlimited};

    /// Plain negamax over every move, for checking the solver on small endgames.
    fn minimax(p: &Position) -> i32 {
        let moves = p.moves();
        if moves == 0 {
            let q = p.pass();
            if q.moves() == 0 {
                return p.final_score();
            }
            return -minimax(&q);
        }
        Squares(moves)
            .map(|sq| -minimax(&p.play(sq.index()).unwrap()))
            .max()
            .unwrap_or(-64)
    }

    fn random_endgame(seed: u32, empties: u32) -> Position {
        let mut rng = crate::Rng::new(seed);
        loop {
            let mut p = Position::initial();
            while p.empty_count() > empties {
                let m = p.moves();
                if m == 0 {
                    if p.pass().moves() == 0 {
                        break;
                    }
                    p = p.pass();
                    continue;
                }
                let i = rng.below(m.count_ones());
                p = p.play(Squares(m).nth(i as usize).unwrap().index()).unwrap();
            }
            if p.empty_count() == empties {
                return p;
            }
        }
    }

    #[test]
    fn agrees_with_minimax_on_small_endgames() {
        let mut table = [Entry::default(); 1024];
        for seed in 0..60 {
            let empties = 4 + seed % 8;
            let p = random_endgame(seed, empties);
            let exact = minimax(&p);
            let s = solve(&p, &mut table, &mut Unlimited).unwrap();
            assert_eq!(s.score, exact, "seed {seed}");
            if let Some(b) = s.best {
                assert_eq!(-minimax(&p.play(b.index()).unwrap()), exact);
            }
            let w = solve_window(&p, -1, 1, &mut table, &mut Unlimited).unwrap();
            assert_eq!(w.score.signum(), exact.signum());
        }
    }

    #[test]
    fn stops_on_budget() {
        let p = random_endgame(3, 16);
        let mut table = [Entry::default(); 64];
        let stopped = solve(&p, &mut table, &mut NodeLimit(2000)).unwrap_err();
        assert!((2000..2000 + crate::othello::budget::CHECK_INTERVAL).contains(&stopped.nodes));
    }
}
