//! The searches as they were before they moved to [`Position`](super::position::Position)
//! (copying [`Board`] at every node and recomputing winning cells and window counts with
//! 64-bit shifts): the reference the faster searches must agree with exactly, move, score and
//! node count, on random positions and budgets (tests of `alphabeta` and `minimax`).

use super::alphabeta::{
    first_centre, lose_next, win_now, Entry, Limits, MoveList, Score, SearchResult, EXACT, INF,
    LOWER, UPPER, WIN,
};
use crate::budget::{Budget, Unlimited, CHECK_INTERVAL};
use crate::connect4::board::{Board, WIDTH};
use crate::connect4::eval::{engine_eval, ENGINE_EVAL_MAX};
use crate::connect4::tt::{slot, table_bits};
use crate::Rng;

pub(crate) mod alphabeta {
    use super::*;

    /// Searches `board` to exactly `depth` plies (no iterative deepening, no node limit) and
    /// returns the best column, its score and the node count. The table is cleared first.
    pub fn search_depth(board: &Board, depth: u8, tt: &mut [Entry]) -> SearchResult {
        let mut s = Searcher::new(tt, u32::MAX, Unlimited);
        let (column, score) = s.root(board, depth);
        SearchResult {
            column,
            score,
            nodes: s.nodes,
            depth,
        }
    }

    /// Iterative deepening from depth 1 to `limits.depth`, stopping early at a proven result, at the
    /// node budget or when `budget` says so; returns the last completed iteration's answer (the first
    /// iteration always completes). The table is cleared first.
    pub fn search<B: Budget>(
        board: &Board,
        limits: Limits,
        tt: &mut [Entry],
        budget: B,
    ) -> SearchResult {
        let mut s = Searcher::new(tt, limits.nodes, budget);
        let mut best = SearchResult {
            column: None,
            score: 0,
            nodes: 0,
            depth: 0,
        };
        let mut depth = 1;
        while depth <= limits.depth.max(1) {
            let (column, score) = s.root(board, depth);
            if s.aborted && depth > 1 {
                break;
            }
            best = SearchResult {
                column,
                score,
                nodes: s.nodes,
                depth,
            };
            if s.aborted
                || column.is_none()
                || !(-ENGINE_EVAL_MAX..=ENGINE_EVAL_MAX).contains(&score)
            {
                break;
            }
            // Past the end of the game, deeper iterations change nothing.
            if depth as u16 + board.moves() as u16 >= 42 {
                break;
            }
            depth += 1;
        }
        best.nodes = s.nodes;
        best
    }

    /// The state of one search.
    struct Searcher<'t, B: Budget> {
        tt: &'t mut [Entry],
        bits: Option<u32>,
        nodes: u32,
        node_limit: u32,
        aborted: bool,
        budget: B,
    }

    impl<'t, B: Budget> Searcher<'t, B> {
        fn new(tt: &'t mut [Entry], node_limit: u32, budget: B) -> Self {
            let bits = table_bits(tt.len());
            if let Some(b) = bits {
                let used = 1usize << b;
                for e in tt.iter_mut().take(used) {
                    *e = Entry::EMPTY;
                }
            }
            Searcher {
                tt,
                bits,
                nodes: 0,
                node_limit,
                aborted: false,
                budget,
            }
        }

        /// The root: like [`Searcher::negamax`] but returns the move, and always a legal one.
        fn root(&mut self, board: &Board, depth: u8) -> (Option<u8>, Score) {
            self.aborted = false;
            self.nodes = self.nodes.saturating_add(1);
            if board.outcome().is_some() {
                return (None, 0);
            }
            let moves = board.moves();
            let playable = board.playable();
            let wins = playable & board.winning_cells();
            if wins != 0 {
                return (Some(first_centre(wins)), win_now(moves));
            }
            let next = board.non_losing_moves();
            if next == 0 {
                // Lost whatever happens: block one threat if there is one, else any move.
                let blocks = playable & board.opponent_winning_cells();
                let pick = if blocks != 0 { blocks } else { playable };
                return (Some(first_centre(pick)), lose_next(moves));
            }
            let mut list = MoveList::new();
            let tt_move = self.probe(board.key()).map(|e| e.info >> 2).unwrap_or(0);
            list.fill(board, next, tt_move);
            let mut alpha = -INF;
            let beta = INF;
            let mut best_col = list.col[0];
            for i in 0..list.len {
                let mut child = *board;
                child.play_bit(list.bit[i]);
                let score = -self.negamax(&child, depth.saturating_sub(1), -beta, -alpha);
                if self.aborted {
                    break;
                }
                if score > alpha {
                    alpha = score;
                    best_col = list.col[i];
                }
            }
            if !self.aborted {
                self.store(board.key(), alpha, depth, EXACT, best_col);
            }
            (Some(best_col), alpha)
        }

        fn negamax(
            &mut self,
            board: &Board,
            depth: u8,
            mut alpha: Score,
            mut beta: Score,
        ) -> Score {
            self.nodes = self.nodes.saturating_add(1);
            if self.nodes >= self.node_limit
                || (self.nodes & (CHECK_INTERVAL as u32 - 1) == 0
                    && self.budget.exhausted(self.nodes.into()))
            {
                self.aborted = true;
            }
            if self.aborted {
                return 0;
            }
            let moves = board.moves();
            if board.can_win_next() {
                return win_now(moves);
            }
            let next = board.non_losing_moves();
            if next == 0 {
                return lose_next(moves);
            }
            if moves >= 40 {
                // The side to move cannot win with stone 41 and the opponent cannot with 42.
                return 0;
            }
            if depth == 0 {
                return engine_eval(board);
            }
            // Proven bounds: no win before our stone after next, no loss before theirs after next.
            let max = WIN + ((41 - moves as Score) >> 1);
            if beta > max {
                beta = max;
                if alpha >= beta {
                    return beta;
                }
            }
            let min = -(WIN + ((40 - moves as Score) >> 1));
            if alpha < min {
                alpha = min;
                if alpha >= beta {
                    return alpha;
                }
            }
            let key = board.key();
            let mut tt_move = 0;
            if let Some(e) = self.probe(key) {
                tt_move = e.info >> 2;
                if e.depth >= depth {
                    let bound = e.info & 3;
                    if bound == EXACT
                        || (bound == LOWER && e.score >= beta)
                        || (bound == UPPER && e.score <= alpha)
                    {
                        return e.score;
                    }
                }
            }
            let mut list = MoveList::new();
            list.fill(board, next, tt_move);
            let alpha0 = alpha;
            let mut best = -INF;
            let mut best_col = list.col[0];
            for i in 0..list.len {
                let mut child = *board;
                child.play_bit(list.bit[i]);
                let score = -self.negamax(&child, depth - 1, -beta, -alpha);
                if self.aborted {
                    return 0;
                }
                if score > best {
                    best = score;
                    best_col = list.col[i];
                }
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
            let bound = if best >= beta {
                LOWER
            } else if best > alpha0 {
                EXACT
            } else {
                UPPER
            };
            self.store(key, best, depth, bound, best_col);
            best
        }

        fn probe(&self, key: u64) -> Option<Entry> {
            let bits = self.bits?;
            let e = *self.tt.get(slot(key, bits))?;
            if e.key_lo == key as u32 && e.key_hi == (key >> 32) as u32 {
                Some(e)
            } else {
                None
            }
        }

        /// Always-replace scheme: the latest result wins its slot.
        fn store(&mut self, key: u64, score: Score, depth: u8, bound: u8, col: u8) {
            let Some(bits) = self.bits else { return };
            if let Some(e) = self.tt.get_mut(slot(key, bits)) {
                *e = Entry {
                    key_lo: key as u32,
                    key_hi: (key >> 32) as u32,
                    score,
                    depth,
                    info: bound | ((col + 1) << 2),
                };
            }
        }
    }
}

pub(crate) mod minimax {
    use super::super::alphabeta::CENTRE_FIRST;
    pub(crate) use super::super::minimax::MinimaxChoice;
    use super::*;
    use crate::connect4::board::column_mask;
    use crate::connect4::eval::{seed_eval, SEED_WIN};

    /// Above any value of [`seed_eval`].
    const INF: i32 = 30_000;

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

    /// The Min-Max value of `board` for the side to move, exact inside `(alpha, beta)`, with
    /// the two shortcuts of the module doc of `minimax` (a win at once, a single threat to
    /// block).
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
}
