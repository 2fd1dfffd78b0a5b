//! The move order of the searching AI ([`super::search`]): the table's move first, then,
//! three plies or more from the leaves, the moves by the evaluation of the positions they lead
//! to ([`ordered`]), else by the seed's tactical table, walked as groups of squares of equal
//! value ([`Order`]).

use super::ai::TACTICAL;
use super::bitboard::{square_bit, Position};
use super::eval::evaluate;
use super::square::lowest_inline;

/// The squares grouped by their value in the seed's tactical table, best first: the order
/// of the tactical move ordering (equal values keep square order, lowest first).
const TACTICAL_GROUPS: [u64; 8] = tactical_groups();

const fn tactical_groups() -> [u64; 8] {
    let mut groups = [0u64; 8];
    let mut count = 0;
    // Distinct values, from the highest down.
    let mut above = i8::MAX;
    loop {
        let mut value = i8::MIN;
        let mut sq = 0;
        while sq < 64 {
            let v = TACTICAL[11 + 10 * (sq / 8) + sq % 8];
            if v < above && v > value {
                value = v;
            }
            sq += 1;
        }
        if value == i8::MIN {
            break;
        }
        let mut sq = 0;
        while sq < 64 {
            if TACTICAL[11 + 10 * (sq / 8) + sq % 8] == value {
                groups[count] |= 1 << sq;
            }
            sq += 1;
        }
        count += 1;
        above = value;
    }
    assert!(count == 8, "the tactical table has eight values");
    groups
}

/// The moves of a node in search order: the `first` move (the table's, 64 if none), then a
/// sorted `list` (ordering by evaluation) but for `skip`, or the `rest` by tactical value.
pub(crate) struct Order<'l> {
    first: u8,
    list: core::slice::Iter<'l, u8>,
    skip: u8,
    rest: u64,
    group: usize,
    current: u64,
}

impl<'l> Order<'l> {
    /// `first` (one of the moves, or 64: none), then the others of `list` in its order, then
    /// the moves `rest` (without `first`) by tactical value. Built by the search's
    /// `Searcher::moves` itself from these parts: an `Order` passed to it lived in linear
    /// memory, read and written there at every move.
    #[inline(always)]
    pub(crate) fn new(first: u8, list: &'l [u8], rest: u64) -> Order<'l> {
        Order {
            first,
            list: list.iter(),
            skip: first,
            rest,
            group: if rest == 0 { TACTICAL_GROUPS.len() } else { 0 },
            current: 0,
        }
    }
}

/// The parts of the tactical order of the moves `moves` for [`Order::new`]: `(first, rest)`,
/// `first` the table's move `first` if it is one of them (else 64), `rest` the others.
pub(crate) fn tactical(moves: u64, first: u8) -> (u8, u64) {
    let bit = if first < 64 { square_bit(first) } else { 0 };
    if moves & bit != 0 {
        (first, moves & !bit)
    } else {
        (64, moves)
    }
}

impl Iterator for Order<'_> {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        if self.first < 64 {
            let f = self.first;
            self.first = 64;
            return Some(f);
        }
        for &s in self.list.by_ref() {
            if s != self.skip {
                return Some(s);
            }
        }
        loop {
            if self.current != 0 {
                let s = lowest_inline(self.current);
                self.current &= self.current - 1;
                return Some(s);
            }
            if self.group == TACTICAL_GROUPS.len() {
                return None;
            }
            self.current = self.rest & TACTICAL_GROUPS[self.group];
            self.group += 1;
        }
    }
}

/// Writes the moves of `p` into `list` in decreasing order of the evaluation of the positions
/// they lead to (the `first` move before all), and returns their count. `keys` is scratch.
pub(crate) fn ordered(
    p: &Position,
    moves: u64,
    first: u8,
    list: &mut [u8; 34],
    keys: &mut [i16; 34],
) -> usize {
    let flipper = p.flipper();
    let mut n = 0;
    // The squares by `lowest_inline` (the iterator `Squares` was a call of 684 cycles a move).
    let mut rest = moves;
    while rest != 0 {
        let s = lowest_inline(rest);
        rest &= rest - 1;
        // Keys fit 16 bits: evaluations and the first move's MAX.
        let key = if s == first {
            i16::MAX
        } else {
            -evaluate(&p.after(s, flipper.flips_inline(s))) as i16
        };
        // Insertion in decreasing key order; equal keys keep square order.
        let mut j = n;
        while j > 0 && keys[j - 1] < key {
            keys[j] = keys[j - 1];
            list[j] = list[j - 1];
            j -= 1;
        }
        keys[j] = key;
        list[j] = s;
        n += 1;
    }
    n
}
