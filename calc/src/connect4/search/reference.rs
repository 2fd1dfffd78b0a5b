//! The alpha-beta search as it was before it moved to the board's lines
//! ([`Lines`](super::position::Lines)): a [`Board`] copied at every node, winning cells and
//! window counts recomputed with 64-bit shifts, the heuristic called at the horizon through
//! [`Evaluate`]. It is the reference the search on lines must agree with exactly, move, score,
//! node count and depth, on random positions, budgets and weights (the tests below).

use super::alphabeta::{
    first_centre, lose_next, win_now, Limits, Score, SearchResult, CENTRE_FIRST, INF, WIN,
};
use crate::budget::{Budget, Unlimited, CHECK_INTERVAL};
use crate::connect4::board::{column_mask, Board, WIDTH};
use crate::connect4::eval::{Evaluate, Standard, ENGINE_EVAL_MAX};
use crate::connect4::tt::{slot, table_bits, Entry, EXACT, LOWER, UPPER};

/// Searches `board` to exactly `depth` plies (no iterative deepening, no node limit) and
/// returns the best column, its score and the node count. The table is cleared first.
pub fn search_depth(board: &Board, depth: u8, tt: &mut [Entry]) -> SearchResult {
    let mut s = Searcher::new(tt, u32::MAX, Unlimited, Standard);
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
    search_evaluated(board, limits, tt, budget, Standard)
}

/// [`search`] with the heuristic `eval` at the horizon instead of the engine's own
/// ([`Standard`]): tuned weights ([`crate::connect4::eval::Weights`]) play through it.
pub fn search_evaluated<B: Budget, E: Evaluate>(
    board: &Board,
    limits: Limits,
    tt: &mut [Entry],
    budget: B,
    eval: E,
) -> SearchResult {
    let mut s = Searcher::new(tt, limits.nodes, budget, eval);
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
        if s.aborted || column.is_none() || !(-ENGINE_EVAL_MAX..=ENGINE_EVAL_MAX).contains(&score) {
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
struct Searcher<'t, B: Budget, E: Evaluate> {
    tt: &'t mut [Entry],
    bits: Option<u32>,
    nodes: u32,
    node_limit: u32,
    aborted: bool,
    budget: B,
    eval: E,
}

impl<'t, B: Budget, E: Evaluate> Searcher<'t, B, E> {
    fn new(tt: &'t mut [Entry], node_limit: u32, budget: B, eval: E) -> Self {
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
            eval,
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
        list.fill(board, next, tt_move, depth <= 1);
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

    fn negamax(&mut self, board: &Board, depth: u8, mut alpha: Score, mut beta: Score) -> Score {
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
            return self.eval.evaluate(board);
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
        list.fill(board, next, tt_move, depth == 1);
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

/// The moves of one node, best first.
pub(crate) struct MoveList {
    pub(crate) bit: [u64; WIDTH as usize],
    pub(crate) col: [u8; WIDTH as usize],
    pub(crate) len: usize,
}

impl MoveList {
    pub(crate) fn new() -> MoveList {
        MoveList {
            bit: [0; WIDTH as usize],
            col: [0; WIDTH as usize],
            len: 0,
        }
    }

    /// Fills the list with the moves of `moves`: `first_col + 1` first if it is one of them
    /// (0 for none), then by decreasing number of threats made, centre first among equals.
    /// With `leaves_next` (a node of depth 1, whose children are leaves) the others are not
    /// ordered: centre first, as the engine does.
    pub(crate) fn fill(&mut self, board: &Board, moves: u64, first_col: u8, leaves_next: bool) {
        let mut keys = [0u8; WIDTH as usize];
        let own = board.current_stones();
        let mask = board.mask();
        for &c in CENTRE_FIRST.iter() {
            let bit = moves & column_mask(c);
            if bit == 0 {
                continue;
            }
            let key = if first_col == c + 1 {
                u8::MAX
            } else if leaves_next {
                0
            } else {
                crate::connect4::board::winning_cells(own | bit, mask).count_ones() as u8
            };
            // Insertion: after every entry with a key at least as high (stable).
            let mut i = self.len;
            while i > 0 && keys[i - 1] < key {
                keys[i] = keys[i - 1];
                self.bit[i] = self.bit[i - 1];
                self.col[i] = self.col[i - 1];
                i -= 1;
            }
            keys[i] = key;
            self.bit[i] = bit;
            self.col[i] = c;
            self.len += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::super::alphabeta::{search, search_depth, search_evaluated};
    use super::*;
    use crate::connect4::eval::Weights;

    /// Random positions of random play, not over.
    fn random_boards(seed: u32, count: usize, max_moves: u32) -> std::vec::Vec<Board> {
        let mut rng = crate::Rng::new(seed);
        let mut out = std::vec::Vec::new();
        while out.len() < count {
            let mut b = Board::new();
            let n = rng.below(max_moves + 1);
            for _ in 0..n {
                let col = rng.below(7) as u8;
                if b.outcome().is_none() && b.can_play(col) {
                    b.play(col).unwrap();
                }
            }
            if b.outcome().is_none() {
                out.push(b);
            }
        }
        out
    }

    /// The search on the lines visits exactly the nodes of this one: same move, score, node count and depth, with tables of several sizes
    /// and node budgets that stop it in the middle of an iteration.
    #[test]
    fn same_results_as_the_reference_search() {
        use super as old;
        for (i, b) in random_boards(0xAB_C4, 120, 34).iter().enumerate() {
            let len = [512, 0, 3, 4096][i % 4];
            let mut t1 = std::vec![Entry::EMPTY; len];
            let mut t2 = std::vec![Entry::EMPTY; len];
            for nodes in [1, 700, 5_000] {
                let limits = Limits { depth: 42, nodes };
                let new = search(b, limits, &mut t1, Unlimited);
                let reference = old::search(b, limits, &mut t2, Unlimited);
                assert_eq!(new, reference, "{b:?} {limits:?} table {len}");
            }
            let depth = (i % 7) as u8;
            assert_eq!(
                search_depth(b, depth, &mut t1),
                old::search_depth(b, depth, &mut t2),
                "{b:?} depth {depth}"
            );
        }
        // A caller's budget stops both at the same node.
        let b = Board::from_moves("4453").unwrap();
        let stop = |n: u64| n >= 3_000;
        let mut t1 = std::vec![Entry::EMPTY; 512];
        let mut t2 = std::vec![Entry::EMPTY; 512];
        let limits = Limits {
            depth: 42,
            nodes: u32::MAX,
        };
        assert_eq!(
            search(&b, limits, &mut t1, stop),
            old::search(&b, limits, &mut t2, stop)
        );
    }

    /// The same with tuned weights: random ones within [`Weights::LIMIT`] (the evaluation's
    /// clamp reached often), through [`Weights`] and [`Heuristic`] as the programs pass them.
    #[test]
    fn same_results_as_the_reference_search_with_tuned_weights() {
        use super as old;
        use crate::connect4::eval::{Heuristic, Standard};
        let mut rng = crate::Rng::new(0x7E_1D);
        for (i, b) in random_boards(0x0005_EED7, 90, 34).iter().enumerate() {
            let mut a = [0i16; Weights::COUNT];
            for w in a.iter_mut() {
                // Small weights for some boards (the clamp rarely reached), large for others.
                let limit = if i % 2 == 0 {
                    40
                } else {
                    Weights::LIMIT as u32
                };
                *w = rng.below(2 * limit + 1) as i16 - limit as i16;
            }
            let w = Weights::from_array(a);
            let len = [512, 0, 4096][i % 3];
            let mut t1 = std::vec![Entry::EMPTY; len];
            let mut t2 = std::vec![Entry::EMPTY; len];
            for nodes in [1, 700, 4_000] {
                let limits = Limits { depth: 42, nodes };
                let new = search_evaluated(b, limits, &mut t1, Unlimited, w);
                let reference = old::search_evaluated(b, limits, &mut t2, Unlimited, w);
                assert_eq!(new, reference, "{b:?} {limits:?} {w:?}");
                let heuristic = Heuristic::of(w);
                let new = search_evaluated(b, limits, &mut t1, Unlimited, heuristic);
                assert_eq!(new, reference, "{b:?} {limits:?} {heuristic:?}");
            }
            let limits = Limits {
                depth: 42,
                nodes: 2_000,
            };
            assert_eq!(
                search_evaluated(b, limits, &mut t1, Unlimited, Standard),
                old::search_evaluated(b, limits, &mut t2, Unlimited, Heuristic::Builtin),
                "{b:?}"
            );
        }
    }
}
