//! What the searches keep of a position besides [`Board`]'s bitboards, in the form that suits
//! the 68000 (docs/profiling.md#connect-four): every line's stones of each player (a byte) and
//! the index of its window values ([`Lines`], in memory, changed by each move and changed back),
//! and the few numbers a node needs passed down from node to node by value ([`Node`]): the
//! bitboards, each player's winning cells, and the evaluation's sum so far. A move updates
//! them from the four lines through its cell instead of recomputing them with 64-bit shifts at
//! every node.
//!
//! Every value derived here equals what [`Board`] and [`eval`](crate::connect4::eval) compute
//! for the same position (the tests below check it on random games), so the searches visit the
//! same nodes with the same scores.

use super::lines::{cell, Tables, LINES};
use crate::connect4::board::{Board, Player, BOTTOM, FULL, WIDTH};

/// Rows 1, 3 and 5 counted from 1 at the bottom: the first player's good rows for its threats
/// (the second player's are the others).
const ODD_ROWS: u64 = 0x15 * BOTTOM;

/// The numbers of a node of the engine (module doc), from its side to move's point of view:
/// "mine" is the side to move's, "theirs" the other's. (Fields, not arrays indexed by player:
/// an array indexed at run time would live in memory.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    /// Stones of the side to move.
    pub current: u64,
    /// All stones.
    pub mask: u64,
    /// The side to move's winning cells ([`Board::winning_cells`]).
    pub mine: u64,
    /// The other side's winning cells.
    pub theirs: u64,
    /// The engine's evaluation without its tempo bonus and its clamp: the window values plus,
    /// for each winning cell, 12 (20 on its owner's good rows), the side to move's positive.
    pub value: i32,
    /// Stones on the board.
    pub moves: u8,
}

/// What the winning cells `cells` of the first player (`second` false) or the second are worth
/// in [`Node::value`], to their owner.
#[inline(never)]
fn threat_value(second: bool, cells: u64) -> i32 {
    let good = if second { !ODD_ROWS } else { ODD_ROWS };
    let mut value = 0;
    let mut rest = cells;
    while rest != 0 {
        let low = rest & rest.wrapping_neg();
        value += if good & low != 0 { 20 } else { 12 };
        rest ^= low;
    }
    value
}

impl Node {
    /// The node of `board`, whose lines are `lines`.
    pub fn new(board: &Board, lines: &Lines) -> Node {
        let second = board.moves() & 1 != 0;
        let mine = board.winning_cells();
        let theirs = board.opponent_winning_cells();
        let windows = i32::from(lines.windows());
        let windows = if second { -windows } else { windows };
        Node {
            current: board.current_stones(),
            mask: board.mask(),
            mine,
            theirs,
            value: windows + threat_value(second, mine) - threat_value(!second, theirs),
            moves: board.moves(),
        }
    }

    /// Whether the second player is to move.
    #[inline]
    fn second_to_move(&self) -> bool {
        self.moves & 1 != 0
    }

    /// The player to move (0 first, 1 second).
    #[inline]
    pub fn to_move(&self) -> usize {
        (self.moves & 1) as usize
    }

    /// The table key of [`Board::key`].
    #[inline]
    pub fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// The cells where the side to move may play, one per column that is not full.
    #[inline]
    pub fn playable(&self) -> u64 {
        (self.mask + BOTTOM) & FULL
    }

    /// [`Board::can_win_next`].
    #[inline]
    pub fn can_win_next(&self) -> bool {
        self.mine & self.playable() != 0
    }

    /// [`Board::non_losing_moves`] (the side to move cannot win at once).
    #[inline]
    pub fn non_losing_moves(&self) -> u64 {
        let mut possible = self.playable();
        let opp_win = self.theirs;
        let forced = possible & opp_win;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(opp_win >> 1)
    }

    /// [`engine_eval`](crate::connect4::eval::engine_eval).
    #[inline]
    pub fn engine_eval(&self) -> i16 {
        let max = crate::connect4::eval::ENGINE_EVAL_MAX as i32;
        (self.value + 2).clamp(-max, max) as i16
    }

    /// The node after the side to move plays `bit` with the changes `played` of its lines
    /// ([`Lines::play`]).
    #[inline]
    pub fn child(&self, bit: u64, played: &Played) -> Node {
        let second = self.second_to_move();
        let mut mine = self.mine;
        let mut theirs = self.theirs;
        let mut value = self.value
            + if second {
                -played.windows
            } else {
                played.windows
            };
        let new = played.gained & !mine;
        if new != 0 {
            mine |= new;
            value += threat_value(second, new);
        }
        if (mine | theirs) & bit != 0 {
            if mine & bit != 0 {
                mine &= !bit;
                value -= threat_value(second, bit);
            }
            if theirs & bit != 0 {
                theirs &= !bit;
                value += threat_value(!second, bit);
            }
        }
        Node {
            current: self.current ^ self.mask,
            mask: self.mask | bit,
            mine: theirs,
            theirs: mine,
            value: -value,
            moves: self.moves + 1,
        }
    }
}

/// What a move changes on its four lines ([`Lines::play`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Played {
    /// The change of the window values, first player positive.
    pub windows: i32,
    /// The empty cells that now complete four for the mover on these lines, and did not
    /// before on them (they may on another line).
    pub gained: u64,
    /// The move made four in a row.
    pub four: bool,
}

/// Each line's stones and window index, and the columns' heights (module doc).
pub(crate) struct Lines<'t> {
    t: &'t Tables,
    /// Each line's record: the first player's stones (bits 0-7), the second's (8-15) and the
    /// index of its window values in [`Tables::score`] (16-31); see [`Tables::stone`].
    record: [u32; 32],
    heights: [u8; 8],
}

impl<'t> Lines<'t> {
    /// The lines of `board` with the window values of `tables`.
    pub fn new(board: &Board, tables: &'t Tables) -> Lines<'t> {
        let mut l = Lines {
            t: tables,
            record: [0; 32],
            heights: [0; 8],
        };
        for line in 0..32 {
            l.record[line] = u32::from(tables.line_start[line]) << 16;
        }
        let (first, mask) = (board.stones(Player::First), board.mask());
        let mut bit = 1u64;
        for c in 0..WIDTH {
            for _ in 0..7 {
                if mask & bit != 0 {
                    l.place(c, usize::from(first & bit == 0));
                }
                bit <<= 1;
            }
        }
        l
    }

    /// Puts a stone of `player` in `col` (not full).
    #[inline(never)]
    fn place(&mut self, col: u8, player: usize) {
        self.apply::<true>(col, player);
    }

    /// The window values of all lines, first player positive.
    pub fn windows(&self) -> i16 {
        (0..LINES)
            .map(|line| i16::from(self.t.score[(self.record[line] >> 16) as usize & 4095]))
            .sum()
    }

    /// Whether `col` is not full.
    #[inline]
    pub fn can_play(&self, col: u8) -> bool {
        self.heights[col as usize & 7] < 6
    }

    /// The drop cell of `col` (not full) as a bit.
    #[inline]
    pub fn drop_cell(&self, col: u8) -> u64 {
        let index = 7 * col as usize + self.heights[col as usize & 7] as usize;
        self.t.cell_bit[index & 63]
    }

    /// The cells of the positions `positions` of `line`, as bits.
    #[inline(never)]
    fn cells(&self, line: usize, positions: u8) -> u64 {
        let t = self.t;
        let mut cells = 0;
        for q in 0..7 {
            if positions & (1 << q) != 0 {
                cells |= t.cell_bit[t.line_cell[(8 * line + q) & 255] as usize & 63];
            }
        }
        cells
    }

    /// The positions of `line` that hold a stone or are off the board, from its record.
    #[inline]
    fn occupied(&self, line: usize, record: u32) -> u8 {
        (record | record >> 8) as u8 | !self.t.line_full[line]
    }

    /// Plays `col` (not full) for `player` ([`Lines::unplay`] takes it back) and says what it
    /// changed; `FOUR` says whether it makes four (for Min-Max) instead of the cells it gains.
    #[inline]
    fn apply<const FOUR: bool>(&mut self, col: u8, player: usize) -> Played {
        let t = self.t;
        let shift = 8 * player as u32;
        let mut entries = t.cell_lines4[cell(col, self.heights[col as usize & 7])];
        let mut played = Played {
            windows: 0,
            gained: 0,
            four: false,
        };
        for _ in 0..4 {
            let (line, p) = ((entries >> 3) as usize & 31, entries as usize & 7);
            entries >>= 8;
            let record = self.record[line];
            let after = record + t.stone[player][p];
            played.windows += i32::from(t.score[(after >> 16) as usize & 4095])
                - i32::from(t.score[(record >> 16) as usize & 4095]);
            let own = (record >> shift) as usize & 0x7F;
            self.record[line] = after;
            if FOUR {
                let m = (after >> shift) as u8 & 0x7F;
                played.four |= m & m >> 1 & m >> 2 & m >> 3 != 0;
            } else {
                let gained = t.gained[own << 3 | p];
                if gained != 0 {
                    played.gained |= self.cells(line, gained & !self.occupied(line, after));
                }
            }
        }
        self.heights[col as usize & 7] += 1;
        played
    }

    /// Plays `col` (not full) for `player`; returns what changed.
    #[inline]
    pub fn play(&mut self, col: u8, player: usize) -> Played {
        self.apply::<false>(col, player)
    }

    /// Plays `col` (not full) for `player`, saying whether it made four instead of the cells it
    /// gains.
    #[inline]
    pub fn play_for_four(&mut self, col: u8, player: usize) -> Played {
        self.apply::<true>(col, player)
    }

    /// Takes back `player`'s last move, in `col`.
    #[inline]
    pub fn unplay(&mut self, col: u8, player: usize) {
        let t = self.t;
        let h = self.heights[col as usize & 7] - 1;
        self.heights[col as usize & 7] = h;
        let mut entries = t.cell_lines4[cell(col, h)];
        for _ in 0..4 {
            let (line, p) = ((entries >> 3) as usize & 31, entries as usize & 7);
            entries >>= 8;
            self.record[line] -= t.stone[player][p];
        }
    }

    /// How many winning cells `player` would gain by playing `col` (not full), counting each
    /// cell once, given its winning cells `threats`: the move ordering's key.
    #[inline]
    pub fn new_threats(&self, col: u8, player: usize, threats: u64) -> u32 {
        let t = self.t;
        let shift = 8 * player as u32;
        let mut entries = t.cell_lines4[cell(col, self.heights[col as usize & 7])];
        let mut count = 0;
        for _ in 0..4 {
            let (line, p) = ((entries >> 3) as usize & 31, entries as usize & 7);
            entries >>= 8;
            let record = self.record[line];
            let own = (record >> shift) as usize & 0x7F;
            let gained = t.gained[own << 3 | p];
            if gained != 0 {
                count += self.count_new(line, gained & !self.occupied(line, record), threats);
            }
        }
        count
    }

    /// How many cells of the positions `positions` of `line` are not in `threats`.
    #[inline(never)]
    fn count_new(&self, line: usize, positions: u8, threats: u64) -> u32 {
        (self.cells(line, positions) & !threats).count_ones()
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::connect4::eval::{engine_eval, window_counts};
    use crate::connect4::{Outcome, Player};
    use crate::Rng;

    /// Checks every value of the node against the board's own functions.
    fn check(n: &Node, b: &Board) {
        assert_eq!(n.key(), b.key());
        assert_eq!(n.moves, b.moves());
        assert_eq!(n.playable(), b.playable());
        assert_eq!(n.can_win_next(), b.can_win_next(), "{b:?}");
        if !b.can_win_next() {
            assert_eq!(n.non_losing_moves(), b.non_losing_moves(), "{b:?}");
        }
        assert_eq!(n.mine, b.winning_cells(), "{b:?}");
        assert_eq!(n.theirs, b.opponent_winning_cells(), "{b:?}");
        assert_eq!(n.engine_eval(), engine_eval(b), "{b:?}");
    }

    fn windows(b: &Board, w: [i32; 3]) -> i32 {
        let first = b.stones(Player::First);
        let second = b.stones(Player::Second);
        let mine = window_counts(first, second);
        let theirs = window_counts(second, first);
        (0..3)
            .map(|k| w[k] * (mine[k] as i32 - theirs[k] as i32))
            .sum()
    }

    #[test]
    fn moves_keep_everything_equal_to_the_board() {
        let engine = Tables::new([1, 4, 16]);
        let seed = Tables::new([1, 3, 9]);
        let mut rng = Rng::new(0xC4_1E5);
        for _ in 0..300 {
            let mut b = Board::new();
            let mut lines = Lines::new(&b, &engine);
            let mut seed_lines = Lines::new(&b, &seed);
            let mut seed_windows = 0;
            let mut n = Node::new(&b, &lines);
            let mut history = std::vec::Vec::new();
            while b.outcome().is_none() {
                check(&n, &b);
                assert_eq!(i32::from(lines.windows()), windows(&b, [1, 4, 16]));
                assert_eq!(seed_windows, windows(&b, [1, 3, 9]));
                let col = rng.below(7) as u8;
                if !b.can_play(col) {
                    continue;
                }
                assert!(lines.can_play(col));
                let me = n.to_move();
                let bit = lines.drop_cell(col);
                assert_eq!(bit, b.playable() & crate::connect4::board::column_mask(col));
                if !b.can_win_next() {
                    // The ordering key of the old engine: the winning cells after the move.
                    let own = b.current_stones();
                    let before = b.winning_cells().count_ones();
                    let after = crate::connect4::board::winning_cells(own | bit, b.mask());
                    assert_eq!(
                        lines.new_threats(col, me, n.mine),
                        after.count_ones() - before,
                        "{b:?} {col}"
                    );
                }
                let played = lines.play(col, me);
                let four = seed_lines.play_for_four(col, me);
                seed_windows += four.windows;
                history.push((col, me, n, seed_windows - four.windows, b));
                n = n.child(bit, &played);
                b.play(col).unwrap();
                assert_eq!(four.four, matches!(b.outcome(), Some(Outcome::Win(_))));
            }
            // Back to the start, checking on the way.
            while let Some((col, me, before, seed_before, board)) = history.pop() {
                lines.unplay(col, me);
                seed_lines.unplay(col, me);
                assert_eq!(i32::from(lines.windows()), windows(&board, [1, 4, 16]));
                assert_eq!(i32::from(seed_lines.windows()), seed_before);
                check(&before, &board);
            }
        }
        // Built from a board in the middle of a game.
        let b = Board::from_moves("4453346").unwrap();
        let lines = Lines::new(&b, &engine);
        check(&Node::new(&b, &lines), &b);
        assert_eq!(i32::from(lines.windows()), windows(&b, [1, 4, 16]));
        assert!(!has_four(b.opponent_stones()));
    }
}
