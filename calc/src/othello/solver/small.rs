//! The solver's last plies: at [`SMALL`](super::SMALL) empties and fewer, no move generation
//! (every empty square next to an opponent disc tried directly, squares of regions with an odd
//! number of empties first: quadrant parity), and the last empty square scored by counting the
//! flips of its one possible move.

use super::Solver;
use crate::budget::Budget;
use crate::othello::bitboard::Position;
use crate::othello::eval::neighbours;
use crate::othello::square::{pop_lowest, Squares};

/// The four quadrants of the board (for parity ordering).
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];
/// The number of set bits of `bits`, few (a move's flips): a step a bit on 32-bit targets (a
/// 64-bit population count is a library call of some 400 cycles on the 68000).
#[inline(always)]
pub(super) fn count_few(bits: u64) -> u32 {
    #[cfg(target_pointer_width = "32")]
    {
        let (mut b, mut n) = (bits, 0);
        while b != 0 {
            b ^= b & b.wrapping_neg();
            n += 1;
        }
        n
    }
    #[cfg(not(target_pointer_width = "32"))]
    {
        bits.count_ones()
    }
}

/// The quadrant bit (0..4) of square `sq`: bit 0 from the column half, bit 1 from the row half.
pub(super) const fn quadrant_bit(sq: u8) -> u8 {
    1 << (((sq >> 2) & 1) | ((sq >> 4) & 2))
}

/// Bit `k` set when quadrant `k` holds an odd number of `empties`. Each half of the board
/// (four rows) folded onto one byte by exclusive or: the byte's low nibble holds the parities
/// of the columns of its left quadrant, the high nibble its right one's, and `0x6996` is the
/// parity of each nibble (four 64-bit population counts were four library calls on the 68000).
pub(super) fn parity_of(empties: u64) -> u8 {
    let fold = |half: u32| {
        let f = half ^ (half >> 16);
        (f ^ (f >> 8)) as u8
    };
    let odd = |nibble: u8| (0x6996u16 >> (nibble & 15)) as u8 & 1;
    let (low, high) = (fold(empties as u32), fold((empties >> 32) as u32));
    odd(low) | odd(low >> 4) << 1 | odd(high) << 2 | odd(high >> 4) << 3
}

/// For each parity (4 bits), the squares of the quadrants it marks odd.
pub(super) const PARITY_SQUARES: [u64; 16] = {
    let mut t = [0u64; 16];
    let mut i = 0;
    while i < 16 {
        let mut k = 0;
        while k < 4 {
            if i & (1 << k) != 0 {
                t[i] |= QUADRANTS[k];
            }
            k += 1;
        }
        i += 1;
    }
    t
};

/// The squares in regions (quadrants) holding an odd number of empty squares.
pub(super) fn odd_regions(empties: u64) -> u64 {
    PARITY_SQUARES[parity_of(empties) as usize]
}

impl<B: Budget> Solver<'_, '_, B> {
    /// The score of a position with one empty square `sq`.
    pub(super) fn last(&mut self, p: &Position, sq: u8) -> i32 {
        self.meter.count();
        let mine = p.player.count_ones() as i32;
        let flipper = p.flipper();
        let n = count_few(flipper.flips(sq)) as i32;
        if n > 0 {
            return 2 * (mine + n + 1) - 64;
        }
        let theirs = p.opponent.count_ones() as i32;
        let m = flipper.flips_for_other(sq).count_ones() as i32;
        if m > 0 {
            return 64 - 2 * (theirs + m + 1);
        }
        // Nobody can take the last square: it goes to the winner.
        let d = mine - theirs;
        d + d.signum()
    }

    /// Few empties: every empty square next to an opponent disc tried directly, squares of
    /// odd regions first. `parity` has bit `k` set when quadrant `k` holds an odd number of
    /// the `empties`.
    pub(super) fn small(
        &mut self,
        p: &Position,
        mut alpha: i32,
        beta: i32,
        empties: u64,
        n: u32,
        parity: u8,
    ) -> i32 {
        if n == 1 {
            return self.last(p, empties.trailing_zeros() as u8);
        }
        if self.tick() {
            return 0;
        }
        let candidates = empties & neighbours(p.opponent);
        let odd = PARITY_SQUARES[parity as usize & 15];
        let mut best = -65;
        let flipper = p.flipper();
        for region in [candidates & odd, candidates & !odd] {
            // The squares by `lowest_inline` (the iterator `Squares` was a call of some 490
            // cycles a square on the 68000).
            let mut rest = region;
            while rest != 0 {
                let (s, bit) = pop_lowest(&mut rest);
                let f = flipper.flips(s);
                if f == 0 {
                    continue;
                }
                let next = p.after(s, f);
                let v = -self.small(
                    &next,
                    -beta,
                    -alpha,
                    empties & !bit,
                    n - 1,
                    parity ^ quadrant_bit(s),
                );
                if v > best {
                    best = v;
                    if v > alpha {
                        alpha = v;
                        if v >= beta {
                            return v;
                        }
                    }
                }
            }
        }
        if best > -65 {
            return best;
        }
        // No move: pass if the opponent can move, else the game is over.
        let q = p.pass();
        if Squares(empties & neighbours(q.opponent))
            .any(|sq| flipper.flips_for_other(sq.index()) != 0)
        {
            -self.small(&q, -beta, -alpha, empties, n, parity)
        } else {
            p.final_score()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parity_by_quadrants() {
        let mut rng = crate::rng::Rng::new(7);
        for _ in 0..1000 {
            let e = u64::from(rng.next_u32()) << 32 | u64::from(rng.next_u32());
            let mut want = 0;
            for (k, q) in QUADRANTS.iter().enumerate() {
                want |= (((e & q).count_ones() & 1) as u8) << k;
            }
            assert_eq!(parity_of(e), want);
        }
    }
}
