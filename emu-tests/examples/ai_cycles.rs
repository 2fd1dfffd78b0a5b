//! The report of the games' AIs on the 68000: bytes of code per game and cycles per move of
//! every AI level at 12 MHz. It builds the test-entry programs (`t_base`, `t_c4`, `t_ttt`,
//! `t_oth`, `t_ent`) with the project's cross build, runs every AI on a fixed set of positions
//! in the CPU harness, checks each result against the core run natively (a difference stops
//! the report), and prints Markdown tables (docs/games.md "On the 68000" holds the last run).
//! It measures; it asserts nothing else.
//!
//! `cargo run --release -p emu-tests --example ai_cycles` (a few minutes; needs the cross
//! toolchain, tools/setup).

use std::fmt::Debug;
use std::path::PathBuf;

use calc::connect4::ai::Ai;
use calc::entropy::{Level, Variant};
use calc::rng::Rng;
use emu_tests::ai::oth::{Ai as OthAi, Game};
use emu_tests::ai::{c4, ent, oth, thousands, ttt, Costs};
use emu_tests::diff::Differential;
use ti_build::{build, BuildOptions, Built};
use ti_emulator::{Failure, Machine};
use ti_files::Model;

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the repository")
        .to_path_buf()
}

fn built(program: &str) -> Built {
    build(&BuildOptions::new(repo_root(), program))
        .unwrap_or_else(|e| panic!("building {program}: {e}"))
}

fn session(built: &Built) -> Differential {
    let mut m = Machine::new(Model::Ti89);
    m.load(&built.image).expect("the program loads");
    m.call("w68k_open", &[]).expect("the module opens");
    m.set_budget(100_000_000_000);
    Differential::new(m)
}

/// Runs one case on both sides, compares, and counts its cycles under (`game`, `ai`).
fn measure<T: Debug + PartialEq>(
    d: &mut Differential,
    costs: &mut Costs,
    (game, ai): (&str, &str),
    case: &str,
    native: impl FnOnce() -> T,
    emulated: impl FnOnce(&mut Machine) -> Result<(T, u64), Failure>,
) {
    let mut cycles = 0;
    d.check(&format!("{game} {ai} {case}"), native, |m| {
        let (found, c) = emulated(m)?;
        cycles = c;
        Ok(found)
    })
    .unwrap_or_else(|e| panic!("{e}"));
    costs.add(game, ai, cycles);
}

fn connect_four(costs: &mut Costs) {
    let mut d = session(&built("t_c4"));
    let tables = c4::Tables::of(&mut d.machine).unwrap();
    let positions = c4::random_positions_between(0xA1_C4, 8, 4, 28);
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
            || c4::native_choose(moves, Ai::EXPERT, 1, &tables),
            |m| {
                c4::set_position(m, moves)?;
                c4::emulated_choose(m, Ai::EXPERT, 1)
            },
        );
    }
    let pons = std::fs::read_to_string(repo_root().join("calc/tests/data/connect4/Test_L3_R1"))
        .expect("Pons' End-Easy set");
    for line in pons.lines().step_by(100) {
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
    let mut d = session(&built("t_ttt"));
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
    let mut d = session(&built("t_oth"));
    let len = oth::table_len(&mut d.machine).unwrap();
    let mut rng = Rng::new(0xA1_0711);
    let mut midgame = Vec::new();
    while midgame.len() < 8 {
        let played = 8 + rng.below(33);
        if let Some(g) = Game::start().played_down_to(60 - played, &mut rng) {
            midgame.push(g);
        }
    }
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
    let ffo = std::fs::read_to_string(repo_root().join("calc/tests/data/othello/fforum-1-19.obf"))
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
    let mut d = session(&built("t_ent"));
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

fn main() {
    let base = built("t_base").report;
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
        let r = built(program).report;
        println!(
            "| {game} | {program} | {} | {} | {} | {:.0} % |",
            thousands(r.total().into()),
            thousands(r.code.into()),
            thousands((r.total() - base.total()).into()),
            f64::from(r.total()) * 100.0 / f64::from(ti_build::report::ASM_LIMIT),
        );
    }
    let mut costs = Costs::default();
    tic_tac_toe(&mut costs);
    connect_four(&mut costs);
    othello(&mut costs);
    entropy(&mut costs);
    println!("\n## Cycles per move at 12 MHz (12,000 cycles per ms)\n");
    print!("{}", costs.table());
}
