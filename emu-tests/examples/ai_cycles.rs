//! The report of the games' AIs on the 68000: bytes of code per game and cycles per move of
//! every AI level at 12 MHz. It builds the test-entry programs (`t_base`, `t_c4`, `t_ttt`,
//! `t_oth`, `t_ent`) with the project's cross build, runs every AI on a fixed set of positions
//! in the CPU harness, checks each result against the core run natively (a difference stops
//! the report), and prints Markdown tables: cycles per move, nodes, cycles per node and nodes
//! per second, with the targets of docs/profiling.md#targets beside them (docs/games.md "On
//! the 68000" holds the last run).
//! It measures; it asserts nothing else.
//!
//! `cargo run --release -p emu-tests --example ai_cycles` (a few minutes; needs the cross
//! toolchain, tools/setup); name games to measure only them:
//! `cargo run --release -p emu-tests --example ai_cycles -- connect-four othello`.

use std::fmt::Debug;

use calc::connect4::ai::Ai;
use calc::entropy::{Level, Variant};
use emu_tests::ai::oth::{Ai as OthAi, Game};
use emu_tests::ai::{build_entry, c4, ent, open_entry, oth, thousands, ttt, Cost, Costs, Target};
use emu_tests::diff::Differential;
use ti_build::Built;
use ti_emulator::{Failure, Machine};

fn session(built: &Built) -> Differential {
    Differential::new(open_entry(built))
}

/// What a result says of the search's size: nodes, or board evaluations for Entropy.
trait Searched {
    fn nodes(&self) -> u64;
}

impl Searched for c4::Choice {
    fn nodes(&self) -> u64 {
        self.nodes.into()
    }
}

impl Searched for c4::Solved {
    fn nodes(&self) -> u64 {
        self.nodes
    }
}

impl Searched for ttt::Choice {
    fn nodes(&self) -> u64 {
        self.nodes.into()
    }
}

impl Searched for oth::Choice {
    fn nodes(&self) -> u64 {
        self.nodes
    }
}

impl Searched for ent::Choice {
    fn nodes(&self) -> u64 {
        self.evaluations.into()
    }
}

/// Runs one case on both sides, compares, and counts its cycles and nodes under (`game`,
/// `ai`).
fn measure<T: Debug + PartialEq + Searched>(
    d: &mut Differential,
    costs: &mut Costs,
    (game, ai): (&str, &str),
    case: &str,
    native: impl FnOnce() -> T,
    emulated: impl FnOnce(&mut Machine) -> Result<(T, u64), Failure>,
) {
    let mut cycles = 0;
    let found = d
        .check(&format!("{game} {ai} {case}"), native, |m| {
            let (found, c) = emulated(m)?;
            cycles = c;
            Ok(found)
        })
        .unwrap_or_else(|e| panic!("{e}"));
    costs.add(game, ai, cycles, found.nodes());
}

fn connect_four(costs: &mut Costs) {
    let mut d = session(&build_entry("t_c4"));
    let tables = c4::Tables::of(&mut d.machine).unwrap();
    let positions = c4::report_positions();
    for (name, ai) in c4::ladder() {
        for moves in &positions {
            measure(
                &mut d,
                costs,
                ("connect four", name),
                &format!("{moves:?}"),
                || c4::native_choose(moves, ai, 1, &tables),
                |m| {
                    c4::set_position(m, moves)?;
                    c4::emulated_choose(m, ai, 1)
                },
            );
        }
        eprintln!("connect four: {name} done");
    }
    for moves in &c4::book_positions(0xA1_B0, 8) {
        measure(
            &mut d,
            costs,
            ("connect four", "expert 20000 (book positions)"),
            &format!("{moves:?}"),
            || c4::native_choose(moves, Ai::Expert(20_000), 1, &tables),
            |m| {
                c4::set_position(m, moves)?;
                c4::emulated_choose(m, Ai::Expert(20_000), 1)
            },
        );
    }
    for line in &c4::report_solver_positions() {
        let moves = c4::columns(line.split(' ').next().expect("moves"));
        measure(
            &mut d,
            costs,
            ("connect four", "solver (Pons End-Easy)"),
            line,
            || c4::native_solve(&moves, false, &tables),
            |m| {
                c4::set_position(m, &moves)?;
                c4::emulated_solve(m, false)
            },
        );
    }
    eprintln!("{}", d.summary());
}

fn tic_tac_toe(costs: &mut Costs) {
    let mut d = session(&build_entry("t_ttt"));
    let mut positions = ttt::random_positions(0xA1_777, 16);
    positions.extend(
        ttt::all_positions()
            .into_iter()
            .filter(|p| p.moves.is_empty()),
    );
    for (name, player) in ttt::ladder() {
        for p in &positions {
            measure(
                &mut d,
                costs,
                ("tic-tac-toe", name),
                &format!("{p:?}"),
                || ttt::native_choose(p, player, 1),
                |m| {
                    ttt::set_position(m, p)?;
                    ttt::emulated_choose(m, player, 1)
                },
            );
        }
        eprintln!("tic-tac-toe: {name} done");
    }
    eprintln!("{}", d.summary());
}

fn othello(costs: &mut Costs) {
    let mut d = session(&build_entry("t_oth"));
    let len = oth::table_len(&mut d.machine).unwrap();
    let mut rng = oth::report_rng();
    let midgame = oth::report_midgames(&mut rng);
    let mut ais: Vec<(String, OthAi)> = vec![("seed 002".into(), OthAi::Seed)];
    for (name, level) in oth::levels() {
        ais.push((name.into(), OthAi::Search(level, 0)));
    }
    for (name, ai) in &ais {
        for g in &midgame {
            measure(
                &mut d,
                costs,
                ("othello", name),
                &format!("{g:?}"),
                || oth::native_choose(g, *ai, 1, len),
                |m| {
                    oth::set_position(m, g)?;
                    oth::emulated_choose(m, *ai, 1)
                },
            );
        }
        eprintln!("othello: {name} done");
    }
    let ffo = std::fs::read_to_string(
        testkit::repo_root().join("calc/tests/data/othello/fforum-1-19.obf"),
    )
    .expect("FFO #1-#19");
    for empties in [8, 10, 12, 14] {
        let label = format!("solver, {empties} empties (FFO played on)");
        for line in ffo.lines().filter(|l| !l.trim().is_empty()).step_by(3) {
            let Some(g) = Game::from_obf(line).played_down_to(empties, &mut rng) else {
                continue;
            };
            measure(
                &mut d,
                costs,
                ("othello", &label),
                line,
                || oth::native_choose(&g, OthAi::Solve(0), 0, len),
                |m| {
                    oth::set_position(m, &g)?;
                    oth::emulated_choose(m, OthAi::Solve(0), 0)
                },
            );
        }
        eprintln!("othello: {label} done");
    }
    eprintln!("{}", d.summary());
}

fn entropy(costs: &mut Costs) {
    let mut d = session(&build_entry("t_ent"));
    for variant in [Variant::New, Variant::Classic] {
        let positions = ent::random_positions(0xA1_E27, 24, variant, 97);
        for (name, level) in ent::levels() {
            if variant == Variant::Classic && level == Level::Expert {
                continue; // the expert plays like hard in the classic variant
            }
            for p in &positions {
                let place = ent::waits_for_placement(p);
                let ai = format!(
                    "{}{name} {}",
                    if variant == Variant::Classic {
                        "classic "
                    } else {
                        ""
                    },
                    if place { "placement" } else { "attack" }
                );
                measure(
                    &mut d,
                    costs,
                    ("new entropy", &ai),
                    &format!("{p:?}"),
                    || ent::native_choose(p, level, 1),
                    |m| {
                        ent::set_position(m, p)?;
                        ent::emulated_choose(m, place, level, 1)
                    },
                );
            }
            eprintln!("new entropy: {variant:?} {name} done");
        }
    }
    eprintln!("{}", d.summary());
}

/// The targets of docs/profiling.md#targets: the searches' speed (Connect Four's engine
/// 6,000 cycles per node, Othello's search 12,000) and the worst move of every level the game
/// program `joueur` offers (10 s at 12 MHz).
fn targets(row: &Cost) -> Vec<Target> {
    let mut targets = Vec::new();
    let engine = row.ai.starts_with("alpha-beta") || row.ai == "expert 20000";
    if row.game == "connect four" && engine {
        targets.push(Target::CyclesPerNode(6_000));
    }
    if row.game == "othello" && row.ai.starts_with("search") {
        targets.push(Target::CyclesPerNode(12_000));
    }
    // joueur's levels: random, winblock, minimaxD, alphabetaN, expertN.
    let joueur = ["random", "win/block", "minimax", "alpha-beta", "expert"];
    if row.game == "connect four" && joueur.iter().any(|l| row.ai.starts_with(l)) {
        targets.push(Target::MaxMillis(10_000));
    }
    targets
}

fn main() {
    // The games to measure (all when none is named): `ai_cycles connect-four othello`.
    let only: Vec<String> = std::env::args().skip(1).collect();
    let wanted = |game: &str| only.is_empty() || only.iter().any(|g| g.replace('-', " ") == game);
    let base = build_entry("t_base").report;
    println!(
        "## Bytes of code per game (program minus t_base, {} bytes)\n",
        base.total()
    );
    println!("| game | program | bytes | of which code | minus t_base | of the 24 KB |");
    println!("| --- | --- | ---: | ---: | ---: | ---: |");
    for (game, program) in [
        ("tic-tac-toe", "t_ttt"),
        ("connect four", "t_c4"),
        ("othello", "t_oth"),
        ("new entropy", "t_ent"),
    ] {
        let r = build_entry(program).report;
        println!(
            "| {game} | {program} | {} | {} | {} | {:.0} % |",
            thousands(r.total().into()),
            thousands(r.code.into()),
            thousands((r.total() - base.total()).into()),
            f64::from(r.total()) * 100.0 / f64::from(ti_build::report::ASM_LIMIT),
        );
    }
    let mut costs = Costs::default();
    if wanted("tic-tac-toe") {
        tic_tac_toe(&mut costs);
    }
    if wanted("connect four") {
        connect_four(&mut costs);
    }
    if wanted("othello") {
        othello(&mut costs);
    }
    if wanted("new entropy") {
        entropy(&mut costs);
    }
    costs.set_targets(targets);
    println!("\n## Cycles per move at 12 MHz (12,000 cycles per ms)\n");
    print!("{}", costs.table());
}
