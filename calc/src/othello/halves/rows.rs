//! Flips by walks on the position laid out as padded rows (the module [`super`] says why):
//! each of the eight directions walked from disc to disc, most ending at the first square
//! (not the other side's); no bound is checked, the padding stops every walk off the board.
//! The layout is built once per node for the flips of all its moves.

/// The `k` squares after `sq` along `step` (shared by the directions of [`Rows::flips`]: it
/// runs only for the flipped discs).
#[inline(never)]
fn run_bits(mut sq: u32, step: u32, mut k: u32) -> u64 {
    let mut run = 0;
    while k > 0 {
        sq = sq.wrapping_add(step);
        run |= crate::othello::bitboard::square_bit(sq as u8);
        k -= 1;
    }
    run
}

/// A position as padded rows, to compute the flips of several moves: entry `r + 1` holds
/// row `r`, the discs of the side to move in the high half, the other side's in the low
/// half, column `c` at bit `c + 1` of each half. Entries 0 and 9, and bits 0 and 9 of each
/// half, are empty: a walk off the board meets an empty square and stops, with no bound to
/// check.
#[derive(Clone, Copy)]
pub struct Rows([u32; 10]);

impl Rows {
    /// The rows of `p` (to move) and `o`.
    pub fn new(p: u64, o: u64) -> Rows {
        let pb = p.to_le_bytes();
        let ob = o.to_le_bytes();
        let row = |r: usize| (u32::from(pb[r]) << 17) | (u32::from(ob[r]) << 1);
        Rows([
            0,
            row(0),
            row(1),
            row(2),
            row(3),
            row(4),
            row(5),
            row(6),
            row(7),
            0,
        ])
    }

    /// The discs flanked from square `sq` (row `row + 1`, bit `bit`) along one direction:
    /// `dr` rows and `dc` columns, `step` square indexes, at a time; the run in the half at
    /// `run` (0 or 16), the disc past it in the other half.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn ray(&self, row: usize, bit: u32, sq: u32, run: u32, dr: usize, dc: u32, step: u32) -> u64 {
        let (mut r, mut b) = (row, bit.wrapping_add(run));
        let mut k = 0u32;
        let w = loop {
            r = r.wrapping_add(dr);
            b = b.wrapping_add(dc);
            let w = self.0[r];
            if (w >> b) & 1 == 0 {
                break w;
            }
            k += 1;
        };
        if k == 0 || (w >> (b ^ 16)) & 1 == 0 {
            return 0;
        }
        run_bits(sq, step, k)
    }

    /// The discs the side to move (the other side when `other`) would flip by playing the
    /// empty square `sq` (0..64).
    pub fn flips(&self, sq: u8, other: bool) -> u64 {
        let sq = u32::from(sq);
        let row = (sq >> 3) as usize + 1;
        let bit = (sq & 7) + 1;
        // The runs are the other side's discs: the low half, or the high one for `other`.
        let run = if other { 16 } else { 0 };
        let back = usize::MAX;
        self.ray(row, bit, sq, run, 0, 1, 1)
            | self.ray(row, bit, sq, run, 0, u32::MAX, 1u32.wrapping_neg())
            | self.ray(row, bit, sq, run, 1, 0, 8)
            | self.ray(row, bit, sq, run, back, 0, 8u32.wrapping_neg())
            | self.ray(row, bit, sq, run, 1, 1, 9)
            | self.ray(row, bit, sq, run, back, u32::MAX, 9u32.wrapping_neg())
            | self.ray(row, bit, sq, run, 1, u32::MAX, 7)
            | self.ray(row, bit, sq, run, back, 1, 7u32.wrapping_neg())
    }
}

#[cfg(test)]
mod tests {
    use super::super::boards;
    use super::*;
    use crate::othello::bitboard::Position;

    #[test]
    fn flips_equal_the_64_bit_ones() {
        for (p, o) in boards(6, 50_000) {
            let pos = Position {
                player: p,
                opponent: o,
            };
            let rows = Rows::new(p, o);
            for sq in (0..64).filter(|&sq| (p | o) & (1 << sq) == 0) {
                assert_eq!(
                    rows.flips(sq, false),
                    pos.flips_wide(sq),
                    "{p:#x} {o:#x} {sq}"
                );
                let other = pos.pass().flips_wide(sq);
                assert_eq!(rows.flips(sq, true), other, "{p:#x} {o:#x} {sq}");
            }
        }
    }
}
