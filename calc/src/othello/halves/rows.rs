//! Flips by walks on the position laid out as padded rows (the module [`super`] says why):
//! each of the eight directions walked from disc to disc, most ending at the first square
//! (not the other side's); no bound is checked, the padding stops every walk off the board.
//! The layout is built once per node for the flips of all its moves.

use super::sweep::{even, odd, pairs};

/// The `k` squares after `sq` along `step`: inlined in each direction of [`Rows::flips`]
/// (166 bytes of `othia`; as one function, its calls cost 409 cycles a flipping direction).
#[inline(always)]
fn run_bits(mut sq: u32, step: u32, mut k: u32) -> u64 {
    let mut run = 0;
    while k > 0 {
        sq = sq.wrapping_add(step);
        run |= crate::othello::bitboard::square_bit(sq as u8);
        k -= 1;
    }
    run
}

/// Adds to `f` the `k` discs after `sq` along `step`, if any.
#[inline(always)]
fn add(f: &mut u64, sq: u32, step: u32, k: u32) {
    if k != 0 {
        *f |= run_bits(sq, step, k);
    }
}

/// A position as padded rows, to compute the flips of several moves: entry `r + 1` holds
/// row `r`, the discs of the side to move in the high half, the other side's in the low
/// half, column `c` at bit `c` of each half. Entries 0 and 9, and bits 8 to 15 of each half,
/// are empty: a walk off the board meets an empty bit (one of the gaps, or none at all past
/// column a of the low half) and stops, with no bound to check.
#[derive(Clone, Copy)]
pub struct Rows([u32; 10]);

impl Rows {
    /// The rows of `p` (to move) and `o`, taken out of the sweeps' words ([`pairs`]: two rows
    /// a word) by constant shifts. Written into its callers (a call cost some 200 cycles).
    #[inline(always)]
    pub fn new(p: u64, o: u64) -> Rows {
        let (w01, w23) = pairs(p as u32, o as u32);
        let (w45, w67) = pairs((p >> 32) as u32, (o >> 32) as u32);
        Rows([
            0,
            even(w01),
            odd(w01),
            even(w23),
            odd(w23),
            even(w45),
            odd(w45),
            even(w67),
            odd(w67),
            0,
        ])
    }

    /// How many discs are flanked from a square along one direction (0 if none): `rows` the
    /// padded rows the walk meets (the square's own row for a walk along it), `bit` the
    /// square's bit moved to the half of the runs, shifted one column at a time by `dc` (-1, 0
    /// or 1). The bit moves by one place a step (a shift by a count known only at run time
    /// costs the 68000 2 cycles a place), and the disc past the run is the same bit in the
    /// other half (a swap of the halves).
    #[inline(always)]
    fn ray<'a>(mut rows: impl Iterator<Item = &'a u32>, mut bit: u32, dc: i32) -> u32 {
        let mut k = 0u32;
        let mut w = 0;
        for &row in rows.by_ref() {
            bit = match dc {
                1 => bit << 1,
                -1 => bit >> 1,
                _ => bit,
            };
            w = row;
            if w & bit == 0 {
                break;
            }
            k += 1;
        }
        if w & bit.rotate_left(16) == 0 {
            return 0;
        }
        k
    }

    /// [`Rows::ray`] along the square's own row, `w`: the row does not change, only the bit.
    #[inline(always)]
    fn ray_along(w: u32, mut bit: u32, towards_h: bool) -> u32 {
        let mut k = 0u32;
        loop {
            bit = if towards_h { bit << 1 } else { bit >> 1 };
            if w & bit == 0 {
                break;
            }
            k += 1;
        }
        if w & bit.rotate_left(16) == 0 {
            return 0;
        }
        k
    }

    /// The discs the side to move (the other side when `other`) would flip by playing the
    /// empty square `sq` (0..64).
    pub fn flips(&self, sq: u8, other: bool) -> u64 {
        self.walks(sq, other)
    }

    /// [`Rows::flips`] of the side to move, written into its caller: for the midgame search
    /// (see `Flipper::flips_inline`).
    #[inline(always)]
    pub fn flips_inline(&self, sq: u8) -> u64 {
        self.walks(sq, false)
    }

    /// [`Rows::flips`]. The discs of a direction are added only where it flips some (most
    /// directions flip none: nothing to add, nothing kept for them).
    #[inline(always)]
    fn walks(&self, sq: u8, other: bool) -> u64 {
        let sq = u32::from(sq & 63);
        let row = (sq >> 3) as usize + 1;
        // The runs are the other side's discs: the low half, or the high one for `other`.
        let bit = 1u32 << (sq & 7);
        let bit = if other { bit << 16 } else { bit };
        let w = self.0[row];
        let (above, below) = (&self.0[row + 1..], &self.0[..row]);
        let back = |d: u32| d.wrapping_neg();
        let mut f = 0;
        add(&mut f, sq, 1, Rows::ray_along(w, bit, true));
        add(&mut f, sq, back(1), Rows::ray_along(w, bit, false));
        add(&mut f, sq, 8, Rows::ray(above.iter(), bit, 0));
        add(&mut f, sq, back(8), Rows::ray(below.iter().rev(), bit, 0));
        add(&mut f, sq, 9, Rows::ray(above.iter(), bit, 1));
        add(&mut f, sq, back(9), Rows::ray(below.iter().rev(), bit, -1));
        add(&mut f, sq, 7, Rows::ray(above.iter(), bit, -1));
        add(&mut f, sq, back(7), Rows::ray(below.iter().rev(), bit, 1));
        f
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
                assert_eq!(rows.flips_inline(sq), pos.flips_wide(sq));
                let other = pos.pass().flips_wide(sq);
                assert_eq!(rows.flips(sq, true), other, "{p:#x} {o:#x} {sq}");
            }
        }
    }
}
