//! The searching AI: iterative-deepening alpha-beta (principal-variation search) on bitboards
//! with the mobility evaluation ([`super::eval`]), a transposition table lent by the caller,
//! and the exact solver ([`super::solver`]) once few enough squares are empty.
//!
//! Moves are ordered by the table's move, then (three plies or more from the leaves) by the
//! evaluation of the position they lead to, else by the seed's tactical table. A finished
//! game inside the tree scores [`game_score`] of its disc difference, beyond every
//! evaluation, and a bigger win more. A node is one position searched. Deterministic: the same
//! position, level and table size give the same move, score and node count everywhere; only
//! the caller's [`Budget`] can end a search early, and then the move of the deepest finished
//! iteration is played (the first iteration always finishes: it is far below the first budget
//! check).

use super::bitboard::Position;
use super::eval::{evaluate_both, EVAL_BOUND};
use super::order::{ordered, tactical, Order};
use super::solver;
use super::square::Square;
use super::tt::{Entry, Kind, Probed, Table};
use crate::budget::{Budget, Meter};

/// How hard the AI thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// Plies of the midgame search (at least 1).
    pub depth: u8,
    /// Solve exactly from this many empty squares down (0: never).
    pub exact_from: u8,
}

impl Level {
    /// Two plies with the evaluation; exact in the last 8 squares.
    pub const EASY: Level = Level {
        depth: 2,
        exact_from: 8,
    };
    /// Three plies; exact in the last 12 squares.
    pub const MEDIUM: Level = Level {
        depth: 3,
        exact_from: 12,
    };
    /// Five plies; exact in the last 14 squares.
    pub const HARD: Level = Level {
        depth: 5,
        exact_from: 14,
    };
}

/// What the search decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The move to play; `None` when the side to move has no legal move.
    pub best: Option<Square>,
    /// Its value in search units: an evaluation (|v| < 1000) or a [`game_score`].
    pub score: i32,
    /// The exact final disc difference when the endgame solver finished.
    pub exact: Option<i32>,
    /// The depth of the last finished midgame iteration (0 when solved exactly).
    pub depth: u8,
    /// Nodes searched, solver included.
    pub nodes: u64,
}

/// The search value of a finished game won by `diff` discs (empties to the winner): 0 for a
/// draw, else `±1000 + 256 × diff`, beyond any evaluation and growing with the margin. It fits
/// an `i16` (at most 17,384), as the transposition table stores it.
pub const fn game_score(diff: i32) -> i32 {
    if diff > 0 {
        EVAL_BOUND + 256 * diff
    } else if diff < 0 {
        -EVAL_BOUND + 256 * diff
    } else {
        0
    }
}

const INF: i32 = 20_000;

/// A value (|v| ≤ [`INF`]) and a square (0..=64) in one word.
#[inline(always)]
fn pack(value: i32, square: u8) -> i32 {
    (value << 8) | i32::from(square)
}

/// The value and square of [`pack`].
#[inline(always)]
fn unpack(w: i32) -> (i32, u8) {
    (w >> 8, w as u8)
}

struct Searcher<'t, 'b, B: Budget> {
    tt: Table<'t>,
    meter: Meter<'b, B>,
    /// Scratch of [`ordered`].
    keys: [i16; 34],
}

impl<B: Budget> Searcher<'_, '_, B> {
    fn tick(&mut self) -> bool {
        self.meter.tick()
    }

    /// Principal-variation search of the moves of `p` (none empty) in the order
    /// [`Order::new`] makes of `first`, `list` and `rest`, `depth` plies: the best value and
    /// its move, packed by [`pack`] (a pair was returned through linear memory). With
    /// `by_eval`, the moves `rest` are ordered by evaluation here ([`ordered`], `first` before
    /// all), into a list of this function's frame in linear memory (in `search`, every node
    /// set up and took down that frame).
    #[allow(clippy::too_many_arguments)]
    fn moves(
        &mut self,
        p: &Position,
        first: u8,
        list: &[u8],
        rest: u64,
        by_eval: bool,
        mut alpha: i32,
        beta: i32,
        depth: u8,
    ) -> i32 {
        // The list is set only where it is used (clearing it cost every node 700 cycles).
        let mut sorted;
        let (first, list, rest) = if by_eval {
            sorted = [0u8; 34];
            let count = ordered(p, rest, first, &mut sorted, &mut self.keys);
            (64, &sorted[..count], 0)
        } else {
            (first, list, rest)
        };
        let mut best = -INF;
        let mut best_sq = 64;
        let flipper = p.flipper();
        for (k, s) in Order::new(first, list, rest).enumerate() {
            let c = p.after(s, flipper.flips_inline(s));
            let v = if k == 0 {
                -self.search(&c, -beta, -alpha, depth - 1, false)
            } else {
                let v = -self.search(&c, -alpha - 1, -alpha, depth - 1, false);
                if v > alpha && v < beta {
                    -self.search(&c, -beta, -alpha, depth - 1, false)
                } else {
                    v
                }
            };
            if self.meter.stopped {
                break;
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
        pack(best, best_sq)
    }

    /// The value of `p` whose side to move passes: its search with the sides swapped. Not
    /// a tail call of `search` (the test of `stopped` after it changes nothing: stopped, the
    /// search returns 0): GCC made `return -search(...)` a loop whose every return, for all
    /// nodes, multiplied its value by the loop's sign, a call of `__mulsi3`.
    #[inline(always)]
    fn pass(&mut self, p: &Position, alpha: i32, beta: i32, depth: u8) -> i32 {
        let v = -self.search(&p.pass(), -beta, -alpha, depth, true);
        if self.meter.stopped {
            return 0;
        }
        v
    }

    fn search(
        &mut self,
        p: &Position,
        mut alpha: i32,
        mut beta: i32,
        depth: u8,
        passed: bool,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        if depth == 0 {
            let (mine, theirs) = p.moves_both();
            if mine == 0 {
                if passed {
                    return game_score(p.final_score());
                }
                return self.pass(p, alpha, beta, depth);
            }
            return evaluate_both(p, mine, theirs);
        }
        let moves = p.moves();
        if moves == 0 {
            if passed {
                return game_score(p.final_score());
            }
            return self.pass(p, alpha, beta, depth);
        }
        let mut tt_move = 64;
        let slot = self.tt.slot(p);
        let e = Probed(self.tt.probe_packed(slot, p, Kind::Midgame));
        if e.found() {
            if e.depth() >= depth {
                let (lo, hi) = (e.lower() as i32, e.upper() as i32);
                if lo >= beta || lo == hi {
                    return lo;
                }
                if hi <= alpha {
                    return hi;
                }
                alpha = alpha.max(lo);
                beta = beta.min(hi);
            }
            tt_move = e.best();
        }
        // The move order's parts (`Order::new`): the first move, the rest (ordered by
        // evaluation in `moves`, or by tactical value).
        let by_eval = depth >= 3;
        let (first, rest) = if by_eval {
            (tt_move, moves)
        } else {
            tactical(moves, tt_move)
        };
        let packed = self.moves(p, first, &[], rest, by_eval, alpha, beta, depth);
        let (best, best_sq) = unpack(packed);
        if self.meter.stopped {
            return 0;
        }
        let (lo, hi) = if best <= alpha {
            (-INF, best)
        } else if best >= beta {
            (best, INF)
        } else {
            (best, best)
        };
        self.tt
            .store_at(slot, p, Kind::Midgame, depth, lo as i16, hi as i16, best_sq);
        best
    }
}

/// The searching AI's move for the side to move of `position`, at `level`, with the caller's
/// transposition table (any length, even empty) and budget. Deterministic; no random choice.
pub fn choose_move<B: Budget>(
    position: &Position,
    level: Level,
    table: &mut [Entry],
    budget: &mut B,
) -> Decision {
    let p = *position;
    let moves = p.moves();
    let mut decision = Decision {
        best: None,
        score: 0,
        exact: None,
        depth: 0,
        nodes: 0,
    };
    if moves == 0 {
        return decision;
    }
    let mut max_depth = level.depth.max(1);
    if level.exact_from > 0 && p.empty_count() <= level.exact_from as u32 {
        match solver::solve(&p, table, budget) {
            Ok(s) => {
                decision.best = s.best;
                decision.score = game_score(s.score);
                decision.exact = Some(s.score);
                decision.nodes = s.nodes;
                return decision;
            }
            // Out of budget: one ply of midgame search gives the move.
            Err(stopped) => {
                decision.nodes = stopped.nodes;
                max_depth = 1;
            }
        }
    }
    let mut s = Searcher {
        tt: Table::new(table),
        meter: Meter::new(budget),
        keys: [0; 34],
    };
    // The root's moves by evaluation, found once: every iteration orders them the same way,
    // but for the best move of the iteration before, which goes first.
    let mut sorted = [0u8; 34];
    let count = ordered(&p, moves, 64, &mut sorted, &mut s.keys);
    for depth in 1..=max_depth {
        let first = decision.best.map_or(64, |b| b.index());
        let packed = s.moves(&p, first, &sorted[..count], 0, false, -INF, INF, depth);
        let (best, best_sq) = unpack(packed);
        if s.meter.stopped && decision.best.is_some() {
            break;
        }
        decision.best = Square::new(best_sq);
        decision.score = best;
        decision.depth = depth;
        if s.meter.stopped {
            break;
        }
    }
    decision.nodes += s.meter.nodes();
    decision
}

/// Ranks the moves of `position` by a midgame search of `depth` plies each (best first), with
/// the caller's table. Returns the moves, their values, their count and the nodes searched.
pub fn rank_moves<B: Budget>(
    position: &Position,
    depth: u8,
    table: &mut [Entry],
    budget: &mut B,
) -> ([u8; 34], [i32; 34], usize, u64) {
    let p = *position;
    let mut s = Searcher {
        tt: Table::new(table),
        meter: Meter::new(budget),
        keys: [0; 34],
    };
    let mut list = [0u8; 34];
    let count = ordered(&p, p.moves(), 64, &mut list, &mut s.keys);
    let mut values = [0i32; 34];
    for (i, &sq) in list[..count].iter().enumerate() {
        let c = p.after(sq, p.flips(sq));
        values[i] = -s.search(&c, -INF, INF, depth.saturating_sub(1), false);
    }
    // Stable insertion sort, best first.
    let (mut moves, mut vals) = (list, values);
    for i in 1..count {
        let mut j = i;
        while j > 0 && vals[j - 1] < vals[j] {
            vals.swap(j - 1, j);
            moves.swap(j - 1, j);
            j -= 1;
        }
    }
    (moves, vals, count, s.meter.nodes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::{NodeLimit, Unlimited, CHECK_INTERVAL};

    #[test]
    fn plays_legal_moves_and_is_deterministic() {
        let mut table = [Entry::default(); 4096];
        let p = Position::initial();
        let a = choose_move(&p, Level::HARD, &mut table, &mut Unlimited);
        let mut table2 = [Entry::default(); 4096];
        let b = choose_move(&p, Level::HARD, &mut table2, &mut Unlimited);
        assert_eq!(a, b);
        assert!(p.moves() & a.best.unwrap().bit() != 0);
        assert_eq!(a.depth, 5);
    }

    #[test]
    fn budget_keeps_the_last_finished_iteration() {
        let mut table = [Entry::default(); 4096];
        let p = Position::initial();
        let d = choose_move(
            &p,
            Level {
                depth: 12,
                exact_from: 0,
            },
            &mut table,
            &mut NodeLimit(5000),
        );
        assert!(d.depth >= 1 && d.depth < 12);
        assert!(d.best.is_some());
        assert!(d.nodes >= 5000 && d.nodes < 5000 + CHECK_INTERVAL);
    }

    #[test]
    fn solves_exactly_near_the_end() {
        // FFO #20 (6 empties): the easy level (exact from 8) returns the exact score +6.
        let p = crate::othello::obf::Obf::parse(
            "XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO- X",
        )
        .unwrap()
        .position();
        let mut table = [Entry::default(); 256];
        let d = choose_move(&p, Level::EASY, &mut table, &mut Unlimited);
        let s = solver::solve(&p, &mut table, &mut Unlimited).unwrap();
        assert_eq!(d.exact, Some(6));
        assert_eq!(s.score, 6);
        assert_eq!(d.best, Square::parse(b"h5"));
    }

    #[test]
    fn game_scores_outrank_evaluations() {
        assert!(game_score(2) > EVAL_BOUND);
        assert!(game_score(-2) < -EVAL_BOUND);
        assert!(game_score(64) < i16::MAX as i32 && game_score(64) < INF);
        assert_eq!(game_score(0), 0);
    }
}
