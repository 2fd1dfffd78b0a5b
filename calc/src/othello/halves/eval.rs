//! The evaluation of [`crate::othello::eval`] on halves: bit counts by SWAR sums of bytes
//! (the four halves of two boards added before one sum), the corners and their zones from one
//! table instead of some thirty bit tests.

use super::{split, B};
use crate::othello::eval::{CORNER, C_SQUARE, EVAL_BOUND, MOBILITY, POTENTIAL, X_SQUARE};

/// The bit counts of the nibbles of `x` (each 0 to 4).
#[inline(always)]
fn nibble_counts(x: u32) -> u32 {
    let x = x - ((x >> 1) & 0x5555_5555);
    (x & 0x3333_3333) + ((x >> 2) & 0x3333_3333)
}

/// The bit counts of the bytes of `x` and `y` added (each 0 to 16): the nibbles' counts of
/// both added before they are gathered into bytes (one gathering for two words).
#[inline(always)]
fn byte_counts(x: u32, y: u32) -> u32 {
    let n = nibble_counts(x) + nibble_counts(y);
    (n & 0x0F0F_0F0F) + ((n >> 4) & 0x0F0F_0F0F)
}

/// The sum of the four bytes of `x` (at most 255).
#[inline(always)]
fn byte_sum(x: u32) -> u32 {
    let x = x + (x >> 8);
    (x + (x >> 16)) & 0xFF
}

/// `count(a) - count(b)` of two boards: `count(a) + count(!b) - 64`, the four halves' byte
/// counts added before one sum of bytes.
#[inline(always)]
fn count_difference(a: B, b: B) -> i32 {
    let bytes = byte_counts(a.lo, a.hi) + byte_counts(!b.lo, !b.hi);
    byte_sum(bytes) as i32 - 64
}

/// `corners(a) - corners(b)` of two boards: `corners(a) + corners(!b) - 4`, the corners of
/// both brought to bits 0 and 7 of one word and added there (a1 and a8 at bit 0, h1 and h8 at
/// bit 7), then the two counts added.
#[inline(always)]
fn corner_difference(a: B, b: B) -> i32 {
    let low = (a.lo & 0x81) + (!b.lo & 0x81);
    let high = ((a.hi >> 24) & 0x81) + ((!b.hi >> 24) & 0x81);
    let t = low + high;
    ((t & 7) + (t >> 7)) as i32 - 4
}

/// The squares next to a disc of `b`, `b` included (see `eval::neighbours`).
#[inline(always)]
fn neighbours(b: B) -> B {
    const NOT_A: u32 = 0xFEFE_FEFE;
    const NOT_H: u32 = 0x7F7F_7F7F;
    let h = B {
        lo: ((b.lo << 1) & NOT_A) | ((b.lo >> 1) & NOT_H) | b.lo,
        hi: ((b.hi << 1) & NOT_A) | ((b.hi >> 1) & NOT_H) | b.hi,
    };
    h.up8().or(h.down8()).or(h)
}

/// The value of a corner zone for the side to move, indexed by `mine | theirs << 4`, each
/// side's squares of the zone as four bits: the corner (bit 0), its neighbours on its row
/// (1) and column (2), the X-square (3). A corner held counts [`CORNER`] for its side;
/// an empty corner gives its X- and C-square penalties (module `eval`).
const ZONES: [i8; 256] = {
    let mut t = [0i8; 256];
    let mut i = 0;
    while i < 256 {
        let (m, o) = ((i & 15) as i32, (i >> 4) as i32);
        let v = if m & 1 != 0 {
            CORNER
        } else if o & 1 != 0 {
            -CORNER
        } else {
            -X_SQUARE * ((m >> 3) - (o >> 3))
                - C_SQUARE * ((m >> 1 & 1) + (m >> 2 & 1) - (o >> 1 & 1) - (o >> 2 & 1))
        };
        t[i] = v as i8;
        i += 1;
    }
    t
};

/// [`ZONES`] of a zone whose squares come as (C on the corner's row, corner, X, C on its
/// column): indexed as [`ZONES`], each side's pairs of bits swapped (a table of its own
/// instead of the swap's shifts and masks at each use: 256 bytes).
const ZONES_MIRRORED: [i8; 256] = {
    let mut t = [0i8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = ZONES[((i & 0x55) << 1) | ((i >> 1) & 0x55)];
        i += 1;
    }
    t
};

/// [`ZONES_MIRRORED`] of `index`.
#[inline(always)]
fn zone_mirrored(index: u32) -> i32 {
    i32::from(ZONES_MIRRORED[index as usize])
}

/// The evaluation of `eval::evaluate_both` on halves, written into its callers (the leaves of
/// the search and the ordering's evaluation): as a call of its own, with its registers saved
/// and restored, the hard level took 274 cycles a node more.
#[inline(always)]
pub fn evaluate(me: u64, them: u64, my_moves: u64, their_moves: u64) -> i32 {
    let (me, them) = (split(me), split(them));
    let (mine, theirs) = (split(my_moves), split(their_moves));
    let empty = B {
        lo: !(me.lo | them.lo),
        hi: !(me.hi | them.hi),
    };
    let mobility = count_difference(mine, theirs) + corner_difference(mine, theirs);
    let potential = count_difference(neighbours(them).and(empty), neighbours(me).and(empty));
    // The corner zones: rows 1-2 are the low 16 bits of `lo`, rows 7-8 the high 16 of `hi`.
    // The zones' squares of both sides in one word (columns a, b, g, h of the two rows; the
    // other side's four places higher), then each zone's index gathered by shifts by
    // constants of at most 14 (GCC made the former per-side indexes shifts by 12 to 30
    // places: 2 cycles a place on the 68000).
    let both = |m: u32, o: u32| (m & 0xC3C3) | ((o & 0xC3C3) << 4);
    let (x1, x8) = (both(me.lo, them.lo), both(me.hi >> 16, them.hi >> 16));
    let t1 = x1 >> 6;
    let zones = i32::from(ZONES[((x1 & 0x33) | (t1 & 0xCC)) as usize])
        + zone_mirrored((t1 & 0x33) | ((t1 >> 6) & 0xCC))
        + i32::from(ZONES[(((x8 >> 8) & 0x33) | ((x8 << 2) & 0xCC)) as usize])
        + zone_mirrored(((x8 >> 14) & 0x33) | ((x8 >> 4) & 0xCC));
    let v = MOBILITY * mobility + POTENTIAL * potential + zones;
    v.clamp(1 - EVAL_BOUND, EVAL_BOUND - 1)
}

#[cfg(test)]
mod tests {
    use super::super::boards;
    use super::*;
    use crate::othello::bitboard::Position;

    #[test]
    fn evaluation_equals_the_64_bit_one() {
        for (p, o) in boards(9, 100_000) {
            let pos = Position {
                player: p,
                opponent: o,
            };
            let (a, b) = (pos.moves_wide(), pos.pass().moves_wide());
            assert_eq!(
                evaluate(p, o, a, b),
                crate::othello::eval::evaluate_wide(&pos, a, b),
                "{p:#x} {o:#x}"
            );
        }
    }
}
