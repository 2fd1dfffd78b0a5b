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

    // The fields above the tag are read and written in the entry's high word: on the 68000 a
    // 64-bit shift by 44 to 58 is a sequence of instructions, a 32-bit one a single shift.

    /// The entry's bits 32..64.
    #[inline]
    fn high(self) -> u32 {
        (self.0 >> 32) as u32
    }

    #[inline]
    fn is_empty(self) -> bool {
        self.high() >> (WORK_SHIFT - 32) == 0
    }

    #[inline]
    fn tag(self) -> u64 {
        self.0 & TAG_FIELD
    }

    #[inline]
    fn work(self) -> u32 {
        (self.high() >> (WORK_SHIFT - 32)) & 0x1F
    }

    /// The best move's column + 1, 0 for none.
    #[inline]
    fn hint(self) -> u32 {
        (self.high() >> (MOVE_SHIFT - 32)) & 7
    }

    /// The upper bound's code (`score + BOUND_OFFSET`, 0 for none).
    #[inline]
    fn upper(self) -> u32 {
        (self.high() >> (UPPER_SHIFT - 32)) & 0x3F
    }

    /// The lower bound's code.
    #[inline]
    fn lower(self) -> u32 {
        self.high() >> (LOWER_SHIFT - 32)
    }

    /// The entry of these fields (each within its width).
    #[inline]
    fn pack(tag: u64, work: u32, hint: u32, upper: u32, lower: u32) -> Entry {
        let high = (work << (WORK_SHIFT - 32))
            | (hint << (MOVE_SHIFT - 32))
            | (upper << (UPPER_SHIFT - 32))
            | (lower << (LOWER_SHIFT - 32));
        Entry(tag | (u64::from(high) << 32))
    }
}

/// A position's key mixed by the bijection of the module doc: its top bits choose the bucket,
/// the others are the tag. The search mixes a node's key once, for its probe and its store (a
/// 64-bit product is a library call on the 68000).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mixed(u64);

/// The mixed key of the position of `key`.
#[inline]
pub fn mix(key: u64) -> Mixed {
    Mixed(key.wrapping_mul(MIX) & KEY_MASK)
}

/// The bucket of the mixed key `h` when the tag has `tag_bits` bits: its top bits.
#[cfg(not(target_pointer_width = "32"))]
#[inline]
fn bucket_of(h: u64, tag_bits: u32) -> usize {
    (h >> tag_bits) as usize
}

/// [`bucket_of`] for 32-bit targets: a tag of 32 bits or more (a table of at most 2^17
/// buckets, every table on the calculator) leaves the bucket in the high word, and a 32-bit
/// shift by a variable is one instruction where a 64-bit one is a library call.
#[cfg(any(test, target_pointer_width = "32"))]
#[inline]
fn bucket_of_32(h: u64, tag_bits: u32) -> usize {
    if tag_bits >= 32 {
        (((h >> 32) as u32) >> (tag_bits - 32)) as usize
    } else {
        (h >> tag_bits) as usize
    }
}

#[cfg(target_pointer_width = "32")]
use bucket_of_32 as bucket_of;

/// The work field of an entry for `nodes` searched: 1 + log2, within 1..=31.
#[cfg(not(target_pointer_width = "32"))]
#[inline]
fn work_of(nodes: u64) -> u32 {
    (u64::BITS - nodes.leading_zeros()).clamp(1, 31)
}

/// [`work_of`] for 32-bit targets: the leading zeros of the words (a 64-bit count is a
/// library call of two).
#[cfg(any(test, target_pointer_width = "32"))]
#[inline]
fn work_of_32(nodes: u64) -> u32 {
    let high = (nodes >> 32) as u32;
    let bits = if high != 0 {
        64 - high.leading_zeros()
    } else {
        32 - (nodes as u32).leading_zeros()
    };
    bits.clamp(1, 31)
}

#[cfg(target_pointer_width = "32")]
use work_of_32 as work_of;

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
    /// The bits of a tag: `(1 << (KEY_BITS - bits)) - 1`.
    tag_mask: u64,
    /// Stores since the table last grew or was cleared.
    stores: u64,
}

impl<'t> Table<'t> {
    /// A table over the whole of `entries` (see the module doc), kept as it is.
    pub fn new(entries: &'t mut [Entry]) -> Table<'t> {
        let buckets = entries.len() / BUCKET;
        let max_bits = (buckets >= MIN_BUCKETS)
            .then(|| (usize::BITS - 1 - buckets.leading_zeros()).min(KEY_BITS - 5));
        let bits = max_bits.unwrap_or(0);
        Table {
            entries,
            max_bits,
            bits,
            tag_mask: tag_mask(bits),
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
        self.tag_mask = tag_mask(self.bits);
        self.stores = 0;
        let used = self.used();
        self.entries[..used].fill(Entry::EMPTY);
    }

    /// The bucket (index of its first entry) and the tag of the mixed key `h`, `None` without a
    /// table.
    // Always inlined: called, it returned its pair through the shadow stack (a frame of its
    // own and one in each caller).
    #[inline(always)]
    fn locate(&self, h: Mixed) -> Option<(usize, u64)> {
        self.max_bits?;
        Some((
            bucket_of(h.0, KEY_BITS - self.bits) * BUCKET,
            h.0 & self.tag_mask,
        ))
    }

    /// Starts loading the bucket of the mixed key `h` into the cache (see [`crate::prefetch`]).
    #[inline]
    pub fn prefetch(&self, h: Mixed) {
        if let Some((first, _)) = self.locate(h) {
            if let Some(e) = self.entries.get(first) {
                crate::prefetch::prefetch(e);
            }
        }
    }

    /// What the table knows of the position of the mixed key `h`.
    #[inline]
    pub fn probe(&self, h: Mixed) -> Known {
        let Some((first, tag)) = self.locate(h) else {
            return Known::NOTHING;
        };
        let Some(bucket) = self.entries.get(first..first + BUCKET) else {
            return Known::NOTHING;
        };
        for &e in bucket {
            if e.tag() == tag && !e.is_empty() {
                let lower = e.lower() as i32;
                let upper = e.upper() as i32;
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
                    hint: e.hint() as u8,
                };
            }
        }
        Known::NOTHING
    }

    /// Records for the position of the mixed key `h` a lower and an upper bound of its score (`i32::MIN` /
    /// `i32::MAX`: none; bounds lie in -21..=21), its best move (`hint`: column + 1, 0 to keep
    /// the one known) and the `nodes` searched below it. The bounds are merged with those
    /// known. The table may grow (module doc).
    #[inline]
    pub fn store(&mut self, h: Mixed, lower: i32, upper: i32, hint: u8, nodes: u64) {
        let Some((first, tag)) = self.locate(h) else {
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
        let mut low = old.lower();
        let mut up = old.upper();
        if lower != i32::MIN {
            low = low.max((lower + BOUND_OFFSET) as u32);
        }
        if upper != i32::MAX {
            let code = (upper + BOUND_OFFSET) as u32;
            if up == 0 || code < up {
                up = code;
            }
        }
        let work = work_of(nodes).max(old.work());
        let hint = if hint != 0 {
            u32::from(hint)
        } else {
            old.hint()
        };
        bucket[victim] = Entry::pack(tag, work, hint, up, low);
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
        self.tag_mask = tag_mask(self.bits);
    }
}

/// The tag's bits for a table of `2^bits` buckets.
fn tag_mask(bits: u32) -> u64 {
    (1 << (KEY_BITS - bits)) - 1
}

#[cfg(test)]
mod tests;
