//! The Connect Four part of the benchmark: the exact solver on Pons' six test sets (mean nodes
//! and mean time per position, next to the figures of part 12 of Pons' tutorial), and the
//! engine's fingerprint.

use super::{fmt_mean, fmt_seconds, read_data, BenchError, Measure, Options, Report, Section};
use calc::connect4::search::{self, search_depth};
use calc::connect4::solver::{self, Solver};
use calc::connect4::Board;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// This section.
pub const SECTION: Section = Section {
    name: "connect4",
    run,
};

/// One of Pons' test sets.
pub struct TestSet {
    /// Pons' name for it.
    pub name: &'static str,
    /// Its file under `calc/tests/data/connect4/`.
    pub file: &'static str,
    /// Mean nodes per position of Pons' solver, part 12 of the tutorial.
    pub pons_mean_nodes: f64,
}

/// The six sets, from the easiest.
pub const TEST_SETS: [TestSet; 6] = [
    TestSet {
        name: "End-Easy",
        file: "Test_L3_R1",
        pons_mean_nodes: 51.3,
    },
    TestSet {
        name: "Middle-Easy",
        file: "Test_L2_R1",
        pons_mean_nodes: 449.6,
    },
    TestSet {
        name: "Middle-Medium",
        file: "Test_L2_R2",
        pons_mean_nodes: 39_900.0,
    },
    TestSet {
        name: "Begin-Easy",
        file: "Test_L1_R1",
        pons_mean_nodes: 3_298.0,
    },
    TestSet {
        name: "Begin-Medium",
        file: "Test_L1_R2",
        pons_mean_nodes: 1.20e6,
    },
    TestSet {
        name: "Begin-Hard",
        file: "Test_L1_R3",
        pons_mean_nodes: 65.9e6,
    },
];

/// Entries of the solver's table in the benchmark: 2^23 (64 MiB), as many as Pons' table.
pub const SOLVER_TABLE_BITS: u32 = 23;

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
        let board =
            Board::from_moves(moves).map_err(|e| bad(format!("bad move string {moves:?}: {e}")))?;
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

/// Mean nodes, mean time and correctness of one set.
pub struct SetResult {
    /// Positions solved.
    pub positions: usize,
    /// Positions whose score matched the set's.
    pub exact: usize,
    /// Mean nodes per position.
    pub mean_nodes: f64,
    /// Mean seconds per position (the table's reset excluded).
    pub mean_seconds: f64,
    /// The first wrong answer: moves, expected, found.
    pub first_wrong: Option<(String, i8, i8)>,
}

/// Solves `positions` one by one with a cleared table each time, stopping after
/// `max_seconds` of solving if given; `done` is called after each position.
pub fn solve_set(
    positions: &[TestPosition],
    table: &mut [solver::Entry],
    max_seconds: Option<f64>,
    mut done_one: impl FnMut(),
) -> SetResult {
    let mut solver = Solver::new(table);
    let mut nodes = 0u64;
    let mut seconds = 0f64;
    let mut exact = 0;
    let mut first_wrong = None;
    let mut done = 0;
    for p in positions {
        if max_seconds.is_some_and(|m| seconds >= m) {
            break;
        }
        done += 1;
        solver.reset();
        let start = Instant::now();
        let score = solver.solve(&p.board, false);
        seconds += start.elapsed().as_secs_f64();
        nodes += solver.nodes();
        if score == p.score {
            exact += 1;
        } else if first_wrong.is_none() {
            first_wrong = Some((p.moves.clone(), p.score, score));
        }
        done_one();
    }
    let n = done.max(1) as f64;
    SetResult {
        positions: done,
        exact,
        mean_nodes: nodes as f64 / n,
        mean_seconds: seconds / n,
        first_wrong,
    }
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
    let mut table = vec![solver::Entry::EMPTY; 1 << SOLVER_TABLE_BITS];
    report.line(format_args!(
        "connect4 solver (strong), table 2^{SOLVER_TABLE_BITS} entries cleared before each position; Pons part 12 in brackets"
    ))?;
    for set in &TEST_SETS {
        let mut positions = load_set(&set_path(&options.repo, set))?;
        let total = positions.len();
        if let Some(limit) = options.limit {
            positions.truncate(limit);
        }
        report.start(&format!("connect4 {}", set.name), positions.len());
        let r = solve_set(&positions, &mut table, options.max_seconds, || {
            report.tick()
        });
        let wrong = match &r.first_wrong {
            Some((moves, want, got)) => format!("; WRONG: {moves} gave {got}, expected {want}"),
            None => String::new(),
        };
        report.line(format_args!(
            "connect4 {:<13} {}: {:>4}/{} exact (of {total}), mean nodes {:>12} ({:>10}), mean time {}{wrong}",
            set.name,
            set.file,
            r.exact,
            r.positions,
            fmt_mean(r.mean_nodes),
            fmt_mean(set.pons_mean_nodes),
            fmt_seconds(r.mean_seconds)
        ))?;
        report.measure(Measure {
            section: SECTION.name,
            name: set.name.to_string(),
            positions: Some(r.positions),
            correct: Some(r.exact),
            work: r.mean_nodes,
            unit: "nodes",
            seconds: Some(r.mean_seconds),
            reference: Some(set.pons_mean_nodes),
        })?;
    }
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
