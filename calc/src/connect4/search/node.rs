//! The numbers of a node of the engine, passed down the recursion rather than kept in memory
//! ([`Node`]): the bitboards, each player's winning cells and the evaluation's sum so far, each
//! bitboard as two 32-bit halves ([`Cells`]), and what the node is at once ([`Seen`]: won,
//! lost, drawn, or its moves that do not lose at once). A child is made from its parent and
//! what the move changes on its four lines ([`Scan`], from the position's
//! [`Lines`]).
//!
//! Every value equals what [`Board`] and [`eval`](crate::connect4::eval) compute for the same
//! position (the tests of `position.rs` check it on random games).

use super::cells::{Cells, LO_BITS, ODD_HI, ODD_LO};
use super::lines::Tables;
use super::position::Lines;
use crate::connect4::board::Board;

/// The numbers of a node of the engine (module doc), from its side to move's point of view:
/// "mine" is the side to move's, "theirs" the other's. (Fields, not arrays indexed by player:
/// an array indexed at run time would live in memory.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    /// Stones of the side to move.
    pub current: Cells,
    /// All stones.
    pub mask: Cells,
    /// The side to move's winning cells ([`Board::winning_cells`]).
    pub mine: Cells,
    /// The other side's winning cells.
    pub theirs: Cells,
    /// The engine's evaluation without its tempo bonus and its clamp: the window values plus,
    /// for each winning cell, the threat weight (plus the parity weight on its owner's good
    /// rows), the side to move's positive.
    pub value: i32,
    /// Stones on the board.
    pub moves: u8,
}

/// What the winning cells `cells` of the first player (`second` false) or the second are worth
/// in [`Node::value`], to their owner, with the weights of `t`.
#[inline(always)]
fn threat_value(t: &Tables, second: bool, cells: Cells) -> i32 {
    let odd = cells.and(Cells {
        lo: ODD_LO,
        hi: ODD_HI,
    });
    let good = if second { cells.minus(odd) } else { odd };
    weigh(cells.lo, t.threat)
        + weigh(cells.hi, t.threat)
        + weigh(good.lo, t.parity)
        + weigh(good.hi, t.parity)
}

/// [`threat_value`] of a single cell `cell`: the threat weight, and the parity weight if the
/// cell is on its owner's good rows (odd rows for the first player, even for the second).
#[inline(always)]
fn cell_threat_value(t: &Tables, second: bool, cell: Cells) -> i32 {
    let odd = !cell
        .and(Cells {
            lo: ODD_LO,
            hi: ODD_HI,
        })
        .is_empty();
    if odd != second {
        t.threat + t.parity
    } else {
        t.threat
    }
}

/// `w` times the number of set bits of `x`, one addition per bit (the sets of winning cells
/// are small, and a 32-bit multiplication is a library call on the 68000).
#[inline(always)]
fn weigh(mut x: u32, w: i32) -> i32 {
    let mut sum = 0;
    while x != 0 {
        x &= x.wrapping_sub(1);
        sum += w;
    }
    sum
}

/// What a position is, for the side to move, when the searches stop at it: a number of
/// [`engine_eval`](crate::connect4::eval::engine_eval)'s scale, or a game-theoretic outcome
/// seen at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Seen {
    /// The side to move wins with its next stone.
    WinNow,
    /// The opponent wins whatever the side to move plays.
    LoseNext,
    /// A draw: no win is possible any more for either side.
    Draw,
    /// None of these: the node must be searched or evaluated.
    Open(Cells),
}

impl Node {
    /// The node of `board`, whose lines are `lines`.
    pub fn new(board: &Board, lines: &Lines) -> Node {
        let second = board.moves() & 1 != 0;
        let mine = Cells::from_u64(board.winning_cells());
        let theirs = Cells::from_u64(board.opponent_winning_cells());
        let t = lines.tables();
        let windows = lines.windows();
        let windows = if second { -windows } else { windows };
        Node {
            current: Cells::from_u64(board.current_stones()),
            mask: Cells::from_u64(board.mask()),
            mine,
            theirs,
            value: windows + threat_value(t, second, mine) - threat_value(t, !second, theirs),
            moves: board.moves(),
        }
    }

    /// Whether the second player is to move.
    #[inline(always)]
    fn second_to_move(&self) -> bool {
        self.moves & 1 != 0
    }

    /// The player to move (0 first, 1 second).
    #[inline(always)]
    pub fn mover(&self) -> usize {
        (self.moves & 1) as usize
    }

    /// The table key of [`Board::key`], in two halves: bits 0-31 and 32-63.
    #[inline(always)]
    pub fn key(&self) -> (u32, u32) {
        let lo = self.current.lo.wrapping_add(self.mask.lo);
        let hi = self.current.hi.wrapping_add(self.mask.hi);
        (lo | hi << LO_BITS, hi >> (32 - LO_BITS))
    }

    /// The cells where the side to move may play, one per column that is not full.
    #[inline(always)]
    pub fn playable(&self) -> Cells {
        self.mask.playable()
    }

    /// What the node is at once (win next, lost, drawn), or its moves that do not lose at
    /// once (`Board::non_losing_moves`, the tests' reference) when it is none of these: the
    /// questions every node of the engine asks first, in its order.
    #[inline(always)]
    pub fn seen(&self) -> Seen {
        seen(self.mask, self.mine, self.theirs, self.moves)
    }

    /// `Board::non_losing_moves`, the tests' reference (the side to move cannot win at once).
    #[inline(always)]
    pub fn non_losing_moves(&self) -> Cells {
        non_losing(self.playable(), self.theirs)
    }

    /// [`weighted_eval`](crate::connect4::eval::weighted_eval) with the weights of `t`.
    #[cfg(test)]
    pub fn engine_eval(&self, t: &Tables) -> i16 {
        clamp_eval(self.value, t.tempo)
    }

    /// The node after the side to move plays `bit` (its drop cell in a column), whose four
    /// lines were scanned as `scan` ([`Lines::windows_change`], [`Lines::gains`]), with the
    /// weights of `t`.
    #[inline(always)]
    pub fn child(&self, t: &Tables, bit: Cells, scan: &Scan) -> Node {
        let (mine, theirs, value) = self.after(t, bit, scan);
        Node {
            current: self.current.xor(self.mask),
            mask: self.mask.or(bit),
            mine: theirs,
            theirs: mine,
            value: -value,
            moves: self.moves + 1,
        }
    }

    /// The mover's winning cells, the other side's, and the value for the mover once the side
    /// to move has played `bit` (scanned as `scan`).
    #[inline(always)]
    fn after(&self, t: &Tables, bit: Cells, scan: &Scan) -> (Cells, Cells, i32) {
        let second = self.second_to_move();
        let mut mine = self.mine;
        let mut theirs = self.theirs;
        let mut value = self.value + if second { -scan.windows } else { scan.windows };
        let new = scan.gained.minus(mine);
        if !new.is_empty() {
            mine = mine.or(new);
            value += if new.several() {
                threat_value(t, second, new)
            } else {
                cell_threat_value(t, second, new)
            };
        }
        // `bit` is not one of the mover's winning cells (it would have won), and a cell gained
        // is empty: only the other side may lose `bit`.
        if !theirs.and(bit).is_empty() {
            theirs = theirs.minus(bit);
            value += cell_threat_value(t, !second, bit);
        }
        (mine, theirs, value)
    }

    /// What the node after the side to move plays `bit` (scanned as `scan`) is for its side to
    /// move when it has no depth left: its [`Seen`] outcome, or its evaluation: the node a leaf
    /// of the search, without building it.
    /// `bit` must be one of the node's moves that do not lose at once ([`Seen::Open`]), as
    /// every move the searches make is: the node it leads to cannot be [`Seen::WinNow`].
    #[inline(always)]
    pub fn leaf(&self, t: &Tables, bit: Cells, scan: &Scan) -> Result<i16, Seen> {
        let (mover, _, value) = self.after(t, bit, scan);
        match after_safe_move(self.mask.or(bit), mover, self.moves + 1) {
            Seen::Open(_) => Ok(clamp_eval(-value, t.tempo)),
            outcome => Err(outcome),
        }
    }

    /// [`Node::seen`] of a node reached by one of its parent's moves that do not lose at once
    /// (see [`Node::leaf`]): never [`Seen::WinNow`].
    #[inline(always)]
    pub fn seen_after_safe_move(&self) -> Seen {
        after_safe_move(self.mask, self.theirs, self.moves)
    }
}

/// [`Node::seen`] of the node of all stones `mask`, winning cells `theirs` for the side not to
/// move and `moves` stones, reached by a move of its parent that does not lose at once: its side
/// to move has no winning cell it may play (the move blocked the only one, or there was none,
/// and the cell above the move was not one).
#[inline(always)]
fn after_safe_move(mask: Cells, theirs: Cells, moves: u8) -> Seen {
    let next = non_losing(mask.playable(), theirs);
    if next.is_empty() {
        return Seen::LoseNext;
    }
    if moves >= 40 {
        // The side to move cannot win with stone 41 and the opponent cannot with 42.
        return Seen::Draw;
    }
    Seen::Open(next)
}

/// [`Node::seen`] of the node of all stones `mask`, winning cells `mine` for its side to move
/// and `theirs` for the other, and `moves` stones.
#[inline(always)]
fn seen(mask: Cells, mine: Cells, theirs: Cells, moves: u8) -> Seen {
    if !mine.and(mask.playable()).is_empty() {
        return Seen::WinNow;
    }
    after_safe_move(mask, theirs, moves)
}

/// The moves of `possible` that do not let the other side, whose winning cells are `theirs`,
/// win at once (`Board::non_losing_moves`, the tests' reference).
#[inline(always)]
fn non_losing(possible: Cells, theirs: Cells) -> Cells {
    let forced = possible.and(theirs);
    if forced.is_empty() {
        possible.minus(theirs.below())
    } else if forced.several() {
        Cells::NONE
    } else {
        forced.minus(theirs.below())
    }
}

/// [`weighted_eval`](crate::connect4::eval::weighted_eval) of a node of value `value`
/// ([`Node::value`]): the tempo bonus `tempo` and the clamp.
#[inline(always)]
fn clamp_eval(value: i32, tempo: i32) -> i16 {
    let max = crate::connect4::eval::ENGINE_EVAL_MAX as i32;
    (value + tempo).clamp(-max, max) as i16
}

/// What a move changes on its four lines ([`Lines::windows_change`], [`Lines::gains`]).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Scan {
    /// The change of the window values, first player positive.
    pub windows: i32,
    /// The empty cells that now complete four for the mover on these lines (it may have had
    /// some of them already, on another line).
    pub gained: Cells,
}
