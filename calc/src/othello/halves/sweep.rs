//! The legal moves by sweeps over the rows (the module [`super`] says why): the runs of the
//! vertical and both diagonal directions are carried from row to row in a 32-bit word, two
//! 16-bit lanes at once: upwards from rank 1 and downwards from rank 8 for one side, or the
//! two sides in each direction. A lane's state holds, for each column, whether the square of
//! the current row ends a run of the other side's discs that started at one of the mover's;
//! the next row's empty square in line with it is a move. Rows are handled inside each 32-bit
//! half.

use super::{join, split, B, INNER};

/// Squares one step past runs of `i` (the other side's discs, columns b to g) towards column
/// a from the discs `x`, inside a half.
#[inline(always)]
fn towards_a(x: u32, i: u32) -> u32 {
    let mut g = x | (i & (x >> 1));
    let q = i & (i >> 1);
    g |= q & (g >> 2);
    g |= (q & (q >> 2)) & (g >> 4);
    (g & i) >> 1
}

/// Squares one step past runs of `i` towards column h from the discs `x`: the carry of
/// `run start + runs` lands there.
#[inline(always)]
fn towards_h(x: u32, i: u32) -> u32 {
    ((x << 1) & i).wrapping_add(i)
}

/// The moves of `x` against `y` along rows, in one half (not yet restricted to the empty
/// squares).
#[inline(always)]
fn along_rows(x: u32, y: u32) -> u32 {
    let i = y & INNER;
    towards_h(x, i) | towards_a(x, i)
}

/// The two lanes of a sweep's word: bits 0..8 and 16..24.
const LANES: u32 = 0x00FF_00FF;

/// The bytes of two words, two by two, for the sweeps: `(bytes 0 and 1, bytes 2 and 3)`,
/// each word holding those of `low` in bits 0..16 and those of `high` in bits 16..32, the
/// first byte of the two in the low byte of each half; [`even`] and [`odd`] take a row's
/// lanes out of them by constant shifts. For the sweeps of both sides, `high` and `low` are a
/// half of the mover's discs and of the other side's.
#[inline(always)]
pub(super) fn pairs(high: u32, low: u32) -> (u32, u32) {
    (
        (high << 16) | (low & 0xFFFF),
        (high & 0xFFFF_0000) | (low >> 16),
    )
}

/// The first row of a word of [`pairs`] (or of the moves packed the same way), in the lanes.
#[inline(always)]
pub(super) fn even(w: u32) -> u32 {
    w & LANES
}

/// The second row of a word of [`pairs`], in the lanes.
#[inline(always)]
pub(super) fn odd(w: u32) -> u32 {
    (w >> 8) & LANES
}

/// The moves of a half, `(lane A's, lane B's)`, from the moves of its rows packed two by two
/// as [`pairs`] packs the discs.
#[inline(always)]
fn unpair(first: u32, second: u32) -> (u32, u32) {
    (
        (first & 0xFFFF) | (second << 16),
        (first >> 16) | (second & 0xFFFF_0000),
    )
}

/// The legal moves of both sides, `(p's, o's)`, by two sweeps over the rows (see the module
/// documentation), then the rows by [`along_rows`]. Lane A's word holds the discs of `o`
/// (the runs of `p`'s moves), lane B's those of `p`. The sweeps are written out row by row:
/// each row's word comes from registers by constant shifts, and the moves are packed two
/// rows a word as they come (a loop read the rows' bytes from, and stored the moves into,
/// arrays in linear memory). Inlined into its caller, the leaves of the search: as a function
/// of its own it returned its pair of results through linear memory.
#[inline(always)]
pub fn moves_both(p: u64, o: u64) -> (u64, u64) {
    let (p2, o2) = (split(p), split(o));
    let (e_lo, e_hi) = (!(p2.lo | o2.lo), !(p2.hi | o2.hi));
    let (w01, w23) = pairs(p2.lo, o2.lo);
    let (w45, w67) = pairs(p2.hi, o2.hi);
    // Downwards: runs above the square (nothing runs into row 8: the sweep starts from its
    // discs).
    let mut down = Sweep::from(w67.rotate_left(8) & LANES);
    let m67 = down.row(even(w67));
    let m5 = down.row_odd(w45);
    let m45 = down.row(even(w45)) | (m5 << 8);
    let m3 = down.row_odd(w23);
    let m23 = down.row(even(w23)) | (m3 << 8);
    let m1 = down.row_odd(w01);
    let m01 = down.row(even(w01)) | (m1 << 8);
    // Upwards: runs below the square.
    let mut up = Sweep::from(even(w01).rotate_left(16));
    let m01 = m01 | (up.row_odd(w01) << 8);
    let m23 = m23 | up.row(even(w23));
    let m23 = m23 | (up.row_odd(w23) << 8);
    let m45 = m45 | up.row(even(w45));
    let m45 = m45 | (up.row_odd(w45) << 8);
    let m67 = m67 | up.row(even(w67));
    let m67 = m67 | (up.row_odd(w67) << 8);
    let (a_lo, b_lo) = unpair(m01, m23);
    let (a_hi, b_hi) = unpair(m45, m67);
    let a = B {
        lo: (along_rows(p2.lo, o2.lo) & e_lo) | a_lo,
        hi: (along_rows(p2.hi, o2.hi) & e_hi) | a_hi,
    };
    let b = B {
        lo: (along_rows(o2.lo, p2.lo) & e_lo) | b_lo,
        hi: (along_rows(o2.hi, p2.hi) & e_hi) | b_hi,
    };
    (join(a), join(b))
}

/// The legal moves of the side with discs `p` against `o`, by one sweep over the rows whose
/// two lanes go upwards (lane 0, row `r`) and downwards (lane 16, row `7 - r`) at once, then
/// the rows by [`along_rows`]. Written into `Position::moves`, one copy for its callers (the
/// search's inner nodes call it too: written into the search, it shared its rows' part with
/// the leaves' sweeps, and GCC computed that part above the test of the leaf, a value spilled
/// across the sweeps).
#[inline(always)]
pub fn moves(p: u64, o: u64) -> u64 {
    let e = !(p | o);
    let (p2, o2) = (split(p), split(o));
    let mut a = (join(B {
        lo: along_rows(p2.lo, o2.lo),
        hi: along_rows(p2.hi, o2.hi),
    }) & e)
        .to_le_bytes();
    let pb = p.to_le_bytes();
    let ob = o.to_le_bytes();
    // Nothing runs into the first rows: the sweep starts from their discs.
    let mut sweep = Sweep::from((u32::from(pb[7]) << 16) | u32::from(pb[0]));
    for r in 1..8 {
        let facing = (u32::from(ob[7 - r]) << 16) | u32::from(ob[r]);
        let own = (u32::from(pb[7 - r]) << 16) | u32::from(pb[r]);
        let m = sweep.step(facing, own);
        a[r] |= m as u8;
        a[7 - r] |= (m >> 16) as u8;
    }
    u64::from_le_bytes(a)
}

/// The state of a sweep's two lanes (bits 0..8 and 16..24) after a row: the runs of the other
/// side's discs that started at one of the mover's and reach that row, straight on and on
/// each diagonal; and the mover's discs of that row.
struct Sweep {
    straight: u32,
    diagonal_h: u32,
    diagonal_a: u32,
    mine: u32,
}

impl Sweep {
    /// The sweep from a first row holding the mover's discs `mine` (no run reaches it).
    #[inline(always)]
    fn from(mine: u32) -> Sweep {
        Sweep {
            straight: 0,
            diagonal_h: 0,
            diagonal_a: 0,
            mine,
        }
    }

    /// The next row, the other side's discs `facing` and the mover's `own` (both in the lanes
    /// only): its empty squares a run reaches (the moves along the sweep's three directions),
    /// and the state after it. The diagonal runs are kept to the other side's discs, not only
    /// to those of columns b to g: a run that reaches column h (a) moves out of the lane at
    /// the next row, where the empty squares, taken in the lanes only, drop it (a mask of the
    /// inner columns for each row, held in registers or spilled, cost more).
    #[inline(always)]
    fn step(&mut self, facing: u32, own: u32) -> u32 {
        let empty = (facing | own) ^ LANES;
        let m = empty & (self.straight | (self.diagonal_h << 1) | (self.diagonal_a >> 1));
        self.straight = facing & (self.straight | self.mine);
        self.diagonal_h = facing & ((self.diagonal_h | self.mine) << 1);
        self.diagonal_a = facing & ((self.diagonal_a | self.mine) >> 1);
        self.mine = own;
        m
    }

    /// [`Sweep::step`] for the sweeps of both sides: the row's word `w` holds the other
    /// side's discs of each lane, and the mover's are those of the other lane.
    #[inline(always)]
    fn row(&mut self, w: u32) -> u32 {
        self.step(w, w.rotate_left(16))
    }

    /// [`Sweep::row`] of the second row of a word of [`pairs`]: the mover's lanes taken out
    /// by a rotation by 8 (written as `odd(w).rotate_left(16)`, GCC made it a byte swap,
    /// 24 cycles more on the 68000).
    #[inline(always)]
    fn row_odd(&mut self, w: u32) -> u32 {
        self.step(odd(w), w.rotate_left(8) & LANES)
    }
}

#[cfg(test)]
mod tests {
    use super::super::boards;
    use super::*;
    use crate::othello::bitboard::Position;

    #[test]
    fn moves_equal_the_64_bit_ones() {
        for (p, o) in boards(5, 200_000) {
            let pos = Position {
                player: p,
                opponent: o,
            };
            assert_eq!(moves(p, o), pos.moves_wide(), "{p:#x} {o:#x}");
            assert_eq!(
                moves_both(p, o),
                (pos.moves_wide(), pos.pass().moves_wide()),
                "{p:#x} {o:#x}"
            );
        }
    }
}
