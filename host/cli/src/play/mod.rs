//! Native play: matches between AIs run on this computer with fixed seeds, and the helpers the
//! command line needs to read positions.
//!
//! [`run_match`] is the game-independent runner: it plays `pairs` pairs of games between two
//! players A and B, each pair from one seed with the colours swapped (A first, then B first), and
//! tallies the results from A's side. Each game's module (e.g. [`connect4`]) supplies the function
//! that plays one game.

pub mod connect4;
pub mod entropy;
pub mod ladder;
pub mod othello;
pub mod tictactoe;

use calc::Rng;

/// The end of one game, by seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatResult {
    /// The player who moved first won.
    FirstWins,
    /// The other player won.
    SecondWins,
    /// A draw.
    Draw,
}

impl SeatResult {
    /// The game's result for player A, who moved first when `a_first`.
    pub fn for_a(self, a_first: bool) -> ladder::Outcome {
        match (self, a_first) {
            (SeatResult::Draw, _) => ladder::Outcome::Draw,
            (SeatResult::FirstWins, true) | (SeatResult::SecondWins, false) => ladder::Outcome::Win,
            _ => ladder::Outcome::Loss,
        }
    }
}

/// The tally of a match, from player A's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games A won.
    pub wins: u32,
    /// Games A lost.
    pub losses: u32,
    /// Draws.
    pub draws: u32,
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// A's score: (wins + draws / 2) / games, in 0..=1 (0.5 for no games).
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games() as f64
    }

    /// The sign test's one-sided p-value of "A is not stronger than B": the probability of at
    /// least `wins` wins among the decisive games if each were a fair coin toss. Small values
    /// mean A is stronger.
    pub fn p_value(&self) -> f64 {
        binomial_tail(self.wins + self.losses, self.wins)
    }

    /// One line: `W-L-D (score 87.5 %, p = 1.2e-9)`.
    pub fn summary(&self) -> String {
        format!(
            "{}-{}-{} (score {:.1} %, sign test p = {:.1e})",
            self.wins,
            self.losses,
            self.draws,
            100.0 * self.score(),
            self.p_value()
        )
    }
}

/// P(X >= k) for X ~ Binomial(n, 1/2).
pub fn binomial_tail(n: u32, k: u32) -> f64 {
    if k == 0 {
        return 1.0;
    }
    if k > n {
        return 0.0;
    }
    // Sum of C(n, i) / 2^n in log space.
    let ln_choose = |i: u32| -> f64 {
        (1..=i)
            .map(|j| ((n - i + j) as f64).ln() - (j as f64).ln())
            .sum()
    };
    let ln_half_n = n as f64 * 0.5f64.ln();
    (k..=n)
        .map(|i| (ln_choose(i) + ln_half_n).exp())
        .sum::<f64>()
        .min(1.0)
}

/// Plays `pairs` pairs of games between A and B. `play(seed, a_first)` plays one game whose
/// randomness all derives from `seed`, A moving first when `a_first`; the two games of a pair
/// get the same seed. The pair seeds are drawn from `Rng::new(seed)`.
pub fn run_match(pairs: u32, seed: u32, mut play: impl FnMut(u32, bool) -> SeatResult) -> Tally {
    let mut rng = Rng::new(seed);
    let mut tally = Tally::default();
    for _ in 0..pairs {
        let game_seed = rng.next_u32();
        for a_first in [true, false] {
            match play(game_seed, a_first).for_a(a_first) {
                ladder::Outcome::Draw => tally.draws += 1,
                ladder::Outcome::Win => tally.wins += 1,
                ladder::Outcome::Loss => tally.losses += 1,
            }
        }
    }
    tally
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomial_tail_values() {
        assert!((binomial_tail(10, 10) - 1.0 / 1024.0).abs() < 1e-12);
        assert!((binomial_tail(10, 0) - 1.0).abs() < 1e-12);
        assert!((binomial_tail(4, 2) - 11.0 / 16.0).abs() < 1e-12);
        assert_eq!(binomial_tail(3, 4), 0.0);
    }

    #[test]
    fn tally_counts_from_a_side() {
        // A always wins when it moves first, B when it does.
        let t = run_match(5, 1, |_, _| SeatResult::FirstWins);
        assert_eq!(
            t,
            Tally {
                wins: 5,
                losses: 5,
                draws: 0
            }
        );
        assert_eq!(t.score(), 0.5);
        let t = run_match(3, 1, |_, a_first| {
            if a_first {
                SeatResult::FirstWins
            } else {
                SeatResult::Draw
            }
        });
        assert_eq!((t.wins, t.losses, t.draws), (3, 0, 3));
    }
}
