//! The results file of a tournament: a text file, a header that says which tournament it is,
//! then one line per finished game, appended (and flushed) as each game ends:
//!
//! ```text
//! # ti68k tournament 1
//! # model ti89
//! # rounds 2
//! # seed 1
//! # entrant native:random
//! # entrant minimax3
//! game 0 1 0 0.5 N <the game's log, in hex: calc::connect4::log>
//! ```
//!
//! `game INDEX AI1 AI2 SCORE END LOG`: the game's number in the schedule, the entrants (0-based)
//! of AI 1 and AI 2, AI 1's score (1, 0.5 or 0), `N` or `D`, the log. A tournament started
//! again with the same file reads it, checks that the header is this tournament's, and plays
//! only the games missing. A line cut short by a kill is dropped (the file is rewritten without
//! it, whole or not at all).

use std::path::Path;

use calc::connect4::log;
use calc::connect4::referee::GameResult;
use calc::connect4::Player;

use super::Tournament;
use crate::append_file::AppendFile;
use crate::contest::MatchError;

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Its number in the schedule.
    pub index: u32,
    /// AI 1 and AI 2 (entrant indexes).
    pub ais: [usize; 2],
    /// AI 1's score in halves: 2 win, 1 draw, 0 loss.
    pub halves_first: u8,
    /// Ended by a disqualification.
    pub disqualification: bool,
    /// The game's log (calc::connect4::log).
    pub log: Vec<u8>,
}

impl GameRecord {
    /// A record of a game with `result` and `log`.
    pub fn new(index: u32, ais: [usize; 2], result: GameResult, log: Vec<u8>) -> GameRecord {
        let halves_first = match result.winner() {
            Some(Player::First) => 2,
            Some(Player::Second) => 0,
            None => 1,
        };
        GameRecord {
            index,
            ais,
            halves_first,
            disqualification: matches!(result, GameResult::Disqualified(_)),
            log,
        }
    }

    /// AI 1's score.
    pub fn score_first(&self) -> f64 {
        f64::from(self.halves_first) / 2.0
    }

    /// The line of the results file (without the newline).
    pub fn line(&self) -> String {
        let hex: String = self.log.iter().map(|b| format!("{b:02x}")).collect();
        let score = match self.halves_first {
            2 => "1",
            1 => "0.5",
            _ => "0",
        };
        format!(
            "game {} {} {} {score} {} {hex}",
            self.index,
            self.ais[0],
            self.ais[1],
            if self.disqualification { "D" } else { "N" }
        )
    }

    /// Parses a line; `None` if it is not a whole game line.
    pub fn parse(line: &str) -> Option<GameRecord> {
        let f: Vec<&str> = line.split_whitespace().collect();
        let [tag, index, a, b, score, end, hex] = f.as_slice() else {
            return None;
        };
        if *tag != "game" || hex.len() % 2 != 0 {
            return None;
        }
        let log: Option<Vec<u8>> = (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).ok())
            .collect();
        let log = log?;
        log::decode(&log).ok()?;
        Some(GameRecord {
            index: index.parse().ok()?,
            ais: [a.parse().ok()?, b.parse().ok()?],
            halves_first: match *score {
                "1" => 2,
                "0.5" => 1,
                "0" => 0,
                _ => return None,
            },
            disqualification: match *end {
                "D" => true,
                "N" => false,
                _ => return None,
            },
            log,
        })
    }
}

/// The header lines of `t`.
fn header(t: &Tournament) -> Vec<String> {
    let mut h = vec![
        "# ti68k tournament 1".to_string(),
        format!("# model {}", t.model.name()),
        format!("# rounds {}", t.rounds),
        format!("# seed {}", t.seed),
    ];
    h.extend(t.specs.iter().map(|s| format!("# entrant {s}")));
    h
}

/// The results file, open for appending.
pub struct ResultsFile {
    file: AppendFile,
}

impl ResultsFile {
    /// Opens (or creates) the results file of `t` and returns the games already in it.
    pub fn open(path: &Path, t: &Tournament) -> Result<(ResultsFile, Vec<GameRecord>), MatchError> {
        let io = |e: std::io::Error| MatchError::Setup(format!("{}: {e}", path.display()));
        let expected = header(t);
        let mut games = Vec::new();
        if path.exists() {
            let text = std::fs::read_to_string(path).map_err(io)?;
            let complete = match text.rfind('\n') {
                Some(end) => &text[..=end],
                None => "",
            };
            let lines: Vec<&str> = complete.lines().collect();
            let found: Vec<&str> = lines
                .iter()
                .copied()
                .filter(|l| l.starts_with('#'))
                .collect();
            if !found.is_empty() && found != expected {
                return Err(MatchError::Setup(format!(
                    "{} holds the results of another tournament (its header:\n{}\n); give the same AIs, --rounds, --seed and --model to resume it, or another --results file",
                    path.display(),
                    found.join("\n")
                )));
            }
            let schedule = t.schedule();
            for l in lines.iter().filter(|l| l.starts_with("game ")) {
                let g = GameRecord::parse(l).ok_or_else(|| {
                    MatchError::Setup(format!("{}: a damaged line: {l}", path.display()))
                })?;
                match schedule.get(g.index as usize) {
                    Some(p) if p.ais == g.ais => {}
                    _ => {
                        return Err(MatchError::Setup(format!(
                            "{}: game {} does not belong to this schedule",
                            path.display(),
                            g.index
                        )))
                    }
                }
                if !games.iter().any(|o: &GameRecord| o.index == g.index) {
                    games.push(g);
                }
            }
            if complete.len() != text.len() || found.is_empty() {
                // Drop a line cut short; write the header if it was missing.
                let mut fixed = String::new();
                if found.is_empty() {
                    fixed.extend(expected.iter().map(|l| format!("{l}\n")));
                }
                fixed.push_str(complete);
                ti_files::disk::write_atomic(path, fixed.as_bytes()).map_err(io)?;
            }
        } else {
            let text: String = expected.iter().map(|l| format!("{l}\n")).collect();
            ti_files::disk::write_atomic(path, text.as_bytes()).map_err(io)?;
        }
        let file = AppendFile::open(path).map_err(io)?;
        Ok((ResultsFile { file }, games))
    }

    /// Appends one game (one write of a whole line, then a sync).
    pub fn append(&mut self, g: &GameRecord) -> Result<(), MatchError> {
        self.file
            .append_line(&g.line())
            .map_err(|e| MatchError::Setup(format!("{}: {e}", self.file.path().display())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use calc::connect4::log::GameLog;
    use calc::connect4::protocol::Model;

    #[test]
    fn a_line_reads_back() {
        let result = log::normal(calc::connect4::Outcome::Win(Player::First));
        let mut bytes = vec![0u8; log::MAX_LOG_LEN];
        let n = GameLog {
            model: Model::Ti89,
            names: [b"a", b"b"],
            moves: &[1, 2, 1, 2, 1, 2, 1],
            result: Some(result),
        }
        .encode(&mut bytes)
        .unwrap();
        bytes.truncate(n);
        let g = GameRecord::new(7, [1, 0], result, bytes);
        assert_eq!(GameRecord::parse(&g.line()), Some(g.clone()));
        assert_eq!(g.score_first(), 1.0);
        let line = g.line();
        assert_eq!(GameRecord::parse(&line[..line.len() - 3]), None);
    }
}
