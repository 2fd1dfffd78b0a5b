//! The transposition table: a slice of entries lent by the caller (the core allocates nothing).
//!
//! Entries are grouped in pairs (buckets of two, the lower index even). A position can live in
//! either entry of its bucket; a new result replaces the entry of the same position, else the
//! entry that cost less to compute (fewer empties or plies). Each entry keeps the whole
//! position (both bitboards), so a probe never mistakes one position for another. Entries of
//! the endgame solver (exact disc scores) and of the midgame search (evaluation units) are
//! kept apart by their kind.
//!
//! The slice may have any length; the largest power of two that fits (at least 2) is used, so
//! indexing is a mask, not a division. A table of fewer than 2 entries disables the table.

use super::bitboard::Position;

/// What an entry holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Kind {
    /// An unused slot.
    #[default]
    Empty,
    /// Bounds of the exact final disc difference (endgame solver); `depth` is the number of
    /// empty squares.
    Exact,
    /// Bounds of the midgame evaluation; `depth` is the search depth in plies.
    Midgame,
}

/// One entry of the table (24 bytes).
#[derive(Clone, Copy, Debug, Default)]
pub struct Entry {
    player: u64,
    opponent: u64,
    /// A lower bound of the score.
    pub lower: i16,
    /// An upper bound of the score.
    pub upper: i16,
    /// Empties (exact) or plies (midgame) behind the bounds.
    pub depth: u8,
    /// The best move found (square index), 64 if none.
    pub best: u8,
    /// What the bounds are.
    pub kind: Kind,
    /// Always 0 (never read): the entry's last byte, so that a default entry is 24 zero bytes,
    /// set by three aligned words (with a padding byte there, its 23 bytes were set by an
    /// unaligned last word, which the 68000's route writes byte by byte: some 60 cycles more
    /// an entry, 64,000 a fresh table of 1,024 entries).
    #[allow(dead_code)]
    spare: u8,
}

impl Entry {
    /// A fresh table of `N` unused entries, all zero, as `[Entry::default(); N]`, but with the
    /// bitboards' zero hidden from the optimisers ([`core::hint::black_box`]): on the 68000
    /// GCC then keeps that zero in registers and writes them with `move.l Dn` (16 cycles a long
    /// word) rather than `clr.l` (24 cycles), some 33,000 cycles less for 1,024 entries.
    #[inline(always)]
    pub fn fresh_table<const N: usize>() -> [Entry; N] {
        let zero = *core::hint::black_box(&0u64);
        let fresh = Entry {
            player: zero,
            opponent: zero,
            ..Entry::default()
        };
        [fresh; N]
    }
}

/// The fields of an entry found by [`Table::probe_packed`].
#[derive(Clone, Copy)]
pub struct Probed(pub u64);

impl Probed {
    /// Whether an entry was found.
    #[inline(always)]
    pub fn found(self) -> bool {
        self.0 != 0
    }

    /// Its lower bound.
    #[inline(always)]
    pub fn lower(self) -> i16 {
        self.0 as u16 as i16
    }

    /// Its upper bound.
    #[inline(always)]
    pub fn upper(self) -> i16 {
        (self.0 >> 16) as u16 as i16
    }

    /// Its depth.
    #[inline(always)]
    pub fn depth(self) -> u8 {
        (self.0 >> 32) as u8
    }

    /// Its best move.
    #[inline(always)]
    pub fn best(self) -> u8 {
        (self.0 >> 40) as u8
    }
}

/// A transposition table over a lent slice.
pub struct Table<'a> {
    entries: &'a mut [Entry],
    mask: u32,
}

/// A 32-bit hash of a position (32-bit multiplications only: cheap on the 68000).
fn hash(p: &Position) -> u32 {
    let a = (p.player as u32) ^ ((p.player >> 32) as u32).rotate_left(13);
    let b = (p.opponent as u32) ^ ((p.opponent >> 32) as u32).rotate_left(7);
    let h = a.wrapping_mul(0x9E37_79B1) ^ b.wrapping_mul(0x85EB_CA77).rotate_left(16);
    h ^ (h >> 15)
}

impl<'a> Table<'a> {
    /// A table over `entries` (its contents are kept: a table can be reused between searches
    /// of the same game; call [`Table::clear`] to start afresh).
    pub fn new(entries: &'a mut [Entry]) -> Table<'a> {
        let len = entries.len();
        let used = if len < 2 {
            0
        } else {
            1usize << (usize::BITS - 1 - len.leading_zeros())
        };
        let entries = &mut entries[..used];
        Table {
            mask: (used as u32).wrapping_sub(1) & !1,
            entries,
        }
    }

    /// Empties every entry: marks it unused, with depth 0. Nothing else of an unused entry
    /// is read (a probe or a store finds only its own kind; a store replaces the entry of
    /// lesser depth), so only these two bytes are written (on the 68000 some 100 cycles an
    /// entry less; natively no `memset` of the whole table).
    pub fn clear(&mut self) {
        for e in self.entries.iter_mut() {
            e.kind = Kind::Empty;
            e.depth = 0;
        }
    }

    /// True when the table has no room at all.
    pub fn is_disabled(&self) -> bool {
        self.entries.is_empty()
    }

    fn bucket(&self, p: &Position) -> usize {
        (hash(p) & self.mask) as usize
    }

    /// The bucket of `p`, for [`Table::probe_at`] and [`Table::store_at`] (the hash computed
    /// once for both).
    pub fn slot(&self, p: &Position) -> usize {
        if self.entries.is_empty() {
            0
        } else {
            self.bucket(p)
        }
    }

    /// The entry of `p` of this kind, if stored.
    pub fn probe(&self, p: &Position, kind: Kind) -> Option<Entry> {
        self.probe_at(self.slot(p), p, kind)
    }

    /// [`Table::probe`] with the bucket of `p` given ([`Table::slot`]).
    pub fn probe_at(&self, slot: usize, p: &Position, kind: Kind) -> Option<Entry> {
        self.find(slot, p, kind).copied()
    }

    /// What [`Table::probe_at`] finds of `p`, packed in one number (returned in registers,
    /// where an `Option<Entry>` is returned through linear memory on the calculator): 0 if not
    /// stored, else `1 << 48 | best << 40 | depth << 32 | upper << 16 | lower` (the bounds as
    /// 16-bit patterns); [`Probed`] reads it.
    pub fn probe_packed(&self, slot: usize, p: &Position, kind: Kind) -> u64 {
        self.find(slot, p, kind).map_or(0, |e| {
            1 << 48
                | u64::from(e.best) << 40
                | u64::from(e.depth) << 32
                | u64::from(e.upper as u16) << 16
                | u64::from(e.lower as u16)
        })
    }

    /// The entry of `p` of this kind in bucket `slot`, if stored (a reference: a pointer in a
    /// register, for both probes). A loop, not `Iterator::find`: with `find`, the hard
    /// search's node cost 14,316 cycles on the 68000 against 13,955 (`ai_cycles`).
    #[inline(always)]
    #[allow(clippy::manual_find)]
    fn find(&self, slot: usize, p: &Position, kind: Kind) -> Option<&Entry> {
        if self.entries.is_empty() {
            return None;
        }
        for e in &self.entries[slot..slot + 2] {
            if e.kind == kind && e.player == p.player && e.opponent == p.opponent {
                return Some(e);
            }
        }
        None
    }

    /// Stores bounds for `p`. Bounds already stored for the same position, kind and depth are
    /// kept where they are tighter (successive null-window searches add up).
    pub fn store(&mut self, p: &Position, kind: Kind, depth: u8, lower: i16, upper: i16, best: u8) {
        self.store_at(self.slot(p), p, kind, depth, lower, upper, best);
    }

    /// [`Table::store`] with the bucket of `p` given ([`Table::slot`]).
    #[allow(clippy::too_many_arguments)]
    pub fn store_at(
        &mut self,
        slot: usize,
        p: &Position,
        kind: Kind,
        depth: u8,
        mut lower: i16,
        mut upper: i16,
        best: u8,
    ) {
        if self.entries.is_empty() {
            return;
        }
        let i = slot;
        let same = |e: &Entry| e.player == p.player && e.opponent == p.opponent && e.kind == kind;
        // The entry of the same position, else the cheaper of the two (each test made once).
        let (slot, found) = if same(&self.entries[i]) {
            (i, true)
        } else if same(&self.entries[i + 1]) {
            (i + 1, true)
        } else if self.entries[i].depth <= self.entries[i + 1].depth {
            (i, false)
        } else {
            (i + 1, false)
        };
        let old = self.entries[slot];
        if found && old.depth == depth {
            let (lo, hi) = (lower.max(old.lower), upper.min(old.upper));
            if lo <= hi {
                lower = lo;
                upper = hi;
            }
        }
        // Field by field: `spare` stays 0.
        let e = &mut self.entries[slot];
        e.player = p.player;
        e.opponent = p.opponent;
        e.lower = lower;
        e.upper = upper;
        e.depth = depth;
        e.best = best;
        e.kind = kind;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_table_is_all_unused() {
        let fresh = Entry::fresh_table::<8>();
        for e in &fresh {
            assert_eq!((e.player, e.opponent, e.lower, e.upper), (0, 0, 0, 0));
            assert_eq!((e.depth, e.best, e.kind, e.spare), (0, 0, Kind::Empty, 0));
        }
    }

    #[test]
    fn store_and_probe() {
        let mut storage = [Entry::default(); 13];
        let mut t = Table::new(&mut storage);
        let p = Position::initial();
        assert!(t.probe(&p, Kind::Exact).is_none());
        t.store(&p, Kind::Exact, 60, -4, 10, 19);
        let e = t.probe(&p, Kind::Exact).unwrap();
        assert_eq!((e.lower, e.upper, e.depth, e.best), (-4, 10, 60, 19));
        assert!(t.probe(&p, Kind::Midgame).is_none());
        assert!(t.probe(&p.pass(), Kind::Exact).is_none());
        let mut none: [Entry; 1] = [Entry::default()];
        let mut t = Table::new(&mut none);
        t.store(&p, Kind::Exact, 60, 0, 0, 0);
        assert!(t.probe(&p, Kind::Exact).is_none());
    }
}
