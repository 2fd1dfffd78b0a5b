//! Connect Four tournaments between any AIs (docs/tournaments.md#tournaments): native levels of
//! the ladder and the exact solver, this project's calculator AI at any level, and the user's
//! own calculator programs (`.89z` and friends, C or assembly). A round robin: every pairing
//! plays `rounds` games each way. Every game goes through the core's referee
//! ([`crate::contest::versus`]); calculator AIs run on the project's emulator, one per worker
//! thread, in parallel on every core (or on one calculator over a cable, one game at a time).
//!
//! - [`Entrant`]: who plays, as the command line names it.
//! - [`record`]: the results file, one line per finished game (the game's log included),
//!   appended as games end, so that a stopped tournament resumes where it was.
//! - [`run`]: the workers and the schedule.
//! - [`Crosstable`]: the scores of each pairing; the ratings come from [`crate::rating`].

pub mod record;
pub mod run;

use std::path::PathBuf;

use crate::contest::setup::{parse_level, AiSpec};
use crate::contest::MatchError;
use crate::play::connect4::C4Player;
use crate::rating::Results;

/// One player of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entrant {
    /// Played by the computer.
    Native(C4Player),
    /// A calculator AI (this project's `joueur` at a level, or a user's file), run on the
    /// calculator through the launcher.
    Calculator(AiSpec),
}

impl Entrant {
    /// An entrant as the command line names it: `native:LEVEL` or `native:solver` (played by
    /// the computer), a level (`joueur` on the calculator: `calc:LEVEL` says the same), or a
    /// calculator file (`.89z`...), `fautif:N`, `basic:SOURCE`.
    pub fn parse(text: &str) -> Result<Entrant, MatchError> {
        if let Some(native) = text.strip_prefix("native:") {
            return Ok(Entrant::Native(if native == "solver" {
                C4Player::Solver
            } else {
                C4Player::Ai(parse_level(native)?)
            }));
        }
        let text = text.strip_prefix("calc:").unwrap_or(text);
        match AiSpec::parse(text, 0)? {
            AiSpec::Human { .. } => Err(MatchError::Setup(format!(
                "{text}: a person does not play tournaments (games run unattended, in \
                 parallel); play one game with ti68k match --ai1 human"
            ))),
            ai => Ok(Entrant::Calculator(ai)),
        }
    }

    /// Its name in tables: `native:minimax3`, `minimax3` (on the calculator), a file's stem.
    pub fn name(&self) -> String {
        match self {
            Entrant::Native(p) => format!("native:{}", p.name()),
            Entrant::Calculator(AiSpec::Level { level, .. }) => level.clone(),
            Entrant::Calculator(AiSpec::Faulty { fault }) => format!("fautif:{fault}"),
            Entrant::Calculator(AiSpec::Human { .. }) => "human".to_string(),
            Entrant::Calculator(AiSpec::File { path: p, .. } | AiSpec::Basic(p)) => {
                p.file_stem().map_or_else(
                    || p.display().to_string(),
                    |s| s.to_string_lossy().into_owned(),
                )
            }
        }
    }

    /// Whether it runs on the calculator.
    pub fn on_calculator(&self) -> bool {
        matches!(self, Entrant::Calculator(_))
    }
}

/// A tournament's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tournament {
    /// The players, as given (the order numbers them from 1).
    pub entrants: Vec<Entrant>,
    /// The spellings the user gave (kept in the results file).
    pub specs: Vec<String>,
    /// Games of each pairing in each colour.
    pub rounds: u32,
    /// Seed of every random choice (each game's seed derives from it and the game's number).
    pub seed: u32,
    /// The calculator model.
    pub model: ti_files::Model,
}

/// One game of the schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// Its number, 0-based, stable across runs.
    pub index: u32,
    /// AI 1 (moves first) and AI 2, as entrant indexes.
    pub ais: [usize; 2],
    /// The seed of this game's random choices.
    pub seed: u32,
}

impl Tournament {
    /// Parses the entrants; at least two, no two the same.
    pub fn new(
        specs: &[String],
        rounds: u32,
        seed: u32,
        model: ti_files::Model,
    ) -> Result<Tournament, MatchError> {
        let entrants = specs
            .iter()
            .map(|s| Entrant::parse(s))
            .collect::<Result<Vec<_>, _>>()?;
        if entrants.len() < 2 {
            return Err(MatchError::Setup(
                "a tournament needs at least two AIs".into(),
            ));
        }
        for (i, e) in entrants.iter().enumerate() {
            if entrants[..i].iter().any(|o| o.name() == e.name()) {
                return Err(MatchError::Setup(format!(
                    "{} is entered twice (two AIs need two names)",
                    e.name()
                )));
            }
            if let Entrant::Calculator(AiSpec::File { path: p, .. }) = e {
                if !p.exists() {
                    return Err(MatchError::Setup(format!(
                        "{}: no such file (give the calculator file of your AI)",
                        p.display()
                    )));
                }
            }
        }
        Ok(Tournament {
            entrants,
            specs: specs.to_vec(),
            rounds: rounds.max(1),
            seed,
            model,
        })
    }

    /// The names of the entrants.
    pub fn names(&self) -> Vec<String> {
        self.entrants.iter().map(Entrant::name).collect()
    }

    /// Every game: for each round, each pairing, each colour.
    pub fn schedule(&self) -> Vec<Pairing> {
        let n = self.entrants.len();
        let mut out = Vec::new();
        for round in 0..self.rounds {
            for i in 0..n {
                for j in i + 1..n {
                    for ais in [[i, j], [j, i]] {
                        let index = out.len() as u32;
                        out.push(Pairing {
                            index,
                            ais,
                            seed: crate::play::ladder::game_seed(self.seed, index, round),
                        });
                    }
                }
            }
        }
        out
    }

    /// Whether any entrant runs on the calculator.
    pub fn needs_calculator(&self) -> bool {
        self.entrants.iter().any(Entrant::on_calculator)
    }

    /// The user's files among the entrants.
    pub fn files(&self) -> Vec<PathBuf> {
        self.entrants
            .iter()
            .filter_map(|e| match e {
                Entrant::Calculator(AiSpec::File { path: p, .. }) => Some(p.clone()),
                _ => None,
            })
            .collect()
    }
}

/// The scores of every pairing, from the games played.
#[derive(Clone, Debug, PartialEq)]
pub struct Crosstable {
    /// The results by pair.
    pub results: Results,
}

impl Crosstable {
    /// From the finished games.
    pub fn new(names: Vec<String>, games: &[record::GameRecord]) -> Crosstable {
        let mut results = Results::new(names);
        for g in games {
            results.add(g.ais[0], g.ais[1], g.score_first(), 1.0);
        }
        Crosstable { results }
    }

    /// The table: one row per entrant (best score first), its points against each other
    /// entrant (of the games between them), its total and its score.
    pub fn render(&self) -> String {
        let r = &self.results;
        let n = r.names().len();
        let mut order: Vec<usize> = (0..n).collect();
        let frac = |i: usize| {
            let g = r.total_games(i);
            if g > 0.0 {
                r.total_score(i) / g
            } else {
                0.0
            }
        };
        order.sort_by(|&a, &b| frac(b).total_cmp(&frac(a)));
        let width = r.names().iter().map(String::len).max().unwrap_or(4).max(4);
        let mut out = format!("{:>3} {:<width$}", "#", "AI");
        for k in 1..=n {
            out.push_str(&format!(" {:>7}", k));
        }
        out.push_str("   points  games  score\n");
        for (rank, &i) in order.iter().enumerate() {
            out.push_str(&format!("{:>3} {:<width$}", rank + 1, r.names()[i]));
            for &j in &order {
                if i == j {
                    out.push_str(&format!(" {:>7}", "-"));
                } else if r.games(i, j) == 0.0 {
                    out.push_str(&format!(" {:>7}", "."));
                } else {
                    out.push_str(&format!(
                        " {:>7}",
                        format!("{}/{}", r.score(i, j), r.games(i, j))
                    ));
                }
            }
            out.push_str(&format!(
                "   {:>6} {:>6} {:>5.1}%\n",
                r.total_score(i),
                r.total_games(i),
                100.0 * frac(i)
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entrants_are_parsed_and_a_person_is_refused() {
        assert_eq!(
            Entrant::parse("native:solver").unwrap(),
            Entrant::Native(C4Player::Solver)
        );
        assert_eq!(Entrant::parse("calc:minimax3").unwrap().name(), "minimax3");
        for person in ["human", "human:Ann", "calc:human"] {
            let err = Entrant::parse(person).unwrap_err().to_string();
            assert!(err.contains("a person does not play tournaments"), "{err}");
        }
    }
}
