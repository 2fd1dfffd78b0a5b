//! The midgame evaluation of the searching AI: mobility first, as the seed's article says
//! ("mobility is an essential factor of victory"), then corners and the squares that give
//! corners away.
//!
//! All terms are from the side to move's view, in integer points:
//!
//! | term | weight | what |
//! | --- | --- | --- |
//! | mobility | 10 per move | legal moves now, mine minus the opponent's (corner moves count twice) |
//! | potential mobility | 3 per square | empty squares next to an opponent disc, minus those next to mine |
//! | corners | 60 per corner | corners held, mine minus the opponent's |
//! | X-squares | -25 each | b2, g2, b7, g7 held while the corner next to it is empty |
//! | C-squares | -8 each | a2, b1 and the like held while their corner is empty |
//!
//! The value stays well inside ±1000 ([`EVAL_BOUND`]), so that finished games, scored
//! `1000 * disc difference` by the search, always outrank any evaluation.

use super::bitboard::Position;

/// Every evaluation lies strictly between `-EVAL_BOUND` and `EVAL_BOUND`.
pub const EVAL_BOUND: i32 = 1000;

const NOT_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
const NOT_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;

/// Weight of one legal move.
pub const MOBILITY: i32 = 10;
/// Weight of one empty square next to an opponent disc.
pub const POTENTIAL: i32 = 3;
/// Weight of one corner.
pub const CORNER: i32 = 60;
/// Penalty of an X-square next to an empty corner.
pub const X_SQUARE: i32 = 25;
/// Penalty of a C-square next to an empty corner.
pub const C_SQUARE: i32 = 8;

/// (corner, its X-square, its two C-squares) for the four corners.
const CORNER_ZONES: [(u64, u64, (u64, u64)); 4] = [
    (1 << 0, 1 << 9, (1 << 1, 1 << 8)),
    (1 << 7, 1 << 14, (1 << 6, 1 << 15)),
    (1 << 56, 1 << 49, (1 << 57, 1 << 48)),
    (1 << 63, 1 << 54, (1 << 62, 1 << 55)),
];

/// The squares next to a disc of `b` (in any of the 8 directions), `b` included.
pub fn neighbours(b: u64) -> u64 {
    let h = ((b << 1) & NOT_A) | ((b >> 1) & NOT_H) | b;
    (h << 8) | (h >> 8) | h
}

/// How many of the squares `a`, `b`, `c`, `d` (single bits, distinct) `x` holds: a few bit
/// tests instead of a population count (a library call on the 68000).
#[inline(always)]
fn held(x: u64, a: u64, b: u64, c: u64, d: u64) -> i32 {
    i32::from(x & a != 0) + i32::from(x & b != 0) + i32::from(x & c != 0) + i32::from(x & d != 0)
}

/// How many corners `x` holds.
#[inline(always)]
fn corners_of(x: u64) -> i32 {
    held(x, 1, 1 << 7, 1 << 56, 1 << 63)
}

/// The X- and C-square penalties of one corner zone `(corner, x, (c1, c2))` (module doc),
/// for the side to move.
#[inline(always)]
fn zone(me: u64, them: u64, empty: u64, (corner, x, (c1, c2)): (u64, u64, (u64, u64))) -> i32 {
    if empty & corner == 0 {
        return 0;
    }
    -X_SQUARE * (i32::from(me & x != 0) - i32::from(them & x != 0))
        - C_SQUARE
            * (i32::from(me & c1 != 0) + i32::from(me & c2 != 0)
                - i32::from(them & c1 != 0)
                - i32::from(them & c2 != 0))
}

/// The evaluation of `p` for the side to move (both sides' moves by the sweeps of
/// `Position::moves_both` on 32-bit targets: some 5,500 cycles on the 68000 against 6,300 for
/// two one-side move generations).
pub fn evaluate(p: &Position) -> i32 {
    let (mine, theirs) = p.moves_both();
    evaluate_both(p, mine, theirs)
}

/// [`evaluate`] of `p` whose legal moves, `my_moves`, the caller has already found.
pub fn evaluate_with(p: &Position, my_moves: u64) -> i32 {
    evaluate_both(p, my_moves, p.pass().moves())
}

/// [`evaluate`] of `p` whose legal moves for both sides the caller has found.
#[inline(always)]
pub fn evaluate_both(p: &Position, my_moves: u64, their_moves: u64) -> i32 {
    #[cfg(target_pointer_width = "32")]
    return super::halves::eval::evaluate(p.player, p.opponent, my_moves, their_moves);
    #[cfg(not(target_pointer_width = "32"))]
    return evaluate_wide(p, my_moves, their_moves);
}

/// [`evaluate_both`] with 64-bit operations.
pub(crate) fn evaluate_wide(p: &Position, my_moves: u64, their_moves: u64) -> i32 {
    let (me, them) = (p.player, p.opponent);
    let empty = p.empties();
    let mobility = my_moves.count_ones() as i32 + corners_of(my_moves)
        - their_moves.count_ones() as i32
        - corners_of(their_moves);
    let potential = (neighbours(them) & empty).count_ones() as i32
        - (neighbours(me) & empty).count_ones() as i32;
    let corners = corners_of(me) - corners_of(them);
    // The corner zones one by one, their squares constants (a loop over the table would copy
    // it to the stack first).
    let [z0, z1, z2, z3] = CORNER_ZONES;
    let zones = zone(me, them, empty, z0)
        + zone(me, them, empty, z1)
        + zone(me, them, empty, z2)
        + zone(me, them, empty, z3);
    let v = MOBILITY * mobility + POTENTIAL * potential + CORNER * corners + zones;
    v.clamp(1 - EVAL_BOUND, EVAL_BOUND - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CORNERS: u64 = 0x8100_0000_0000_0081;

    /// The evaluation as first written, with population counts everywhere.
    fn counted(p: &Position) -> i32 {
        let (me, them) = (p.player, p.opponent);
        let empty = p.empties();
        let my_moves = p.moves();
        let their_moves = p.pass().moves();
        let mobility = (my_moves.count_ones() + (my_moves & CORNERS).count_ones()) as i32
            - (their_moves.count_ones() + (their_moves & CORNERS).count_ones()) as i32;
        let potential = (neighbours(them) & empty).count_ones() as i32
            - (neighbours(me) & empty).count_ones() as i32;
        let corners = (me & CORNERS).count_ones() as i32 - (them & CORNERS).count_ones() as i32;
        let mut zones = 0;
        for (corner, x, c) in CORNER_ZONES {
            if empty & corner != 0 {
                zones -= X_SQUARE * ((me & x).count_ones() as i32 - (them & x).count_ones() as i32);
                let c = c.0 | c.1;
                zones -= C_SQUARE * ((me & c).count_ones() as i32 - (them & c).count_ones() as i32);
            }
        }
        let v = MOBILITY * mobility + POTENTIAL * potential + CORNER * corners + zones;
        v.clamp(1 - EVAL_BOUND, EVAL_BOUND - 1)
    }

    #[test]
    fn start_is_balanced_and_bounded() {
        assert_eq!(evaluate(&Position::initial()), 0);
        let mut rng = crate::Rng::new(21);
        for _ in 0..200 {
            let mut p = Position::initial();
            while !p.is_over() {
                let v = evaluate(&p);
                assert_eq!(v, counted(&p));
                assert!(v.abs() < EVAL_BOUND);
                // Antisymmetric: the board seen from the other side scores the opposite.
                assert_eq!(evaluate(&p.pass()), -v);
                let m = p.moves();
                if m == 0 {
                    p = p.pass();
                    continue;
                }
                let i = rng.below(m.count_ones());
                let sq = super::super::square::Squares(m).nth(i as usize).unwrap();
                p = p.play(sq.index()).unwrap();
            }
        }
    }
}
