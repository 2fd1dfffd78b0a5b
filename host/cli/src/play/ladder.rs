//! Match statistics shared by the native matches of tic-tac-toe, Othello and New Entropy: the
//! tally of a match between two players over paired games, and 95 % confidence intervals.
//!
//! Games are played in pairs: the same start (opening, bag) twice, the players swapping sides
//! (colours, or roles in New Entropy). A pair's result is the mean of its two games, and the
//! interval is computed over pairs, so that what the start gives one side cancels out. Unlike
//! [`super::Tally`] (wins, losses, draws and a sign test, enough for Connect Four), this tally
//! also keeps each pair's points and margin (disc or point difference) for the intervals the
//! other games report.

use std::fmt;

/// The normal quantile of a two-sided 95 % interval.
pub const Z95: f64 = 1.96;

/// A mean with its 95 % confidence interval (normal approximation over independent samples).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    /// The sample mean.
    pub mean: f64,
    /// Half the width of the interval.
    pub half_width: f64,
    /// Number of samples.
    pub samples: usize,
}

impl Interval {
    /// The interval of the mean of `samples` (empty: mean 0, infinite width).
    pub fn of(samples: &[f64]) -> Interval {
        let n = samples.len();
        if n == 0 {
            return Interval {
                mean: 0.0,
                half_width: f64::INFINITY,
                samples: 0,
            };
        }
        let mean = samples.iter().sum::<f64>() / n as f64;
        if n == 1 {
            return Interval {
                mean,
                half_width: f64::INFINITY,
                samples: 1,
            };
        }
        let var = samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
        Interval {
            mean,
            half_width: Z95 * (var / n as f64).sqrt(),
            samples: n,
        }
    }

    /// The lower end.
    pub fn low(&self) -> f64 {
        self.mean - self.half_width
    }

    /// The upper end.
    pub fn high(&self) -> f64 {
        self.mean + self.half_width
    }
}

impl fmt::Display for Interval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.3} ± {:.3}", self.mean, self.half_width)
    }
}

/// The outcome of one game for the first-named player of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// It won.
    Win,
    /// Neither won.
    Draw,
    /// It lost.
    Loss,
}

impl Outcome {
    /// 1, ½ or 0.
    pub fn points(self) -> f64 {
        match self {
            Outcome::Win => 1.0,
            Outcome::Draw => 0.5,
            Outcome::Loss => 0.0,
        }
    }
}

/// The tally of a match of player A against player B over pairs of games.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Games A won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
    /// A's points in each pair: the mean of its two games (1 a win, ½ a draw, 0 a loss).
    pub pair_points: Vec<f64>,
    /// A margin per pair (disc difference, points difference...), if the game has one.
    pub pair_margins: Vec<f64>,
}

impl Tally {
    /// Adds one pair of games: A's results in both, and A's margin over the pair.
    pub fn add_pair(&mut self, first: Outcome, second: Outcome, margin: Option<f64>) {
        for r in [first, second] {
            match r {
                Outcome::Win => self.wins += 1,
                Outcome::Draw => self.draws += 1,
                Outcome::Loss => self.losses += 1,
            }
        }
        self.pair_points
            .push((first.points() + second.points()) / 2.0);
        if let Some(m) = margin {
            self.pair_margins.push(m);
        }
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's mean points per game with its interval (over pairs).
    pub fn score(&self) -> Interval {
        Interval::of(&self.pair_points)
    }

    /// A's mean margin per pair with its interval.
    pub fn margin(&self) -> Interval {
        Interval::of(&self.pair_margins)
    }

    /// True when A scores more than half the points with 95 % confidence.
    pub fn a_is_stronger(&self) -> bool {
        self.score().low() > 0.5
    }

    /// True when A lost no game.
    pub fn a_never_lost(&self) -> bool {
        self.losses == 0
    }

    /// The sign test's one-sided p-value of "A is not stronger" over the decisive games
    /// ([`super::binomial_tail`], as the Connect Four matches report it).
    pub fn p_value(&self) -> f64 {
        super::binomial_tail(self.wins + self.losses, self.wins)
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "+{} ={} -{} of {}, score {}, sign test p = {:.1e}",
            self.wins,
            self.draws,
            self.losses,
            self.games(),
            self.score(),
            self.p_value()
        )?;
        if !self.pair_margins.is_empty() {
            write!(f, ", margin per pair {}", self.margin())?;
        }
        Ok(())
    }
}

/// A seed for game `index` of a match seeded `seed`, distinct per (seed, index, stream).
pub fn game_seed(seed: u32, index: u32, stream: u32) -> u32 {
    let mut z = seed ^ index.wrapping_mul(0x9E37_79B9) ^ stream.wrapping_mul(0x85EB_CA6B);
    z ^= z >> 16;
    z = z.wrapping_mul(0x7FEB_352D);
    z ^= z >> 15;
    z
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intervals() {
        let i = Interval::of(&[1.0, 1.0, 0.0, 0.0]);
        assert_eq!(i.mean, 0.5);
        assert!((i.half_width - Z95 * (1.0f64 / 3.0 / 4.0).sqrt()).abs() < 1e-12);
        assert!(Interval::of(&[]).half_width.is_infinite());
        let mut t = Tally::default();
        for _ in 0..20 {
            t.add_pair(Outcome::Win, Outcome::Draw, Some(3.0));
        }
        assert_eq!((t.wins, t.draws, t.losses), (20, 20, 0));
        assert!(t.a_is_stronger() && t.a_never_lost());
        assert_eq!(t.margin().mean, 3.0);
        assert_ne!(game_seed(1, 2, 0), game_seed(1, 2, 1));
    }
}
