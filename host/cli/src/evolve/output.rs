//! The outputs of `ti68k evolve`: the best weights as a TOML file (which `--start` reads back,
//! so runs can be chained), as the calculator variable `poids` to send beside `joueur`, and the
//! chart of the best and mean fitness per generation.
//!
//! ```toml
//! # ti68k evolve: best weights of evolve.txt
//! level = "alphabeta1000"
//! open1 = 1
//! open2 = 5
//! open3 = 18
//! threat = 12
//! parity = 9
//! tempo = 2
//!
//! [final]
//! games = 100
//! points = 57.5
//! elo = 52.3
//! interval95 = 68.1
//! ```

use std::path::Path;

use calc::connect4::eval::Weights;
use calc::connect4::tuning::Tuning;
use serde::Deserialize;

use super::play::poids_variable;
use super::run::Evolution;
use super::EvolveError;
use crate::rating::chart;

/// The weights file.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct WeightsFile {
    /// The level they were tuned for.
    #[serde(default)]
    pub level: Option<String>,
    /// Open windows with 1 stone.
    pub open1: i16,
    /// Open windows with 2 stones.
    pub open2: i16,
    /// Open windows with 3 stones.
    pub open3: i16,
    /// A threat.
    pub threat: i16,
    /// A threat on its owner's parity rows.
    pub parity: i16,
    /// The side to move.
    pub tempo: i16,
    /// The final match against the starting weights.
    #[serde(default, rename = "final")]
    pub final_match: Option<FinalMatch>,
}

/// The final match in a weights file.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct FinalMatch {
    /// Games played.
    pub games: f64,
    /// Points of the best weights.
    pub points: f64,
    /// Their Elo difference over the start.
    pub elo: f64,
    /// Its 95 % interval (±).
    pub interval95: f64,
}

impl WeightsFile {
    /// A file of `weights` tuned at `level`.
    pub fn new(weights: Weights, level: Option<&str>) -> WeightsFile {
        let [open1, open2, open3, threat, parity, tempo] = weights.to_array();
        WeightsFile {
            level: level.map(str::to_string),
            open1,
            open2,
            open3,
            threat,
            parity,
            tempo,
            final_match: None,
        }
    }

    /// The weights.
    pub fn weights(&self) -> Weights {
        Weights::from_array([
            self.open1,
            self.open2,
            self.open3,
            self.threat,
            self.parity,
            self.tempo,
        ])
    }

    /// Reads and checks a weights file.
    pub fn read(path: &Path) -> Result<WeightsFile, EvolveError> {
        let err = |why: String| EvolveError::Weights {
            path: path.display().to_string(),
            why,
        };
        let text = std::fs::read_to_string(path).map_err(|e| err(format!("reading it: {e}")))?;
        let file: WeightsFile = toml::from_str(&text).map_err(|e| {
            err(format!(
                "not a weights file (open1 open2 open3 threat parity tempo, whole numbers): {e}"
            ))
        })?;
        Tuning {
            weights: file.weights(),
            random_plies: 0,
        }
        .check()
        .map_err(|e| err(e.to_string()))?;
        Ok(file)
    }

    /// The file's text (written by hand: the workspace's `toml` parses only; every value is a
    /// number or a level name, which needs no escaping).
    pub fn to_toml(&self) -> String {
        let mut out = String::new();
        if let Some(level) = &self.level {
            out.push_str(&format!("level = {level:?}\n"));
        }
        let names = Weights::NAMES;
        for (name, w) in names.iter().zip(self.weights().to_array()) {
            out.push_str(&format!("{name} = {w}\n"));
        }
        if let Some(f) = &self.final_match {
            out.push_str(&format!(
                "\n[final]\ngames = {:?}\npoints = {:?}\nelo = {:.1}\ninterval95 = {:.1}\n",
                f.games, f.points, f.elo, f.interval95
            ));
        }
        out
    }

    /// Writes it, whole or not at all.
    pub fn write(&self, path: &Path, comment: &str) -> Result<(), EvolveError> {
        let body = self.to_toml();
        ti_files::disk::write_atomic(path, format!("# {comment}\n{body}").as_bytes()).map_err(|e| {
            EvolveError::Weights {
                path: path.display().to_string(),
                why: format!("writing it: {e}"),
            }
        })
    }
}

/// Writes the best weights of `e` as a TOML file, tuned at `level`.
pub fn write_weights(
    path: &Path,
    e: &Evolution,
    level: &str,
    results: &Path,
) -> Result<(), EvolveError> {
    let mut file = WeightsFile::new(e.best, Some(level));
    file.final_match = Some(FinalMatch {
        games: e.final_games,
        points: e.final_points,
        elo: e.elo(),
        interval95: e.interval(),
    });
    file.write(
        path,
        &format!("ti68k evolve: best weights of {}", results.display()),
    )
}

/// Writes `weights` as the variable `folder\poids` in a calculator file for `model` (no random
/// opening: the contest's behaviour, with these weights).
pub fn write_variable(
    path: &Path,
    model: ti_files::Model,
    folder: &str,
    weights: Weights,
) -> Result<(), EvolveError> {
    let tuning = Tuning {
        weights,
        random_plies: 0,
    };
    let var = poids_variable(folder, &tuning)?;
    let bytes = ti_files::VarFile::single(model, var)
        .to_bytes()
        .map_err(|e| EvolveError::Weights {
            path: path.display().to_string(),
            why: format!("encoding the calculator file: {e}"),
        })?;
    ti_files::disk::write_atomic(path, &bytes).map_err(|e| EvolveError::Weights {
        path: path.display().to_string(),
        why: format!("writing it: {e}"),
    })
}

/// Draws the best and mean fitness per generation (percent of the points against the start).
pub fn write_chart(path: &Path, e: &Evolution, title: &str) -> Result<(), EvolveError> {
    let best: Vec<f64> = e.generations.iter().map(|g| 100.0 * g.best()).collect();
    let mean: Vec<f64> = e.generations.iter().map(|g| 100.0 * g.mean()).collect();
    let even = vec![50.0; e.generations.len()];
    chart::generations_png(
        path,
        title,
        "score against the starting weights (%)",
        &[("best", best), ("mean", mean), ("start (50 %)", even)],
    )?;
    Ok(())
}

/// Reads the weights of `folder\poids`-style variable data (the payload before its `c4w`
/// trailer), as `joueur` checks it.
pub fn tuning_of_variable(data: &[u8]) -> Option<Tuning> {
    let trailer = b"\0c4w\0\xF8";
    let payload = data.strip_suffix(trailer.as_slice())?;
    Tuning::decode(payload).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_weights_file_round_trips_and_bad_ones_are_refused() {
        let dir = std::env::temp_dir().join(format!("ti68k-evolve-out-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("w.toml");
        let w = Weights::from_array([2, 5, 18, 11, 9, -1]);
        WeightsFile::new(w, Some("alphabeta1000"))
            .write(&path, "test")
            .unwrap();
        let back = WeightsFile::read(&path).unwrap();
        assert_eq!(back.weights(), w);
        assert_eq!(back.level.as_deref(), Some("alphabeta1000"));
        std::fs::write(&path, "open1 = 1\n").unwrap();
        let e = WeightsFile::read(&path).unwrap_err().to_string();
        assert!(e.contains("not a weights file"), "{e}");
        std::fs::write(
            &path,
            "open1 = 1\nopen2 = 4\nopen3 = 16\nthreat = 5000\nparity = 8\ntempo = 2\n",
        )
        .unwrap();
        let e = WeightsFile::read(&path).unwrap_err().to_string();
        assert!(e.contains("threat is beyond"), "{e}");
        let var = dir.join("poids.89y");
        write_variable(&var, ti_files::Model::Ti89, "ai1", w).unwrap();
        let file =
            ti_files::VarFile::from_bytes(&std::fs::read(&var).unwrap(), ti_files::Model::Ti89)
                .unwrap();
        let t = tuning_of_variable(&file.variables[0].data).unwrap();
        assert_eq!(t.weights, w);
        assert_eq!(t.random_plies, 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
