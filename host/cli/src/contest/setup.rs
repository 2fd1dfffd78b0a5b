//! What a match is: the model, the two AIs and where they live, the names the arbiter is told.

use std::path::PathBuf;

use calc::connect4::ai::{Ai, LevelError, ALPHABETA_NODES, EXPERT_NODES, MAX_MINIMAX_DEPTH};

use super::MatchError;
use ti_files::{Model, VarName};

/// One AI of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AiSpec {
    /// This project's `joueur` at a level of the ladder, with the seed of its random choices
    /// (it reads them from `niveau` and `graine` in its folder).
    Level {
        /// The level's name: `random`, `winblock`, `minimaxD` (D = 1..9) or `alphabetaN`
        /// (N = 1000..127000, in thousands).
        level: String,
        /// The seed.
        seed: u32,
    },
    /// The faulty test AI `fautif` with fault number `fault` (its module doc lists them).
    Faulty {
        /// The fault (0 plays correctly).
        fault: u8,
    },
    /// The user's own AI: every variable of this calculator file goes into the AI's folder;
    /// its program (the file's only program, or the variable named like the AI program) is
    /// installed under the AI program's name, with `graine` = `seed` beside it (an AI made
    /// with the toolkit draws from it; any other ignores it).
    File {
        /// The calculator file.
        path: PathBuf,
        /// The seed.
        seed: u32,
    },
    /// A TI-BASIC AI from its source text file (e.g. calc/programs/basic/joueur.txt),
    /// installed in text form under the AI program's name (TI's OS tokenizes it on its first
    /// run; PedroM has no TI-BASIC).
    Basic(PathBuf),
    /// A person at the calculator's keyboard: the program `humain`, which asks for each
    /// column. With a name, it is stored in `pseudo` of the AI's folder (else the person types
    /// one at the first game).
    Human {
        /// The name the AI gives (1 to N characters), or `None` to let the person type it.
        name: Option<String>,
    },
}

impl AiSpec {
    /// This project's AI at `level` with `seed`.
    pub fn level(level: &str, seed: u32) -> AiSpec {
        AiSpec::Level {
            level: level.to_string(),
            seed,
        }
    }

    /// The user's AI in the calculator file `path`, with `seed` in its `graine`.
    pub fn file(path: impl Into<PathBuf>, seed: u32) -> AiSpec {
        AiSpec::File {
            path: path.into(),
            seed,
        }
    }

    /// An AI as the command line names it: a level of `joueur` (its seed `seed`), `fautif:N`,
    /// `basic:SOURCE` (a TI-BASIC source text), `human` or `human:NAME` (a person at the
    /// calculator's keyboard, through `humain`) or a calculator file (`.89z`...; `seed` goes to
    /// its `graine`).
    pub fn parse(text: &str, seed: u32) -> Result<AiSpec, MatchError> {
        if let Some(fault) = text.strip_prefix("fautif:") {
            return fault
                .parse::<u8>()
                .ok()
                .filter(|f| *f <= FAUTIF_FAULTS)
                .map(|fault| AiSpec::Faulty { fault })
                .ok_or_else(|| {
                    MatchError::Setup(format!(
                        "{text}: give fautif:N with N a fault number 0..{FAUTIF_FAULTS}"
                    ))
                });
        }
        if let Some(source) = text.strip_prefix("basic:") {
            return Ok(AiSpec::Basic(PathBuf::from(source)));
        }
        if text == "human" {
            return Ok(AiSpec::Human { name: None });
        }
        if let Some(name) = text.strip_prefix("human:") {
            return Ok(AiSpec::Human {
                name: Some(name.to_string()),
            });
        }
        let path = PathBuf::from(text);
        if path.extension().is_some() || path.exists() {
            return Ok(AiSpec::file(path, seed));
        }
        parse_level(text)?;
        Ok(AiSpec::level(text, seed))
    }

    /// A short description for messages and reports.
    pub fn describe(&self) -> String {
        match self {
            AiSpec::Level { level, seed } => format!("joueur {level} (seed {seed})"),
            AiSpec::Faulty { fault } => format!("fautif (fault {fault})"),
            AiSpec::File { path, .. } => path.display().to_string(),
            AiSpec::Basic(path) => format!("TI-BASIC {}", path.display()),
            AiSpec::Human { name: Some(name) } => format!("humain ({name}, at the keyboard)"),
            AiSpec::Human { name: None } => "humain (at the keyboard)".to_string(),
        }
    }
}

/// The highest fault number of `fautif` (calc/programs/src/bin/test/fautif.rs).
pub const FAUTIF_FAULTS: u8 = 9;

/// The player a level name names (the names of `joueur`'s `niveau`, docs/contest.md; the
/// core's [`Ai::parse_level`], which `joueur` uses too), or an error that says what is wrong.
pub fn parse_level(name: &str) -> Result<Ai, MatchError> {
    Ai::parse_level(name.as_bytes()).map_err(|e| {
        MatchError::Setup(match e {
            LevelError::Depth => format!(
                "level {name:?}: the Min-Max depth must be 1 to {MAX_MINIMAX_DEPTH} \
                 (minimax9 already thinks for minutes a move on a calculator)"
            ),
            LevelError::Budget => {
                let range = if name.starts_with("expert") {
                    EXPERT_NODES
                } else {
                    ALPHABETA_NODES
                };
                format!(
                    "level {name:?}: the node budget must be whole thousands of nodes \
                     from {} to {}",
                    range.start(),
                    range.end()
                )
            }
            LevelError::Unknown => format!(
                "unknown level {name:?}: give random, winblock, minimaxD (D = 1..\
                 {MAX_MINIMAX_DEPTH}), alphabetaN (N = 1000..127000, in thousands) or expertN \
                 (N = 1000..95000, in thousands)"
            ),
        })
    })
}

/// N, the longest name an AI may give: 8 on the TI-89, 12 on the TI-92 Plus and Voyage 200
/// (calc/programs/src/ui: the width of an AI's column in the 6x8 font).
pub fn name_limit(model: Model) -> u8 {
    match model {
        Model::Ti89 => 8,
        Model::Ti92Plus | Model::V200 => 12,
    }
}

/// A match: one game of the arbiter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchSetup {
    /// The calculator model.
    pub model: Model,
    /// AI 1 (O, moves first) and AI 2 (X).
    pub ais: [AiSpec; 2],
    /// Their folders (default `ai1`, `ai2`).
    pub folders: [String; 2],
    /// The arbiter's folder, where it is installed and stores its results (default `main`).
    pub arbiter_folder: String,
    /// The AI program's name (default `joueur`).
    pub program: String,
    /// The column variable's name (default `colonne`).
    pub colonne: String,
    /// The name variable's name (default `nom`).
    pub nom: String,
}

impl MatchSetup {
    /// A match on `model` between `ais`, with the default folders and names.
    pub fn new(model: Model, ais: [AiSpec; 2]) -> MatchSetup {
        MatchSetup {
            model,
            ais,
            folders: ["ai1".to_string(), "ai2".to_string()],
            arbiter_folder: "main".to_string(),
            program: "joueur".to_string(),
            colonne: "colonne".to_string(),
            nom: "nom".to_string(),
        }
    }

    /// Checks the names and the levels; the error says which is wrong.
    pub fn validate(&self) -> Result<(), MatchError> {
        for name in self.folders.iter().chain([
            &self.arbiter_folder,
            &self.program,
            &self.colonne,
            &self.nom,
        ]) {
            VarName::new(name)?;
        }
        if self.folders[0] == self.folders[1] {
            return Err(MatchError::Setup(format!(
                "both AIs are in folder {}: each AI needs a folder of its own",
                self.folders[0]
            )));
        }
        if let Some(f) = self.folders.iter().find(|f| **f == self.arbiter_folder) {
            return Err(MatchError::Setup(format!(
                "an AI's folder is {f}, the arbiter's own folder: the AI's colonne and nom would \
                 be the arbiter's results; give each AI a folder of its own (--folders ai1,ai2)"
            )));
        }
        for ai in &self.ais {
            if let AiSpec::Level { level, .. } = ai {
                parse_level(level)?;
            }
            if let AiSpec::Human { name: Some(name) } = ai {
                let limit = usize::from(name_limit(self.model));
                if name.is_empty() || name.chars().count() > limit || name.contains('\\') {
                    return Err(MatchError::Setup(format!(
                        "human:{name}: a name has 1 to {limit} characters on a {} (no \\)",
                        self.model
                    )));
                }
            }
        }
        Ok(())
    }

    /// Game `n` (from 0) of a match of several games: the AIs swap sides every game (AI 1 of
    /// the setup moves first in even games), and the seeds move on by one each game, so that no
    /// two games are the same.
    pub fn game(&self, n: u32) -> MatchSetup {
        let mut this = self.clone();
        for ai in &mut this.ais {
            match ai {
                AiSpec::Level { seed, .. } | AiSpec::File { seed, .. } => {
                    *seed = seed.wrapping_add(n)
                }
                AiSpec::Faulty { .. } | AiSpec::Basic(_) | AiSpec::Human { .. } => {}
            }
        }
        if n % 2 == 1 {
            this.ais.swap(0, 1);
        }
        this
    }

    /// The arguments typed between the parentheses of `arbitre(...)`: the two folders, and
    /// the program and variable names when they are not the defaults.
    pub fn arguments(&self) -> String {
        let mut args = vec![self.folders[0].clone(), self.folders[1].clone()];
        let names = [&self.program, &self.colonne, &self.nom];
        let defaults = ["joueur", "colonne", "nom"];
        if let Some(last) = (0..3).rev().find(|&i| names[i] != defaults[i]) {
            args.extend(names[..=last].iter().map(|s| s.to_string()));
        }
        args.iter()
            .map(|a| format!("\"{a}\""))
            .collect::<Vec<_>>()
            .join(",")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_those_joueur_reads() {
        assert_eq!(parse_level("random").unwrap(), Ai::Random);
        assert_eq!(parse_level("winblock").unwrap(), Ai::WinBlock);
        assert_eq!(parse_level("minimax5").unwrap(), Ai::Minimax(5));
        assert_eq!(parse_level("minimax9").unwrap(), Ai::Minimax(9));
        assert_eq!(
            parse_level("alphabeta20000").unwrap(),
            Ai::AlphaBeta(20_000)
        );
        for (bad, message) in [
            ("minimax0", "depth must be 1 to 9"),
            ("minimax10", "depth must be 1 to 9"),
            ("minimax12", "depth must be 1 to 9"),
            ("minimax42", "depth must be 1 to 9"),
            ("alphabeta1500", "whole thousands"),
            ("alphabeta128000", "whole thousands"),
            ("hard", "unknown level"),
            ("", "unknown level"),
        ] {
            let e = parse_level(bad).unwrap_err().to_string();
            assert!(e.contains(message), "{bad}: {e}");
        }
    }

    #[test]
    fn arguments_name_only_what_differs_from_the_defaults() {
        let mut s = MatchSetup::new(
            Model::Ti89,
            [AiSpec::level("random", 1), AiSpec::level("random", 2)],
        );
        assert_eq!(s.arguments(), r#""ai1","ai2""#);
        s.colonne = "col".into();
        assert_eq!(s.arguments(), r#""ai1","ai2","joueur","col""#);
    }

    #[test]
    fn bad_set_ups_say_what_is_wrong() {
        let mut s = MatchSetup::new(
            Model::Ti89,
            [AiSpec::level("random", 1), AiSpec::level("nope", 2)],
        );
        assert!(s
            .validate()
            .unwrap_err()
            .to_string()
            .contains("unknown level \"nope\""));
        s.ais[1] = AiSpec::level("random", 2);
        s.folders[1] = "ai1".into();
        assert!(s
            .validate()
            .unwrap_err()
            .to_string()
            .contains("folder of its own"));
        s.folders[1] = "main".into();
        assert!(s
            .validate()
            .unwrap_err()
            .to_string()
            .contains("the arbiter's own folder"));
        s.folders[1] = "a very long name".into();
        assert!(s.validate().is_err());
    }
}
