//! What the searches keep of a position besides [`Board`]'s bitboards, in the form that suits
//! the 68000 (docs/profiling.md#what-changed): every line's stones of each player (a byte) and
//! the index of its window values ([`Lines`], in memory, changed by each move and changed
//! back). The few numbers a node needs passed down from node to node are its
//! [`Node`](super::node::Node) (`node.rs`); a move updates them from the four lines through its cell
//! ([`Lines::windows_change`], [`Lines::gains`]) instead of recomputing them with 64-bit shifts
//! at every node.
//!
//! Every value derived here and in `node.rs` equals what [`Board`] and
//! [`eval`](crate::connect4::eval) compute for the same position (the tests below check it on
//! random games), so the searches visit the same nodes with the same scores.

use super::cells::{Cells, LO_BITS};
use super::lines::{cell, record_of, Tables, INDEX_SHIFT, PLAYER_SHIFT, RECORD_STEP, STONES_AT};
#[cfg(test)]
use super::node::Scan;
use crate::connect4::board::{Board, Player, WIDTH};

/// Each line's stones and window index, and the columns' heights (module doc).
pub(crate) struct Lines<'t> {
    t: &'t Tables,
    /// Each line's record ([`Tables::stone`]), line `l`'s at [`RECORD_STEP`] `l` (the entries
    /// between are unused, 0).
    record: [u32; 32 * RECORD_STEP],
    heights: [u8; 8],
}

impl<'t> Lines<'t> {
    /// The lines of `board` with the window values of `tables`.
    pub fn new(board: &Board, tables: &'t Tables) -> Lines<'t> {
        let mut l = Lines {
            t: tables,
            record: [0; 32 * RECORD_STEP],
            heights: [0; 8],
        };
        for line in 0..32 {
            l.record[RECORD_STEP * line] = u32::from(tables.line_start[line]) << INDEX_SHIFT;
        }
        let (first, mask) = (board.stones(Player::First), board.mask());
        let mut bit = 1u64;
        for c in 0..WIDTH {
            for _ in 0..7 {
                if mask & bit != 0 {
                    l.play(c, usize::from(first & bit == 0));
                }
                bit <<= 1;
            }
        }
        l
    }

    /// The window values of all lines, first player positive.
    pub fn windows(&self) -> i32 {
        // The unused entries and those past the lines are 0, whose window values are 0.
        self.record.iter().map(|&r| self.t.score_of(r)).sum()
    }

    /// The tables the lines are looked up in.
    #[inline(always)]
    pub fn tables(&self) -> &'t Tables {
        self.t
    }

    /// Whether `col` is not full.
    #[cfg(test)]
    pub fn can_play(&self, col: u8) -> bool {
        self.heights[col as usize & 7] < 6
    }

    /// The drop cell of `col` (not full).
    #[inline(always)]
    pub fn drop_cell(&self, col: u8) -> Cells {
        Cells::of_cell(cell(col, self.heights[col as usize & 7]))
    }

    /// The cells of the positions `positions` of `line` ([`Cells::pack`]ed).
    #[inline(never)]
    fn cells(&self, line: usize, mut positions: u8) -> u64 {
        let t = self.t;
        let mut cells = Cells::NONE;
        // The cells' bits one step of the line apart (an addition: a multiplication is a
        // library call on the 68000).
        let mut at = u32::from(t.line_origin[line & 31]);
        let step = u32::from(t.line_step[line & 31]);
        while positions != 0 {
            if positions & 1 != 0 {
                if at < LO_BITS {
                    cells.lo |= 1 << at;
                } else {
                    cells.hi |= 1 << ((at - LO_BITS) & 31);
                }
            }
            positions >>= 1;
            at += step;
        }
        cells.pack()
    }

    /// Where the four lines of the drop cell of `col` are listed in [`Tables::cell_lines`]
    /// (the lines' entries `line << 3 | position`): 4 times the cell.
    #[inline(always)]
    fn at(&self, col: u8) -> usize {
        4 * cell(col, self.heights[col as usize & 7])
    }

    /// The winning cells that a stone of `player`, whose stones are `own`, on the drop cell
    /// of `col` (not full) would give it on the cell's four lines, whether it had them already
    /// or not: [`Scan::gained`](super::node::Scan::gained)'s and the move ordering's. (A move
    /// that would win is never asked about.)
    ///
    /// Always inlined, one copy for both players: the player's stones are found in the records
    /// by a shift by a variable (0 or [`PLAYER_SHIFT`]; a copy for each player in the ordering
    /// cost 0.7 % more cycles). In the ordering, a call saving and restoring eight registers
    /// cost a fifth of a call's 1,400 cycles; in the search's loop over a node's moves, inlined
    /// instead of a function of its own returning the cells packed in a word, it gained only
    /// with `centre_first` written out (7,933 to 7,845 cycles a node together, nothing alone:
    /// docs/profiling.md). The column is not looked up: its gain is found on the
    /// bitboards (`own`: the player's stones, [`Cells::column_gain`]).
    #[inline(always)]
    pub fn gains(&self, col: u8, player: usize, own: Cells) -> Cells {
        let shift = PLAYER_SHIFT * (player as u32 & 1);
        let at = self.at(col);
        Cells::unpack(
            self.gain_shifted(at, shift)
                | self.gain_shifted(at + 2, shift)
                | self.gain_shifted(at + 3, shift)
                | self.drop_cell(col).column_gain(own).pack(),
        )
    }

    /// [`Lines::gains`] on the line of entry `i` of [`Tables::cell_lines`], the
    /// player's stones at bit [`STONES_AT`] `+ shift` of the records.
    #[inline(always)]
    fn gain_shifted(&self, i: usize, shift: u32) -> u64 {
        let t = self.t;
        let e = t.cell_lines[i & 255];
        let record = self.record[record_of(e)];
        let own = ((record >> shift) as usize & 0x7F << STONES_AT) << (3 - STONES_AT);
        let gained = t.gained[own | (e & 7) as usize];
        if gained == 0 {
            return 0;
        }
        let line = (e >> 3) as usize;
        let empty =
            (!(record | record >> PLAYER_SHIFT) >> STONES_AT) as u8 & t.line_full[line & 31];
        if gained & empty == 0 {
            0
        } else {
            self.cells(line, gained & empty)
        }
    }

    /// The change of the window values (first player positive) if `player` played `col` (not
    /// full).
    #[inline(always)]
    pub fn windows_change(&self, col: u8, player: usize) -> i32 {
        let at = self.at(col);
        let add = &self.t.stone[player & 1];
        self.window_on(at, add)
            + self.window_on(at + 1, add)
            + self.window_on(at + 2, add)
            + self.window_on(at + 3, add)
    }

    /// [`Lines::windows_change`] on the line of entry `i` of [`Tables::cell_lines`].
    #[inline(always)]
    fn window_on(&self, i: usize, add: &[u32; 8]) -> i32 {
        let t = self.t;
        let e = t.cell_lines[i & 255];
        let record = self.record[record_of(e)];
        t.score_change(record, add[(e & 7) as usize])
    }

    /// What playing `col` (not full) for `player` would change on its four lines, without
    /// playing it (the search scans the windows and the gains apart).
    #[cfg(test)]
    pub fn scan(&self, col: u8, player: usize, own: Cells) -> Scan {
        Scan {
            windows: self.windows_change(col, player),
            gained: self.gains(col, player, own),
        }
    }

    /// Plays `col` (not full) for `player` ([`Lines::unplay`] takes it back).
    #[inline(always)]
    pub fn play(&mut self, col: u8, player: usize) {
        let at = self.at(col);
        self.heights[col as usize & 7] += 1;
        for k in 0..4 {
            self.add_on(at + k, player);
        }
    }

    /// [`Lines::play`], returning the change of the window values (first player positive):
    /// [`Lines::windows_change`] found while the lines are updated.
    #[inline(always)]
    pub fn play_scored(&mut self, col: u8, player: usize) -> i32 {
        let at = self.at(col);
        self.heights[col as usize & 7] += 1;
        let add = &self.t.stone[player & 1];
        // The four lines one by one, without a loop.
        self.add_scored(at, add)
            + self.add_scored(at + 1, add)
            + self.add_scored(at + 2, add)
            + self.add_scored(at + 3, add)
    }

    /// Adds the stone `add[position]` to the line of entry `i` of [`Tables::cell_lines`] and
    /// returns the change of its window values.
    #[inline(always)]
    fn add_scored(&mut self, i: usize, add: &[u32; 8]) -> i32 {
        let t = self.t;
        let e = t.cell_lines[i & 255];
        let line = record_of(e);
        let before = self.record[line];
        let stone = add[(e & 7) as usize];
        self.record[line] = before + stone;
        t.score_change(before, stone)
    }

    /// Takes back `player`'s last move, in `col`.
    #[inline(always)]
    pub fn unplay(&mut self, col: u8, player: usize) {
        self.heights[col as usize & 7] -= 1;
        let at = self.at(col);
        let add = &self.t.stone[player & 1];
        // The four lines one by one, without a loop.
        self.take_on(at, add);
        self.take_on(at + 1, add);
        self.take_on(at + 2, add);
        self.take_on(at + 3, add);
    }

    /// Takes the stone `add[position]` away from the line of entry `i` of
    /// [`Tables::cell_lines`].
    #[inline(always)]
    fn take_on(&mut self, i: usize, add: &[u32; 8]) {
        let e = self.t.cell_lines[i & 255];
        self.record[record_of(e)] -= add[(e & 7) as usize];
    }

    /// Adds a stone of `player` to the line of entry `i` of [`Tables::cell_lines`].
    #[inline(always)]
    fn add_on(&mut self, i: usize, player: usize) {
        let t = self.t;
        let e = t.cell_lines[i & 255];
        self.record[record_of(e)] += t.stone[player & 1][(e & 7) as usize];
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::super::node::{Node, Seen};
    use super::*;
    use crate::connect4::eval::{weighted_eval, window_counts, Weights};
    use crate::connect4::Player;
    use crate::Rng;

    /// What [`Node::seen`] must say of `b`, from the board's own functions.
    fn board_seen(b: &Board) -> Seen {
        if b.can_win_next() {
            Seen::WinNow
        } else if b.non_losing_moves() == 0 {
            Seen::LoseNext
        } else if b.moves() >= 40 {
            Seen::Draw
        } else {
            Seen::Open(Cells::from_u64(b.non_losing_moves()))
        }
    }

    /// Checks every value of the node against the board's own functions and the evaluation
    /// of the weights `w` (those of `t`).
    fn check(n: &Node, b: &Board, t: &Tables, w: &Weights) {
        let key = b.key();
        assert_eq!(n.key(), (key as u32, (key >> 32) as u32));
        assert_eq!(n.moves, b.moves());
        assert_eq!(n.playable().to_u64(), b.playable());
        assert_eq!(n.seen(), board_seen(b), "{b:?}");
        assert_eq!(n.mine.to_u64(), b.winning_cells(), "{b:?}");
        assert_eq!(n.theirs.to_u64(), b.opponent_winning_cells(), "{b:?}");
        assert_eq!(n.engine_eval(t), weighted_eval(b, w), "{b:?}");
    }

    fn windows(b: &Board, w: [i16; 3]) -> i32 {
        let first = b.stones(Player::First);
        let second = b.stones(Player::Second);
        let mine = window_counts(first, second);
        let theirs = window_counts(second, first);
        (0..3)
            .map(|k| i32::from(w[k]) * (mine[k] as i32 - theirs[k] as i32))
            .sum()
    }

    /// Random weights within [`Weights::LIMIT`], some of them negative.
    fn random_weights(rng: &mut Rng) -> Weights {
        let mut a = [0i16; Weights::COUNT];
        for w in a.iter_mut() {
            *w = rng.below(2 * Weights::LIMIT as u32 + 1) as i16 - Weights::LIMIT;
        }
        Weights::from_array(a)
    }

    #[test]
    fn moves_keep_everything_equal_to_the_board() {
        let mut rng = Rng::new(0xC4_1E5);
        for game in 0..300 {
            let w = if game % 3 == 0 {
                Weights::DEFAULT
            } else {
                random_weights(&mut rng)
            };
            let t = Tables::new(&w);
            let mut b = Board::new();
            let mut lines = Lines::new(&b, &t);
            let mut n = Node::new(&b, &lines);
            let mut history = std::vec::Vec::new();
            while b.outcome().is_none() {
                check(&n, &b, &t, &w);
                assert_eq!(lines.windows(), windows(&b, w.open));
                let col = rng.below(7) as u8;
                if !b.can_play(col) {
                    continue;
                }
                assert!(lines.can_play(col));
                let me = n.mover();
                let bit = lines.drop_cell(col);
                assert_eq!(
                    bit.to_u64(),
                    b.playable() & crate::connect4::board::column_mask(col)
                );
                let scan = lines.scan(col, me, n.current);
                // The leaf is defined after the moves the searches make: those that do not
                // lose at once.
                let b_before_can_win = b.can_win_next();
                let b_before_safe = if b_before_can_win {
                    0
                } else {
                    b.non_losing_moves()
                };
                let wins = !n.mine.and(bit).is_empty();
                if !b.can_win_next() {
                    // The ordering key of the old engine: the winning cells after the move.
                    let own = b.current_stones();
                    let before = b.winning_cells().count_ones();
                    let after = crate::connect4::board::winning_cells(own | bit.to_u64(), b.mask());
                    assert_eq!(
                        scan.gained.minus(n.mine).count(),
                        after.count_ones() - before,
                        "{b:?} {col}"
                    );
                }
                let child = n.child(&t, bit, &scan);
                let leaf = n.leaf(&t, bit, &scan);
                assert_eq!(lines.play_scored(col, me), scan.windows);
                history.push((col, me, n, b));
                b.play(col).unwrap();
                if wins {
                    // The game is over: the searches never play on after a win, and the
                    // node's numbers are not defined there.
                    break;
                }
                let safe = !b_before_can_win && b_before_safe & bit.to_u64() != 0;
                n = child;
                if safe && b.outcome().is_none() {
                    assert_eq!(n.seen_after_safe_move(), n.seen(), "{b:?}");
                    match board_seen(&b) {
                        Seen::Open(_) => assert_eq!(leaf, Ok(weighted_eval(&b, &w))),
                        outcome => assert_eq!(leaf, Err(outcome)),
                    }
                }
            }
            // Back to the start, checking on the way.
            while let Some((col, me, before, board)) = history.pop() {
                lines.unplay(col, me);
                assert_eq!(lines.windows(), windows(&board, w.open));
                check(&before, &board, &t, &w);
            }
        }
        // Built from a board in the middle of a game.
        let t = Tables::new(&Weights::DEFAULT);
        let b = Board::from_moves("4453346").unwrap();
        let lines = Lines::new(&b, &t);
        check(&Node::new(&b, &lines), &b, &t, &Weights::DEFAULT);
        assert_eq!(lines.windows(), windows(&b, Weights::DEFAULT.open));
    }
}
