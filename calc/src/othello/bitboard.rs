//! The 64-bit bitboard form of an Othello position, used by the searches and the endgame
//! solver (the seed's mailbox board, [`super::board`], is the reference for the rules; perft
//! fixtures check that both agree move for move).
//!
//! A [`Position`] is seen from the side to move: `player` holds its discs, `opponent` the
//! other side's; playing a move returns the position from the other side's view. Bit `i` is
//! square `i` (a1 = 0, h1 = 7, h8 = 63). Shifting left by 1 goes one column towards h, by 8 one
//! row towards rank 8; moves that would wrap around a side of the board are cut off with the
//! column masks. Only shifts, ands, ors and popcounts: no multiplication or division.

use super::square::Squares;

/// Every square but column a (where an eastward shift would wrap to).
const NOT_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
/// Every square but column h (where a westward shift would wrap to).
const NOT_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;

/// The bit of each square, looked up: `1 << sq` with a square known only at run time is a call
/// of a 64-bit shift routine on the 68000 (and the compiler turns `(1 << sq) << 8` into a
/// shift of 256 by `sq`, another call), a table lookup is one load.
const SQUARE_BITS: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

/// The bit of square `sq` (taken modulo 64).
#[inline(always)]
pub const fn square_bit(sq: u8) -> u64 {
    SQUARE_BITS[(sq & 63) as usize]
}

/// An Othello position from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The discs of the side to move.
    pub player: u64,
    /// The discs of the other side.
    pub opponent: u64,
}

/// The discs flanked from the single disc `x` along the line of `shift`, both ways: runs of
/// `om` (the opponent's discs a run may cross) closed by a disc of `p`. A side whose first
/// square is not the opponent's is skipped; otherwise its run is grown six steps (the longest
/// possible) without branches and kept only if the square after it is `p`'s.
#[inline(always)]
fn flips_line(x: u64, p: u64, om: u64, shift: u32) -> u64 {
    let mut out = 0;
    let mut f = om & (x << shift);
    if f != 0 {
        f |= om & (f << shift);
        f |= om & (f << shift);
        f |= om & (f << shift);
        f |= om & (f << shift);
        f |= om & (f << shift);
        let closed = (((f << shift) & p) != 0) as u64;
        out = f & closed.wrapping_neg();
    }
    let mut g = om & (x >> shift);
    if g != 0 {
        g |= om & (g >> shift);
        g |= om & (g >> shift);
        g |= om & (g >> shift);
        g |= om & (g >> shift);
        g |= om & (g >> shift);
        let closed = (((g >> shift) & p) != 0) as u64;
        out |= g & closed.wrapping_neg();
    }
    out
}

/// Squares reachable from a disc of `p` over a run of discs of `o`, along the line of `shift`
/// (both ways), `mask` being the squares a run may cross (columns b..g for lines that move
/// sideways, so that no run wraps around the board). Occupied squares are removed by the caller.
#[inline(always)]
fn moves_dir(p: u64, o: u64, shift: u32, mask: u64) -> u64 {
    let om = o & mask;
    // Left shifts: runs grow two steps at a time after the first two.
    let pre = om & (om << shift);
    let mut f = om & (p << shift);
    f |= om & (f << shift);
    f |= pre & (f << (2 * shift));
    f |= pre & (f << (2 * shift));
    let left = f << shift;
    // Right shifts, the mirror image.
    let pre = om & (om >> shift);
    let mut g = om & (p >> shift);
    g |= om & (g >> shift);
    g |= pre & (g >> (2 * shift));
    g |= pre & (g >> (2 * shift));
    left | (g >> shift)
}

impl Position {
    /// The standard start: d5, e4 black; d4, e5 white; black to move.
    pub const fn initial() -> Position {
        Position {
            player: (1 << 35) | (1 << 28),
            opponent: (1 << 27) | (1 << 36),
        }
    }

    /// The empty squares.
    pub const fn empties(&self) -> u64 {
        !(self.player | self.opponent)
    }

    /// The number of empty squares.
    pub const fn empty_count(&self) -> u32 {
        self.empties().count_ones()
    }

    /// The legal moves of the side to move, as a bitboard. (On 32-bit targets, the same
    /// computed on halves: `othello/halves`, on 32-bit targets only.)
    #[inline]
    pub fn moves(&self) -> u64 {
        #[cfg(target_pointer_width = "32")]
        return super::halves::sweep::moves(self.player, self.opponent);
        #[cfg(not(target_pointer_width = "32"))]
        return self.moves_wide();
    }

    /// The legal moves of both sides: the side to move's, then the other side's.
    #[inline]
    pub fn moves_both(&self) -> (u64, u64) {
        #[cfg(target_pointer_width = "32")]
        return super::halves::sweep::moves_both(self.player, self.opponent);
        #[cfg(not(target_pointer_width = "32"))]
        return (self.moves_wide(), self.pass().moves_wide());
    }

    /// [`Position::moves`] with 64-bit operations.
    pub(crate) fn moves_wide(&self) -> u64 {
        let (p, o) = (self.player, self.opponent);
        // Horizontal and diagonal runs may not cross columns a/h; vertical ones need no mask.
        let m = moves_dir(p, o, 1, NOT_A & NOT_H)
            | moves_dir(p, o, 8, !0)
            | moves_dir(p, o, 7, NOT_A & NOT_H)
            | moves_dir(p, o, 9, NOT_A & NOT_H);
        m & self.empties()
    }

    /// The discs the side to move would flip by playing square `sq` (0 if `sq` is occupied,
    /// out of range or flips nothing, i.e. the move is illegal).
    pub fn flips(&self, sq: u8) -> u64 {
        #[cfg(target_pointer_width = "32")]
        {
            if sq >= 64 || (self.player | self.opponent) & square_bit(sq) != 0 {
                return 0;
            }
            self.flipper().flips(sq)
        }
        #[cfg(not(target_pointer_width = "32"))]
        return self.flips_wide(sq);
    }

    /// The position prepared to compute the flips of several moves (cheaper than
    /// [`Position::flips`] for each on 32-bit targets).
    #[cfg_attr(target_pointer_width = "32", inline(always))]
    #[cfg_attr(not(target_pointer_width = "32"), inline)]
    pub fn flipper(&self) -> Flipper {
        #[cfg(target_pointer_width = "32")]
        return Flipper(super::halves::rows::Rows::new(self.player, self.opponent));
        #[cfg(not(target_pointer_width = "32"))]
        return Flipper(*self);
    }

    /// [`Position::flips`] with 64-bit operations.
    pub(crate) fn flips_wide(&self, sq: u8) -> u64 {
        if sq >= 64 || (self.player | self.opponent) & square_bit(sq) != 0 {
            return 0;
        }
        let x = square_bit(sq);
        let (p, o) = (self.player, self.opponent);
        // Sideways lines may not run through columns a and h (a run there would wrap).
        let inner = o & NOT_A & NOT_H;
        flips_line(x, p, inner, 1)
            | flips_line(x, p, o, 8)
            | flips_line(x, p, inner, 7)
            | flips_line(x, p, inner, 9)
    }

    /// The position after the side to move plays `sq` flipping `flips` (as given by
    /// [`Position::flips`]), from the other side's view. Meant for legal moves only; `sq` is
    /// taken modulo 64.
    #[inline]
    pub const fn after(&self, sq: u8, flips: u64) -> Position {
        Position {
            player: self.opponent & !flips,
            opponent: self.player | flips | square_bit(sq),
        }
    }

    /// The position after `sq`, or `None` if `sq` is not a legal move.
    pub fn play(&self, sq: u8) -> Option<Position> {
        let f = self.flips(sq);
        if f == 0 {
            None
        } else {
            Some(self.after(sq, f))
        }
    }

    /// The same discs with the other side to move (a pass).
    pub const fn pass(&self) -> Position {
        Position {
            player: self.opponent,
            opponent: self.player,
        }
    }

    /// True when neither side has a legal move.
    pub fn is_over(&self) -> bool {
        self.moves() == 0 && self.pass().moves() == 0
    }

    /// The final score for the side to move with the usual convention: disc difference, the
    /// empty squares going to the winner (nothing to anyone on a tie).
    pub const fn final_score(&self) -> i32 {
        let p = self.player.count_ones() as i32;
        let o = self.opponent.count_ones() as i32;
        let e = 64 - p - o;
        if p > o {
            p - o + e
        } else if p < o {
            p - o - e
        } else {
            0
        }
    }

    /// The legal moves as an iterator of squares, lowest first.
    pub fn move_squares(&self) -> Squares {
        Squares(self.moves())
    }

    /// The position with the board turned by one of the 8 symmetries (0 = identity; 1..4:
    /// mirror, flips and rotations). Used by tests to check that the rules are symmetric.
    pub fn transformed(&self, symmetry: u8) -> Position {
        Position {
            player: transform(self.player, symmetry),
            opponent: transform(self.opponent, symmetry),
        }
    }
}

/// A position prepared by [`Position::flipper`].
#[derive(Clone, Copy)]
pub struct Flipper(
    #[cfg(target_pointer_width = "32")] super::halves::rows::Rows,
    #[cfg(not(target_pointer_width = "32"))] Position,
);

impl Flipper {
    /// The discs the side to move would flip by playing `sq`, an empty square (0..64).
    #[inline]
    pub fn flips(&self, sq: u8) -> u64 {
        #[cfg(target_pointer_width = "32")]
        return self.0.flips(sq, false);
        #[cfg(not(target_pointer_width = "32"))]
        return self.0.flips_wide(sq);
    }

    /// [`Flipper::flips`] written into its caller on 32-bit targets: for the midgame
    /// search's loop over a node's moves and its ordering, where the call cost some 90 cycles
    /// a move (the solver keeps the calls: the walks are some 1.4 KB of code a copy).
    #[cfg_attr(target_pointer_width = "32", inline(always))]
    #[cfg_attr(not(target_pointer_width = "32"), inline)]
    pub fn flips_inline(&self, sq: u8) -> u64 {
        #[cfg(target_pointer_width = "32")]
        return self.0.flips_inline(sq);
        #[cfg(not(target_pointer_width = "32"))]
        return self.0.flips_wide(sq);
    }

    /// The discs the other side would flip by playing `sq`, an empty square (0..64): the
    /// flips of the position passed.
    #[inline]
    pub fn flips_for_other(&self, sq: u8) -> u64 {
        #[cfg(target_pointer_width = "32")]
        return self.0.flips(sq, true);
        #[cfg(not(target_pointer_width = "32"))]
        return self.0.pass().flips_wide(sq);
    }
}

/// `b` under one of the 8 symmetries of the square (bit 0: mirror columns, bit 1: mirror rows,
/// bit 2: transpose).
pub fn transform(b: u64, symmetry: u8) -> u64 {
    let mut out = 0;
    for sq in Squares(b) {
        let (mut c, mut r) = (sq.column(), sq.row());
        if symmetry & 4 != 0 {
            core::mem::swap(&mut c, &mut r);
        }
        if symmetry & 1 != 0 {
            c = 7 - c;
        }
        if symmetry & 2 != 0 {
            r = 7 - r;
        }
        out |= 1 << (r * 8 + c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::othello::square::Square;

    fn sq(name: &str) -> u8 {
        Square::parse(name.as_bytes()).unwrap().index()
    }

    #[test]
    fn initial_moves() {
        let p = Position::initial();
        let expected = [sq("d3"), sq("c4"), sq("f5"), sq("e6")]
            .iter()
            .fold(0u64, |m, &s| m | 1 << s);
        assert_eq!(p.moves(), expected);
        let after = p.play(sq("d3")).unwrap();
        assert_eq!(after.opponent.count_ones(), 4);
        assert_eq!(after.player.count_ones(), 1);
        assert_eq!(p.play(sq("a1")), None);
        assert_eq!(p.play(sq("d4")), None);
    }

    #[test]
    fn moves_agree_with_flips_everywhere() {
        // Random playouts: the generated moves are exactly the squares that flip something,
        // and the rules commute with the 8 symmetries.
        let mut rng = crate::Rng::new(11);
        for _ in 0..300 {
            let mut p = Position::initial();
            loop {
                let m = p.moves();
                let by_flips = (0..64)
                    .filter(|&s| p.flips(s) != 0)
                    .fold(0, |a, s| a | 1 << s);
                assert_eq!(m, by_flips);
                for s in 1..8 {
                    let t = p.transformed(s);
                    assert_eq!(t.moves(), transform(m, s));
                }
                if m == 0 {
                    if p.pass().moves() == 0 {
                        break;
                    }
                    p = p.pass();
                    continue;
                }
                let n = rng.below(m.count_ones());
                let s = crate::othello::square::Squares(m).nth(n as usize).unwrap();
                p = p.play(s.index()).unwrap();
            }
        }
    }
}
