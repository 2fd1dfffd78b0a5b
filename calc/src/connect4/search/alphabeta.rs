//! The alpha-beta engine: negamax with alpha-beta pruning, move ordering, a caller-lent
//! transposition table, and iterative deepening under a depth, node or caller-decided budget.
//!
//! Scores are from the side to move's point of view, in [`Score`] units:
//! - a proven win is `WIN + s` and a proven loss `-(WIN + s)`, where `s` (1..=21) is the score
//!   convention of the public test sets: 22 minus the number of stones the winner has played
//!   when the game ends (the sooner the win, the higher);
//! - anything else is the heuristic at the horizon
//!   ([`engine_eval`](crate::connect4::eval::engine_eval), or tuned weights through
//!   [`search_evaluated`]: [`weighted_eval`](crate::connect4::eval::weighted_eval)), always within `-ENGINE_EVAL_MAX..=ENGINE_EVAL_MAX` (900), and 0 for a draw.
//!
//! Each node first takes an immediate win, then keeps only the moves that do not lose at once
//! (block a single threat, never play under an opponent's threat: none left means lost), and
//! tries them best first: the table's best move, then by the number of threats the move makes,
//! then centre columns first. The nodes of depth 1, whose children are leaves, try the table's
//! move and then the others centre first, unordered: ordering them costs more than the leaves
//! it saves, so the same search visits 8 to 15 % more nodes but ends 5 to 10 % sooner on the
//! 68000, and plays about as well at equal time (docs/profiling.md). The node count is the
//! number of calls of the recursive search (root included), the same on every target for the
//! same arguments.
//!
//! The search never reads a clock: [`search`] stops at a node budget (deterministic) or when the
//! caller's [`Budget`] says so (asked every [`CHECK_INTERVAL`] nodes; a time limit lives there).
//!
//! The positions are kept on the board's lines (`Lines`, `position.rs`, tables built at run
//! time for the heuristic's weights) and each node's numbers passed down the recursion (`Node`,
//! `node.rs`): the form that suits the 68000 (docs/profiling.md). The moves, scores and node counts are those of
//! the search on [`Board`] it replaced, kept in `reference.rs` for the tests.

use super::cells::Cells;
use super::lines::Tables;
use super::node::{Node, Scan, Seen};
use super::order::{centre_first, ordered, GAINS_MATTER, NO_MOVE};
use super::position::Lines;
use crate::budget::{Budget, Unlimited, CHECK_INTERVAL};
use crate::connect4::board::{column_mask, Board, WIDTH};
use crate::connect4::eval::{Evaluate, Weights, ENGINE_EVAL_MAX};
use crate::connect4::tt::{slot, table_bits, Entry, EXACT, LOWER, UPPER};

/// A search score (see the module doc).
pub type Score = i16;

/// Base of proven scores: `WIN + s` is a win with test-set score `s`.
pub const WIN: Score = 1000;

/// Above any score.
pub(crate) const INF: Score = 2 * WIN;

/// The columns from the centre outwards: the move order among equals.
pub const CENTRE_FIRST: [u8; WIDTH as usize] = [3, 2, 4, 1, 5, 0, 6];

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
    let mut tables = Tables::EMPTY;
    tables.fill(&Weights::DEFAULT);
    let mut s = Searcher::new(board, &tables, tt, u32::MAX, Unlimited);
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
    weighted(board, limits, tt, budget, &Weights::DEFAULT)
}

/// [`search`] with the heuristic `eval` at the horizon instead of the engine's own: tuned
/// weights ([`Weights`], within [`Weights::LIMIT`]) play through it. The search evaluates on
/// its lines with `eval`'s [`Evaluate::weights`], the same values as `eval` gives.
pub fn search_evaluated<B: Budget, E: Evaluate>(
    board: &Board,
    limits: Limits,
    tt: &mut [Entry],
    budget: B,
    eval: E,
) -> SearchResult {
    weighted(board, limits, tt, budget, &eval.weights())
}

/// [`search`] with the weights `weights`: one instance of the search for every heuristic.
fn weighted<B: Budget>(
    board: &Board,
    limits: Limits,
    tt: &mut [Entry],
    budget: B,
    weights: &Weights,
) -> SearchResult {
    let mut tables = Tables::EMPTY;
    tables.fill(weights);
    let mut s = Searcher::new(board, &tables, tt, limits.nodes, budget);
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

/// The state of one search: the table, the counters, and the position's lines ([`Lines`]);
/// each node's other numbers ([`Node`]) are passed down the recursion.
struct Searcher<'t, 'p, B: Budget> {
    tt: &'t mut [Entry],
    bits: Option<u32>,
    nodes: u32,
    node_limit: u32,
    aborted: bool,
    budget: B,
    lines: Lines<'p>,
    /// The root's node.
    start: Node,
    /// The best column of the last [`Searcher::moves`].
    best_col: u8,
    /// The gains of the move [`ordered`] put first, when it found it to make winning cells
    /// ([`GAINS_MATTER`] in its field): read before that move is searched, so one place serves every ply.
    first_gains: Cells,
}

impl<'t, 'p, B: Budget> Searcher<'t, 'p, B> {
    fn new(
        board: &Board,
        tables: &'p Tables,
        tt: &'t mut [Entry],
        node_limit: u32,
        budget: B,
    ) -> Self {
        let bits = table_bits(tt.len());
        if let Some(b) = bits {
            let used = 1usize << b;
            for e in tt.iter_mut().take(used) {
                *e = Entry::EMPTY;
            }
        }
        let lines = Lines::new(board, tables);
        let start = Node::new(board, &lines);
        Searcher {
            tt,
            bits,
            nodes: 0,
            node_limit,
            aborted: false,
            budget,
            lines,
            start,
            best_col: 0,
            first_gains: Cells::NONE,
        }
    }

    /// The root: like a node of [`Searcher::node`] but returns the move, and always a legal
    /// one.
    fn root(&mut self, board: &Board, depth: u8) -> (Option<u8>, Score) {
        self.aborted = false;
        self.nodes = self.nodes.saturating_add(1);
        if board.outcome().is_some() {
            return (None, 0);
        }
        // The root's node knows the winning cells: the same questions as the board's.
        let start = self.start;
        let moves = start.moves;
        let playable = start.playable();
        let next = match start.seen() {
            Seen::WinNow => {
                let wins = playable.and(start.mine);
                return (Some(first_centre(wins.to_u64())), win_now(moves));
            }
            Seen::LoseNext => {
                // Lost whatever happens: block one threat if there is one, else any move.
                let blocks = playable.and(start.theirs);
                let pick = if blocks.is_empty() { playable } else { blocks };
                return (Some(first_centre(pick.to_u64())), lose_next(moves));
            }
            // The root searches on at 40 stones and more: its move is wanted.
            Seen::Draw => start.non_losing_moves(),
            Seen::Open(next) => next,
        };
        let key = start.key();
        let slot = self.slot(key);
        let tt_move = self.probe(slot, key).map(|e| e.info >> 2).unwrap_or(0);
        // No cut-off at the root: the best score is alpha.
        let alpha = self.moves_of(&start, next, tt_move, depth.max(1), -INF, INF);
        if !self.aborted {
            self.store(slot, key, alpha, depth, EXACT, self.best_col);
        }
        (Some(self.best_col), alpha)
    }

    /// Counts a node; true when the search must stop (the node limit, or the budget asked
    /// every [`CHECK_INTERVAL`] nodes).
    #[inline(always)]
    fn count_node(&mut self) -> bool {
        self.nodes = self.nodes.saturating_add(1);
        // Never called once the search is stopped: the answer is this node's test alone.
        let stop = self.nodes >= self.node_limit
            || (self.nodes & (CHECK_INTERVAL as u32 - 1) == 0
                && self.budget.exhausted(self.nodes.into()));
        if stop {
            self.aborted = true;
        }
        stop
    }

    /// Searches the moves `next` of `node` to `depth` (at least 1) between `alpha` and `beta`
    /// in the order of [`ordered`]: the table's move `tt_move` (column + 1, 0 for none)
    /// first if it is one of them, then by winning cells made, centre first (ordered only if
    /// the table's move does not cut off); at depth 1 the moves after the table's are
    /// searched centre first ([`centre_first`]). Returns the best score, its column in
    /// `self.best_col`; when the search is stopped, the best of the moves searched until then
    /// (`-INF` and the first move if none).
    #[inline(always)]
    fn moves_of(
        &mut self,
        node: &Node,
        next: Cells,
        tt_move: u8,
        depth: u8,
        alpha: Score,
        beta: Score,
    ) -> Score {
        self.moves(
            node.current,
            node.mask,
            node.mine,
            node.theirs,
            node.value,
            node.moves,
            next,
            tt_move,
            depth,
            alpha,
            beta,
        )
    }

    /// [`Searcher::moves_of`] with the node's numbers passed one by one: a pair of halves
    /// ([`Cells`]) is passed as two numbers, in registers or on the 68000's stack, where a
    /// [`Node`] would be written to linear memory and read back through the byte-reversed
    /// addresses at every ply.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn moves(
        &mut self,
        current: Cells,
        mask: Cells,
        mine: Cells,
        theirs: Cells,
        value: i32,
        count: u8,
        next: Cells,
        tt_move: u8,
        depth: u8,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        let node = &Node {
            current,
            mask,
            mine,
            theirs,
            value,
            moves: count,
        };
        let mut best = -INF;
        let mut best_col = 0;
        // The columns left to order and search.
        let mut rest = next.drop_columns();
        // The moves to search next, in 4-bit fields from the lowest ([`ordered`]); `NO_MOVE`
        // once they are all searched.
        let mut order = NO_MOVE;
        // Whether the next move is the ordering's first, its gains in `self.first_gains`.
        let mut first_known = false;
        let me = node.mover();
        if tt_move != 0 && rest & 1 << (tt_move - 1) != 0 {
            let col = tt_move - 1;
            order = NO_MOVE << 4 | u32::from(col) | GAINS_MATTER;
            rest &= !(1 << col);
        }
        loop {
            if order == NO_MOVE {
                if rest == 0 {
                    break;
                }
                if depth == 1 {
                    // The leaves' parents: centre first, each move's gains found when it is
                    // searched (docs/profiling.md).
                    order = centre_first(rest);
                    // False already (set after every move); said here, it saves about 1 % of
                    // the cycles on the 68000 (measured with `ai_cycles`).
                    first_known = false;
                } else {
                    order = ordered(&self.lines, me, mine, current, rest, &mut self.first_gains);
                    first_known = order & GAINS_MATTER != 0;
                }
                rest = 0;
            }
            let col = (order & 7) as u8;
            // A move the ordering found to make no winning cell: its gains are cells the
            // side has already, which change nothing in the child (`Node::child`), so they
            // are not looked for.
            let gains_matter = order & GAINS_MATTER != 0;
            // The next field, `NO_MOVE`'s ones shifted in behind the last.
            order = ((order as i32) >> 4) as u32;
            // Found again rather than kept from the ordering (but for its first move): 56
            // bytes less of linear memory per ply, which the programs lack.
            let gained = if first_known {
                self.first_gains
            } else if gains_matter {
                self.lines.gains(col, me, node.current)
            } else {
                Cells::NONE
            };
            first_known = false;
            let score = if depth == 1 {
                let scan = &Scan {
                    windows: self.lines.windows_change(col, me),
                    gained,
                };
                -self.leaf(node, col, scan)
            } else {
                -self.child(node, col, gained, depth - 1, -beta, -alpha)
            };
            if self.aborted {
                // Stopped at the first move: that move is the answer. (Any move searched to
                // its end scores above `-INF` and sets `best_col` below.)
                if best == -INF {
                    best_col = col;
                }
                break;
            }
            if score > best {
                best = score;
                best_col = col;
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        self.best_col = best_col;
        best
    }

    /// The score of the node that playing `col` (scanned as `scan`) in `parent` leads to, for
    /// that node's side to move, when it has no depth left: a node of [`Searcher::node`] at
    /// depth 0, counted, without playing the move on the lines.
    #[inline(always)]
    fn leaf(&mut self, parent: &Node, col: u8, scan: &Scan) -> Score {
        if self.count_node() {
            return 0;
        }
        let moves = parent.moves + 1;
        match parent.leaf(self.lines.tables(), self.lines.drop_cell(col), scan) {
            Ok(eval) => eval,
            Err(Seen::WinNow) => win_now(moves),
            Err(Seen::LoseNext) => lose_next(moves),
            Err(_) => 0,
        }
    }

    /// Plays `col` in `parent` (`gained`: its [`Scan::gained`]) and returns the score of the
    /// node it leads to, searched to `depth` (at least 1) between `alpha` and `beta`, for that
    /// node's side to move. The change of the window values is found while the move is played.
    #[inline(always)]
    fn child(
        &mut self,
        parent: &Node,
        col: u8,
        gained: Cells,
        depth: u8,
        alpha: Score,
        beta: Score,
    ) -> Score {
        let me = parent.mover();
        let bit = self.lines.drop_cell(col);
        let windows = self.lines.play_scored(col, me);
        let node = parent.child(self.lines.tables(), bit, &Scan { windows, gained });
        let score = self.node(&node, depth, alpha, beta);
        self.lines.unplay(col, me);
        score
    }

    /// A node with `depth` (at least 1) left: counted, then a win, a loss or a draw it can see
    /// at once; else its moves searched by negamax with alpha-beta pruning and the table.
    #[inline(always)]
    fn node(&mut self, node: &Node, depth: u8, mut alpha: Score, mut beta: Score) -> Score {
        if self.count_node() {
            return 0;
        }
        let moves = node.moves;
        // Reached by a move that does not lose at once: no win next for its side to move.
        let next = match node.seen_after_safe_move() {
            Seen::WinNow => return win_now(moves),
            Seen::LoseNext => return lose_next(moves),
            Seen::Draw => return 0,
            Seen::Open(next) => next,
        };
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
        let key = node.key();
        let slot = self.slot(key);
        let mut tt_move = 0;
        if let Some(e) = self.probe(slot, key) {
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
        let best = self.moves_of(node, next, tt_move, depth, alpha, beta);
        if self.aborted {
            return 0;
        }
        let bound = if best >= beta {
            LOWER
        } else if best > alpha {
            EXACT
        } else {
            UPPER
        };
        self.store(slot, key, best, depth, bound, self.best_col);
        best
    }

    /// The table slot of `key` (two halves, [`Node::key`]), if there is a table.
    #[inline(always)]
    fn slot(&self, key: (u32, u32)) -> Option<usize> {
        let s = slot(u64::from(key.1) << 32 | u64::from(key.0), self.bits?);
        (s < self.tt.len()).then_some(s)
    }

    fn probe(&self, slot: Option<usize>, key: (u32, u32)) -> Option<Entry> {
        let e = *self.tt.get(slot?)?;
        if e.key_lo == key.0 && e.key_hi == key.1 {
            Some(e)
        } else {
            None
        }
    }

    /// Always-replace scheme: the latest result wins its slot.
    fn store(
        &mut self,
        slot: Option<usize>,
        key: (u32, u32),
        score: Score,
        depth: u8,
        bound: u8,
        col: u8,
    ) {
        let Some(slot) = slot else { return };
        if let Some(e) = self.tt.get_mut(slot) {
            *e = Entry {
                key_lo: key.0,
                key_hi: key.1,
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

#[cfg(test)]
mod tests {
    extern crate std;
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
