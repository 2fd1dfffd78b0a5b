//! The solver's transposition table: buckets of two 8-byte entries over a caller-lent slice,
//! each entry holding both bounds of a position's score, its best move and the work spent on
//! it; the table grows with the search.
//!
//! Indexing. The 49-bit key of a position ([`Board::key`](super::super::Board::key)) is mixed
//! by a bijection of the 49-bit integers (a multiplication by an odd constant modulo 2^49): the
//! top bits of the mixed key choose the bucket, the others (the tag) are stored. Bucket and tag
//! together give back the whole key, so a probe never mistakes one position for another: the
//! entries are exact, whatever the table size.
//!
//! An entry (`u64`), from the low bits: the tag (`49 - bucket bits` bits, at most 44); the
//! work (5 bits at 44..49: 1 + log2 of the nodes searched below the position when it was last
//! stored, 0 for an empty entry); the best move's column + 1 (3 bits, 0 for none); the upper
//! bound and the lower bound of the score (6 bits each, `score + 22`, 0 for none). A
//! position's two bounds are kept together: the null-window searches of one solve meet the same
//! positions with different windows, and each brings one side.
//!
//! Replacement. A store updates the position's entry if its bucket holds it, else replaces the
//! entry of least work (an empty one first): the entries that saved the most search survive.
//! A bucket is 16 bytes, so it never straddles a cache line in a 16-byte aligned slice (a
//! `Vec` of the system allocator is).
//!
//! Growth. [`Table::clear`] empties only a small table ([`START_BUCKETS`] buckets, 64 KiB,
//! which stays in the processor's cache); each time the search has stored as many entries as
//! the table holds, the table doubles, up to the largest power of two of buckets the slice
//! holds, each bucket's entries moving to one of the two buckets it becomes (the top bit of
//! their tag joins the index). A small search thus never touches more memory than it needs,
//! and a large one ends with the whole slice. [`Table::new`] starts with the whole slice
//! (whose content it keeps).
//!
//! Every bound stored is a true bound of the game value, so the table stays valid from one
//! position to the next; clearing it only makes node counts reproducible. A slice of fewer
//! than [`MIN_BUCKETS`] buckets is not used (the tag would not fit).

/// Entries per bucket.
pub const BUCKET: usize = 2;
/// The fewest buckets a table can have.
pub const MIN_BUCKETS: usize = 1 << 5;
/// The buckets of a table just cleared (unless the slice is smaller).
pub const START_BUCKETS: usize = 1 << 12;

/// Bits of a position's key.
const KEY_BITS: u32 = 49;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
/// An odd multiplier: key -> key * MIX mod 2^49 is a bijection.
const MIX: u64 = 0x0000_9E37_79B9_7F4B;
const WORK_SHIFT: u32 = 44;
const TAG_FIELD: u64 = (1 << WORK_SHIFT) - 1;
const MOVE_SHIFT: u32 = 49;
const UPPER_SHIFT: u32 = 52;
const LOWER_SHIFT: u32 = 58;
/// Stored bounds are `score + BOUND_OFFSET` (1..=43 for scores -21..=21), 0 for none.
const BOUND_OFFSET: i32 = 22;

/// One entry of the solver's table (layout in the module doc). `Entry::EMPTY` is all zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Entry(u64);

impl Entry {
    /// An empty entry.
    pub const EMPTY: Entry = Entry(0);

    #[inline]
    fn is_empty(self) -> bool {
        self.0 >> WORK_SHIFT == 0
    }

    #[inline]
    fn tag(self) -> u64 {
        self.0 & TAG_FIELD
    }

    #[inline]
    fn work(self) -> u32 {
        ((self.0 >> WORK_SHIFT) & 0x1F) as u32
    }
}

/// What the table knows of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    /// A lower bound of its score (`i32::MIN` if none).
    pub lower: i32,
    /// An upper bound of its score (`i32::MAX` if none).
    pub upper: i32,
    /// The best move found for it (column + 1, 0 if none).
    pub hint: u8,
}

impl Known {
    /// Nothing known.
    pub const NOTHING: Known = Known {
        lower: i32::MIN,
        upper: i32::MAX,
        hint: 0,
    };
}

/// The table: a view of the caller's slice.
pub struct Table<'t> {
    entries: &'t mut [Entry],
    /// log2 of the most buckets the slice holds; `None`: no table.
    max_bits: Option<u32>,
    /// log2 of the buckets in use.
    bits: u32,
    /// Stores since the table last grew or was cleared.
    stores: u64,
}

impl<'t> Table<'t> {
    /// A table over the whole of `entries` (see the module doc), kept as it is.
    pub fn new(entries: &'t mut [Entry]) -> Table<'t> {
        let buckets = entries.len() / BUCKET;
        let max_bits = (buckets >= MIN_BUCKETS)
            .then(|| (usize::BITS - 1 - buckets.leading_zeros()).min(KEY_BITS - 5));
        Table {
            entries,
            max_bits,
            bits: max_bits.unwrap_or(0),
            stores: 0,
        }
    }

    /// Entries in use now (0 without a table).
    pub fn used(&self) -> usize {
        self.max_bits.map_or(0, |_| BUCKET << self.bits)
    }

    /// Whether the table has grown past its start: its entries may be far from the cache, and
    /// prefetching them pays.
    #[inline]
    pub fn is_large(&self) -> bool {
        self.used() > BUCKET * START_BUCKETS
    }

    /// Empties the table and makes it small again (module doc).
    pub fn clear(&mut self) {
        let Some(max) = self.max_bits else { return };
        self.bits = max.min(START_BUCKETS.trailing_zeros());
        self.stores = 0;
        let used = self.used();
        self.entries[..used].fill(Entry::EMPTY);
    }

    /// The bucket (index of its first entry) and the tag of `key`, `None` without a table.
    #[inline]
    fn locate(&self, key: u64) -> Option<(usize, u64)> {
        self.max_bits?;
        let h = key.wrapping_mul(MIX) & KEY_MASK;
        let tag_bits = KEY_BITS - self.bits;
        Some((
            ((h >> tag_bits) as usize) * BUCKET,
            h & ((1 << tag_bits) - 1),
        ))
    }

    /// Starts loading the bucket of `key` into the cache (see [`crate::prefetch`]).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        if let Some((first, _)) = self.locate(key) {
            if let Some(e) = self.entries.get(first) {
                crate::prefetch::prefetch(e);
            }
        }
    }

    /// What the table knows of the position of `key`.
    #[inline]
    pub fn probe(&self, key: u64) -> Known {
        let Some((first, tag)) = self.locate(key) else {
            return Known::NOTHING;
        };
        let Some(bucket) = self.entries.get(first..first + BUCKET) else {
            return Known::NOTHING;
        };
        for &e in bucket {
            if e.tag() == tag && !e.is_empty() {
                let lower = (e.0 >> LOWER_SHIFT) as i32;
                let upper = ((e.0 >> UPPER_SHIFT) & 0x3F) as i32;
                return Known {
                    lower: if lower == 0 {
                        i32::MIN
                    } else {
                        lower - BOUND_OFFSET
                    },
                    upper: if upper == 0 {
                        i32::MAX
                    } else {
                        upper - BOUND_OFFSET
                    },
                    hint: ((e.0 >> MOVE_SHIFT) & 7) as u8,
                };
            }
        }
        Known::NOTHING
    }

    /// Records for the position of `key` a lower and an upper bound of its score (`i32::MIN` /
    /// `i32::MAX`: none; bounds lie in -21..=21), its best move (`hint`: column + 1, 0 to keep
    /// the one known) and the `nodes` searched below it. The bounds are merged with those
    /// known. The table may grow (module doc).
    #[inline]
    pub fn store(&mut self, key: u64, lower: i32, upper: i32, hint: u8, nodes: u64) {
        let Some((first, tag)) = self.locate(key) else {
            return;
        };
        let Some(bucket) = self.entries.get_mut(first..first + BUCKET) else {
            return;
        };
        // The position's own entry, else the one of least work.
        let mut victim = 0;
        let mut least = u32::MAX;
        let mut old = Entry::EMPTY;
        for (i, &e) in bucket.iter().enumerate() {
            if e.tag() == tag && !e.is_empty() {
                victim = i;
                old = e;
                break;
            }
            if e.work() < least {
                least = e.work();
                victim = i;
            }
        }
        let mut low = old.0 >> LOWER_SHIFT;
        let mut up = (old.0 >> UPPER_SHIFT) & 0x3F;
        if lower != i32::MIN {
            low = low.max((lower + BOUND_OFFSET) as u64);
        }
        if upper != i32::MAX {
            let code = (upper + BOUND_OFFSET) as u64;
            if up == 0 || code < up {
                up = code;
            }
        }
        let work = (u64::BITS - nodes.leading_zeros())
            .clamp(1, 31)
            .max(old.work());
        let hint = if hint != 0 {
            u64::from(hint)
        } else {
            (old.0 >> MOVE_SHIFT) & 7
        };
        bucket[victim] = Entry(
            tag | (u64::from(work) << WORK_SHIFT)
                | (hint << MOVE_SHIFT)
                | (up << UPPER_SHIFT)
                | (low << LOWER_SHIFT),
        );
        self.stores += 1;
        if self.stores >= self.used() as u64 {
            self.grow();
        }
    }

    /// Doubles the buckets in use if the slice allows (module doc).
    fn grow(&mut self) {
        let Some(max) = self.max_bits else { return };
        self.stores = 0;
        if self.bits >= max {
            return;
        }
        // The tag's top bit becomes the index's low bit.
        let top = 1u64 << (KEY_BITS - self.bits - 1);
        // From the last bucket down: buckets 2b and 2b + 1 are above b, already moved.
        for b in (0..1usize << self.bits).rev() {
            let mut halves = [[Entry::EMPTY; BUCKET]; 2];
            let mut fill = [0usize; 2];
            for &e in &self.entries[b * BUCKET..(b + 1) * BUCKET] {
                if e.is_empty() {
                    continue;
                }
                let half = usize::from(e.0 & top != 0);
                halves[half][fill[half]] = Entry(e.0 & !top);
                fill[half] += 1;
            }
            self.entries[2 * b * BUCKET..(2 * b + 2) * BUCKET]
                .copy_from_slice(halves.as_flattened());
        }
        self.bits += 1;
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::vec;
    use std::vec::Vec;

    /// The inverse of MIX modulo 2^64 (Newton's iteration).
    fn inverse() -> u64 {
        let mut x = MIX;
        for _ in 0..6 {
            x = x.wrapping_mul(2u64.wrapping_sub(MIX.wrapping_mul(x)));
        }
        x
    }

    /// The key whose mixed value is `h`.
    fn key_of(h: u64) -> u64 {
        h.wrapping_mul(inverse()) & KEY_MASK
    }

    #[test]
    fn bounds_meet_in_one_entry() {
        let mut entries = vec![Entry::EMPTY; 1 << 10];
        let mut t = Table::new(&mut entries);
        assert_eq!(t.used(), 1 << 10);
        let k = 0x0123_4567_89AB;
        assert_eq!(t.probe(k), Known::NOTHING);
        t.store(k, i32::MIN, 3, 0, 100);
        t.store(k, -2, i32::MAX, 4, 10);
        let known = t.probe(k);
        assert_eq!((known.lower, known.upper, known.hint), (-2, 3, 4));
        // A weaker bound does not replace a sharper one.
        t.store(k, i32::MIN, 5, 0, 10);
        t.store(k, -5, i32::MAX, 0, 10);
        let known = t.probe(k);
        assert_eq!((known.lower, known.upper, known.hint), (-2, 3, 4));
        // The empty board's key (0) is a position like any other.
        assert_eq!(t.probe(0), Known::NOTHING);
        t.store(0, 1, i32::MAX, 4, 1);
        assert_eq!(t.probe(0).lower, 1);
    }

    #[test]
    fn a_full_bucket_drops_its_least_work() {
        let mut entries = vec![Entry::EMPTY; BUCKET * MIN_BUCKETS];
        let mut t = Table::new(&mut entries);
        // Keys of bucket 0: mixed values 1, 2, 3 (tags).
        let keys: Vec<u64> = (1..=BUCKET as u64 + 1).map(key_of).collect();
        for (i, &k) in keys.iter().enumerate().take(BUCKET) {
            assert_eq!(t.locate(k).unwrap().0, 0);
            t.store(k, 1, i32::MAX, 0, 1 << (10 + i));
        }
        t.store(keys[BUCKET], 2, i32::MAX, 0, 1 << 20);
        assert_eq!(t.probe(keys[BUCKET]).lower, 2);
        assert_eq!(t.probe(keys[0]), Known::NOTHING);
        for &k in &keys[1..BUCKET] {
            assert_eq!(t.probe(k).lower, 1);
        }
    }

    #[test]
    fn growing_keeps_every_entry() {
        let mut entries = vec![Entry::EMPTY; BUCKET * START_BUCKETS * 2];
        let mut t = Table::new(&mut entries);
        t.clear();
        assert_eq!(t.used(), BUCKET * START_BUCKETS);
        // Store keys until just before the table grows, remember what it knows, then grow it.
        let keys: Vec<u64> = (0..BUCKET * START_BUCKETS)
            .map(|i| key_of((i as u64).wrapping_mul(0x2545_F491_4F6C_DD1D) & KEY_MASK))
            .collect();
        for (i, &k) in keys[..keys.len() - 1].iter().enumerate() {
            t.store(
                k,
                (i % 40) as i32 - 20,
                i32::MAX,
                (i % 7) as u8 + 1,
                1 << (i % 20),
            );
        }
        assert_eq!(t.used(), BUCKET * START_BUCKETS);
        let before: Vec<Known> = keys.iter().map(|&k| t.probe(k)).collect();
        let known = before.iter().filter(|k| **k != Known::NOTHING).count();
        assert!(known > keys.len() / 2, "{known}");
        let last = keys[keys.len() - 1];
        t.store(last, 5, 6, 1, 1);
        assert_eq!(t.used(), 2 * BUCKET * START_BUCKETS, "grown");
        for (&k, &was) in keys[..keys.len() - 1].iter().zip(&before) {
            assert_eq!(t.probe(k), was);
        }
        // Unknown keys are still unknown.
        assert_eq!(t.probe(key_of(KEY_MASK)), Known::NOTHING);
        // A full-size table does not grow.
        t.clear();
        t.bits = t.max_bits.unwrap();
        for (i, &k) in keys.iter().enumerate() {
            t.store(k, 0, 0, 0, i as u64);
        }
        assert_eq!(t.used(), 2 * BUCKET * START_BUCKETS);
    }

    #[test]
    fn small_slices_are_not_used() {
        let mut entries = vec![Entry::EMPTY; BUCKET * MIN_BUCKETS - 1];
        let mut t = Table::new(&mut entries);
        assert_eq!(t.used(), 0);
        t.store(5, 1, 1, 1, 1);
        assert_eq!(t.probe(5), Known::NOTHING);
    }
}
