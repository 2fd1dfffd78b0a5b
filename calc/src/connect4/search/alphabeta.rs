//! The alpha-beta engine: negamax with alpha-beta pruning, move ordering, a caller-lent
//! transposition table, and iterative deepening under a depth, node or caller-decided budget.
//!
//! Scores are from the side to move's point of view, in [`Score`] units:
//! - a proven win is `WIN + s` and a proven loss `-(WIN + s)`, where `s` (1..=21) is the score
//!   convention of the public test sets: 22 minus the number of stones the winner has played
//!   when the game ends (the sooner the win, the higher);
//! - anything else is the heuristic at the horizon ([`engine_eval`](super::eval::engine_eval),
//!   or tuned weights through [`search_evaluated`]),
//!   always within `-ENGINE_EVAL_MAX..=ENGINE_EVAL_MAX` (900), and 0 for a draw.
//!
//! Each node first takes an immediate win, then keeps only the moves that do not lose at once
//! (block a single threat, never play under an opponent's threat: none left means lost), and
//! tries them best first: the table's best move, then by the number of threats the move makes,
//! then centre columns first. The node count is the number of calls of the recursive search
//! (root included), the same on every target for the same arguments.
//!
//! The search never reads a clock: [`search`] stops at a node budget (deterministic) or when the
//! caller's [`Budget`] says so (asked every [`CHECK_INTERVAL`] nodes; a time limit lives there).

use crate::budget::{Budget, Unlimited, CHECK_INTERVAL};
use crate::connect4::board::{column_mask, Board, WIDTH};
use crate::connect4::eval::{Evaluate, Standard, ENGINE_EVAL_MAX};
use crate::connect4::tt::{slot, table_bits};

/// A search score (see the module doc).
pub type Score = i16;

/// Base of proven scores: `WIN + s` is a win with test-set score `s`.
pub const WIN: Score = 1000;

/// Above any score.
const INF: Score = 2 * WIN;

/// The columns from the centre outwards: the move order among equals.
pub const CENTRE_FIRST: [u8; WIDTH as usize] = [3, 2, 4, 1, 5, 0, 6];

/// One entry of the engine's transposition table (12 bytes, 4-byte aligned).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    key_lo: u32,
    /// Upper 17 bits of the key; `u32::MAX` marks an empty entry.
    key_hi: u32,
    score: Score,
    depth: u8,
    /// Bits 0-1: the bound (`EXACT`, `LOWER`, `UPPER`); bits 2-4: best column + 1 (0 = none).
    info: u8,
}

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;

impl Entry {
    /// An empty entry: fill a new table with it (the searches clear the table themselves too).
    pub const EMPTY: Entry = Entry {
        key_lo: 0,
        key_hi: u32::MAX,
        score: 0,
        depth: 0,
        info: 0,
    };
}

impl Default for Entry {
    fn default() -> Entry {
        Entry::EMPTY
    }
}

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The best column (0-based), or `None` when the game is already over.
    pub column: Option<u8>,
    /// Its score, from the side to move's point of view (module doc).
    pub score: Score,
    /// Nodes searched.
    pub nodes: u32,
    /// The depth of the deepest completed iteration (the given depth for [`search_depth`]).
    pub depth: u8,
}

/// Limits of an iterative-deepening [`search`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration (plies). 42 or more searches to the end of the game.
    pub depth: u8,
    /// Stop once this many nodes have been searched; the move of the last completed
    /// iteration is played. `u32::MAX` for no limit.
    pub nodes: u32,
}

/// Score of the side to move when it wins with its next stone, `moves` stones being on the board.
#[inline]
pub(crate) fn win_now(moves: u8) -> Score {
    WIN + ((43 - moves as Score) >> 1)
}

/// Score of the side to move when the opponent wins with its next stone.
#[inline]
pub(crate) fn lose_next(moves: u8) -> Score {
    -(WIN + ((42 - moves as Score) >> 1))
}

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

/// The first column of `moves` (a set of move bits) in centre-first order.
pub(crate) fn first_centre(moves: u64) -> u8 {
    for &c in CENTRE_FIRST.iter() {
        if moves & column_mask(c) != 0 {
            return c;
        }
    }
    0
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
    pub(crate) fn fill(&mut self, board: &Board, moves: u64, first_col: u8) {
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
    use super::*;

    fn tt() -> [Entry; 4096] {
        [Entry::EMPTY; 4096]
    }

    #[test]
    fn takes_a_win_and_blocks_a_threat() {
        let mut t = tt();
        let b = Board::from_moves("121212").unwrap();
        let r = search_depth(&b, 4, &mut t);
        assert_eq!(r.column, Some(0));
        assert_eq!(r.score, WIN + 18);
        // X must block column 1 after O's three.
        let b = Board::from_moves("12121").unwrap();
        let r = search_depth(&b, 4, &mut t);
        assert_eq!(r.column, Some(0));
    }

    #[test]
    fn game_over_has_no_move() {
        let mut t = tt();
        let b = Board::from_moves("1212121").unwrap();
        let r = search_depth(&b, 3, &mut t);
        assert_eq!(r.column, None);
    }

    #[test]
    fn deep_search_finds_the_exact_end_game_score() {
        // Positions of the End-Easy test set with their exact scores (side to move).
        let mut t = tt();
        for (moves, score) in [
            ("2252576253462244111563365343671351441", -1),
            ("7422341735647741166133573473242566", 1),
            ("23163416124767223154467471272416755633", 0),
        ] {
            let b = Board::from_moves(moves).unwrap();
            let r = search_depth(&b, 42, &mut t);
            let exact = if score > 0 {
                WIN + score
            } else if score < 0 {
                -(WIN - score)
            } else {
                0
            };
            assert_eq!(r.score, exact, "{moves}");
        }
    }

    #[test]
    fn same_answer_with_any_table_size() {
        let b = Board::from_moves("4453").unwrap();
        let mut big = tt();
        let mut small = [Entry::EMPTY; 3];
        let a = search_depth(&b, 8, &mut big);
        let c = search_depth(&b, 8, &mut small);
        let d = search_depth(&b, 8, &mut []);
        assert_eq!(a.score, c.score);
        assert_eq!(a.score, d.score);
        // Deterministic: the same call twice gives the same node count.
        assert_eq!(a, search_depth(&b, 8, &mut big));
    }

    #[test]
    fn iterative_deepening_respects_the_node_budget() {
        let mut t = tt();
        let b = Board::new();
        let r = search(
            &b,
            Limits {
                depth: 42,
                nodes: 5_000,
            },
            &mut t,
            Unlimited,
        );
        assert!(r.column.is_some());
        assert!(r.nodes <= 5_000, "{}", r.nodes);
        assert!(r.depth >= 3, "{}", r.depth);
        let full = search_depth(&b, r.depth, &mut t);
        assert_eq!(full.column, r.column);
    }
}
