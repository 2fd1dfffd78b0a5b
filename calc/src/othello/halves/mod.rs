//! The bitboard operations of [`super::bitboard`] and [`super::eval`] for 32-bit targets: the
//! calculator's route (wasm32, wasm2c, then GCC for the 68000). The 68000 has 32-bit
//! registers, and shifts by at most 8 places in one instruction (8 + 2n cycles for n places);
//! a 64-bit value is two registers, and a 64-bit shift by a count known only at run time is a
//! call of a library routine. The 64-bit Kogge-Stone fills of the host (8 directions, runs
//! grown by shifts of 1, 7, 8, 9 and their doubles) cost it some 6,000 cycles a move
//! generation, and GCC, short of registers, spills half of them to the stack. So here:
//!
//! - the legal moves come from sweeps over the rows ([`sweep`]): one 32-bit word carries, row
//!   after row, the runs of the vertical and both diagonal directions in two 16-bit lanes
//!   (upwards and downwards at once, or both sides at once), with shifts by 1 only; the rows
//!   themselves by the carry of an addition (towards h) and a short fill (towards a), inside
//!   each 32-bit half;
//! - flips walk each direction from disc to disc on the position laid out as padded rows
//!   ([`rows`]), built once for all the moves of a node;
//! - the evaluation counts bits by SWAR sums of bytes, the four halves added before one sum,
//!   and reads the corners and their zones from one table ([`eval`]).
//!
//! Every function here gives exactly the result of its 64-bit counterpart (the host's), which
//! the tests check on random boards of every density; the search and the solver call them
//! through [`super::bitboard::Position`] and [`super::eval`], chosen by
//! `target_pointer_width`. A board is split into `lo` (bits 0..32: rows 1 to 4) and `hi`
//! (bits 32..64: rows 5 to 8).

pub mod eval;
pub mod rows;
pub mod sweep;

/// Every square but columns a and h, in a half.
const INNER: u32 = 0x7E7E_7E7E;

/// A bitboard as two halves.
#[derive(Clone, Copy)]
struct B {
    lo: u32,
    hi: u32,
}

/// The halves of `x`.
#[inline(always)]
fn split(x: u64) -> B {
    B {
        lo: x as u32,
        hi: (x >> 32) as u32,
    }
}

/// The 64 bits of `x`.
#[inline(always)]
fn join(x: B) -> u64 {
    (u64::from(x.hi) << 32) | u64::from(x.lo)
}

impl B {
    /// `self & o`.
    #[inline(always)]
    fn and(self, o: B) -> B {
        B {
            lo: self.lo & o.lo,
            hi: self.hi & o.hi,
        }
    }

    /// `self | o`.
    #[inline(always)]
    fn or(self, o: B) -> B {
        B {
            lo: self.lo | o.lo,
            hi: self.hi | o.hi,
        }
    }

    /// One row up (`<< 8` of the 64 bits).
    #[inline(always)]
    fn up8(self) -> B {
        B {
            lo: self.lo << 8,
            hi: (self.hi << 8) | (self.lo >> 24),
        }
    }

    /// One row down (`>> 8`).
    #[inline(always)]
    fn down8(self) -> B {
        B {
            lo: (self.lo >> 8) | (self.hi << 24),
            hi: self.hi >> 8,
        }
    }
}

#[cfg(test)]
/// Random boards of every density: `(side to move, other side)`.
fn boards(seed: u32, count: usize) -> impl Iterator<Item = (u64, u64)> {
    let mut rng = crate::Rng::new(seed);
    (0..count).map(move |_| {
        let word =
            |rng: &mut crate::Rng| (u64::from(rng.next_u32()) << 32) | u64::from(rng.next_u32());
        let (a, b, c) = (word(&mut rng), word(&mut rng), word(&mut rng));
        // Density: occupied where a (or a|c, a&c), split between the sides by b.
        let occupied = match rng.below(3) {
            0 => a,
            1 => a | c,
            _ => a & c,
        };
        (occupied & b, occupied & !b)
    })
}
