//! Elo ratings fitted to all the results at once by maximum likelihood, as Ordo and BayesElo
//! do (docs/tournaments.md#ratings).
//!
//! The model is Bradley-Terry on the Elo scale: a player rated `a` scores against one rated `b`
//! an expected `E = 1 / (1 + 10^((b - a) / 400))`, a draw counting as half a win and half a
//! loss. The ratings maximise the likelihood of every game, `Σ s ln E + (1 - s) ln (1 - E)`
//! (`s` the score of the game), plus a prior of `prior` virtual draws between every two
//! players who met (BayesElo's device, 2 by default there; 1 here): without it a player who won
//! every game would be rated at infinity. Newton's method finds the maximum (the likelihood is
//! concave); one player, the anchor, is held at its given rating (random = 0 by default), the
//! others move. The error bars come from the curvature at the maximum: the covariance is the
//! inverse of the negated Hessian of the log-likelihood (anchor removed), an interval is ±1.96
//! standard errors (95 %). The likelihood of superiority of `a` over `b` is
//! `Φ((r_a - r_b) / sd(r_a - r_b))` with the covariance of the two.
//!
//! Checked against closed forms (`tests` below): two players
//! with a score fraction `p` are `400 log10(p / (1 - p))` apart; results that are exactly the
//! expectations of given ratings give those ratings back.

pub mod chart;

/// Every game's result between numbered players: `score[i][j]` points of `i` against `j`
/// (a win 1, a draw 1/2) in `games[i][j]` games, both counted from each side.
#[derive(Clone, Debug, PartialEq)]
pub struct Results {
    names: Vec<String>,
    games: Vec<Vec<f64>>,
    score: Vec<Vec<f64>>,
}

impl Results {
    /// No games yet between the players `names`.
    pub fn new(names: Vec<String>) -> Results {
        let n = names.len();
        Results {
            names,
            games: vec![vec![0.0; n]; n],
            score: vec![vec![0.0; n]; n],
        }
    }

    /// The players.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Adds `count` games of `i` against `j` in which `i` scored `points` (each game 1, ½ or 0).
    pub fn add(&mut self, i: usize, j: usize, points: f64, count: f64) {
        self.games[i][j] += count;
        self.games[j][i] += count;
        self.score[i][j] += points;
        self.score[j][i] += count - points;
    }

    /// Games between `i` and `j`.
    pub fn games(&self, i: usize, j: usize) -> f64 {
        self.games[i][j]
    }

    /// Points of `i` against `j`.
    pub fn score(&self, i: usize, j: usize) -> f64 {
        self.score[i][j]
    }

    /// Every game `i` played.
    pub fn total_games(&self, i: usize) -> f64 {
        self.games[i].iter().sum()
    }

    /// Every point `i` scored.
    pub fn total_score(&self, i: usize) -> f64 {
        self.score[i].iter().sum()
    }
}

/// How the ratings are fitted.
#[derive(Clone, Debug, PartialEq)]
pub struct FitOptions {
    /// The player held fixed.
    pub anchor: usize,
    /// Its rating.
    pub anchor_rating: f64,
    /// Virtual draws added between every two players who met (module doc).
    pub prior: f64,
}

/// The fitted ratings.
#[derive(Clone, Debug, PartialEq)]
pub struct Ratings {
    /// The players, as in the results.
    pub names: Vec<String>,
    /// Their ratings.
    pub elo: Vec<f64>,
    /// The covariance of the ratings (the anchor's row and column are zero).
    pub covariance: Vec<Vec<f64>>,
    /// Newton iterations used.
    pub iterations: u32,
}

/// Why ratings cannot be fitted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RatingError {
    /// Some players are not connected to the anchor by games.
    #[error("{0} is not connected to the anchor by any chain of games: its rating is undefined")]
    Disconnected(String),
    /// Not enough players.
    #[error("ratings need at least two players")]
    TooFew,
    /// The iterations did not settle.
    #[error("the fit did not converge (results too extreme for the prior: add --prior)")]
    NoConvergence,
}

const LN10_400: f64 = std::f64::consts::LN_10 / 400.0;

/// The expected score of a player rated `a` against one rated `b`.
pub fn expected(a: f64, b: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((b - a) / 400.0))
}

/// The Elo difference of a score fraction `p` (0 < p < 1): `400 log10(p / (1 - p))`.
pub fn elo_difference(p: f64) -> f64 {
    400.0 * (p / (1.0 - p)).log10()
}

/// Fits the ratings of `results` (module doc).
pub fn fit(results: &Results, options: &FitOptions) -> Result<Ratings, RatingError> {
    let n = results.names.len();
    if n < 2 {
        return Err(RatingError::TooFew);
    }
    check_connected(results, options.anchor)?;
    // Games and points with the prior's virtual draws.
    let mut games = results.games.clone();
    let mut score = results.score.clone();
    for i in 0..n {
        for j in 0..n {
            if i != j && results.games[i][j] > 0.0 {
                games[i][j] += options.prior;
                score[i][j] += options.prior / 2.0;
            }
        }
    }
    let free: Vec<usize> = (0..n).filter(|&i| i != options.anchor).collect();
    let mut elo = vec![options.anchor_rating; n];
    let mut iterations = 0;
    loop {
        iterations += 1;
        let (gradient, hessian) = derivatives(&elo, &games, &score, &free);
        let step = solve(&negate(&hessian), &gradient).ok_or(RatingError::NoConvergence)?;
        // A damped step: never more than 400 points at once.
        let largest = step.iter().fold(0f64, |m, s| m.max(s.abs()));
        let scale = if largest > 400.0 {
            400.0 / largest
        } else {
            1.0
        };
        for (k, &i) in free.iter().enumerate() {
            elo[i] += scale * step[k];
        }
        if largest * scale < 1e-9 {
            break;
        }
        if iterations > 500 || elo.iter().any(|e| !e.is_finite()) {
            return Err(RatingError::NoConvergence);
        }
    }
    let (_, hessian) = derivatives(&elo, &games, &score, &free);
    let inverse = invert(&negate(&hessian)).ok_or(RatingError::NoConvergence)?;
    let mut covariance = vec![vec![0.0; n]; n];
    for (a, &i) in free.iter().enumerate() {
        for (b, &j) in free.iter().enumerate() {
            covariance[i][j] = inverse[a][b];
        }
    }
    Ok(Ratings {
        names: results.names.clone(),
        elo,
        covariance,
        iterations,
    })
}

/// The gradient and Hessian of the log-likelihood in the free players' ratings.
fn derivatives(
    elo: &[f64],
    games: &[Vec<f64>],
    score: &[Vec<f64>],
    free: &[usize],
) -> (Vec<f64>, Vec<Vec<f64>>) {
    let m = free.len();
    let mut gradient = vec![0.0; m];
    let mut hessian = vec![vec![0.0; m]; m];
    let index = |i: usize| free.iter().position(|&f| f == i);
    for i in 0..elo.len() {
        for j in 0..elo.len() {
            if i == j || games[i][j] == 0.0 {
                continue;
            }
            let e = expected(elo[i], elo[j]);
            let w = games[i][j] * e * (1.0 - e) * LN10_400 * LN10_400;
            if let Some(a) = index(i) {
                gradient[a] += LN10_400 * (score[i][j] - games[i][j] * e);
                hessian[a][a] -= w;
                if let Some(b) = index(j) {
                    hessian[a][b] += w;
                }
            }
        }
    }
    (gradient, hessian)
}

fn negate(m: &[Vec<f64>]) -> Vec<Vec<f64>> {
    m.iter().map(|r| r.iter().map(|x| -x).collect()).collect()
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
fn solve(a: &[Vec<f64>], b: &[f64]) -> Option<Vec<f64>> {
    let n = b.len();
    let mut m: Vec<Vec<f64>> = a
        .iter()
        .zip(b)
        .map(|(row, &v)| row.iter().copied().chain([v]).collect())
        .collect();
    for c in 0..n {
        let p = (c..n).max_by(|&x, &y| m[x][c].abs().total_cmp(&m[y][c].abs()))?;
        if m[p][c].abs() < 1e-300 {
            return None;
        }
        m.swap(c, p);
        for r in 0..n {
            if r != c {
                let f = m[r][c] / m[c][c];
                let pivot = m[c].clone();
                for (x, p) in m[r].iter_mut().zip(&pivot).skip(c) {
                    *x -= f * p;
                }
            }
        }
    }
    Some((0..n).map(|r| m[r][n] / m[r][r]).collect())
}

fn invert(a: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let columns: Option<Vec<Vec<f64>>> = (0..n)
        .map(|c| {
            solve(
                a,
                &(0..n)
                    .map(|r| f64::from(u8::from(r == c)))
                    .collect::<Vec<_>>(),
            )
        })
        .collect();
    let columns = columns?;
    Some(
        (0..n)
            .map(|r| (0..n).map(|c| columns[c][r]).collect())
            .collect(),
    )
}

fn check_connected(results: &Results, anchor: usize) -> Result<(), RatingError> {
    let n = results.names.len();
    let mut seen = vec![false; n];
    let mut stack = vec![anchor];
    seen[anchor] = true;
    while let Some(i) = stack.pop() {
        for (j, s) in seen.iter_mut().enumerate() {
            if !*s && results.games[i][j] > 0.0 {
                *s = true;
                stack.push(j);
            }
        }
    }
    match seen.iter().position(|s| !s) {
        Some(i) => Err(RatingError::Disconnected(results.names[i].clone())),
        None => Ok(()),
    }
}

impl Ratings {
    /// The standard error of player `i`'s rating.
    pub fn error(&self, i: usize) -> f64 {
        self.covariance[i][i].max(0.0).sqrt()
    }

    /// The 95 % interval of player `i`'s rating: ± this.
    pub fn interval(&self, i: usize) -> f64 {
        1.96 * self.error(i)
    }

    /// The likelihood that `a` is stronger than `b` (module doc).
    pub fn superiority(&self, a: usize, b: usize) -> f64 {
        let var = self.covariance[a][a] + self.covariance[b][b] - 2.0 * self.covariance[a][b];
        if var <= 0.0 {
            return if self.elo[a] > self.elo[b] { 1.0 } else { 0.0 };
        }
        normal_cdf((self.elo[a] - self.elo[b]) / var.sqrt())
    }

    /// The players from the strongest down.
    pub fn order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.elo.len()).collect();
        order.sort_by(|&a, &b| self.elo[b].total_cmp(&self.elo[a]));
        order
    }

    /// The table: rank, name, rating, ± 95 %, score, games, LOS over the next one down.
    pub fn table(&self, results: &Results) -> String {
        let order = self.order();
        let width = self.names.iter().map(String::len).max().unwrap_or(4).max(4);
        let mut out = format!(
            "{:>3} {:<width$} {:>7} {:>6} {:>7} {:>6} {:>6}\n",
            "#", "name", "Elo", "±95%", "score", "games", "LOS"
        );
        for (rank, &i) in order.iter().enumerate() {
            let games = results.total_games(i);
            let los = order.get(rank + 1).map_or(String::new(), |&next| {
                format!("{:.1}%", 100.0 * self.superiority(i, next))
            });
            out.push_str(&format!(
                "{:>3} {:<width$} {:>7.0} {:>6.0} {:>6.1}% {:>6} {:>6}\n",
                rank + 1,
                self.names[i],
                self.elo[i],
                self.interval(i),
                if games > 0.0 {
                    100.0 * results.total_score(i) / games
                } else {
                    0.0
                },
                games,
                los
            ));
        }
        out
    }
}

/// The standard normal distribution function (Abramowitz and Stegun 7.1.26 through erf,
/// absolute error under 1.5e-7).
pub fn normal_cdf(x: f64) -> f64 {
    let z = x / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * z.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-z * z).exp();
    0.5 * (1.0 + if z >= 0.0 { erf } else { -erf })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(prior: f64) -> FitOptions {
        FitOptions {
            anchor: 0,
            anchor_rating: 0.0,
            prior,
        }
    }

    /// Two players: the MLE difference is 400 log10(p / (1 - p)), with p the score fraction
    /// (the prior's draws included).
    #[test]
    fn two_players_closed_form() {
        let mut r = Results::new(vec!["a".into(), "b".into()]);
        r.add(1, 0, 30.0, 40.0); // b scores 30 of 40 against a
        let f = fit(&r, &opts(0.0)).unwrap();
        assert!(
            (f.elo[1] - elo_difference(0.75)).abs() < 1e-6,
            "{:?}",
            f.elo
        );
        assert!((f.elo[1] - 190.848_501_887_865).abs() < 1e-6);
        // Its standard error: 1 / sqrt(n p (1-p)) in natural units, over ln10/400.
        let se = 1.0 / (40.0 * 0.75 * 0.25f64).sqrt() / LN10_400;
        assert!((f.error(1) - se).abs() < 1e-6, "{} {se}", f.error(1));
        let f = fit(&r, &opts(2.0)).unwrap();
        assert!((f.elo[1] - elo_difference(31.0 / 42.0)).abs() < 1e-6);
        // A perfect score is finite with the prior.
        let mut r = Results::new(vec!["a".into(), "b".into()]);
        r.add(1, 0, 10.0, 10.0);
        let f = fit(&r, &opts(1.0)).unwrap();
        assert!((f.elo[1] - elo_difference(10.5 / 11.0)).abs() < 1e-6);
    }

    /// Results equal to the expectations of given ratings give those ratings back.
    #[test]
    fn expected_results_give_their_ratings_back() {
        let truth = [0.0, 150.0, 420.0, 800.0];
        let mut r = Results::new(truth.iter().map(|t| t.to_string()).collect());
        for i in 0..4 {
            for j in i + 1..4 {
                r.add(i, j, 100.0 * expected(truth[i], truth[j]), 100.0);
            }
        }
        let f = fit(&r, &opts(0.0)).unwrap();
        for (e, t) in f.elo.iter().zip(truth) {
            assert!((e - t).abs() < 1e-6, "{:?}", f.elo);
        }
        assert!(f.superiority(3, 2) > 0.99);
        assert!((f.superiority(1, 1) - 0.5).abs() < 1e-12 || f.superiority(1, 1) == 0.0);
    }

    #[test]
    fn disconnected_players_are_refused() {
        let mut r = Results::new(vec!["a".into(), "b".into(), "c".into()]);
        r.add(0, 1, 1.0, 2.0);
        assert_eq!(
            fit(&r, &opts(1.0)),
            Err(RatingError::Disconnected("c".into()))
        );
    }

    #[test]
    fn the_normal_distribution() {
        assert!((normal_cdf(0.0) - 0.5).abs() < 1e-7);
        assert!((normal_cdf(1.96) - 0.975).abs() < 1e-4);
        assert!((normal_cdf(-1.0) - 0.158_655_25).abs() < 1e-6);
    }
}
