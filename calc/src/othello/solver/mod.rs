//! The exact endgame solver: the final disc difference under perfect play, and a move that
//! achieves it.
//!
//! Negamax alpha-beta on bitboards, fail-soft. Scores are final disc differences for the side
//! to move, the empty squares going to the winner (the FFO convention); they are always even.
//!
//! At the root, MTD(f): null-window tests "is the score at least t?" starting from a guess of
//! 0, each one narrowing the bounds (which the transposition table keeps and merges) until they
//! meet. From [`RANK_MIN`] empties, the root moves are first ranked by short midgame searches
//! ([`super::search::rank_moves`]). Inside the tree, by number of empty squares:
//!
//! - from [`TT_MIN`] up: the caller's transposition table (bounds and best move); from
//!   [`ETC_MIN`], enhanced transposition cutoffs (a child already known to refute the window
//!   ends the node at once);
//! - from [`ORDER_MIN`] up: fastest-first ordering — moves that leave the opponent the fewest
//!   replies first (corners counted twice, fewer empty squares next to our discs better), or
//!   from [`SHALLOW_ORDER_MIN`] by a one-ply midgame search of the child; the table's move
//!   first;
//! - a stability cutoff whenever alpha is at least [`STABILITY_MIN_ALPHA`]: the opponent's
//!   stable discs ([`super::stability`]) bound what can still be won;
//! - below [`ORDER_MIN`], down to [`SMALL`] + 1: moves in quadrant-parity order (moves in a
//!   region of the board with an odd number of empties first);
//! - at [`SMALL`] empties and fewer: no move generation; every empty square next to an
//!   opponent disc is tried directly, odd regions first;
//! - the last empty square is scored by counting the flips of the one possible move.
//!
//! A node is one position searched (passes included; the midgame ranking's nodes are added).
//! The table is cleared at the start of every solve, so that a solve's result and node count
//! depend only on the position and the table's size. The search stops when the caller's
//! [`Budget`] says so ([`Stopped`]).

mod order;
mod small;

use super::bitboard::Position;
use super::square::Square;
use super::stability::stable;
use super::tt::{Entry, Kind, Table};
use crate::budget::{Budget, Meter, Stopped};
use small::parity_of;

/// At this many empties and fewer, no move generation (direct tries in parity order).
pub const SMALL: u32 = 5;
/// From this many empties, fastest-first move ordering.
pub const ORDER_MIN: u32 = 7;
/// From this many empties, the root moves are ranked by midgame searches first.
pub const RANK_MIN: u32 = 14;
/// From this many empties, ordering by a one-ply midgame search of the child.
pub const SHALLOW_ORDER_MIN: u32 = 13;
/// From this many empties, enhanced transposition cutoffs.
pub const ETC_MIN: u32 = 12;
/// From this many empties, the transposition table.
pub const TT_MIN: u32 = 10;

/// The stability cutoff is tried when alpha is at least this (below, it almost never cuts).
pub const STABILITY_MIN_ALPHA: i32 = 16;

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
    /// Scratch of [`Solver::order`] (a local array was cleared at every call).
    keys: [i16; 34],
}

impl<B: Budget> Solver<'_, '_, B> {
    /// Counts a node; true when the search must unwind.
    #[inline]
    fn tick(&mut self) -> bool {
        self.meter.tick()
    }

    /// The general case: move generation, ordering, table.
    fn search(&mut self, p: &Position, mut alpha: i32, mut beta: i32, n: u32) -> i32 {
        if n <= SMALL {
            let empties = p.empties();
            return self.small(p, alpha, beta, empties, n, parity_of(empties));
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
        }
        let etc = if n >= ETC_MIN { beta } else { i32::MAX };
        let mut list = [0u8; 34];
        let count = match self.order(p, moves, n, tt_move, etc, &mut list) {
            Ok(count) => count,
            Err(cut) => return cut,
        };
        let alpha0 = alpha;
        let mut best = -65;
        let mut best_sq = 64u8;
        let flipper = p.flipper();
        for (k, &s) in list[..count].iter().enumerate() {
            let c = p.after(s, flipper.flips(s));
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
}

/// Solves `position` exactly: the final disc difference for the side to move under perfect
/// play and a move achieving it. `table` is the caller's transposition table (any length; see
/// [`Table::new`]); `budget` may stop the search ([`Stopped`]).
pub fn solve<B: Budget>(
    position: &Position,
    table: &mut [Entry],
    budget: &mut B,
) -> Result<Solution, Stopped> {
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
    let p = *position;
    let n = p.empty_count();
    Table::new(table).clear();
    let rank_depth = if n >= RANK_MIN {
        (n - RANK_MIN + 2).min(8) as u8
    } else {
        0
    };
    let mut ranked = None;
    let mut rank_nodes = 0;
    if rank_depth > 0 && p.moves() != 0 {
        let (moves, _, count, nodes) = super::search::rank_moves(&p, rank_depth, table, budget);
        ranked = Some((moves, count));
        rank_nodes = nodes;
    }
    let mut s = Solver {
        tt: Table::new(table),
        meter: Meter::starting_at(budget, rank_nodes),
        keys: [0; 34],
    };
    let (alpha, beta) = (alpha.clamp(-64, 64) - 1, beta.clamp(-64, 64) + 1);
    let moves = p.moves();
    if moves == 0 {
        let score = s.search(&p, alpha, beta, n);
        if s.meter.stopped {
            return Err(Stopped {
                nodes: s.meter.nodes(),
            });
        }
        return Ok(Solution {
            score,
            best: None,
            nodes: s.meter.nodes(),
        });
    }
    s.meter.count();
    let (mut order, count) = match ranked {
        Some(ranked) => ranked,
        None => {
            let mut list = [0u8; 34];
            let count = s
                .order(&p, moves, n.max(ORDER_MIN), 64, i32::MAX, &mut list)
                .unwrap_or(0);
            (list, count)
        }
    };
    // MTD(f) on even scores: null-window tests "score >= beta" from a guess, each test
    // tightening the bounds (the table keeps them) until they meet or leave the window.
    let (mut lower, mut upper) = (-66, 66);
    let mut guess = 0i32.clamp(alpha + 1, beta - 1) & !1;
    let mut best_sq = order[0];
    while lower < upper {
        if upper <= alpha || lower >= beta {
            break;
        }
        let test = if guess <= lower { lower + 2 } else { guess };
        let (v, mv) = s.root(&p, &order[..count], test - 1, test, n);
        if s.meter.stopped {
            return Err(Stopped {
                nodes: s.meter.nodes(),
            });
        }
        if v >= test {
            lower = v;
            best_sq = mv;
            // Search the refuting move first from now on.
            if let Some(k) = order[..count].iter().position(|&m| m == mv) {
                order[..=k].rotate_right(1);
            }
        } else {
            upper = v;
        }
        guess = v;
    }
    let score = if lower >= upper {
        lower
    } else if upper <= alpha {
        upper
    } else {
        lower
    };
    Ok(Solution {
        score,
        best: Square::new(best_sq),
        nodes: s.meter.nodes(),
    })
}

impl<B: Budget> Solver<'_, '_, B> {
    /// A null-window search of the root moves `order` (window `alpha`, `alpha + 1`): the
    /// value (fail-soft) and the move that reached it.
    fn root(&mut self, p: &Position, order: &[u8], alpha: i32, beta: i32, n: u32) -> (i32, u8) {
        let mut best = -65;
        let mut best_sq = order.first().copied().unwrap_or(64);
        let flipper = p.flipper();
        for &sq in order {
            let c = p.after(sq, flipper.flips(sq));
            let v = -self.search(&c, -beta, -alpha, n - 1);
            if self.meter.stopped {
                break;
            }
            if v > best {
                best = v;
                best_sq = sq;
                if v >= beta {
                    break;
                }
            }
        }
        (best, best_sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::{NodeLimit, Unlimited};
    use crate::othello::square::Squares;

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
            let empties = 4 + seed % 6;
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
    fn windows_give_exact_scores_inside_and_bounds_outside() {
        let mut table = [Entry::default(); 1024];
        let mut rng = crate::Rng::new(17);
        for seed in 100..160 {
            let p = random_endgame(seed, 6 + seed % 4);
            let exact = minimax(&p);
            let a = rng.below(40) as i32 - 20;
            let b = a + rng.below(12) as i32;
            let w = solve_window(&p, a, b, &mut table, &mut Unlimited).unwrap();
            if exact < a {
                assert!(
                    w.score < a && w.score >= exact,
                    "{exact} [{a},{b}] {}",
                    w.score
                );
            } else if exact > b {
                assert!(
                    w.score > b && w.score <= exact,
                    "{exact} [{a},{b}] {}",
                    w.score
                );
            } else {
                assert_eq!(w.score, exact);
                let m = w.best.unwrap();
                assert_eq!(-minimax(&p.play(m.index()).unwrap()), exact);
            }
        }
    }

    #[test]
    fn stops_on_budget() {
        let p = random_endgame(3, 16);
        let mut table = [Entry::default(); 64];
        let stopped = solve(&p, &mut table, &mut NodeLimit(2000)).unwrap_err();
        assert!((2000..2000 + crate::budget::CHECK_INTERVAL).contains(&stopped.nodes));
    }
}
