//! The Othello part of the benchmark: perft speed, the exact solver on the FFO endgame suite
//! (#1-#19 and #20-#39: mean nodes and time per position; #40-#59: nodes and time of each
//! position solved within 60 s), and the engine's fingerprints. `--limit` and `--max-seconds`
//! cut each set to its first positions.

use super::{fmt_mean, fmt_seconds, read_data, BenchError, Measure, Options, Report, Section};
use calc::budget::{Budget, Unlimited};
use calc::othello::obf::Obf;
use calc::othello::perft::perft;
use calc::othello::search::{self, Level};
use calc::othello::solver::solve;
use calc::othello::tt::Entry;
use calc::othello::Position;
use std::path::Path;
use std::time::{Duration, Instant};

/// This section.
pub const SECTION: Section = Section {
    name: "othello",
    by_default: true,
    run,
};

/// Entries of the solver's table in the benchmark: 2^22 (96 MiB).
pub const TABLE_BITS: u32 = 22;

/// Time allowed to each of FFO #40-#59.
pub const HARD_LIMIT: Duration = Duration::from_secs(60);

/// Entries of the table of the fingerprint searches: 2^16 (what a calculator program could
/// lend: the fingerprint must be the same there).
pub const FINGERPRINT_TABLE: usize = 1 << 16;

/// One FFO file.
struct FfoSet {
    file: &'static str,
    first: usize,
    limited: bool,
}

const SETS: [FfoSet; 3] = [
    FfoSet {
        file: "fforum-1-19.obf",
        first: 1,
        limited: false,
    },
    FfoSet {
        file: "fforum-20-39.obf",
        first: 20,
        limited: false,
    },
    FfoSet {
        file: "fforum-40-59.obf",
        first: 40,
        limited: true,
    },
];

/// Reads an OBF file: (position number, parsed line).
pub fn read_ffo(path: &Path, first: usize) -> Result<Vec<(usize, Obf)>, BenchError> {
    let text = read_data(path)?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let obf = Obf::parse(line).map_err(|e| BenchError::Data {
            path: path.to_path_buf(),
            line: i + 1,
            what: format!("not an OBF position: {e}"),
        })?;
        out.push((first + out.len(), obf));
    }
    Ok(out)
}

/// A budget that stops after `limit` of wall-clock time.
struct Clock {
    start: Instant,
    limit: Duration,
}

impl Budget for Clock {
    fn exhausted(&mut self, _nodes: u64) -> bool {
        self.start.elapsed() >= self.limit
    }
}

fn run(options: &Options, report: &mut Report) -> Result<(), BenchError> {
    // Perft: move generation speed.
    let t = Instant::now();
    let leaves = perft(&Position::initial(), 10);
    let s = t.elapsed().as_secs_f64();
    report.line(format_args!(
        "othello perft 10: {} leaves in {} ({} leaves/s)",
        fmt_mean(leaves as f64),
        fmt_seconds(s),
        fmt_mean(leaves as f64 / s)
    ))?;
    report.measure(Measure {
        section: SECTION.name,
        name: "perft 10".into(),
        positions: None,
        correct: None,
        work: leaves as f64,
        unit: "leaves",
        seconds: Some(s),
        reference: None,
    })?;
    let mut table = vec![Entry::default(); 1 << TABLE_BITS];
    for set in &SETS {
        let path = options.repo.join("calc/tests/data/othello").join(set.file);
        let mut positions = read_ffo(&path, set.first)?;
        if let Some(n) = options.limit {
            positions.truncate(n);
        }
        report.start(&format!("othello FFO #{}-", set.first), positions.len());
        let (mut nodes, mut secs, mut solved, mut right) = (0u64, 0f64, 0usize, 0usize);
        let (mut tried, mut spent) = (0, 0f64);
        for (number, obf) in &positions {
            if options.max_seconds.is_some_and(|m| spent >= m) {
                break;
            }
            tried += 1;
            let p = obf.position();
            let t = Instant::now();
            let result = if set.limited {
                let mut clock = Clock {
                    start: t,
                    limit: HARD_LIMIT,
                };
                solve(&p, &mut table, &mut clock)
            } else {
                solve(&p, &mut table, &mut Unlimited)
            };
            let s = t.elapsed().as_secs_f64();
            spent += s;
            report.tick();
            match result {
                Ok(sol) => {
                    let ok = Some(sol.score as i8) == obf.best_score()
                        && sol.best.is_some_and(|b| obf.best_moves() & b.bit() != 0);
                    solved += 1;
                    right += ok as usize;
                    nodes += sol.nodes;
                    secs += s;
                    if set.limited {
                        let best = sol.best.map_or("--".to_string(), |b| {
                            String::from_utf8_lossy(&b.name()).into_owned()
                        });
                        report.line(format_args!(
                            "othello FFO #{number} ({} empties): {:+} by {best}{}, {} nodes, {}",
                            p.empty_count(),
                            sol.score,
                            if ok { "" } else { " (WRONG)" },
                            fmt_mean(sol.nodes as f64),
                            fmt_seconds(s)
                        ))?;
                    }
                }
                Err(stopped) => {
                    report.line(format_args!(
                        "othello FFO #{number} ({} empties): not solved within {} s ({} nodes)",
                        p.empty_count(),
                        HARD_LIMIT.as_secs(),
                        fmt_mean(stopped.nodes as f64)
                    ))?;
                }
            }
        }
        let last = set.first + tried.max(1) - 1;
        let n = solved.max(1) as f64;
        report.line(format_args!(
            "othello FFO #{}-#{last}: {solved}/{tried} solved, {right} right; mean {} nodes, {} per solved position",
            set.first,
            fmt_mean(nodes as f64 / n),
            fmt_seconds(secs / n)
        ))?;
        report.measure(Measure {
            section: SECTION.name,
            name: format!("FFO #{}-#{last}", set.first),
            positions: Some(solved),
            correct: Some(right),
            work: nodes as f64 / n,
            unit: "nodes",
            seconds: Some(secs / n),
            reference: None,
        })?;
    }
    fingerprint(report)
}

/// FFO #40 (20 empties, black to move): the midgame fingerprint position.
pub const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
/// FFO #1 (14 empties, black to move): the solver fingerprint position.
pub const FFO_1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";

/// The engine's fingerprints, node counts of fixed searches (the same on the 68000): the
/// searching AI at the hard level on FFO #40, and the exact solver on FFO #1, each with a
/// table of [`FINGERPRINT_TABLE`] entries.
pub fn fingerprint_nodes() -> (u64, u64) {
    let position = |text: &str| Obf::parse(text).map_or(Position::initial(), |o| o.position());
    let mut table = vec![Entry::default(); FINGERPRINT_TABLE];
    let search = search::choose_move(&position(FFO_40), Level::HARD, &mut table, &mut Unlimited);
    let mut table = vec![Entry::default(); FINGERPRINT_TABLE];
    let solved = solve(&position(FFO_1), &mut table, &mut Unlimited).map_or(0, |s| s.nodes);
    (search.nodes, solved)
}

fn fingerprint(report: &mut Report) -> Result<(), BenchError> {
    let t = Instant::now();
    let (search, solved) = fingerprint_nodes();
    report.line(format_args!(
        "othello fingerprint: hard search on FFO #40 {search} nodes; solve FFO #1 {solved} nodes (table 2^16; {})",
        fmt_seconds(t.elapsed().as_secs_f64())
    ))?;
    for (name, nodes) in [
        ("fingerprint search", search),
        ("fingerprint solve", solved),
    ] {
        report.measure(Measure::count(SECTION.name, name, nodes as f64, "nodes"))?;
    }
    Ok(())
}
