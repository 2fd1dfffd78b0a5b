//! The Connect Four part of the benchmark: the exact solver on Pons' six test sets, side by
//! side with the peer solvers ([`peers`]: Pons' part 12 and BitBully) when they are installed
//! (mean nodes and mean time per position, and each peer's time over ours), the strong solve
//! of the empty board ([`empty`], its own section), and the engine's fingerprint.
//!
//! The comparison is interleaved: position by position, each solver in turn (the first one
//! rotating), so that the load of the machine weighs on all of them alike; every solver clears
//! its table before each position and times its solve alone. Begin-Hard is sampled (every 20th
//! position by default: one of its positions takes seconds); `--step N` samples every set.

pub mod empty;
pub mod peers;

use super::{fmt_mean, fmt_seconds, read_data, BenchError, Measure, Options, Report, Section};
use calc::connect4::search::{self, search_depth};
use calc::connect4::solver::{self, Solver};
use calc::connect4::Board;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// This section.
pub const SECTION: Section = Section {
    name: "connect4",
    by_default: true,
    run,
};

/// One of Pons' test sets.
pub struct TestSet {
    /// Pons' name for it.
    pub name: &'static str,
    /// Its file under `calc/tests/data/connect4/`.
    pub file: &'static str,
    /// Mean nodes per position of Pons' solver, part 12 of the tutorial (as published).
    pub pons_mean_nodes: f64,
    /// The benchmark solves every `step`-th position by default.
    pub step: usize,
}

/// The six sets, from the easiest.
pub const TEST_SETS: [TestSet; 6] = [
    TestSet {
        name: "End-Easy",
        file: "Test_L3_R1",
        pons_mean_nodes: 51.3,
        step: 1,
    },
    TestSet {
        name: "Middle-Easy",
        file: "Test_L2_R1",
        pons_mean_nodes: 449.6,
        step: 1,
    },
    TestSet {
        name: "Middle-Medium",
        file: "Test_L2_R2",
        pons_mean_nodes: 39_900.0,
        step: 1,
    },
    TestSet {
        name: "Begin-Easy",
        file: "Test_L1_R1",
        pons_mean_nodes: 3_298.0,
        step: 1,
    },
    TestSet {
        name: "Begin-Medium",
        file: "Test_L1_R2",
        pons_mean_nodes: 1.20e6,
        step: 1,
    },
    TestSet {
        name: "Begin-Hard",
        file: "Test_L1_R3",
        pons_mean_nodes: 65.9e6,
        step: 20,
    },
];

/// log2 of the entries of the solver's table in the benchmark (8 bytes each).
pub const SOLVER_TABLE_BITS: u32 = 22;

/// One position of a test set.
pub struct TestPosition {
    /// The move string (columns 1-7).
    pub moves: String,
    /// The position.
    pub board: Board,
    /// Its exact score.
    pub score: i8,
}

/// The path of a set's file in the repository.
pub fn set_path(repo: &Path, set: &TestSet) -> PathBuf {
    repo.join("calc/tests/data/connect4").join(set.file)
}

/// Reads a test set (`MOVES SCORE` per line).
pub fn load_set(path: &Path) -> Result<Vec<TestPosition>, BenchError> {
    let text = read_data(path)?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let bad = |what: String| BenchError::Data {
            path: path.to_path_buf(),
            line: i + 1,
            what,
        };
        let mut words = line.split_whitespace();
        let (Some(moves), Some(score), None) = (words.next(), words.next(), words.next()) else {
            return Err(bad(format!("expected `MOVES SCORE`, found {line:?}")));
        };
        let board = Board::from_moves(moves)
            .map_err(|e| bad(format!("bad move string {moves:?}: {e:?}")))?;
        let score = score
            .parse()
            .map_err(|_| bad(format!("bad score {score:?}")))?;
        out.push(TestPosition {
            moves: moves.to_string(),
            board,
            score,
        });
    }
    Ok(out)
}

/// One solver's results on one set.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Positions solved.
    pub positions: usize,
    /// Positions whose score matched the set's.
    pub exact: usize,
    /// Nodes in all.
    pub nodes: u64,
    /// Seconds of solving in all (each solver's own measure, the table's clearing excluded).
    pub seconds: f64,
    /// The first wrong answer: moves, expected, found.
    pub first_wrong: Option<(String, i8, i8)>,
}

impl Tally {
    fn add(&mut self, p: &TestPosition, score: i8, nodes: u64, seconds: f64) {
        self.positions += 1;
        self.nodes += nodes;
        self.seconds += seconds;
        if score == p.score {
            self.exact += 1;
        } else if self.first_wrong.is_none() {
            self.first_wrong = Some((p.moves.clone(), p.score, score));
        }
    }

    /// Mean nodes per position.
    pub fn mean_nodes(&self) -> f64 {
        self.nodes as f64 / self.positions.max(1) as f64
    }

    /// Mean seconds per position.
    pub fn mean_seconds(&self) -> f64 {
        self.seconds / self.positions.max(1) as f64
    }
}

/// Solves `positions` with this project's solver and each of `peers`, interleaved: position by
/// position, each solver in turn (the first one rotating), every table cleared before each
/// position. A peer that fails is dropped (`failed` says why); the others go on. Stops after
/// `max_seconds` of wall time if given; calls `done_one` after each position. The tallies are
/// this project's, then the peers' in order.
pub fn compare_set(
    positions: &[TestPosition],
    table: &mut [solver::Entry],
    peers: &mut [Option<peers::Peer>],
    failed: &mut Vec<String>,
    max_seconds: Option<f64>,
    mut done_one: impl FnMut(),
) -> Vec<Tally> {
    let mut solver = Solver::new(table);
    let mut tallies = vec![Tally::default(); 1 + peers.len()];
    let wall = Instant::now();
    for (i, p) in positions.iter().enumerate() {
        if max_seconds.is_some_and(|m| wall.elapsed().as_secs_f64() >= m) {
            break;
        }
        for k in 0..tallies.len() {
            let who = (i + k) % tallies.len();
            if who == 0 {
                solver.reset();
                let start = Instant::now();
                let score = solver.solve(&p.board, false);
                let seconds = start.elapsed().as_secs_f64();
                tallies[0].add(p, score, solver.nodes(), seconds);
                continue;
            }
            let Some(peer) = &mut peers[who - 1] else {
                continue;
            };
            match peer.solve(&p.moves) {
                Ok(a) => tallies[who].add(p, a.score, a.nodes, a.seconds),
                Err(e) => {
                    failed.push(format!("{}: {e}; dropped from the comparison", peer.name));
                    peers[who - 1] = None;
                }
            }
        }
        done_one();
    }
    tallies
}

/// The engine's fingerprint: the node count of a fixed-depth search from a fixed position with a
/// fixed table size. Returns (position, depth, table entries, result).
pub fn fingerprint() -> (&'static str, u8, usize, search::SearchResult) {
    const POSITION: &str = "4453";
    const DEPTH: u8 = 12;
    const ENTRIES: usize = 1 << 12;
    let mut table = vec![search::Entry::EMPTY; ENTRIES];
    let board = Board::from_moves(POSITION).expect("fixed position");
    (
        POSITION,
        DEPTH,
        ENTRIES,
        search_depth(&board, DEPTH, &mut table),
    )
}

fn run(options: &Options, report: &mut Report) -> Result<(), BenchError> {
    report.line(format_args!(
        "connect4 exact solver (strong), side by side with its peers: position by position, each solver in turn, every table cleared before each position; load average {}",
        load_average()
    ))?;
    let (found, missing) = peers::find();
    report.line(format_args!(
        "connect4 tables: ti68k 2^{SOLVER_TABLE_BITS} entries of 8 bytes ({} MiB){}",
        (1u64 << SOLVER_TABLE_BITS) * 8 / (1 << 20),
        found
            .iter()
            .map(|p| format!("; {} {:.1} MiB", p.name, p.table_mib))
            .collect::<String>()
    ))?;
    for p in &found {
        report.line(format_args!("connect4 peer {}", p.detail))?;
    }
    for m in &missing {
        report.line(format_args!("connect4 peer {m}"))?;
    }
    let names: Vec<&'static str> = core::iter::once("ti68k")
        .chain(found.iter().map(|p| p.name))
        .collect();
    let mut peers: Vec<Option<peers::Peer>> = found.into_iter().map(Some).collect();
    let mut failed = Vec::new();
    let mut table = vec![solver::Entry::EMPTY; 1 << SOLVER_TABLE_BITS];
    let mut behind = Vec::new();
    report.line(format_args!(
        "connect4 {:<13} {:<10} {:>9}  {:>13}  {:>10}  {:>9}",
        "set", "solver", "exact", "mean nodes", "mean time", "time/ours"
    ))?;
    for set in &TEST_SETS {
        let all = load_set(&set_path(&options.repo, set))?;
        let step = options.step.unwrap_or(set.step).max(1);
        let mut positions: Vec<TestPosition> = all.into_iter().step_by(step).collect();
        if let Some(limit) = options.limit {
            positions.truncate(limit);
        }
        report.start(&format!("connect4 {}", set.name), positions.len());
        let tallies = compare_set(
            &positions,
            &mut table,
            &mut peers,
            &mut failed,
            options.max_seconds,
            || report.tick(),
        );
        let ours = tallies[0].mean_seconds();
        for (name, t) in names.iter().zip(&tallies) {
            if t.positions == 0 && *name != "ti68k" {
                continue;
            }
            let ratio = t.mean_seconds() / ours;
            let mut line = format!(
                "connect4 {:<13} {:<10} {:>9}  {:>13}  {:>10}  {:>9}",
                set.name,
                name,
                format!("{}/{}", t.exact, t.positions),
                fmt_mean(t.mean_nodes()),
                fmt_seconds(t.mean_seconds()),
                format!("{ratio:.2}"),
            );
            if *name == "ti68k" {
                line += &format!(
                    "  ({} of {} positions: every {step}; Pons' published part-12 mean nodes {})",
                    t.positions,
                    TOTAL_PER_SET,
                    fmt_mean(set.pons_mean_nodes)
                );
            } else if ratio <= 1.0 {
                behind.push(format!("{} on {}", name, set.name));
            }
            if let Some((moves, want, got)) = &t.first_wrong {
                line += &format!("; WRONG: {moves} gave {got}, expected {want}");
            }
            report.line(format_args!("{line}"))?;
            let ours = *name == "ti68k";
            report.measure(Measure {
                section: SECTION.name,
                name: if ours {
                    set.name.to_string()
                } else {
                    format!("{} {name}", set.name)
                },
                positions: Some(t.positions),
                correct: Some(t.exact),
                work: t.mean_nodes(),
                unit: "nodes",
                seconds: Some(t.mean_seconds()),
                reference: ours.then_some(set.pons_mean_nodes),
            })?;
        }
    }
    for f in &failed {
        report.line(format_args!("connect4 peer {f}"))?;
    }
    if names.len() > 1 {
        if behind.is_empty() {
            report.line(format_args!(
                "connect4 ti68k is faster than {} on every set",
                names[1..].join(" and ")
            ))?;
        } else {
            report.line(format_args!(
                "connect4 ti68k is NOT the fastest: {}",
                behind.join(", ")
            ))?;
        }
    }
    report.line(format_args!(
        "connect4 load average at the end {}",
        load_average()
    ))?;
    let (position, depth, entries, r) = fingerprint();
    report.line(format_args!(
        "connect4 fingerprint: search::search_depth(\"{position}\", depth {depth}, {entries} entries) = {} nodes, column {}, score {}",
        r.nodes,
        r.column.map_or(0, |c| c + 1),
        r.score
    ))?;
    report.measure(Measure::count(
        SECTION.name,
        "fingerprint",
        r.nodes as f64,
        "nodes",
    ))?;
    Ok(())
}

/// Positions in each of Pons' sets.
const TOTAL_PER_SET: usize = 1000;

/// The 1, 5 and 15-minute load averages of the machine (`/proc/loadavg`), or `unknown`.
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|| "unknown".into())
}
