//! The benchmark behind `ti68k bench`: for each game, mean nodes and mean time per position of its
//! test sets, and a fixed-position node count that is the engine's fingerprint (quote it whenever
//! a search changes).
//!
//! A benchmark measures and prints; it asserts nothing about time (correctness of the scores is
//! checked and reported, and the test suites check it too). Each game is one [`Section`] in
//! [`SECTIONS`]: adding a game is one `mod` line and one entry there. A section reads its data
//! from the repository (`Options::repo`), prints its own lines, and honours `Options::limit`
//! (at most that many positions per set) and `Options::max_seconds` (a time budget per set), both
//! keeping the first positions of a set, for a quick run; Connect Four's sections also honour
//! `Options::step` (every n-th position) and compare with peer solvers when they are installed.
//! A section of minutes (`connect4-empty`) runs only when named.
//!
//! A section reports to a [`Report`]: lines of text for a reader, and a [`Measure`] for each
//! figure, which `ti68k bench --json` prints as one JSON object a line (docs/cli.md#bench). The
//! report also carries the progress bar of the positions being measured.

use std::fmt;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use indicatif::ProgressBar;
use serde::Serialize;

pub mod connect4;
pub mod entropy;
pub mod othello;
pub mod tictactoe;

/// One game's part of the benchmark.
pub struct Section {
    /// Its name on the command line (`ti68k bench NAME`) and at the start of its lines.
    pub name: &'static str,
    /// Whether `ti68k bench` without names runs it (a section of minutes runs only when
    /// named).
    pub by_default: bool,
    /// Runs it, reporting to the report.
    pub run: fn(&Options, &mut Report) -> Result<(), BenchError>,
}

/// One figure of the benchmark (a `--json` line).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Measure {
    /// The section (`connect4`, `othello`, `tictactoe`, `entropy`).
    pub section: &'static str,
    /// What was measured (`End-Easy`, `fingerprint`, `perft 10`, `minimax depth 5`...).
    pub name: String,
    /// Positions measured, for a test set.
    pub positions: Option<usize>,
    /// Of them, those answered right.
    pub correct: Option<usize>,
    /// The work: mean per position for a set, the count for a single search.
    pub work: f64,
    /// What `work` counts: `nodes`, `leaves`, `evaluations`.
    pub unit: &'static str,
    /// Seconds: mean per position for a set, the time of a single search; `None` where the
    /// figure is a count only (fingerprints).
    pub seconds: Option<f64>,
    /// The published figure the work compares with (Pons' mean nodes), if any.
    pub reference: Option<f64>,
}

impl Measure {
    /// A count alone (a fingerprint): `work` in `unit`, no set, no time, no reference.
    pub fn count(
        section: &'static str,
        name: impl Into<String>,
        work: f64,
        unit: &'static str,
    ) -> Measure {
        Measure {
            section,
            name: name.into(),
            positions: None,
            correct: None,
            work,
            unit,
            seconds: None,
            reference: None,
        }
    }
}

/// Where a section's results go (module doc).
pub struct Report<'a> {
    out: &'a mut dyn Write,
    json: bool,
    progress: ProgressBar,
}

impl<'a> Report<'a> {
    /// A report printing text lines to `out`, or JSON lines when `json`.
    pub fn new(out: &'a mut dyn Write, json: bool) -> Report<'a> {
        Report {
            out,
            json,
            progress: ProgressBar::hidden(),
        }
    }

    /// Shows the progress of the positions on `bar` (hidden by default).
    pub fn with_progress(mut self, bar: ProgressBar) -> Report<'a> {
        self.progress = bar;
        self
    }

    /// A line of text (not printed with `--json`).
    pub fn line(&mut self, text: fmt::Arguments) -> io::Result<()> {
        if self.json {
            return Ok(());
        }
        self.progress.suspend(|| {
            self.out.write_fmt(text)?;
            writeln!(self.out)?;
            self.out.flush()
        })
    }

    /// A figure (printed as a JSON line with `--json`).
    pub fn measure(&mut self, measure: Measure) -> io::Result<()> {
        if !self.json {
            return Ok(());
        }
        let text = serde_json::to_string(&measure).map_err(io::Error::other)?;
        self.progress.suspend(|| {
            writeln!(self.out, "{text}")?;
            self.out.flush()
        })
    }

    /// Starts counting `len` positions of `what`.
    pub fn start(&self, what: &str, len: usize) {
        self.progress.set_message(what.to_string());
        self.progress.set_length(len as u64);
        self.progress.set_position(0);
    }

    /// One more position done.
    pub fn tick(&self) {
        self.progress.inc(1);
    }

    /// Clears the progress bar at the end.
    pub fn finish(&self) {
        self.progress.finish_and_clear();
    }
}

/// Every section, in the order `ti68k bench` runs them.
pub const SECTIONS: &[Section] = &[
    connect4::SECTION,
    connect4::empty::SECTION,
    othello::SECTION,
    tictactoe::SECTION,
    entropy::SECTION,
];

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// The repository's root (the data files are found from there).
    pub repo: PathBuf,
    /// At most this many positions from each set (`None`: all of them).
    pub limit: Option<usize>,
    /// Stop a set after this many seconds of solving (the positions done so far are reported,
    /// always the first ones of the set). `None`: no limit.
    pub max_seconds: Option<f64>,
    /// Solve every `step`-th position of each set (`None`: each section's default).
    pub step: Option<usize>,
}

/// Why the benchmark could not run.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// A data file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A line of a data file is malformed.
    #[error("{path}, line {line}: {what}")]
    Data {
        /// The file.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        what: String,
    },
    /// The output could not be written.
    #[error("cannot write the benchmark's output: {0}")]
    Write(#[from] std::io::Error),
    /// No section has this name.
    #[error("no benchmark section named {0:?} (known: {1})")]
    UnknownSection(String, String),
}

/// Runs the sections named in `names` (when empty, those run by default), in the order of
/// [`SECTIONS`].
pub fn run(names: &[String], options: &Options, report: &mut Report) -> Result<(), BenchError> {
    for name in names {
        if !SECTIONS.iter().any(|s| s.name == name) {
            let known: Vec<&str> = SECTIONS.iter().map(|s| s.name).collect();
            return Err(BenchError::UnknownSection(name.clone(), known.join(", ")));
        }
    }
    for section in SECTIONS {
        if (names.is_empty() && section.by_default) || names.iter().any(|n| n == section.name) {
            (section.run)(options, report)?;
        }
    }
    report.finish();
    Ok(())
}

/// Reads a data file into memory, with the path in the error.
pub fn read_data(path: &Path) -> Result<String, BenchError> {
    std::fs::read_to_string(path).map_err(|source| BenchError::Read {
        path: path.to_path_buf(),
        source,
    })
}

/// Formats a mean for the report: 3 significant digits at least, thousands separated by commas
/// (`51.3`, `449.6`, `39,900`, `1,204,517`).
pub fn fmt_mean(value: f64) -> String {
    if value < 1000.0 {
        return format!("{value:.1}");
    }
    let whole = value.round() as u64;
    let digits = whole.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// Formats a duration given in seconds with a unit that suits it (`812 ns`, `3.41 µs`, `1.25 ms`,
/// `2.03 s`).
pub fn fmt_seconds(s: f64) -> String {
    if s < 1e-6 {
        format!("{:.0} ns", s * 1e9)
    } else if s < 1e-3 {
        format!("{:.2} µs", s * 1e6)
    } else if s < 1.0 {
        format!("{:.2} ms", s * 1e3)
    } else {
        format!("{s:.2} s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn means_are_readable() {
        assert_eq!(fmt_mean(51.26), "51.3");
        assert_eq!(fmt_mean(39_900.4), "39,900");
        assert_eq!(fmt_mean(1_204_517.0), "1,204,517");
        assert_eq!(fmt_seconds(2.5e-6), "2.50 µs");
        assert_eq!(fmt_seconds(2.0), "2.00 s");
    }

    #[test]
    fn unknown_sections_are_refused_with_the_known_ones() {
        let options = Options {
            repo: PathBuf::from("."),
            limit: Some(0),
            max_seconds: None,
            step: None,
        };
        let mut out = Vec::new();
        let err = run(
            &["chess".into()],
            &options,
            &mut Report::new(&mut out, false),
        )
        .unwrap_err();
        assert!(err.to_string().contains("connect4"), "{err}");
    }
}
