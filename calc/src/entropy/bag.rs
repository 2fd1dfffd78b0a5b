//! The bag: 49 pieces, 7 of each colour, drawn at random without replacement.
//!
//! The bag owns its own [`Rng`], seeded by the caller, so that the sequence of draws depends on
//! the seed alone and not on what the players do: two games with the same bag seed see the
//! same pieces in the same order. That is how AIs are compared on paired bags.

use super::board::Colour;
use crate::rng::Rng;

/// Pieces of each colour in a full bag.
pub const PER_COLOUR: u8 = 7;

/// The bag of pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bag {
    counts: [u8; 7],
    rng: Rng,
}

impl Bag {
    /// A full bag whose draws come from `Rng::new(seed)`.
    pub fn new(seed: u32) -> Bag {
        Bag {
            counts: [PER_COLOUR; 7],
            rng: Rng::new(seed),
        }
    }

    /// Puts all 49 pieces back (a new round); the sequence of draws goes on from the same
    /// generator.
    pub fn refill(&mut self) {
        self.counts = [PER_COLOUR; 7];
    }

    /// Pieces left of each colour (index 0 = red ... 6 = black).
    pub const fn counts(&self) -> [u8; 7] {
        self.counts
    }

    /// Pieces left in all.
    pub fn remaining(&self) -> u32 {
        self.counts.iter().map(|&c| c as u32).sum()
    }

    /// Draws one piece, every piece left equally likely; `None` when the bag is empty.
    pub fn draw(&mut self) -> Option<Colour> {
        let total = self.remaining();
        if total == 0 {
            return None;
        }
        let mut r = self.rng.below(total);
        for (i, n) in self.counts.iter_mut().enumerate() {
            if r < *n as u32 {
                *n -= 1;
                return Some(Colour::ALL[i]);
            }
            r -= *n as u32;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_all_49_then_nothing() {
        let mut bag = Bag::new(3);
        let mut seen = [0u8; 7];
        for _ in 0..49 {
            let c = bag.draw().unwrap();
            seen[c.code() as usize - 1] += 1;
        }
        assert_eq!(seen, [7; 7]);
        assert_eq!(bag.draw(), None);
        bag.refill();
        assert_eq!(bag.remaining(), 49);
    }

    #[test]
    fn same_seed_same_sequence() {
        let (mut a, mut b) = (Bag::new(77), Bag::new(77));
        for _ in 0..49 {
            assert_eq!(a.draw(), b.draw());
        }
        let (mut a, mut b) = (Bag::new(1), Bag::new(2));
        assert!((0..49).any(|_| a.draw() != b.draw()));
    }
}
