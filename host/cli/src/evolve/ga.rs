//! The genetic operators of `ti68k evolve`, on the engine's weights ([`Weights`]): the first
//! population (the starting weights and mutants of them), then each next one by elitism,
//! tournament selection, uniform crossover and Gaussian mutation. Every draw comes from a
//! [`Rng`] seeded by the run's seed and the generation, so a run replays exactly (and a
//! resumed run rebuilds the same populations from the fitness in its results file).

use calc::connect4::eval::Weights;
use calc::Rng;

/// The settings of the operators.
#[derive(Clone, Debug, PartialEq)]
pub struct GaSettings {
    /// Individuals per generation (at least 2).
    pub population: usize,
    /// The best this many pass to the next generation unchanged.
    pub elite: usize,
    /// Individuals drawn for each tournament selection (the fittest of them is a parent).
    pub tournament: usize,
    /// Chance that a child is a uniform crossover of two parents (else a copy of one).
    pub crossover: f64,
    /// Chance that each weight of a child is mutated.
    pub mutation_rate: f64,
    /// The standard deviation of a mutation, relative to the starting weight's magnitude
    /// (at least 1 in absolute terms, so that small weights move too).
    pub sigma: f64,
}

impl Default for GaSettings {
    fn default() -> GaSettings {
        GaSettings {
            population: 8,
            elite: 2,
            tournament: 2,
            crossover: 0.7,
            mutation_rate: 0.5,
            sigma: 0.3,
        }
    }
}

/// A uniform draw in [0, 1).
fn uniform(rng: &mut Rng) -> f64 {
    f64::from(rng.next_u32()) / 4_294_967_296.0
}

/// A standard normal draw (Box-Muller).
fn gaussian(rng: &mut Rng) -> f64 {
    let u1 = 1.0 - uniform(rng); // (0, 1]: the logarithm is finite
    let u2 = uniform(rng);
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

/// `w` with each weight mutated with probability `mutation_rate` by a Gaussian step of
/// `sigma × max(|start weight|, 1)`, rounded, kept within ±[`Weights::LIMIT`].
pub fn mutate(w: Weights, start: Weights, s: &GaSettings, rng: &mut Rng) -> Weights {
    let base = start.to_array();
    let mut a = w.to_array();
    for (k, v) in a.iter_mut().enumerate() {
        if uniform(rng) < s.mutation_rate {
            let scale = (s.sigma * f64::from(base[k].unsigned_abs())).max(1.0);
            let moved = f64::from(*v) + (gaussian(rng) * scale).round();
            let limit = f64::from(Weights::LIMIT);
            *v = moved.clamp(-limit, limit) as i16;
        }
    }
    Weights::from_array(a)
}

/// Each weight from `a` or `b` at random.
pub fn crossover(a: Weights, b: Weights, rng: &mut Rng) -> Weights {
    let mut out = a.to_array();
    for (slot, other) in out.iter_mut().zip(b.to_array()) {
        if rng.coin() {
            *slot = other;
        }
    }
    Weights::from_array(out)
}

/// The first generation: the starting weights, then `population - 1` mutants of them.
pub fn first_population(start: Weights, s: &GaSettings, rng: &mut Rng) -> Vec<Weights> {
    let mut pop = vec![start];
    while pop.len() < s.population {
        // At least one weight changes, so that the mutants differ from the start.
        let mut m = mutate(start, start, s, rng);
        let mut tries = 0;
        while m == start && tries < 16 {
            m = mutate(start, start, s, rng);
            tries += 1;
        }
        pop.push(m);
    }
    pop
}

/// The individuals by fitness, best first (the earlier one first among equals).
pub fn ranking(fitness: &[f64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..fitness.len()).collect();
    order.sort_by(|&a, &b| fitness[b].total_cmp(&fitness[a]).then(a.cmp(&b)));
    order
}

/// The fittest of `s.tournament` individuals drawn at random.
fn select(fitness: &[f64], s: &GaSettings, rng: &mut Rng) -> usize {
    let n = fitness.len() as u32;
    let mut best = rng.below(n) as usize;
    for _ in 1..s.tournament.max(1) {
        let other = rng.below(n) as usize;
        if fitness[other] > fitness[best] {
            best = other;
        }
    }
    best
}

/// The next generation from `pop` and its `fitness`: the `elite` best unchanged (best first),
/// then children of tournament-selected parents, crossed over and mutated.
pub fn next_population(
    pop: &[Weights],
    fitness: &[f64],
    start: Weights,
    s: &GaSettings,
    rng: &mut Rng,
) -> Vec<Weights> {
    let order = ranking(fitness);
    let mut next: Vec<Weights> = order
        .iter()
        .take(s.elite.min(s.population))
        .map(|&i| pop[i])
        .collect();
    while next.len() < s.population {
        let a = pop[select(fitness, s, rng)];
        let child = if uniform(rng) < s.crossover {
            let b = pop[select(fitness, s, rng)];
            crossover(a, b, rng)
        } else {
            a
        };
        next.push(mutate(child, start, s, rng));
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gaussian_draws_have_the_right_moments() {
        let mut rng = Rng::new(3);
        let n = 20_000;
        let draws: Vec<f64> = (0..n).map(|_| gaussian(&mut rng)).collect();
        let mean = draws.iter().sum::<f64>() / n as f64;
        let var = draws.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n as f64;
        assert!(mean.abs() < 0.03, "mean {mean}");
        assert!((var - 1.0).abs() < 0.05, "variance {var}");
    }

    #[test]
    fn populations_are_reproducible_and_keep_the_elite() {
        let s = GaSettings::default();
        let start = Weights::DEFAULT;
        let first = first_population(start, &s, &mut Rng::new(9));
        assert_eq!(first.len(), s.population);
        assert_eq!(first[0], start);
        assert!(first[1..].iter().all(|w| *w != start));
        assert_eq!(first, first_population(start, &s, &mut Rng::new(9)));
        let fitness = [0.5, 0.2, 0.9, 0.1, 0.6, 0.3, 0.4, 0.0];
        let next = next_population(&first, &fitness, start, &s, &mut Rng::new(4));
        assert_eq!(next.len(), s.population);
        assert_eq!(next[0], first[2]);
        assert_eq!(next[1], first[4]);
        assert_eq!(
            next,
            next_population(&first, &fitness, start, &s, &mut Rng::new(4))
        );
        for w in &next {
            assert!(w.to_array().iter().all(|v| v.abs() <= Weights::LIMIT));
        }
    }

    #[test]
    fn crossover_takes_each_weight_from_a_parent() {
        let a = Weights::from_array([1, 2, 3, 4, 5, 6]);
        let b = Weights::from_array([10, 20, 30, 40, 50, 60]);
        let mut rng = Rng::new(1);
        for _ in 0..50 {
            let c = crossover(a, b, &mut rng).to_array();
            for (k, v) in c.iter().enumerate() {
                assert!(*v == a.to_array()[k] || *v == b.to_array()[k]);
            }
        }
        assert_eq!(ranking(&[0.5, 0.7, 0.5]), vec![1, 0, 2]);
    }
}
