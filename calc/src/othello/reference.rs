//! The searching AI as it was before the work on its speed (issue 16): the reference the
//! tests hold [`super::search`] to. Its moves, scores and node counts must stay those of this
//! copy, so that the calculator levels' node budgets keep their meaning
//! (docs/playing.md#othello). It uses the 64-bit bitboard operations and the evaluation as
//! first written; only its documentation comments are shortened.

use super::ai::TACTICAL;
use super::bitboard::Position;
use super::eval::evaluate_wide;
use super::search::{game_score, Decision, Level};
use super::solver;
use super::square::{Square, Squares};
use super::tt::{Entry, Kind, Table};
use crate::budget::{Budget, Meter};

fn evaluate(p: &Position) -> i32 {
    evaluate_wide(p, p.moves_wide(), p.pass().moves_wide())
}

struct Searcher<'t, 'b, B: Budget> {
    tt: Table<'t>,
    meter: Meter<'b, B>,
}

const INF: i32 = 20_000;

/// Writes the moves of `p` into `list` in search order (best first) and returns their count.
/// (The list is the caller's: an array returned by value would be copied once more.)
fn ordered(p: &Position, moves: u64, by_eval: bool, first: u8, list: &mut [u8; 34]) -> usize {
    // Keys fit 16 bits: evaluations, the tactical table's values, and the first move's MAX.
    let mut keys = [0i16; 34];
    let mut n = 0;
    for sq in Squares(moves) {
        let s = sq.index();
        let key = if s == first {
            i16::MAX
        } else if by_eval {
            -evaluate(&p.after(s, p.flips_wide(s))) as i16
        } else {
            i16::from(TACTICAL[sq.mailbox() as usize])
        };
        // Insertion in decreasing key order; equal keys keep square order.
        let mut j = n;
        while j > 0 && keys[j - 1] < key {
            keys[j] = keys[j - 1];
            list[j] = list[j - 1];
            j -= 1;
        }
        keys[j] = key;
        list[j] = s;
        n += 1;
    }
    n
}

impl<B: Budget> Searcher<'_, '_, B> {
    fn tick(&mut self) -> bool {
        self.meter.tick()
    }

    /// Principal-variation search of the moves of `p` (none empty), `depth` plies.
    fn moves(
        &mut self,
        p: &Position,
        list: &[u8],
        mut alpha: i32,
        beta: i32,
        depth: u8,
    ) -> (i32, u8) {
        let mut best = -INF;
        let mut best_sq = 64;
        for (k, &s) in list.iter().enumerate() {
            let c = p.after(s, p.flips_wide(s));
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
        (best, best_sq)
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
        let moves = p.moves_wide();
        if moves == 0 {
            if passed {
                return game_score(p.final_score());
            }
            return -self.search(&p.pass(), -beta, -alpha, depth, true);
        }
        if depth == 0 {
            return evaluate_wide(p, moves, p.pass().moves_wide());
        }
        let mut tt_move = 64;
        if let Some(e) = self.tt.probe(p, Kind::Midgame) {
            if e.depth >= depth {
                let (lo, hi) = (e.lower as i32, e.upper as i32);
                if lo >= beta || lo == hi {
                    return lo;
                }
                if hi <= alpha {
                    return hi;
                }
                alpha = alpha.max(lo);
                beta = beta.min(hi);
            }
            tt_move = e.best;
        }
        let mut list = [0u8; 34];
        let count = ordered(p, moves, depth >= 3, tt_move, &mut list);
        let (best, best_sq) = self.moves(p, &list[..count], alpha, beta, depth);
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
            .store(p, Kind::Midgame, depth, lo as i16, hi as i16, best_sq);
        best
    }
}

/// The searching AI's move for the side to move of `position`, at `level`, with the caller's
/// transposition table (any length, even empty) and budget. Deterministic; no random choice.
pub(crate) fn choose_move<B: Budget>(
    position: &Position,
    level: Level,
    table: &mut [Entry],
    budget: &mut B,
) -> Decision {
    let p = *position;
    let moves = p.moves_wide();
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
    };
    for depth in 1..=max_depth {
        let first = decision.best.map_or(64, |b| b.index());
        let mut list = [0u8; 34];
        let count = ordered(&p, moves, true, first, &mut list);
        let (best, best_sq) = s.moves(&p, &list[..count], -INF, INF, depth);
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
pub(crate) fn rank_moves<B: Budget>(
    position: &Position,
    depth: u8,
    table: &mut [Entry],
    budget: &mut B,
) -> ([u8; 34], [i32; 34], usize, u64) {
    let p = *position;
    let mut s = Searcher {
        tt: Table::new(table),
        meter: Meter::new(budget),
    };
    let mut list = [0u8; 34];
    let count = ordered(&p, p.moves_wide(), true, 64, &mut list);
    let mut values = [0i32; 34];
    for (i, &sq) in list[..count].iter().enumerate() {
        let c = p.after(sq, p.flips_wide(sq));
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
    use crate::budget::{NodeLimit, Unlimited};
    use crate::othello::search;
    use std::vec;

    /// Positions of random games, `count` of them, every stage from the start to the end.
    fn positions(seed: u32, count: usize) -> impl Iterator<Item = Position> {
        let mut rng = crate::Rng::new(seed);
        (0..count).filter_map(move |_| {
            let played = rng.below(60);
            let mut p = Position::initial();
            for _ in 0..played {
                let m = p.moves_wide();
                if m == 0 {
                    if p.pass().moves_wide() == 0 {
                        break;
                    }
                    p = p.pass();
                    continue;
                }
                let k = rng.below(m.count_ones());
                p = p.play(Squares(m).nth(k as usize).unwrap().index()).unwrap();
            }
            (!p.is_over()).then_some(p)
        })
    }

    #[test]
    fn search_equals_the_reference() {
        let mut rng = crate::Rng::new(77);
        for (i, p) in positions(3, 600).enumerate() {
            let depth = 1 + (i % 5) as u8;
            let level = Level {
                depth,
                exact_from: 0,
            };
            let len = [0, 1, 16, 64, 1024][i % 5];
            let (mut t1, mut t2) = (vec![Entry::default(); len], vec![Entry::default(); len]);
            let got = search::choose_move(&p, level, &mut t1, &mut Unlimited);
            let want = choose_move(&p, level, &mut t2, &mut Unlimited);
            assert_eq!(got, want, "{p:?} depth {depth} table {len}");
            // Stopped by a budget: the same node, the same move.
            let limit = 1 + u64::from(rng.below(3000));
            let (mut t1, mut t2) = (vec![Entry::default(); len], vec![Entry::default(); len]);
            let got = search::choose_move(&p, level, &mut t1, &mut NodeLimit(limit));
            let want = choose_move(&p, level, &mut t2, &mut NodeLimit(limit));
            assert_eq!(got, want, "{p:?} depth {depth} table {len} limit {limit}");
        }
    }

    #[test]
    fn levels_equal_the_reference() {
        for (i, p) in positions(4, 120).enumerate() {
            let level = [Level::EASY, Level::MEDIUM, Level::HARD][i % 3];
            let (mut t1, mut t2) = (vec![Entry::default(); 1024], vec![Entry::default(); 1024]);
            let got = search::choose_move(&p, level, &mut t1, &mut NodeLimit(200_000));
            let want = choose_move(&p, level, &mut t2, &mut NodeLimit(200_000));
            assert_eq!(got, want, "{p:?} {level:?}");
        }
    }

    #[test]
    fn ranking_equals_the_reference() {
        for (i, p) in positions(5, 200).enumerate() {
            if p.moves_wide() == 0 {
                continue;
            }
            let depth = 1 + (i % 4) as u8;
            let (mut t1, mut t2) = (vec![Entry::default(); 256], vec![Entry::default(); 256]);
            let got = search::rank_moves(&p, depth, &mut t1, &mut Unlimited);
            let want = rank_moves(&p, depth, &mut t2, &mut Unlimited);
            assert_eq!(got, want, "{p:?} depth {depth}");
        }
    }
}
