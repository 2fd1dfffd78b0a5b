//! The board seen as its 25 lines of four or more cells (6 rows, 7 columns, 6 + 6 diagonals),
//! and the small tables the searches look things up in instead of shifting 64-bit bitboards:
//! the layout that suits the 68000 (docs/profiling.md#what-changed).
//!
//! A line's stones of one player fit in a byte (bit `p` is the line's `p`-th cell), and the
//! window values of a line are one lookup by an index that a stone changes by an addition, so
//! what a stone changes on a line is a few lookups:
//! - [`Tables::gained`]: the cells of the line that now complete four for the stone's owner;
//! - [`Tables::score`]: the value of every window of the line, by its index, for the weights
//!   of the evaluation (the window terms of
//!   [`weighted_eval`](crate::connect4::eval::weighted_eval) for the search's
//!   [`Weights`]), first player positive. The index is the line's start
//!   ([`Tables::line_start`]) plus its stones as a base-3 number (digit 1 for the first player,
//!   2 for the second: [`Tables::stone`]).
//!
//! Lines, numbered 0..25, and the position `p` of a cell `(c, r)` on each:
//! rows `r` (line `r`, `p = c`), columns (line `6 + c`, `p = r`), rising diagonals `c - r = d`
//! for `d` in -2..=3 (line `15 + d`, `p` counted from the diagonal's lowest cell), falling
//! diagonals `c + r = e` for `e` in 3..=8 (line `16 + e`, same). Cells of the corners lie on no
//! diagonal of four: their missing lines are [`NO_LINE`], on which a stone changes nothing.
//! Cells are indexed `8c + r` in the tables ([`cell`]);
//! [`Cells::of_cell`](super::cells::Cells::of_cell) gives each one's bit of the bitboards.
//!
//! The tables (about 8 KB) are built at run time by the search that uses them, for its
//! weights, in a few hundred thousand 68000 cycles, so that they cost the calculator programs no
//! bytes of data and any tuned weights play at the same speed as the built-in ones.

use crate::connect4::board::{HEIGHT, WIDTH};
use crate::connect4::eval::Weights;

/// Number of lines.
#[cfg(test)]
pub(crate) const LINES: usize = 25;

/// No line: line 31, position 7. That line has no positions, a stone there adds nothing
/// ([`Tables::stone`]) and gains nothing ([`Tables::gained`]), so what is done for it changes
/// nothing: cells on fewer than four lines need no test.
pub(crate) const NO_LINE: u8 = 0xFF;

/// Start of the window scores of lines of 4, 5, 6 and 7 cells in [`Tables::score`].
const SCORE_OFFSET: [u16; 4] = [0, 81, 81 + 243, 81 + 243 + 729];

/// Entries of [`Tables::score`]: 3^4 + 3^5 + 3^6 + 3^7 (not rounded up to a power of two:
/// the bytes are linear memory the programs lack, and a bounds test costs a few cycles).
pub(crate) const SCORE_LEN: usize = 3240;

/// Where a line's record ([`Tables::stone`]) holds the first player's stones: bit 3 on the
/// 68000 (through wasm32), so that a player's stones shifted down are 8 times their byte, an
/// index of [`Tables::gained`] without a shift (the 68000's addressing does not scale an
/// index); bit 0 elsewhere (x86's addressing scales it for free, and there the other layout
/// cost registers in the ordering: 2 % more instructions).
pub(crate) const STONES_AT: u32 = if cfg!(target_arch = "wasm32") { 3 } else { 0 };

/// How far above the first player's stones a line's record holds the second player's: 7 on
/// the 68000, 8 elsewhere ([`STONES_AT`]). Both are below [`INDEX_SHIFT`].
pub(crate) const PLAYER_SHIFT: u32 = if cfg!(target_arch = "wasm32") { 7 } else { 8 };

/// How many entries apart the lines' records are: 2 on the 68000 (through wasm32), where the
/// record of the line of an entry `e` of [`Tables::cell_lines`] (`line << 3 | position`) is
/// then at the byte offset `e & 0xF8`, without a shift of the entry (its addressing does not
/// scale an index); 1 elsewhere (x86's addressing scales it for free).
pub(crate) const RECORD_STEP: usize = if cfg!(target_arch = "wasm32") { 2 } else { 1 };

/// Where the record of the line of entry `e` of [`Tables::cell_lines`] is in the lines'
/// records ([`RECORD_STEP`]).
#[inline(always)]
pub(crate) fn record_of(e: u8) -> usize {
    (e >> 3) as usize * RECORD_STEP
}

/// Where a line's record ([`Tables::stone`]) holds the index of its window values: bits 17-31.
/// Not 16: the window value's byte offset in [`Tables::score`] is then `record >> 16` with its
/// low bit cleared, which GCC makes a word swap on the 68000; LLVM turns `(record >> 16) * 2`
/// into `(record >> 15) & 0x1FFFE`, a shift by 15 (36 cycles) at every lookup.
pub(crate) const INDEX_SHIFT: u32 = 17;

/// The table index of the cell `(c, r)`: `8c + r`.
#[inline]
pub(crate) fn cell(c: u8, r: u8) -> usize {
    (8 * c as usize + r as usize) & 63
}

/// The lookup tables of one evaluation's weights (module doc).
///
/// Every table has a power-of-two length at least as large as the indexes it is looked up
/// with (a byte, a line number below 32, a cell index below 64), so the compiler drops the
/// bounds checks.
pub(crate) struct Tables {
    /// `gained[stones << 3 | p]`: the positions of a line holding `stones` (7 bits) that
    /// complete four once a stone is added at position `p` and did not before.
    pub gained: [u8; 1024],
    /// `cell_lines[4 * cell + k]`: the four lines through a cell ([`cell`]), `line << 3 |
    /// position`: its row (`k` 0), its column (1), its rising (2) and its falling diagonal (3),
    /// [`NO_LINE`] where there is none.
    pub cell_lines: [u8; 256],
    /// `stone[player][p]`: what a stone of `player` (0 first, 1 second) at position `p` adds
    /// to a line's record: its bit (the first player's stones from bit [`STONES_AT`], the
    /// second's [`PLAYER_SHIFT`] above) and, in bits 17-31, what it adds to the line's index:
    /// 3^p or 2 * 3^p ([`INDEX_SHIFT`]). 0 at position 7, [`NO_LINE`]'s.
    pub stone: [[u32; 8]; 2],
    /// The bit of the first cell of each line in the bitboards (`7c + r`, as in
    /// [`Cells`](super::cells::Cells)' halves put end to end), and what that bit grows by from
    /// one position of the line to the next (7 along a row, 1 up a column, 8 and 6 along the
    /// diagonals).
    pub line_origin: [u8; 32],
    /// See [`Tables::line_origin`].
    pub line_step: [u8; 32],
    /// The positions a line has (its length's low bits set; none for [`NO_LINE`]).
    pub line_full: [u8; 32],
    /// Where a line's window scores start in [`Tables::score`]: its index when empty.
    pub line_start: [u16; 32],
    /// The window scores of lines of 4, 5, 6 and 7 cells by index, first player positive (at
    /// most four windows of weights within [`Weights::LIMIT`]: within an `i16`).
    pub score: [i16; SCORE_LEN],
    /// What a winning cell is worth to its owner ([`Weights::threat`]).
    pub threat: i32,
    /// What it is worth more on its owner's good rows ([`Weights::parity`]).
    pub parity: i32,
    /// The side to move's bonus ([`Weights::tempo`]).
    pub tempo: i32,
}

impl Tables {
    /// Empty tables, to [`Tables::fill`] (in place: a search keeps them on its stack, and a
    /// value returned would be copied). All zeros, so that it costs the program no data.
    pub const EMPTY: Tables = Tables {
        gained: [0; 1024],
        cell_lines: [0; 256],
        line_origin: [0; 32],
        line_step: [0; 32],
        line_full: [0; 32],
        line_start: [0; 32],
        stone: [[0; 8]; 2],
        score: [0; SCORE_LEN],
        threat: 0,
        parity: 0,
        tempo: 0,
    };

    /// The window scores of a line whose record's index (its bits 17-31, [`INDEX_SHIFT`]) is that of
    /// `record` ([`Tables::score`]; every record's index is below [`SCORE_LEN`]).
    #[inline(always)]
    pub fn score_of(&self, record: u32) -> i32 {
        self.score
            .get((record >> INDEX_SHIFT) as usize)
            .map_or(0, |&s| i32::from(s))
    }

    /// The change of the window values of a line of record `record` ([`Tables::score`]) when
    /// the stone `add` ([`Tables::stone`]) is added. One bounds test for both lookups: the
    /// index after is the index before plus the stone's digit (the stones' bits below
    /// [`INDEX_SHIFT`] never carry into it), so the index before is in range when that after
    /// is.
    #[inline(always)]
    pub fn score_change(&self, record: u32, add: u32) -> i32 {
        let before = (record >> INDEX_SHIFT) as usize;
        let after = before + (add >> INDEX_SHIFT) as usize;
        if after < SCORE_LEN && before <= after {
            i32::from(self.score[after]) - i32::from(self.score[before])
        } else {
            0
        }
    }

    /// The bitboard bit (`7c + r`) of the cell at position `q` of `line` (the search steps
    /// along the line).
    #[cfg(test)]
    pub fn line_bit(&self, line: usize, q: usize) -> usize {
        let origin = usize::from(self.line_origin[line & 31]);
        (origin + q * usize::from(self.line_step[line & 31])) & 63
    }

    /// Fills empty tables for the evaluation's `weights`.
    #[inline(never)]
    pub fn fill(&mut self, weights: &Weights) {
        self.threat = i32::from(weights.threat);
        self.parity = i32::from(weights.parity);
        self.tempo = i32::from(weights.tempo);
        self.cell_lines = [NO_LINE; 256];
        self.fill_line_tables();
        self.fill_geometry();
        self.fill_scores(weights.open);
    }

    /// The tables of `weights` (for tests).
    #[cfg(test)]
    pub fn new(weights: &Weights) -> Tables {
        let mut t = Tables::EMPTY;
        t.fill(weights);
        t
    }

    fn fill_line_tables(&mut self) {
        let mut power = 1u32;
        for p in 0..7 {
            self.stone[0][p] = power << INDEX_SHIFT | 1 << (STONES_AT + p as u32);
            self.stone[1][p] =
                (2 * power) << INDEX_SHIFT | 1 << (STONES_AT + PLAYER_SHIFT + p as u32);
            power *= 3;
        }
        for a in 0..128 {
            let before = threats(a);
            for p in 0..7 {
                self.gained[a << 3 | p] = threats(a | 1 << p) & !before;
            }
        }
    }

    /// Lays out line `line`, the `slot`-th of its cells' four: `len` cells from `(c, r)`,
    /// stepping `(dc, dr)`.
    #[allow(clippy::too_many_arguments)]
    fn set_line(
        &mut self,
        line: usize,
        slot: usize,
        len: u8,
        mut c: u8,
        mut r: u8,
        dc: u8,
        dr: u8,
    ) {
        self.line_full[line] = ((1u16 << len) - 1) as u8;
        self.line_start[line] = SCORE_OFFSET[len as usize - 4];
        self.line_origin[line] = 7 * c + r;
        self.line_step[line] = (7 * dc).wrapping_add(dr);
        for q in 0..len {
            self.cell_lines[(4 * cell(c, r) + slot) & 255] = (line as u8) << 3 | q;
            c = c.wrapping_add(dc);
            r = r.wrapping_add(dr);
        }
    }

    fn fill_geometry(&mut self) {
        for r in 0..HEIGHT {
            self.set_line(r as usize, 0, WIDTH, 0, r, 1, 0);
        }
        for c in 0..WIDTH {
            self.set_line(6 + c as usize, 1, HEIGHT, c, 0, 0, 1);
        }
        // Rising diagonals c - r = d, from (max(0, d), max(0, -d)); falling ones c + r = e,
        // from (max(0, e - 5), min(e, 5)). Both have 4, 5, 6, 6, 5, 4 cells.
        const LENGTHS: [u8; 6] = [4, 5, 6, 6, 5, 4];
        for i in 0..6u8 {
            let len = LENGTHS[i as usize];
            let d = i as i8 - 2;
            self.set_line(
                13 + i as usize,
                2,
                len,
                d.max(0) as u8,
                (-d).max(0) as u8,
                1,
                1,
            );
            let e = i + 3;
            self.set_line(
                19 + i as usize,
                3,
                len,
                e.saturating_sub(5),
                e.min(5),
                1,
                u8::MAX,
            );
        }
    }

    /// Window scores: `score[start(n) + index]` for a line of `n` cells is the sum of its
    /// windows' values. A window's value: `+w[k-1]` for `k` (1..=3) stones of the first player
    /// and none of the second, `-w[k-1]` the other way round, 0 otherwise.
    fn fill_scores(&mut self, w: [i16; 3]) {
        // Lines of 4 cells: one window. Digit i of the index is cell i (0 empty, 1, 2).
        let mut digits = [0u8; 4];
        for y in 0..81 {
            let (mut first, mut second) = (0usize, 0usize);
            for &d in digits.iter() {
                first += usize::from(d == 1);
                second += usize::from(d == 2);
            }
            self.score[y] = if second == 0 && first > 0 && first < 4 {
                w[first - 1]
            } else if first == 0 && second > 0 && second < 4 {
                -w[second - 1]
            } else {
                0
            };
            // The next index: add 1 in base 3.
            for d in digits.iter_mut() {
                *d += 1;
                if *d < 3 {
                    break;
                }
                *d = 0;
            }
        }
        // Lines of n cells: the first n - 1 cells' windows plus the last window (the top four
        // digits y): index = x + k y with k = 3^(n-4), x < k; the first n - 1 cells' index is
        // x + k (y mod 27).
        let mut k = 1usize;
        for n in 5..=7usize {
            k *= 3;
            let to = SCORE_OFFSET[n - 4] as usize;
            let from = SCORE_OFFSET[n - 5] as usize;
            for y in 0..81 {
                let shorter = y % 27;
                let last = self.score[y];
                for x in 0..k {
                    self.score[to + x + k * y] = self.score[from + x + k * shorter] + last;
                }
            }
        }
    }
}

/// The positions of a line holding `stones` (7 bits) that would complete four: the fourth
/// position of every window of four holding three of them (whatever that cell holds).
fn threats(stones: usize) -> u8 {
    let mut found = 0u8;
    for j in 0..4 {
        let window = 0x0Fu8 << j;
        let missing = window & !(stones as u8);
        if missing == 0 {
            found |= window;
        } else if missing & (missing - 1) == 0 {
            found |= missing;
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::super::cells::Cells;
    use super::*;

    /// Every cell lies on its row and its column, and on a diagonal exactly when it is long
    /// enough; each line's positions map back to the cells that list them.
    #[test]
    fn geometry_matches_the_board() {
        let t = Tables::new(&Weights::DEFAULT);
        let mut cells_on_line = [0u32; LINES];
        for c in 0..WIDTH {
            for r in 0..HEIGHT {
                let mut lines = 0;
                for k in 0..4 {
                    let e = t.cell_lines[4 * cell(c, r) + k];
                    if e == NO_LINE {
                        continue;
                    }
                    let (line, q) = ((e >> 3) as usize, e & 7);
                    lines += 1;
                    assert_eq!(t.line_bit(line, q as usize), usize::from(7 * c + r));
                    assert!(t.line_full[line] & (1 << q) != 0);
                    cells_on_line[line] += 1;
                }
                let rising = (-2..=3).contains(&(c as i32 - r as i32));
                let falling = (3..=8).contains(&(c + r));
                assert_eq!(lines, 2 + rising as usize + falling as usize, "({c}, {r})");
            }
        }
        for (line, &on) in cells_on_line.iter().enumerate() {
            assert_eq!(on, t.line_full[line].count_ones(), "{line}");
            assert!(on >= 4);
        }
        // 69 windows: rows 24, columns 21, diagonals 12 + 12.
        let windows: u32 = cells_on_line.iter().map(|&n| n - 3).sum();
        assert_eq!(windows, 69);
        // The line of no line changes nothing.
        assert_eq!(t.line_full[31], 0);
        for own in 0..128 {
            assert_eq!(t.gained[own << 3 | 7], 0);
        }
        for c in 0..WIDTH {
            for r in 0..HEIGHT {
                assert_eq!(Cells::of_cell(cell(c, r)).to_u64(), 1u64 << (7 * c + r));
            }
        }
        assert_eq!((t.stone[0][7], t.stone[1][7]), (0, 0));
    }

    #[test]
    fn line_tables() {
        let t = Tables::new(&Weights::DEFAULT);
        assert_eq!(threats(0b0000111), 0b0001000);
        assert_eq!(threats(0b0001011), 0b0000100);
        assert_eq!(threats(0b0111000), 0b1000100);
        assert_eq!(threats(0b0001111), 0b0011111);
        assert_eq!(threats(0b1010101), 0);
        assert_eq!(t.gained[0b0000011 << 3 | 2], 0b0001000);
        assert_eq!(t.gained[0b0000011 << 3 | 5], 0);
        // The index of a line after stones (player, position).
        let index = |line: usize, stones: &[(usize, usize)]| {
            stones.iter().fold(t.line_start[line], |i, &(player, p)| {
                i + (t.stone[player][p] >> INDEX_SHIFT) as u16
            }) as usize
        };
        // A row: first, first, empty, second...: windows 0-3 and 1-4 are mixed (0); 2-5 and
        // 3-6 hold one second stone (-1 each).
        assert_eq!(t.score[index(0, &[(0, 0), (0, 1), (1, 3)])], -2);
        // A column (6 cells), first stones at rows 0, 1, 3: windows 0-3 hold 3 (16), 1-4 2
        // (4), 2-5 1 (1).
        assert_eq!(t.score[index(6, &[(0, 0), (0, 1), (0, 3)])], 21);
        // Rows 0-3: a four (not counted); 1-4: 3 stones (16); 2-5: 2 (4).
        assert_eq!(t.score[index(6, &[(0, 0), (0, 1), (0, 2), (0, 3)])], 20);
        // A diagonal of 4 with two second stones: -4.
        assert_eq!(t.score[index(13, &[(1, 0), (1, 2)])], -4);
    }
}
