//! Every AI of Connect Four on the 68000: `t_c4`, built by the cross build and run in the
//! CPU harness, returns the same move, score, node count and generator state as the core run
//! natively: the ladder (random, win/block, Min-Max 3/5/9, the alpha-beta engine under a
//! node budget, the expert: opening book, then the engine, and the exact solver near the end,
//! where it proves a win, proves a draw or loss, or gives up) on positions of seeded random
//! play with several seeds, and the exact solver
//! on Pons' test positions (whose scores it must also find). The default run is a bounded
//! sample (about a minute); `--ignored` runs the large set. The cycles per move are printed
//! (`--nocapture`); the report of every game is `cargo run --release -p emu-tests --example
//! ai_cycles`.

mod programs;

use calc::connect4::ai::Ai;
use emu_tests::ai::{c4, Costs};
use emu_tests::diff::Differential;
use ti_emulator::Machine;

const GAME: &str = "connect four";

/// Checks `ai` with each seed on each position.
fn check_ai(
    d: &mut Differential,
    costs: &mut Costs,
    tables: &c4::Tables,
    name: &str,
    ai: Ai,
    positions: &[Vec<u8>],
    seeds: &[u32],
) {
    for moves in positions {
        for &seed in seeds {
            let mut cycles = 0;
            let choice = d
                .check(
                    &format!("{name} seed {seed} after {moves:?}"),
                    || c4::native_choose(moves, ai, seed, tables),
                    |m: &mut Machine| {
                        c4::set_position(m, moves)?;
                        let (choice, c) = c4::emulated_choose(m, ai, seed)?;
                        cycles = c;
                        Ok(choice)
                    },
                )
                .unwrap_or_else(|e| panic!("{e}"));
            costs.add(GAME, name, cycles, u64::from(choice.nodes));
            if matches!(ai, Ai::Expert(_)) {
                println!(
                    "{name} after {moves:?}: column {:?}, {} engine + {} solver nodes, {cycles} \
                     cycles ({:.1} s at 12 MHz)",
                    choice.column,
                    choice.nodes,
                    choice.solver_nodes,
                    cycles as f64 / 12e6
                );
            }
        }
    }
}

/// Pons' positions of `set` (every `step`-th line, `count` of them) with their scores.
fn pons(set: &str, step: usize, count: usize) -> Vec<(Vec<u8>, i8)> {
    let path = programs::repo_root()
        .join("calc/tests/data/connect4")
        .join(set);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    text.lines()
        .step_by(step)
        .take(count)
        .map(|line| {
            let (moves, score) = line.split_once(' ').expect("MOVES SCORE");
            (c4::columns(moves), score.trim().parse().expect("a score"))
        })
        .collect()
}

/// Solves each position (strong and weak), checks the score against the set's and the
/// 68000 against native; analyses the first `analysed` of them column by column.
fn check_solver(
    d: &mut Differential,
    costs: &mut Costs,
    tables: &c4::Tables,
    positions: &[(Vec<u8>, i8)],
    analysed: usize,
) {
    for (i, (moves, score)) in positions.iter().enumerate() {
        for weak in [false, true] {
            let name = if weak { "solver (weak)" } else { "solver" };
            let mut cycles = 0;
            let solved = d
                .check(
                    &format!("{name} after {moves:?}"),
                    || c4::native_solve(moves, weak, tables),
                    |m: &mut Machine| {
                        c4::set_position(m, moves)?;
                        let (solved, c) = c4::emulated_solve(m, weak)?;
                        cycles = c;
                        Ok(solved)
                    },
                )
                .unwrap_or_else(|e| panic!("{e}"));
            let want = if weak { score.signum() } else { *score };
            assert_eq!(solved.scores[0], Some(want), "{name} after {moves:?}");
            costs.add(GAME, name, cycles, solved.nodes);
        }
        if i < analysed {
            let mut cycles = 0;
            let solved = d
                .check(
                    &format!("analyse after {moves:?}"),
                    || c4::native_analyse(moves, false, tables),
                    |m: &mut Machine| {
                        c4::set_position(m, moves)?;
                        let (solved, c) = c4::emulated_analyse(m, false)?;
                        cycles = c;
                        Ok(solved)
                    },
                )
                .unwrap_or_else(|e| panic!("{e}"));
            costs.add(GAME, "solver (every column)", cycles, solved.nodes);
        }
    }
}

fn start(test: &str) -> Option<(Differential, c4::Tables)> {
    let built = programs::build_program(test, "t_c4", |_| {})?;
    let mut m = programs::session(&built);
    // Room beyond the harness's default 100 s a call: the expert at 20,000 nodes spent up to
    // 1.18 billion cycles on a move under its former budget (now 240 million at most,
    // calc::connect4::expert).
    m.set_budget(3_000_000_000);
    let tables = c4::Tables::of(&mut m).unwrap();
    Some((Differential::new(m), tables))
}

#[test]
fn c4_ais_match_native_on_a_sample() {
    let Some((mut d, tables)) = start("c4_ais_match_native_on_a_sample") else {
        return;
    };
    let mut costs = Costs::default();
    let early = c4::random_positions(0xC4_0001, 12, 20);
    let late = c4::random_positions_between(0xC4_0002, 4, 26, 34);
    // The strongest level (transposition table, budget, deepening: the code most likely to
    // show a miscompilation) on openings and late positions, about 1.4 s of emulation each.
    let strong: Vec<Vec<u8>> = early[..2].iter().chain(&late[..3]).cloned().collect();
    // The expert: the book's lookup on book positions of both sides, the engine after it,
    // and its exact solve near the end: proving a win, a draw or loss (the engine's move then
    // checked), and giving up (the engine's move).
    let expert: Vec<Vec<u8>> = c4::book_positions(0xC4_0003, 12)
        .into_iter()
        .chain(late[..1].iter().cloned())
        .chain(c4::expert_paths(0xC4_0004, 20_000, &tables, 16, 30))
        .collect();
    for (name, ai) in c4::ladder() {
        let (positions, seeds): (&[Vec<u8>], &[u32]) = match ai {
            Ai::Random | Ai::WinBlock => (&early, &[1, 2, 3]),
            Ai::Minimax(3) => (&early, &[1, 2]),
            Ai::Minimax(5) => (&early[..6], &[1]),
            Ai::Minimax(_) => (&late[..2], &[1]),
            Ai::AlphaBeta(1000) => (&early[..4], &[1]),
            Ai::AlphaBeta(_) => (&strong, &[1]),
            Ai::Expert(_) => (&expert, &[1]),
        };
        check_ai(&mut d, &mut costs, &tables, name, ai, positions, seeds);
    }
    check_solver(&mut d, &mut costs, &tables, &pons("Test_L3_R1", 97, 5), 2);
    println!("{}\n{}", d.summary(), costs.table());
}

#[test]
#[ignore = "the large set: about half a minute in release, longer in the test profile"]
fn c4_ais_match_native_on_many_positions() {
    let Some((mut d, tables)) = start("c4_ais_match_native_on_many_positions") else {
        return;
    };
    let mut costs = Costs::default();
    let early = c4::random_positions(0xC4_0011, 60, 24);
    let late = c4::random_positions_between(0xC4_0012, 20, 24, 38);
    let expert: Vec<Vec<u8>> = c4::book_positions(0xC4_0013, 100)
        .into_iter()
        .chain(early[..4].iter().cloned())
        .chain((0..4).flat_map(|i| c4::expert_paths(0xC4_0014 + i, 20_000, &tables, 16, 30)))
        .collect();
    for (name, ai) in c4::ladder() {
        let (positions, seeds): (&[Vec<u8>], &[u32]) = match ai {
            Ai::Random | Ai::WinBlock => (&early, &[1, 2, 3, 4, 5]),
            Ai::Minimax(3) | Ai::Minimax(5) => (&early, &[1, 2, 3]),
            Ai::Minimax(_) => (&late, &[1, 2]),
            Ai::AlphaBeta(1000) => (&early, &[1]),
            Ai::AlphaBeta(_) => (&early[..6], &[1]),
            Ai::Expert(_) => (&expert, &[1]),
        };
        check_ai(&mut d, &mut costs, &tables, name, ai, positions, seeds);
    }
    check_solver(&mut d, &mut costs, &tables, &pons("Test_L3_R1", 20, 50), 10);
    check_solver(&mut d, &mut costs, &tables, &pons("Test_L2_R1", 100, 4), 0);
    println!("{}\n{}", d.summary(), costs.table());
}
