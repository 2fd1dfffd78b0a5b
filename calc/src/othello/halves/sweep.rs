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

/// The row-`r` word of the sweeps: lane A (bits 0..8) the discs of `o`, lane B (bits 16..24)
/// those of `p`: in each lane, the discs its side would flip.
#[inline(always)]
fn facing(pb: &[u8; 8], ob: &[u8; 8], r: usize) -> u32 {
    (u32::from(pb[r]) << 16) | u32::from(ob[r])
}

/// The legal moves of both sides, `(p's, o's)`, by two sweeps over the rows (see the module
/// documentation), then the rows by [`along_rows`].
#[inline(never)]
pub fn moves_both(p: u64, o: u64) -> (u64, u64) {
    // Rows first: the sweeps then start from them, and need nothing else of p and o than
    // their bytes.
    let e = !(p | o);
    let (p2, o2) = (split(p), split(o));
    let ra = join(B {
        lo: along_rows(p2.lo, o2.lo),
        hi: along_rows(p2.hi, o2.hi),
    });
    let rb = join(B {
        lo: along_rows(o2.lo, p2.lo),
        hi: along_rows(o2.hi, p2.hi),
    });
    let pb = p.to_le_bytes();
    let ob = o.to_le_bytes();
    // Each sweep's moves are stored into arrays of their own (no loads in the loops), added
    // to the rows' at the end.
    let (mut da, mut db, mut ua, mut ub) = ([0u8; 8], [0u8; 8], [0u8; 8], [0u8; 8]);
    // Downwards: runs above the square (nothing runs into row 8: the sweep starts from its
    // discs).
    let mut down = Sweep::from(facing(&pb, &ob, 7).rotate_left(16));
    for r in (0..7).rev() {
        let facing = facing(&pb, &ob, r);
        let m = down.step(facing, facing.rotate_left(16));
        da[r] = m as u8;
        db[r] = (m >> 16) as u8;
    }
    // Upwards: runs below the square.
    let mut up = Sweep::from(facing(&pb, &ob, 0).rotate_left(16));
    for r in 1..8 {
        let facing = facing(&pb, &ob, r);
        let m = up.step(facing, facing.rotate_left(16));
        ua[r] = m as u8;
        ub[r] = (m >> 16) as u8;
    }
    let a = (ra & e) | u64::from_le_bytes(da) | u64::from_le_bytes(ua);
    let b = (rb & e) | u64::from_le_bytes(db) | u64::from_le_bytes(ub);
    (a, b)
}

/// The legal moves of the side with discs `p` against `o`, by one sweep over the rows whose
/// two lanes go upwards (lane 0, row `r`) and downwards (lane 16, row `7 - r`) at once, then
/// the rows by [`along_rows`].
#[inline(never)]
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

    /// The next row, the other side's discs `facing` and the mover's `own`: its empty squares
    /// a run reaches (the moves along the sweep's three directions), and the state after it.
    #[inline(always)]
    fn step(&mut self, facing: u32, own: u32) -> u32 {
        const LANES_INNER: u32 = 0x007E_007E;
        let empty = !(facing | own);
        let inner = facing & LANES_INNER;
        let m = empty & (self.straight | (self.diagonal_h << 1) | (self.diagonal_a >> 1));
        self.straight = facing & (self.straight | self.mine);
        self.diagonal_h = inner & ((self.diagonal_h | self.mine) << 1);
        self.diagonal_a = inner & ((self.diagonal_a | self.mine) >> 1);
        self.mine = own;
        m
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
