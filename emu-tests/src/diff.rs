//! Differential testing: run the same computation natively and on the 68000, and compare the
//! results field by field. This is the check that caught every compiler problem of the
//! toolchain evaluation (docs/building.md#checks-that-always-run).
//!
//! ```no_run
//! use emu_tests::fixture;
//! use ti_emulator::Machine;
//! use emu_tests::diff::Differential;
//! use ti_files::Model;
//!
//! let mut m = Machine::new(Model::Ti89);
//! m.load(&fixture::assemble_fixture("sum").unwrap()).unwrap();
//! let mut d = Differential::new(m);
//! for x in [1u32, 2, 0xDEAD_BEEF] {
//!     d.check(
//!         &format!("xorshift32({x:#x})"),
//!         || x ^ (x << 13), // the native side (here a wrong one: the diff says so)
//!         |m| Ok(m.call("xorshift32", &[x])?.d0),
//!     )
//!     .unwrap();
//! }
//! println!("{}", d.summary());
//! ```
//!
//! The values compared are any `Debug + PartialEq` type: a tuple, or a struct with the move,
//! score and node count; on a mismatch the error shows both `{:#?}` renderings side by side,
//! line by line, the differing lines marked.

use std::fmt::Debug;

use thiserror::Error;

use ti_emulator::{Failure, Machine};

/// A differential check that did not pass.
#[derive(Debug, Error)]
pub enum DiffError {
    /// The 68000 side failed to run.
    #[error("{case}: the 68000 run failed: {failure}")]
    Emulator {
        /// The case.
        case: String,
        /// Why.
        failure: Failure,
    },
    /// The two sides disagree.
    #[error("{case}: native and 68000 results differ (- native, + 68000):\n{diff}")]
    Mismatch {
        /// The case.
        case: String,
        /// The line-by-line comparison.
        diff: String,
    },
}

/// Compares two results; on a difference, returns a readable line-by-line diff of their
/// pretty `Debug` renderings (`-` native, `+` 68000, unmarked lines equal).
pub fn compare<T: Debug + PartialEq>(case: &str, native: &T, m68k: &T) -> Result<(), DiffError> {
    if native == m68k {
        return Ok(());
    }
    Err(DiffError::Mismatch {
        case: case.into(),
        diff: line_diff(&format!("{native:#?}"), &format!("{m68k:#?}")),
    })
}

/// A line diff of `a` (marked `-`) against `b` (marked `+`), by longest common subsequence.
pub fn line_diff(a: &str, b: &str) -> String {
    let (a, b): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let (n, m) = (a.len(), b.len());
    let mut lcs = vec![vec![0u32; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, String::new());
    while i < n || j < m {
        if i < n && j < m && a[i] == b[j] {
            out.push_str(&format!("  {}\n", a[i]));
            i += 1;
            j += 1;
        } else if i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1]) {
            out.push_str(&format!("- {}\n", a[i]));
            i += 1;
        } else {
            out.push_str(&format!("+ {}\n", b[j]));
            j += 1;
        }
    }
    out
}

/// A machine with a program loaded, and the tally of the cases checked on it.
pub struct Differential {
    /// The machine the 68000 side runs on.
    pub machine: Machine,
    /// Cases checked and equal.
    pub passed: usize,
    /// Emulated cycles spent by all 68000 sides.
    pub cycles: u64,
}

impl Differential {
    /// Starts checking on `machine` (with its program loaded).
    pub fn new(machine: Machine) -> Differential {
        Differential {
            machine,
            passed: 0,
            cycles: 0,
        }
    }

    /// Runs `native`, then `emulated` on the machine, and compares the results.
    pub fn check<T, N, E>(&mut self, case: &str, native: N, emulated: E) -> Result<T, DiffError>
    where
        T: Debug + PartialEq,
        N: FnOnce() -> T,
        E: FnOnce(&mut Machine) -> Result<T, Failure>,
    {
        let want = native();
        let before = self.machine.total_cycles();
        let got = emulated(&mut self.machine).map_err(|failure| DiffError::Emulator {
            case: case.into(),
            failure,
        })?;
        self.cycles += self.machine.total_cycles() - before;
        compare(case, &want, &got)?;
        self.passed += 1;
        Ok(got)
    }

    /// One line: cases passed and cycles spent.
    pub fn summary(&self) -> String {
        format!(
            "{} case(s) equal natively and on the 68000, {} emulated cycles",
            self.passed, self.cycles
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq)]
    struct Search {
        best: u8,
        score: i16,
        nodes: u64,
    }

    #[test]
    fn equal_values_pass() {
        let s = Search {
            best: 3,
            score: 2,
            nodes: 10,
        };
        assert!(compare(
            "x",
            &s,
            &Search {
                best: 3,
                score: 2,
                nodes: 10
            }
        )
        .is_ok());
    }

    #[test]
    fn a_difference_names_the_field() {
        let a = Search {
            best: 3,
            score: 2,
            nodes: 10,
        };
        let b = Search {
            best: 3,
            score: -2,
            nodes: 10,
        };
        let e = compare("pos 4455", &a, &b).unwrap_err().to_string();
        assert!(
            e.starts_with("pos 4455: native and 68000 results differ"),
            "{e}"
        );
        assert!(e.contains("-     score: 2,\n+     score: -2,\n"), "{e}");
        assert!(e.contains("      best: 3,"), "{e}");
    }
}
