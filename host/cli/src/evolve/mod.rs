//! `ti68k evolve`: a genetic algorithm that tunes the weights of the Connect Four engine's
//! heuristic (calc::connect4::eval::Weights) by playing its candidates as calculator programs
//! on the project's emulator (docs/tournaments.md#ti68k-evolve).
//!
//! Each candidate is this project's `joueur` at an engine level (`alphabeta1000`...) with the
//! candidate's weights in the variable `poids` of its folder (calc::connect4::tuning): the
//! weights reach the 68000 at run time, and every game is checked against the same players
//! run natively, move for move. A candidate's fitness is its score against the starting
//! weights over `openings` seeded openings (the first plies at random from the game's seed),
//! each played in both colours; every candidate of a generation meets the same openings.
//!
//! - [`ga`]: the genetic operators (elitism, tournament selection, uniform crossover,
//!   Gaussian mutation), seeded.
//! - [`record`]: the results file, one line per game, appended as games end, so that a stopped
//!   run resumes.
//! - [`play`]: the workers, one emulator each.
//! - [`run`]: the generations, the final match of the best against the start, its Elo.
//! - [`output`]: the best weights as a TOML file and as the calculator variable `poids`.

pub mod ga;
pub mod output;
pub mod play;
pub mod record;
pub mod run;

use calc::connect4::ai::Ai;
use calc::connect4::eval::Weights;
use calc::connect4::tuning::{Tuning, MAX_RANDOM_PLIES};

use crate::contest::MatchError;
use crate::rating::chart::ChartError;
use crate::rating::RatingError;
pub use ga::GaSettings;

/// What can go wrong in a run. Each message says what happened and what to do.
#[derive(Debug, thiserror::Error)]
pub enum EvolveError {
    /// The settings are not usable.
    #[error("evolve settings: {0}")]
    Settings(String),
    /// The results file cannot be used.
    #[error("{path}: {why}")]
    Results {
        /// The file.
        path: String,
        /// Why.
        why: String,
    },
    /// A game could not be played.
    #[error(transparent)]
    Match(#[from] MatchError),
    /// The ratings could not be fitted.
    #[error(transparent)]
    Rating(#[from] RatingError),
    /// The chart could not be drawn.
    #[error(transparent)]
    Chart(#[from] ChartError),
    /// A weights file cannot be read or written.
    #[error("{path}: {why}")]
    Weights {
        /// The file.
        path: String,
        /// Why.
        why: String,
    },
}

/// A run's settings: everything that decides its games (kept in the results file's header).
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The level the candidates play (an engine level: `alphabetaN` or `expertN`).
    pub level: String,
    /// The starting weights (the reference every candidate plays).
    pub start: Weights,
    /// The genetic operators.
    pub ga: GaSettings,
    /// Generations.
    pub generations: u32,
    /// Openings each candidate plays per generation, each in both colours.
    pub openings: u32,
    /// Opening plies played at random (from the game's seed) in every game.
    pub random_plies: u8,
    /// Openings of the final match of the best against the start, each in both colours.
    pub final_openings: u32,
    /// Seed of every random choice.
    pub seed: u32,
    /// The calculator model.
    pub model: ti_files::Model,
}

impl Settings {
    /// Checks the settings: an engine level, sizes that make a run.
    pub fn check(&self) -> Result<Ai, EvolveError> {
        let bad = |why: String| Err(EvolveError::Settings(why));
        let ai = crate::contest::setup::parse_level(&self.level)?;
        if !matches!(ai, Ai::AlphaBeta(_) | Ai::Expert(_)) {
            return bad(format!(
                "{} does not use the engine's heuristic: give alphabetaN or expertN",
                self.level
            ));
        }
        if self.ga.population < 2 {
            return bad("--population needs at least 2 individuals".into());
        }
        if self.ga.elite >= self.ga.population {
            return bad("--elite must be smaller than --population".into());
        }
        if self.generations == 0 || self.openings == 0 || self.final_openings == 0 {
            return bad("--generations, --openings and --final-openings must be at least 1".into());
        }
        if self.random_plies > MAX_RANDOM_PLIES {
            return bad(format!(
                "--random-plies is at most {MAX_RANDOM_PLIES} (beyond, the games are noise)"
            ));
        }
        if !(self.ga.sigma > 0.0 && self.ga.sigma.is_finite()) {
            return bad("--sigma must be a positive number".into());
        }
        for (name, p) in [
            ("--crossover", self.ga.crossover),
            ("--mutation-rate", self.ga.mutation_rate),
        ] {
            if !(0.0..=1.0).contains(&p) {
                return bad(format!("{name} is a probability, from 0 to 1"));
            }
        }
        self.tuning(self.start)
            .check()
            .map_err(|e| EvolveError::Settings(format!("the starting weights: {e}")))?;
        Ok(ai)
    }

    /// `weights` as the players of this run's games use them (with the random opening).
    pub fn tuning(&self, weights: Weights) -> Tuning {
        Tuning {
            weights,
            random_plies: self.random_plies,
        }
    }

    /// Games of one generation.
    pub fn games_per_generation(&self) -> u64 {
        self.ga.population as u64 * 2 * u64::from(self.openings)
    }

    /// Every game of the run.
    pub fn total_games(&self) -> u64 {
        u64::from(self.generations) * self.games_per_generation()
            + 2 * u64::from(self.final_openings)
    }

    /// The seed of the games of generation `generation` (`None`: the final match) in opening
    /// `opening`: the same for every candidate, both colours.
    pub fn game_seed(&self, generation: Option<u32>, opening: u32) -> u32 {
        let stream = generation.map_or(0xF1_4A1, |g| g + 1);
        crate::play::ladder::game_seed(self.seed, opening, stream)
    }
}
