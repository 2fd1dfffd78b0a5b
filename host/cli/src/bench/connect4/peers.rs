//! The two peer solvers the Connect Four benchmark compares with, each run as a child process
//! that solves one position per line of its standard input, its table cleared before each
//! position, and answers with the score, the node count and its own measure of the solve's
//! time (the table's clearing excluded, as for this project's solver).
//!
//! - **Pons**: the `c4solver` of Pascal Pons' "Solving Connect Four" tutorial, part 12 (no
//!   opening book), built from its public source. Found through `TI68K_PONS_SOLVER` (the
//!   binary's path), else as `c4solver` on the `PATH`. It answers `MOVES SCORE NODES
//!   MICROSECONDS`.
//! - **BitBully**: the C++ solver of the `bitbully` package on PyPI (Markus Thill), driven by
//!   the small Python program [`BITBULLY_DRIVER`] through `TI68K_PYTHON` (default `python3`):
//!   `BitBullyCore` without an opening book, `resetTranspositionTable()` before each position,
//!   `mtdf(board, 0)` timed around the call alone. It answers `SCORE NODES MICROSECONDS`.
//!
//! When a peer is missing, [`find`] says how to get it.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// The Python program that runs BitBully: a first line `bitbully VERSION` (or `error ...`),
/// then one answer line per position line (moves as columns 1-7, empty for the empty board).
pub const BITBULLY_DRIVER: &str = r#"
import sys, time
try:
    import bitbully
    import bitbully.bitbully_core as core
except Exception as e:
    print("error cannot import bitbully (%s)" % e, flush=True)
    sys.exit(3)
solver = core.BitBullyCore()
print("bitbully %s" % getattr(bitbully, "__version__", "?"), flush=True)
for line in sys.stdin:
    moves = line.strip()
    board = core.BoardCore()
    if moves and not board.setBoard("".join(str(int(c) - 1) for c in moves)):
        print("error bad position %s" % moves, flush=True)
        continue
    solver.resetTranspositionTable()
    solver.resetNodeCounter()
    start = time.perf_counter_ns()
    score = solver.mtdf(board, 0)
    ns = time.perf_counter_ns() - start
    print(score, solver.getNodeCounter(), "%.3f" % (ns / 1000.0), flush=True)
"#;

/// How to build Pons' solver, said when it is missing.
pub const PONS_HOWTO: &str = "git clone https://github.com/PascalPons/connect4 && cd connect4 \
     && git checkout part12 && make, then export TI68K_PONS_SOLVER=$PWD/c4solver";

/// How to install BitBully, said when it is missing.
pub const BITBULLY_HOWTO: &str =
    "pip install bitbully (into the python3 on the PATH, or set TI68K_PYTHON)";

/// A peer's answer for one position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Answer {
    /// Its score (the test sets' convention).
    pub score: i8,
    /// Its node count.
    pub nodes: u64,
    /// Its time for the solve, in seconds.
    pub seconds: f64,
}

/// Why a peer could not be used, or stopped.
#[derive(Debug, thiserror::Error)]
pub enum PeerError {
    /// It is not installed; how to get it.
    #[error("not found ({why}); to compare, {howto}")]
    Missing {
        /// What was looked for.
        why: String,
        /// How to get it.
        howto: &'static str,
    },
    /// It could not be started or talked to.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// It answered something else than expected.
    #[error("unexpected answer {line:?} for position {moves:?}")]
    Answer {
        /// The position sent.
        moves: String,
        /// What came back (empty when it closed its output).
        line: String,
    },
}

/// A running peer.
pub struct Peer {
    /// Its name in the report.
    pub name: &'static str,
    /// What it is (path, version), for the report.
    pub detail: String,
    /// The memory of its table, as its source sets it (MiB).
    pub table_mib: f64,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Peer {
    /// Solves the position of `moves` (columns 1-7; empty for the empty board).
    pub fn solve(&mut self, moves: &str) -> Result<Answer, PeerError> {
        writeln!(self.input, "{moves}")?;
        self.input.flush()?;
        let mut line = String::new();
        self.output.read_line(&mut line)?;
        let bad = || PeerError::Answer {
            moves: moves.to_string(),
            line: line.trim_end().to_string(),
        };
        // The last three fields: score, nodes, microseconds (Pons puts the moves first).
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [score, nodes, micros] = fields.get(fields.len().wrapping_sub(3)..).unwrap_or(&[])
        else {
            return Err(bad());
        };
        let (Ok(score), Ok(nodes), Ok(micros)) = (
            score.parse::<i8>(),
            nodes.parse::<u64>(),
            micros.parse::<f64>(),
        ) else {
            return Err(bad());
        };
        Ok(Answer {
            score,
            nodes,
            seconds: micros * 1e-6,
        })
    }
}

impl Drop for Peer {
    fn drop(&mut self) {
        // Closing its input ends it; a peer stuck in a long solve is killed.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Pons' solver, if found (module doc).
pub fn pons() -> Result<Peer, PeerError> {
    let path = match std::env::var_os("TI68K_PONS_SOLVER") {
        Some(p) => {
            let p = PathBuf::from(p);
            if !p.is_file() {
                return Err(PeerError::Missing {
                    why: format!("TI68K_PONS_SOLVER={} is not a file", p.display()),
                    howto: PONS_HOWTO,
                });
            }
            p
        }
        None => on_path("c4solver").ok_or(PeerError::Missing {
            why: "TI68K_PONS_SOLVER is not set and no c4solver is on the PATH".into(),
            howto: PONS_HOWTO,
        })?,
    };
    let mut child = Command::new(&path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()?;
    let input = child.stdin.take().expect("piped");
    let output = BufReader::new(child.stdout.take().expect("piped"));
    Ok(Peer {
        name: "Pons p12",
        detail: format!("Pons part 12: {}", path.display()),
        // 2^23 + 9 entries (a prime), a 4-byte partial key and a 1-byte value each.
        table_mib: 8_388_617.0 * 5.0 / 1_048_576.0,
        child,
        input,
        output,
    })
}

/// BitBully, if the Python of `TI68K_PYTHON` (default `python3`) can import it.
pub fn bitbully() -> Result<Peer, PeerError> {
    let python = std::env::var("TI68K_PYTHON").unwrap_or_else(|_| "python3".into());
    let missing = |why: String| PeerError::Missing {
        why,
        howto: BITBULLY_HOWTO,
    };
    let mut child = Command::new(&python)
        .args(["-c", BITBULLY_DRIVER])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| missing(format!("cannot run {python}: {e}")))?;
    let input = child.stdin.take().expect("piped");
    let mut output = BufReader::new(child.stdout.take().expect("piped"));
    let mut hello = String::new();
    output.read_line(&mut hello)?;
    let Some(version) = hello.trim_end().strip_prefix("bitbully ") else {
        let _ = child.kill();
        let _ = child.wait();
        let said = hello.trim_end();
        return Err(missing(if said.is_empty() {
            format!("{python} said nothing")
        } else {
            format!("{python}: {said}")
        }));
    };
    Ok(Peer {
        name: "BitBully",
        detail: format!("BitBully {version} (PyPI, mtdf, no opening book): {python}"),
        // 2^22 entries of 16 bytes (a 64-bit key, a flag and a value).
        table_mib: 64.0,
        child,
        input,
        output,
    })
}

/// The peers that could be started, and a line for each one that could not.
pub fn find() -> (Vec<Peer>, Vec<String>) {
    let mut found = Vec::new();
    let mut missing = Vec::new();
    for (name, start) in [
        ("Pons part 12", pons as fn() -> Result<Peer, PeerError>),
        ("BitBully", bitbully),
    ] {
        match start() {
            Ok(p) => found.push(p),
            Err(e) => missing.push(format!("{name}: {e}")),
        }
    }
    (found, missing)
}

/// The first file named `name` in a directory of the `PATH`.
fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| Path::new(p).is_file())
}
