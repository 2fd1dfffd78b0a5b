//! A run of `ti68k evolve`: the generations, then the final match of the best weights against
//! the starting ones and its Elo difference with a 95 % interval ([`crate::rating`]).
//!
//! The populations are rebuilt from the seed and the fitness of the games in the results file,
//! so a resumed run makes the same populations and plays only the games it lacks; each game in
//! the file must carry the weights the run gives that individual (else the file is refused).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use calc::connect4::ai::Ai;
use calc::connect4::eval::Weights;
use calc::Rng;

use super::ga;
use super::play::{self, Job, Worker};
use super::record::{GameKey, GameLine, ResultsFile};
use super::{EvolveError, Settings};
use crate::contest::install::{self, Programs};
use crate::contest::MatchError;
use crate::rating::{self, FitOptions, RatingError, Ratings, Results};

/// Where the games run.
#[derive(Clone, Debug)]
pub struct RunConfig {
    /// Workers, one emulator each.
    pub jobs: usize,
    /// The project's programs: calculator files in a directory, or `None` to build them.
    pub programs: Option<PathBuf>,
    /// Virtual draws of the rating prior (docs/tournaments.md#ratings).
    pub prior: f64,
}

/// One generation's results.
#[derive(Clone, Debug, PartialEq)]
pub struct Generation {
    /// The individuals.
    pub population: Vec<Weights>,
    /// Their scores against the starting weights, as fractions.
    pub fitness: Vec<f64>,
}

impl Generation {
    /// The best fitness.
    pub fn best(&self) -> f64 {
        self.fitness
            .iter()
            .copied()
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// The mean fitness.
    pub fn mean(&self) -> f64 {
        self.fitness.iter().sum::<f64>() / self.fitness.len() as f64
    }

    /// The best individual (the first among equals).
    pub fn best_weights(&self) -> Weights {
        self.population[ga::ranking(&self.fitness)[0]]
    }
}

/// What a run found.
#[derive(Clone, Debug)]
pub struct Evolution {
    /// Every generation.
    pub generations: Vec<Generation>,
    /// The best individual of the last generation.
    pub best: Weights,
    /// Its points in the final match against the starting weights.
    pub final_points: f64,
    /// The final match's games.
    pub final_games: f64,
    /// Ratings of `start` (0, the anchor) and `best`.
    pub ratings: Ratings,
    /// Games played now (the rest came from the results file).
    pub played: u64,
}

impl Evolution {
    /// The Elo difference of the best over the start.
    pub fn elo(&self) -> f64 {
        self.ratings.elo[1]
    }

    /// Its 95 % interval (±).
    pub fn interval(&self) -> f64 {
        self.ratings.interval(1)
    }
}

/// The workers, started when the first game must be played.
struct Pool<'a> {
    settings: &'a Settings,
    ai: Ai,
    config: &'a RunConfig,
    workers: Vec<Worker>,
}

impl Pool<'_> {
    fn workers(&mut self, games: usize) -> Result<&mut [Worker], EvolveError> {
        if self.workers.is_empty() {
            let model = self.settings.model;
            let programs = match &self.config.programs {
                Some(dir) => Programs::from_dir(dir, model)?,
                None => Programs::build(
                    &std::env::current_dir()
                        .map_err(|e| MatchError::Setup(format!("the working directory: {e}")))?,
                )?,
            };
            let appel = install::built_program(self.config.programs.as_deref(), model, "appel")?;
            for _ in 0..self.config.jobs.max(1).min(games.max(1)) {
                self.workers.push(Worker::new(
                    model,
                    self.ai,
                    &self.settings.level,
                    &programs,
                    &appel,
                )?);
            }
        }
        Ok(&mut self.workers)
    }
}

/// Runs (or resumes) the evolution `s`, its games in `results`; `progress` is told the games
/// done (of [`Settings::total_games`]) after each one.
pub fn evolve(
    s: &Settings,
    config: &RunConfig,
    results: &Path,
    mut progress: impl FnMut(u64),
) -> Result<Evolution, EvolveError> {
    let ai = s.check()?;
    let (mut file, mut games) = ResultsFile::open(results, s)?;
    let mut done = games.len() as u64;
    progress(done);
    let mut pool = Pool {
        settings: s,
        ai,
        config,
        workers: Vec::new(),
    };
    let mut played = 0u64;
    let mut play_missing =
        |jobs: Vec<Job>, games: &mut HashMap<GameKey, GameLine>| -> Result<(), EvolveError> {
            let missing: Vec<Job> = jobs
                .into_iter()
                .filter(|j| !games.contains_key(&j.key))
                .collect();
            if missing.is_empty() {
                return Ok(());
            }
            let workers = pool.workers(missing.len())?;
            play::play_jobs(workers, missing, |job, halves| {
                let line = GameLine {
                    key: job.key,
                    weights: job.candidate.weights,
                    halves,
                };
                file.append(&line)?;
                games.insert(job.key, line);
                done += 1;
                played += 1;
                progress(done);
                Ok(())
            })
        };
    let reference = s.tuning(s.start);
    let mut population = ga::first_population(s.start, &s.ga, &mut Rng::new(s.seed));
    let mut generations = Vec::new();
    for g in 0..s.generations {
        let mut jobs = Vec::new();
        for (i, w) in population.iter().enumerate() {
            for opening in 0..s.openings {
                for colour in 0..2 {
                    let key = GameKey::Train {
                        generation: g,
                        individual: i as u32,
                        opening,
                        colour,
                    };
                    check_weights(results, &games, key, *w)?;
                    jobs.push(Job {
                        key,
                        candidate: s.tuning(*w),
                        reference,
                        seed: s.game_seed(Some(g), opening),
                    });
                }
            }
        }
        play_missing(jobs, &mut games)?;
        let fitness: Vec<f64> = (0..population.len())
            .map(|i| {
                let halves: u32 = (0..s.openings)
                    .flat_map(|opening| (0..2).map(move |colour| (opening, colour)))
                    .map(|(opening, colour)| {
                        let key = GameKey::Train {
                            generation: g,
                            individual: i as u32,
                            opening,
                            colour,
                        };
                        u32::from(games[&key].halves)
                    })
                    .sum();
                f64::from(halves) / f64::from(4 * s.openings)
            })
            .collect();
        let generation = Generation {
            population: population.clone(),
            fitness,
        };
        if g + 1 < s.generations {
            let mut rng = Rng::new(s.game_seed(Some(g), u32::MAX));
            population = ga::next_population(
                &generation.population,
                &generation.fitness,
                s.start,
                &s.ga,
                &mut rng,
            );
        }
        generations.push(generation);
    }
    let best = generations.last().expect("at least one").best_weights();
    let mut jobs = Vec::new();
    for opening in 0..s.final_openings {
        for colour in 0..2 {
            let key = GameKey::Final { opening, colour };
            check_weights(results, &games, key, best)?;
            jobs.push(Job {
                key,
                candidate: s.tuning(best),
                reference,
                seed: s.game_seed(None, opening),
            });
        }
    }
    play_missing(jobs, &mut games)?;
    let final_halves: u32 = (0..s.final_openings)
        .flat_map(|opening| (0..2).map(move |colour| GameKey::Final { opening, colour }))
        .map(|key| u32::from(games[&key].halves))
        .sum();
    let final_points = f64::from(final_halves) / 2.0;
    let final_games = f64::from(2 * s.final_openings);
    let ratings = final_match_ratings(final_points, final_games, config.prior)?;
    Ok(Evolution {
        generations,
        best,
        final_points,
        final_games,
        ratings,
        played,
    })
}

/// The ratings of the final match: the starting weights (0, the anchor, at 0 Elo) and the best
/// (1), which scored `points` in `games` games, with `prior` virtual draws.
pub fn final_match_ratings(points: f64, games: f64, prior: f64) -> Result<Ratings, RatingError> {
    let mut table = Results::new(vec!["start".into(), "best".into()]);
    table.add(1, 0, points, games);
    rating::fit(
        &table,
        &FitOptions {
            anchor: 0,
            anchor_rating: 0.0,
            prior,
        },
    )
}

/// A game already in the file must be of the individual the run rebuilds.
fn check_weights(
    results: &Path,
    games: &HashMap<GameKey, GameLine>,
    key: GameKey,
    w: Weights,
) -> Result<(), EvolveError> {
    match games.get(&key) {
        Some(g) if g.weights != w => Err(EvolveError::Results {
            path: results.display().to_string(),
            why: format!(
                "the game {key:?} was played by the weights {:?}, but this run gives that \
                 individual {:?}: the file was edited or comes from another version; start \
                 another --results",
                g.weights.to_array(),
                w.to_array()
            ),
        }),
        _ => Ok(()),
    }
}
