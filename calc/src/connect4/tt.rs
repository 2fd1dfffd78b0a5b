//! Transposition tables: slices of entries lent by the caller.
//!
//! Every search of this module takes its table as `&mut [E]` of any length (0 included: no
//! table). The search uses the largest power-of-two prefix of the slice, so that an entry's slot
//! is a shift of a hash instead of a division; entries beyond that prefix are left alone. Each
//! entry stores the full 49-bit key of its position, so a probe never mistakes one position for
//! another, whatever the table size.
//!
//! The engine ([`super::search`], its entries [`Entry`]) clears the prefix it uses before each
//! search, so its result (move, score, node count) depends only on its arguments and the table
//! length, identically natively and on the 68000. The exact solver ([`super::solver`]) indexes
//! its own table (buckets, exact tags, growth: [`super::solver::table`]).

/// One entry of the engine's transposition table ([`super::search::alphabeta`]; 12 bytes,
/// 4-byte aligned).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Lower 32 bits of the position's key ([`Board::key`](super::Board::key)).
    pub(crate) key_lo: u32,
    /// Upper 17 bits of the key; `u32::MAX` marks an empty entry.
    pub(crate) key_hi: u32,
    /// The score found ([`Score`](super::search::Score)), exact or a bound (`info`).
    pub(crate) score: i16,
    /// The depth it was searched to.
    pub(crate) depth: u8,
    /// Bits 0-1: the bound (`EXACT`, `LOWER`, `UPPER`); bits 2-4: best column + 1 (0 = none).
    pub(crate) info: u8,
}

/// The entry's score is exact.
pub(crate) const EXACT: u8 = 1;
/// The entry's score is a lower bound (the search failed high).
pub(crate) const LOWER: u8 = 2;
/// The entry's score is an upper bound (the search failed low).
pub(crate) const UPPER: u8 = 3;

impl Entry {
    /// An empty entry: fill a new table with it (the searches clear the table themselves too).
    pub const EMPTY: Entry = Entry {
        key_lo: 0,
        key_hi: u32::MAX,
        score: 0,
        depth: 0,
        info: 0,
    };
}

impl Default for Entry {
    fn default() -> Entry {
        Entry::EMPTY
    }
}

/// The slot of `key` in a table of `1 << bits` entries (`bits` in `0..=32`).
///
/// The hash mixes the key's two 32-bit halves with two 32-bit multiplications (cheap on the
/// 68000 next to a search node) and keeps the top `bits` bits (Fibonacci hashing). Always
/// inlined: as a call of the 68000 engine's, its arguments, register saves and return cost a
/// sixth of its 736 cycles.
#[inline(always)]
pub(crate) fn slot(key: u64, bits: u32) -> usize {
    let lo = key as u32;
    let hi = (key >> 32) as u32;
    let mut h = lo ^ hi.wrapping_mul(0x9E37_79B9).rotate_left(13);
    h = (h ^ (h >> 15)).wrapping_mul(0x85EB_CA6B);
    h.checked_shr(32 - bits).unwrap_or(0) as usize
}

/// The number of slot bits for a table of `len` entries: `floor(log2(len))`, at most 32;
/// `None` for an empty table.
#[inline]
pub(crate) fn table_bits(len: usize) -> Option<u32> {
    if len == 0 {
        None
    } else {
        Some((usize::BITS - 1 - len.leading_zeros()).min(32))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_stay_in_range() {
        for bits in 0..=20 {
            for key in [0u64, 1, 0x1_FFFF_FFFF_FFFF, 0x1234_5678_9ABC, 1 << 48] {
                assert!(slot(key, bits) < 1usize << bits);
            }
        }
        assert_eq!(slot(0x1234_5678_9ABC, 0), 0);
        assert!(slot(u64::MAX, 32) <= u32::MAX as usize);
    }

    #[test]
    fn bits_of_lengths() {
        assert_eq!(table_bits(0), None);
        assert_eq!(table_bits(1), Some(0));
        assert_eq!(table_bits(1023), Some(9));
        assert_eq!(table_bits(1024), Some(10));
        assert_eq!(table_bits(1025), Some(10));
    }
}
