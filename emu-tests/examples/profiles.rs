//! The cycle profiles of the games' searches on the 68000 (docs/profiling.md): builds `t_c4`
//! and `t_oth`, runs Connect Four's engine (alpha-beta under 20,000 nodes), Connect Four's
//! exact solver (Pons' End-Easy set, every 100th line) and Othello's hard search on the fixed
//! positions of the cycle report (`examples/ai_cycles.rs`) under the emulator's profiler,
//! checks every result against the core run natively, and writes for each a text report
//! (`NAME.txt`: cycles per node, then the profiler's table) and a flame graph (`NAME.svg`):
//! `t_c4`, `t_c4_solver` and `t_oth`.
//!
//! `cargo run --release -p emu-tests --example profiles [-- OUT_DIR [t_c4|t_c4_solver|t_oth]]`
//! (OUT_DIR defaults to `docs/profiles`; about a minute; needs the cross toolchain,
//! tools/setup).

use std::path::{Path, PathBuf};

use calc::connect4::ai::Ai;
use emu_tests::ai::oth::Ai as OthAi;
use emu_tests::ai::{build_entry, c4, open_entry, oth, thousands};
use ti_build::Built;
use ti_emulator::{Machine, Profile};
use ti_files::disk::write_atomic;

/// What the searches of one program did.
struct Searches {
    calls: usize,
    nodes: u64,
    cycles: u64,
}

/// Writes `NAME.txt` and `NAME.svg` into `out`.
fn write(out: &Path, name: &str, what: &str, s: &Searches, profile: &Profile) {
    let per_node = s.cycles / s.nodes.max(1);
    let header = format!(
        "{what}\n{} searches: {} nodes in {} cycles, {} cycles per node ({} nodes per second at 12 MHz)\n\
         The profile also holds the calls that set up each position and read the results.\n\
         Made by `cargo run --release -p emu-tests --example profiles` (docs/profiling.md).\n\n",
        s.calls,
        thousands(s.nodes),
        thousands(s.cycles),
        thousands(per_node),
        thousands(12_000_000 / per_node.max(1)),
    );
    let text = header + &profile.table(30, 6, 20);
    let path = out.join(format!("{name}.txt"));
    write_atomic(&path, text.as_bytes()).expect("writing the text report");
    let title = format!("{name}: {what}");
    let svg = profile.flame_graph(&title).expect("the flame graph");
    let svg_path = out.join(format!("{name}.svg"));
    write_atomic(&svg_path, svg.as_bytes()).expect("writing the flame graph");
    println!(
        "{name}: {} cycles per node; wrote {} and {}",
        thousands(per_node),
        path.display(),
        svg_path.display()
    );
}

/// Runs `search` on every item under the emulator's profiler (each call sets its position,
/// checks its result against native and returns its nodes and cycles), then writes the
/// reports `NAME.txt` and `NAME.svg`.
fn profile<T>(
    out: &Path,
    (name, what): (&str, &str),
    built: &Built,
    m: &mut Machine,
    items: &[T],
    mut search: impl FnMut(&mut Machine, &T) -> (u64, u64),
) {
    let mut s = Searches {
        calls: items.len(),
        nodes: 0,
        cycles: 0,
    };
    m.start_profiling(&built.symbols).unwrap();
    for item in items {
        let (nodes, cycles) = search(m, item);
        s.nodes += nodes;
        s.cycles += cycles;
    }
    let profile = m.stop_profiling().unwrap();
    write(out, name, what, &s, &profile);
}

fn connect_four(out: &Path) {
    let built = build_entry("t_c4");
    let mut m = open_entry(&built);
    let tables = c4::Tables::of(&mut m).unwrap();
    let ai = Ai::STRONG;
    let what = "Connect Four's engine, alpha-beta under 20,000 nodes (c4_choose), on the 8 positions of the cycle report";
    profile(
        out,
        ("t_c4", what),
        &built,
        &mut m,
        &c4::report_positions(),
        |m, moves| {
            c4::set_position(m, moves).unwrap();
            let (got, cycles) = c4::emulated_choose(m, ai, 1).unwrap();
            let want = c4::native_choose(moves, ai, 1, &tables);
            assert_eq!(got, want, "connect four {moves:?}: 68000 and native differ");
            (u64::from(got.nodes), cycles)
        },
    );
}

fn connect_four_solver(out: &Path) {
    let built = build_entry("t_c4");
    let mut m = open_entry(&built);
    let tables = c4::Tables::of(&mut m).unwrap();
    let what = "Connect Four's exact solver (c4_solve, strong), on Pons' End-Easy set every 100th line, as the cycle report";
    profile(
        out,
        ("t_c4_solver", what),
        &built,
        &mut m,
        &c4::report_solver_positions(),
        |m, line| {
            let moves = c4::columns(line.split(' ').next().expect("moves"));
            c4::set_position(m, &moves).unwrap();
            let (got, cycles) = c4::emulated_solve(m, false).unwrap();
            let want = c4::native_solve(&moves, false, &tables);
            assert_eq!(
                got, want,
                "connect four solver {line}: 68000 and native differ"
            );
            (got.nodes, cycles)
        },
    );
}

fn othello(out: &Path) {
    let built = build_entry("t_oth");
    let mut m = open_entry(&built);
    let len = oth::table_len(&mut m).unwrap();
    let mut rng = oth::report_rng();
    let positions = oth::report_midgames(&mut rng);
    let (_, level) = oth::levels()
        .into_iter()
        .find(|(name, _)| *name == "search hard")
        .expect("the hard level");
    let ai = OthAi::Search(level, 0);
    let what =
        "Othello's search, hard level (oth_search), on the 8 midgame positions of the cycle report";
    profile(out, ("t_oth", what), &built, &mut m, &positions, |m, g| {
        oth::set_position(m, g).unwrap();
        let (got, cycles) = oth::emulated_choose(m, ai, 1).unwrap();
        let want = oth::native_choose(g, ai, 1, len);
        assert_eq!(got, want, "othello {g:?}: 68000 and native differ");
        (got.nodes, cycles)
    });
}

fn main() {
    let out = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| testkit::repo_root().join("docs/profiles"));
    // A second argument makes one profile only: `t_c4`, `t_c4_solver` or `t_oth`.
    let only = std::env::args().nth(2);
    std::fs::create_dir_all(&out).expect("creating the output directory");
    if only.as_deref().is_none_or(|p| p == "t_c4") {
        connect_four(&out);
    }
    if only.as_deref().is_none_or(|p| p == "t_c4_solver") {
        connect_four_solver(&out);
    }
    if only.as_deref().is_none_or(|p| p == "t_oth") {
        othello(&out);
    }
}
