//! Squares of the Othello board: the 0..64 index, the seed's mailbox index, and the usual names.
//!
//! Square `a1` is index 0, `h1` is 7, `a2` is 8, ..., `h8` is 63: row by row from the a1 corner,
//! the order of the OBF/FFO files. The seed's mailbox numbers the same square
//! `11 + 10 * row + column`, inside a ring of border cells (0..=10, 19/20, ..., 89..=99).

/// A square of the 8x8 board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square with index `index` (0..64), if it exists.
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square at `column` (0 = a) and `row` (0 = rank 1), if both are in 0..8.
    pub const fn at(column: u8, row: u8) -> Option<Square> {
        if column < 8 && row < 8 {
            Some(Square(row * 8 + column))
        } else {
            None
        }
    }

    /// The index 0..64.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The column, 0 (a) to 7 (h).
    pub const fn column(self) -> u8 {
        self.0 & 7
    }

    /// The row, 0 (rank 1) to 7 (rank 8).
    pub const fn row(self) -> u8 {
        self.0 >> 3
    }

    /// This square's bit in a bitboard.
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// The seed's mailbox index (11..=88).
    pub const fn mailbox(self) -> u8 {
        11 + 10 * self.row() + self.column()
    }

    /// The square of a mailbox index, `None` for a border cell or an index past 99.
    pub const fn from_mailbox(index: u8) -> Option<Square> {
        if index > 99 {
            return None;
        }
        let (row, column) = (index / 10, index % 10);
        if row >= 1 && row <= 8 && column >= 1 && column <= 8 {
            Some(Square((row - 1) * 8 + column - 1))
        } else {
            None
        }
    }

    /// The name, as two ASCII bytes: column letter (lower case) and rank digit, e.g. `b"d3"`.
    pub const fn name(self) -> [u8; 2] {
        [b'a' + self.column(), b'1' + self.row()]
    }

    /// The square named by `name` (`"d3"`, `"D3"`), if it is one.
    pub fn parse(name: &[u8]) -> Option<Square> {
        let [c, r] = name else { return None };
        let column = c.to_ascii_lowercase().wrapping_sub(b'a');
        let row = r.wrapping_sub(b'1');
        Square::at(column, row)
    }

    /// The lowest square of a bitboard, if any.
    pub const fn first(bits: u64) -> Option<Square> {
        if bits == 0 {
            None
        } else {
            Some(Square(bits.trailing_zeros() as u8))
        }
    }
}

/// The squares of a bitboard, lowest index first.
#[derive(Clone, Copy, Debug)]
pub struct Squares(pub u64);

impl Iterator for Squares {
    type Item = Square;

    /// One function on 32-bit targets, with its lowest bit written in: inlined everywhere,
    /// its copies made `othia` a few bytes too large for the 24 KB (docs/profiling.md); as a
    /// function calling another for the lowest bit, a square cost some 250 cycles more.
    #[cfg_attr(target_pointer_width = "32", inline(never))]
    #[cfg_attr(not(target_pointer_width = "32"), inline)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = lowest_inline(self.0);
        self.0 &= self.0 - 1;
        Some(Square(sq))
    }
}

/// The index of the lowest set bit of each byte (8 for 0), for [`lowest_inline`] on 32-bit
/// targets: a static, one copy for every use (as a constant, each use had its own).
#[cfg(target_pointer_width = "32")]
static LOWEST_OF_BYTE: [u8; 256] = {
    let mut t = [8u8; 256];
    let mut i = 1;
    while i < 256 {
        t[i] = (i as u8).trailing_zeros() as u8;
        i += 1;
    }
    t
};

/// Takes the lowest square out of `rest` (not 0): its index and its bit. On 32-bit targets
/// by [`lowest_inline`] and the lowest bit isolated (`1 << s` of a 64-bit number is a library
/// call on the 68000); elsewhere as [`Squares`] does it (a few instructions fewer natively).
#[inline(always)]
pub(crate) fn pop_lowest(rest: &mut u64) -> (u8, u64) {
    #[cfg(target_pointer_width = "32")]
    {
        let bit = *rest & rest.wrapping_neg();
        let s = lowest_inline(*rest);
        *rest ^= bit;
        (s, bit)
    }
    #[cfg(not(target_pointer_width = "32"))]
    {
        let s = rest.trailing_zeros() as u8;
        *rest &= *rest - 1;
        (s, 1 << s)
    }
}

/// The index of the lowest set bit of `bits` (not 0), inlined where it is called: in
/// [`Squares`]' step, the search's move ordering and the solver's loops over squares.
#[inline(always)]
pub(crate) fn lowest_inline(bits: u64) -> u8 {
    #[cfg(target_pointer_width = "32")]
    {
        // On 32-bit targets, a 64-bit count of trailing zeros is a library call on the 68000:
        // the half that holds the bit, then the 16-bit half of it, then a table of the last
        // byte ([`LOWEST_OF_BYTE`]; of a nibble before: a test and a shift more).
        let (mut x, mut n) = if bits as u32 != 0 {
            (bits as u32, 0)
        } else {
            ((bits >> 32) as u32, 32)
        };
        if x & 0xFFFF == 0 {
            x >>= 16;
            n += 16;
        }
        if x & 0xFF == 0 {
            x >>= 8;
            n += 8;
        }
        n + LOWEST_OF_BYTE[(x & 0xFF) as usize]
    }
    #[cfg(not(target_pointer_width = "32"))]
    {
        bits.trailing_zeros() as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mailbox_round_trip() {
        for i in 0..64 {
            let sq = Square::new(i).unwrap();
            assert_eq!(Square::from_mailbox(sq.mailbox()), Some(sq));
        }
        let inner = (0..100).filter_map(Square::from_mailbox).count();
        assert_eq!(inner, 64);
        assert_eq!(Square::parse(b"a1").unwrap().mailbox(), 11);
        assert_eq!(Square::parse(b"H8").unwrap().mailbox(), 88);
    }

    #[test]
    fn names() {
        let d3 = Square::parse(b"d3").unwrap();
        assert_eq!((d3.column(), d3.row(), d3.index()), (3, 2, 19));
        assert_eq!(&d3.name(), b"d3");
        assert_eq!(Square::parse(b"i1"), None);
        assert_eq!(Square::parse(b"a9"), None);
        assert_eq!(Square::parse(b"a"), None);
    }
}
