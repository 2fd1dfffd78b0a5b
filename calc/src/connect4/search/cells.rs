//! Sets of cells of the board in two 32-bit halves ([`Cells`]): the bitboards of [`Board`] in
//! the form the 68000 works on with its own instructions (a 64-bit shift by a variable is a
//! library call there). The engine on the board's lines (`position.rs`) keeps its bitboards
//! and winning cells so; every operation here equals the same on [`Board`]'s `u64` (tested
//! below on random sets).

#[cfg(doc)]
use crate::connect4::board::Board;

/// A set of cells in two 32-bit halves, so that the 68000 works on them with its own 32-bit
/// instructions: `lo` holds columns 0-3 (bits `7c + r`, as in [`Board`]), `hi` columns 4-6
/// (bits `7(c - 4) + r`). A column's bits never cross into the next one (the sentinel row 6 is
/// always clear), so every operation of the searches is done on each half alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct Cells {
    /// Columns 0-3.
    pub lo: u32,
    /// Columns 4-6.
    pub hi: u32,
}

/// Bits of columns 0-3 in a 64-bit bitboard.
pub(crate) const LO_BITS: u32 = 28;

/// The bottom cell of each column of one half.
const BOTTOM_LO: u32 = 0x0020_4081;
/// The same, for the three columns of the high half.
const BOTTOM_HI: u32 = 0x0000_4081;
/// Every cell (rows 0-5) of the columns of each half.
const FULL_LO: u32 = BOTTOM_LO * 0x3F;
/// The same, for the high half.
const FULL_HI: u32 = BOTTOM_HI * 0x3F;
/// Rows 1, 3 and 5 counted from 1 at the bottom: the first player's good rows for its threats
/// (the second player's are the others).
pub(crate) const ODD_LO: u32 = BOTTOM_LO * 0x15;
/// The same, for the high half.
pub(crate) const ODD_HI: u32 = BOTTOM_HI * 0x15;

impl Cells {
    /// No cell.
    pub const NONE: Cells = Cells { lo: 0, hi: 0 };

    /// The cells of a bitboard of [`Board`].
    #[inline(always)]
    pub const fn from_u64(bits: u64) -> Cells {
        Cells {
            lo: bits as u32 & ((1 << LO_BITS) - 1),
            hi: (bits >> LO_BITS) as u32,
        }
    }

    /// The cell of table index `index` ([`cell`](super::lines::cell): `8c + r`).
    #[inline(always)]
    pub fn of_cell(index: usize) -> Cells {
        Cells::of_bit(7 * (index >> 3) as u32 + (index & 7) as u32)
    }

    /// The cell of bitboard bit `bit` (`7c + r`, below 49), found by a shift rather than
    /// looked up (a table would take 512 bytes of the programs' linear memory).
    #[inline(always)]
    pub fn of_bit(bit: u32) -> Cells {
        if bit < LO_BITS {
            Cells {
                lo: 1 << bit,
                hi: 0,
            }
        } else {
            Cells {
                lo: 0,
                hi: 1 << ((bit - LO_BITS) & 31),
            }
        }
    }

    /// The bitboard of [`Board`] of these cells.
    #[inline(always)]
    pub fn to_u64(self) -> u64 {
        u64::from(self.lo) | u64::from(self.hi) << LO_BITS
    }

    /// The cells as one 64-bit number, `hi` in the upper half: how the functions that are not
    /// inlined return them (in registers; a structure would be returned through memory).
    #[inline(always)]
    pub fn pack(self) -> u64 {
        u64::from(self.hi) << 32 | u64::from(self.lo)
    }

    /// The cells of [`Cells::pack`].
    #[inline(always)]
    pub fn unpack(packed: u64) -> Cells {
        Cells {
            lo: packed as u32,
            hi: (packed >> 32) as u32,
        }
    }

    /// Whether there is no cell.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.lo | self.hi == 0
    }

    /// The cells in both.
    #[inline(always)]
    pub fn and(self, other: Cells) -> Cells {
        Cells {
            lo: self.lo & other.lo,
            hi: self.hi & other.hi,
        }
    }

    /// The cells in either.
    #[inline(always)]
    pub fn or(self, other: Cells) -> Cells {
        Cells {
            lo: self.lo | other.lo,
            hi: self.hi | other.hi,
        }
    }

    /// The cells in one of them only.
    #[inline(always)]
    pub fn xor(self, other: Cells) -> Cells {
        Cells {
            lo: self.lo ^ other.lo,
            hi: self.hi ^ other.hi,
        }
    }

    /// These cells without `other`'s.
    #[inline(always)]
    pub fn minus(self, other: Cells) -> Cells {
        Cells {
            lo: self.lo & !other.lo,
            hi: self.hi & !other.hi,
        }
    }

    /// Whether there are two cells or more.
    #[inline(always)]
    pub fn several(self) -> bool {
        // Both halves' tests in one word: written apart, `x & (x - 1) != 0`, LLVM makes one
        // of them a population count (a library call on the 68000).
        (self.lo & self.lo.wrapping_sub(1)) | (self.hi & self.hi.wrapping_sub(1)) != 0
            || (self.lo != 0 && self.hi != 0)
    }

    /// The cell that a stone on `self` (a drop cell: the cells above it are empty, those
    /// below it full) makes winning for its owner, whose stones are `own`, on its column: the
    /// cell above, when the two below are the owner's and it is on the board. (The cells below
    /// row 0 or 1 are the sentinel row 6 of the column to the left, never a stone, and its row
    /// 5, or nothing.)
    #[inline(always)]
    pub fn column_gain(self, own: Cells) -> Cells {
        // The owner's stones moved up one and two rows: both on `bit` when the two cells
        // below it are the owner's.
        let half = |bit: u32, own: u32, full: u32| {
            if bit & own << 1 & own << 2 != 0 {
                (bit << 1) & full
            } else {
                0
            }
        };
        Cells {
            lo: half(self.lo, own.lo, FULL_LO),
            hi: half(self.hi, own.hi, FULL_HI),
        }
    }

    /// The columns that hold one of the cells, as bits `1 << c`, for a set of at most one cell
    /// a column (a subset of [`Cells::playable`]'s): adding each column's rows 0-5 carries
    /// into its row 6 (the sentinel) exactly when the column holds a cell (the tests compare
    /// it with `Cells::columns`, which folds the rows).
    #[inline(always)]
    pub fn drop_columns(self) -> u32 {
        // Each half's sentinels (row 6: bits 6, 13, 20 and 27) gathered by two folds, from
        // `at` (the first column's bit, shifted into place), by 6 and by 12 places: no
        // shift by a variable, no table.
        let gather = |x: u32, full: u32, at: u32, columns: u32| {
            let t = (x.wrapping_add(full) & BOTTOM_LO << 6) >> at;
            let v = t | t >> 6;
            (v | v >> 12) & columns
        };
        gather(self.lo, FULL_LO, 6, 0xF) | gather(self.hi, FULL_HI, 2, 0x70)
    }

    /// The columns that hold at least one of the cells, as bits `1 << c`.
    #[cfg(test)]
    pub fn columns(self) -> u32 {
        // Fold each column's six rows onto its bottom bit, then gather the bottom bits.
        let fold = |x: u32| {
            let x = x | x >> 1 | x >> 2;
            x | x >> 3
        };
        let (lo, hi) = (fold(self.lo), fold(self.hi));
        (lo & 1)
            | (lo >> 6 & 2)
            | (lo >> 12 & 4)
            | (lo >> 18 & 8)
            | (hi & 1) << 4
            | (hi >> 2 & 0x20)
            | (hi >> 8 & 0x40)
    }

    /// The number of cells (few: one step per cell).
    #[inline(always)]
    pub fn count(self) -> u32 {
        count_bits(self.lo) + count_bits(self.hi)
    }

    /// The cells where the side to move may play given all stones `self`: one per column that
    /// is not full ([`Board::playable`]).
    #[inline(always)]
    pub fn playable(self) -> Cells {
        Cells {
            lo: self.lo.wrapping_add(BOTTOM_LO) & FULL_LO,
            hi: self.hi.wrapping_add(BOTTOM_HI) & FULL_HI,
        }
    }

    /// The cells just below these (none below row 0 matter: they are sentinels of the column
    /// to the left, or nothing).
    #[inline(always)]
    pub fn below(self) -> Cells {
        Cells {
            lo: self.lo >> 1,
            hi: self.hi >> 1,
        }
    }
}

/// The number of set bits of `x`, one step per bit (the sets of threats are small, and a
/// population count is a library call on the 68000).
#[inline(always)]
fn count_bits(mut x: u32) -> u32 {
    let mut n = 0;
    while x != 0 {
        x ^= x & x.wrapping_neg();
        n += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rng;

    #[test]
    fn cells_in_halves() {
        let all = crate::connect4::board::FULL;
        assert_eq!(Cells::from_u64(all).to_u64(), all);
        assert_eq!(
            Cells::from_u64(crate::connect4::board::BOTTOM),
            Cells {
                lo: BOTTOM_LO,
                hi: BOTTOM_HI
            }
        );
        assert_eq!(Cells::from_u64(all).count(), 42);
        let one = Cells::from_u64(1 << 30);
        assert!(!one.several());
        assert!(one.or(Cells::from_u64(1)).several());
        assert!(Cells::from_u64(0b101 << 35).several());
        let mut rng = Rng::new(7);
        for _ in 0..1000 {
            let x = (u64::from(rng.next_u32()) << 32 | u64::from(rng.next_u32())) & all;
            let c = Cells::from_u64(x);
            assert_eq!(c.count(), x.count_ones());
            assert_eq!(c.several(), x.count_ones() > 1);
            let columns = (0..7u8).filter(|&col| x & crate::connect4::board::column_mask(col) != 0);
            assert_eq!(c.columns(), columns.map(|col| 1 << col).sum::<u32>());
            let drops = c.playable().and(Cells {
                lo: rng.next_u32(),
                hi: rng.next_u32(),
            });
            assert_eq!(drops.drop_columns(), drops.columns());
            let (bottom, full) = (crate::connect4::board::BOTTOM, all);
            assert_eq!(c.playable().to_u64(), (x + bottom) & full);
        }
    }
}
