//! The computer as the arbiter (`ti68k versus`) on the project's emulator as a calculator
//! (`--cable emu`: `EmuCable`, the CPU harness answering the link), with the assertions its
//! TiEmu twin (tests/versus_tiemu.rs) makes on PedroM (`common/versus_checks.rs`):
//!
//! - the same game, `joueur` at a level on the calculator against a native level, played on
//!   the calculator and natively through the core: equal logs, move for move; with the
//!   calculator's levels in both seats, and on a TI-89 and a Voyage 200;
//! - the native exact solver (`native:solver`: the opening book, then the solver) against
//!   `joueur` at the expert level on the calculator, in both seats: the game completes, its log
//!   is one the core's referee accepts and the native replay's, and the solver never loses.
//!
//! - the launcher `appel` reports the error an AI raised (210) and a missing program (850): the
//!   calculator AI is disqualified for it;
//! - `joueur` over 24 KB (GCC -O2) through its own launcher (docs/building.md#programs-over-24-kb),
//!   run by `appel`: the same game as natively.
//!
//! Games' lengths and times are printed (`--nocapture`).

mod contest_common;
mod programs;
#[path = "common/versus_checks.rs"]
mod versus_checks;

use std::time::Duration;

use contest_common::programs;
use ti68k::contest::versus::VersusOptions;
use ti_files::Model;
use versus_checks::{emu_calculator, native, on_calculator, same_game};

fn options() -> VersusOptions {
    VersusOptions {
        poll: Duration::from_millis(5),
        ..VersusOptions::default()
    }
}

#[test]
fn versus_plays_the_same_game_on_the_emulator_and_natively() {
    let test = "versus_plays_the_same_game_on_the_emulator_and_natively";
    let Some(programs) = programs(test) else {
        return;
    };
    // The games of the TiEmu twin: `alphabeta1000` on the calculator against the native
    // `winblock`, and a whole draw of `minimax3` against the native `expert1000`, on both
    // models; then both seats on the calculator.
    let games = [
        ("alphabeta1000", 3, "winblock", 6),
        ("minimax3", 2, "expert1000", 8),
    ];
    for model in [Model::Ti89, Model::V200] {
        for (a, sa, b, sb) in games {
            let sides = [on_calculator(a, sa, "ai1"), native(b, sb)];
            let mut c = emu_calculator(model);
            versus_checks::install(&mut c, model, programs, &sides);
            let label = format!("{test} {model} {a} vs native {b}");
            same_game(&mut c, model, &sides, &options(), &label);
        }
    }
    let model = Model::Ti89;
    let sides = [
        on_calculator("alphabeta1000", 3, "ai1"),
        on_calculator("winblock", 6, "ai2"),
    ];
    let mut c = emu_calculator(model);
    versus_checks::install(&mut c, model, programs, &sides);
    same_game(&mut c, model, &sides, &options(), &format!("{test} both"));
}

#[test]
fn versus_runs_joueur_over_24_kb_through_its_launcher() {
    let test = "versus_runs_joueur_over_24_kb_through_its_launcher";
    let Some(programs) = programs(test) else {
        return;
    };
    let Some(launched) = programs::build_launched(test, "joueur", |_| {}) else {
        return;
    };
    let mut programs = programs.clone();
    programs.joueur = launched.installable();
    let model = Model::V200;
    let sides = [
        on_calculator("alphabeta1000", 3, "ai1"),
        native("winblock", 6),
    ];
    let mut c = emu_calculator(model);
    versus_checks::install(&mut c, model, &programs, &sides);
    same_game(&mut c, model, &sides, &options(), test);
}

#[test]
fn versus_native_solver_against_the_calculator_expert() {
    let test = "versus_native_solver_against_the_calculator_expert";
    let Some(programs) = programs(test) else {
        return;
    };
    let model = Model::Ti89;
    for seat in [0, 1] {
        let solver = native("solver", 5 + seat as u32);
        let expert = on_calculator("expert1000", 9, "ai1");
        let sides = if seat == 0 {
            [solver, expert]
        } else {
            [expert, solver]
        };
        let mut c = emu_calculator(model);
        versus_checks::install(&mut c, model, programs, &sides);
        let outcome = same_game(
            &mut c,
            model,
            &sides,
            &options(),
            &format!("{test}: the solver as AI {}", seat + 1),
        );
        let lost = matches!(outcome.result.winner(), Some(p) if p.number() as usize != seat + 1);
        assert!(!lost, "{test}: the solver lost: {:?}", outcome.game());
    }
}

#[test]
fn versus_launcher_reports_the_ai_errors() {
    let test = "versus_launcher_reports_the_ai_errors";
    let Some(programs) = programs(test) else {
        return;
    };
    for model in [Model::Ti89, Model::V200] {
        let mut c = emu_calculator(model);
        versus_checks::launcher_reports_errors(
            &mut c,
            model,
            programs,
            &options(),
            &format!("{test} {model}"),
        );
    }
}
