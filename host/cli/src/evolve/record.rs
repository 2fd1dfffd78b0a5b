//! The results file of `ti68k evolve`: a header naming the run (every setting that decides
//! its games), then one line per finished game, appended and flushed as each game ends:
//!
//! ```text
//! # ti68k evolve 1
//! # level alphabeta1000
//! # ...
//! train 0 3 1 0 1 4 16 12 8 2 2
//! final 5 1 2 5 18 12 9 2 1
//! ```
//!
//! `train GEN IND OPENING COLOUR W1..W6 HALVES`: a training game of individual `IND` of
//! generation `GEN` against the starting weights, in opening `OPENING`, the candidate first
//! (`COLOUR` 0) or second (1), the candidate's weights (open1 open2 open3 threat parity tempo)
//! and its score in halves (2 win, 1 draw, 0 loss). `final OPENING COLOUR W1..W6 HALVES`: a
//! game of the final match, the best weights against the start. Started again with the same
//! file and settings, a run plays only the missing games; a last line cut short by a kill is
//! dropped (the file is rewritten without it, whole or not at all); a file of another run, or
//! a line whose weights are not the ones the run rebuilds, is refused.

use std::collections::HashMap;
use std::path::Path;

use calc::connect4::eval::Weights;

use super::{EvolveError, Settings};
use crate::append_file::AppendFile;

/// Which game a line is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKey {
    /// A training game: generation, individual, opening, colour (0: the candidate first).
    Train {
        /// The generation.
        generation: u32,
        /// The individual.
        individual: u32,
        /// The opening.
        opening: u32,
        /// 0: the candidate moves first; 1: second.
        colour: u8,
    },
    /// A game of the final match: opening, colour (0: the best weights first).
    Final {
        /// The opening.
        opening: u32,
        /// 0: the best weights move first; 1: second.
        colour: u8,
    },
}

/// One finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameLine {
    /// Which game.
    pub key: GameKey,
    /// The candidate's weights.
    pub weights: Weights,
    /// The candidate's score in halves: 2 win, 1 draw, 0 loss.
    pub halves: u8,
}

impl GameLine {
    /// The line (without the newline).
    pub fn line(&self) -> String {
        let w: Vec<String> = self.weights.to_array().iter().map(i16::to_string).collect();
        let head = match self.key {
            GameKey::Train {
                generation,
                individual,
                opening,
                colour,
            } => format!("train {generation} {individual} {opening} {colour}"),
            GameKey::Final { opening, colour } => format!("final {opening} {colour}"),
        };
        format!("{head} {} {}", w.join(" "), self.halves)
    }

    /// Reads a line written by [`GameLine::line`]; `None` for anything else.
    pub fn parse(line: &str) -> Option<GameLine> {
        let fields: Vec<&str> = line.split(' ').collect();
        let (key, rest) = match *fields.first()? {
            "train" if fields.len() == 5 + Weights::COUNT + 1 => {
                let n = |i: usize| fields[i].parse::<u32>().ok();
                let colour = fields[4].parse::<u8>().ok().filter(|c| *c < 2)?;
                (
                    GameKey::Train {
                        generation: n(1)?,
                        individual: n(2)?,
                        opening: n(3)?,
                        colour,
                    },
                    &fields[5..],
                )
            }
            "final" if fields.len() == 3 + Weights::COUNT + 1 => {
                let colour = fields[2].parse::<u8>().ok().filter(|c| *c < 2)?;
                (
                    GameKey::Final {
                        opening: fields[1].parse().ok()?,
                        colour,
                    },
                    &fields[3..],
                )
            }
            _ => return None,
        };
        let mut w = [0i16; Weights::COUNT];
        for (slot, text) in w.iter_mut().zip(rest) {
            *slot = text.parse().ok()?;
        }
        let halves = rest[Weights::COUNT]
            .parse::<u8>()
            .ok()
            .filter(|h| *h <= 2)?;
        Some(GameLine {
            key,
            weights: Weights::from_array(w),
            halves,
        })
    }
}

/// The header of a run's file (module doc).
pub fn header(s: &Settings) -> String {
    let w: Vec<String> = s.start.to_array().iter().map(i16::to_string).collect();
    format!(
        "# ti68k evolve 1\n# model {}\n# level {}\n# start {}\n# population {}\n# elite {}\n\
         # tournament {}\n# crossover {}\n# mutation-rate {}\n# sigma {}\n# generations {}\n\
         # openings {}\n# random-plies {}\n# final-openings {}\n# seed {}\n",
        s.model.name(),
        s.level,
        w.join(" "),
        s.ga.population,
        s.ga.elite,
        s.ga.tournament,
        s.ga.crossover,
        s.ga.mutation_rate,
        s.ga.sigma,
        s.generations,
        s.openings,
        s.random_plies,
        s.final_openings,
        s.seed
    )
}

/// The results file, open for appending.
pub struct ResultsFile {
    file: AppendFile,
}

impl ResultsFile {
    /// Opens `path` for the run `s`: creates it with its header, or reads the games it holds
    /// (a last line cut short is dropped); refuses a file of another run.
    pub fn open(
        path: &Path,
        s: &Settings,
    ) -> Result<(ResultsFile, HashMap<GameKey, GameLine>), EvolveError> {
        let err = |why: String| EvolveError::Results {
            path: path.display().to_string(),
            why,
        };
        let head = header(s);
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(err(format!("reading it: {e}"))),
        };
        let mut games = HashMap::new();
        if text.is_empty() {
            ti_files::disk::write_atomic(path, head.as_bytes())
                .map_err(|e| err(format!("creating it: {e}")))?;
        } else {
            let Some(body) = text.strip_prefix(&head) else {
                return Err(err(
                    "it holds another run (its header differs from these settings): give \
                     another --results, or the settings it was started with"
                        .into(),
                ));
            };
            let lines: Vec<&str> = body.split_inclusive('\n').collect();
            let mut kept = head.clone();
            let mut dropped = false;
            for (k, raw) in lines.iter().enumerate() {
                let parsed = raw.strip_suffix('\n').and_then(GameLine::parse);
                match parsed {
                    Some(g) => {
                        kept.push_str(raw);
                        games.insert(g.key, g);
                    }
                    None if k + 1 == lines.len() => dropped = true,
                    None => {
                        return Err(err(format!(
                            "line {} is not a game of ti68k evolve: {raw:?} (a damaged file: \
                             remove that line, or start another --results)",
                            s.header_lines() + k + 1
                        )))
                    }
                }
            }
            if dropped {
                ti_files::disk::write_atomic(path, kept.as_bytes())
                    .map_err(|e| err(format!("rewriting it without its cut last line: {e}")))?;
            }
        }
        let file = AppendFile::open(path).map_err(|e| err(format!("opening it to append: {e}")))?;
        Ok((ResultsFile { file }, games))
    }

    /// Appends a finished game and flushes it to the disk.
    pub fn append(&mut self, g: &GameLine) -> Result<(), EvolveError> {
        self.file
            .append_line(&g.line())
            .map_err(|e| EvolveError::Results {
                path: self.file.path().display().to_string(),
                why: format!("appending a game: {e}"),
            })
    }
}

impl Settings {
    /// Lines of the header.
    fn header_lines(&self) -> usize {
        header(self).lines().count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip_and_garbage_is_refused() {
        for key in [
            GameKey::Train {
                generation: 3,
                individual: 7,
                opening: 2,
                colour: 1,
            },
            GameKey::Final {
                opening: 11,
                colour: 0,
            },
        ] {
            let g = GameLine {
                key,
                weights: Weights::from_array([1, -4, 16, 12, 8, 2]),
                halves: 1,
            };
            assert_eq!(GameLine::parse(&g.line()), Some(g));
        }
        for bad in [
            "",
            "train 0 0 0 2 1 4 16 12 8 2 1",
            "train 0 0 0 0 1 4 16 12 8 2 3",
            "final 0 0 1 4 16 12 8 2",
            "train 0 0 0 0 1 4 16 12 8 2 1 9",
            "game 0 1 0 0.5 N 00",
        ] {
            assert_eq!(GameLine::parse(bad), None, "{bad}");
        }
    }
}
