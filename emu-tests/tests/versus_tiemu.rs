//! The computer as the arbiter (`ti68k versus`, the launcher `appel`) and the meta-program
//! `meta` on a real OS: PedroM under TiEmu, as a TI-89 (the first game and the launcher's
//! errors also as a Voyage 200), with the assertions the emulator's tests make
//! (`common/versus_checks.rs`; tests/versus_cpu.rs, tests/meta_cpu.rs):
//!
//! - the same contest game (`joueur` at `alphabeta1000` on the calculator against the native
//!   `winblock`, the seeds fixed; `--ignored`: a whole 42-move draw of `minimax3` against the
//!   native `expert1000`) played natively through the core, on the project's emulator
//!   (`--cable emu`) and on PedroM: the three logs are equal, move for move;
//! - the native exact solver (the opening book, then the solver) against `joueur` at the
//!   expert level (`expert1000`) on PedroM: the game completes, its log is one the core's
//!   referee accepts and the native replay's, and the solver does not lose;
//! - `meta("ai1","ai2",10)` on PedroM: its tally is the sum of the arbiter's results of the same
//!   ten games played one by one on the same calculator, each checked against the core, and
//!   the tally of `meta` on the emulator;
//! - the launcher `appel` on PedroM reports the error an AI raised (210) and a missing program
//!   (850): the calculator AI is disqualified for it.
//!
//! Test names start with `tiemu_`: tools/test runs them in its TiEmu step, one at a time; every
//! session also takes the machine-wide TiEmu lock. The games' lengths and times are printed
//! (`--nocapture`).

mod contest_common;
#[path = "common/versus_checks.rs"]
mod versus_checks;

use std::time::{Duration, Instant};

use contest_common::{boot, programs, System};
use emu_tests::tiemu::TiEmu;
use ti68k::contest::install::{self, Programs};
use ti68k::contest::run::RunOptions;
use ti68k::contest::setup::{AiSpec, MatchSetup};
use ti68k::contest::versus::{Side, VersusOptions};
use ti_emulator::link::{EmuCable, EmuOptions};
use ti_files::Model;
use ti_link::{Calculator, Delays};
use versus_checks::{native, on_calculator, same_game};

/// Over TiEmu's link: one ready check at a time, a new one half a second after "busy" (as
/// `ti68k versus` does over a cable).
fn tiemu_options() -> VersusOptions {
    VersusOptions {
        poll: Duration::from_millis(500),
        ..VersusOptions::default()
    }
}

fn emulator(model: Model) -> Calculator<EmuCable> {
    let mut c = Calculator::new(EmuCable::start(EmuOptions::new(model)).unwrap(), model);
    c.delays = Delays::NONE;
    c
}

/// Plays `sides` on the emulator and on PedroM, each checked against the native game; returns
/// the PedroM session (`None` after a loud skip).
fn three_ways(test: &str, model: Model, sides: &[Side; 2]) -> Option<(TiEmu, &'static Programs)> {
    let programs = programs(test)?;
    let mut t = boot(test, model, System::PedroM)?;
    let mut emu = emulator(model);
    versus_checks::install(&mut emu, model, programs, sides);
    let emu_options = VersusOptions {
        poll: Duration::from_millis(5),
        ..VersusOptions::default()
    };
    let on_emu = same_game(
        &mut emu,
        model,
        sides,
        &emu_options,
        &format!("{test}: emulator"),
    );
    let started = Instant::now();
    versus_checks::install(t.calc(), model, programs, sides);
    eprintln!(
        "{test}: installed on PedroM in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let on_pedrom = same_game(
        t.calc(),
        model,
        sides,
        &tiemu_options(),
        &format!("{test}: PedroM"),
    );
    assert_eq!(on_emu.log, on_pedrom.log, "{test}: emulator and PedroM");
    assert!(t.is_ready().unwrap(), "{test}: the calculator answers");
    let result = on_pedrom.result;
    if let Some(Side::Native {
        player: ti68k::play::connect4::C4Player::Solver,
        ..
    }) = sides.iter().find(|s| matches!(s, Side::Native { .. }))
    {
        let seat = sides
            .iter()
            .position(|s| matches!(s, Side::Native { .. }))
            .unwrap();
        assert!(
            !matches!(result.winner(), Some(p) if p.number() as usize != seat + 1),
            "{test}: the solver lost: {:?}",
            on_pedrom.game()
        );
    }
    Some((t, programs))
}

/// `joueur` at `alphabeta1000` (seed 3) on the calculator, moving first, against the native
/// `winblock` (seed 6): a short game (9 moves, 5 calls of the calculator) for every run.
/// Then, in the same session, the launcher's errors (as `versus_cpu` checks them).
fn same_game_and_errors(test: &str, model: Model) {
    let sides = [
        on_calculator("alphabeta1000", 3, "ai1"),
        native("winblock", 6),
    ];
    let Some((mut t, programs)) = three_ways(test, model, &sides) else {
        return;
    };
    versus_checks::launcher_reports_errors(t.calc(), model, programs, &tiemu_options(), test);
    eprintln!("{test}: session took {:.1?}", t.session_time());
}

#[test]
fn tiemu_versus_same_game_natively_on_the_emulator_and_on_pedrom_ti89() {
    same_game_and_errors(
        "tiemu_versus_same_game_natively_on_the_emulator_and_on_pedrom_ti89",
        Model::Ti89,
    );
}

#[test]
#[ignore = "CI samples the TI-89 (about a minute of TiEmu): run with --ignored"]
fn tiemu_versus_same_game_natively_on_the_emulator_and_on_pedrom_v200() {
    same_game_and_errors(
        "tiemu_versus_same_game_natively_on_the_emulator_and_on_pedrom_v200",
        Model::V200,
    );
}

/// The long version: `joueur` at `minimax3` (seed 2) on the calculator against the native
/// `expert1000` (seed 8), a 42-move draw, 21 calls of the calculator (about 70 s on PedroM).
#[test]
#[ignore = "long: about 80 s of TiEmu; run with --ignored"]
fn tiemu_versus_a_whole_draw_natively_on_the_emulator_and_on_pedrom_ti89() {
    let test = "tiemu_versus_a_whole_draw_natively_on_the_emulator_and_on_pedrom_ti89";
    let sides = [on_calculator("minimax3", 2, "ai1"), native("expert1000", 8)];
    if let Some((t, _)) = three_ways(test, Model::Ti89, &sides) {
        eprintln!("{test}: session took {:.1?}", t.session_time());
    }
}

#[test]
fn tiemu_versus_native_solver_against_the_expert_on_pedrom_ti89() {
    let test = "tiemu_versus_native_solver_against_the_expert_on_pedrom_ti89";
    let sides = [on_calculator("expert1000", 9, "ai1"), native("solver", 6)];
    if let Some((t, _)) = three_ways(test, Model::Ti89, &sides) {
        eprintln!("{test}: session took {:.1?}", t.session_time());
    }
}

#[test]
#[ignore = "about 130 s of TiEmu (meta_cpu checks the same tally on the emulator every run): run with --ignored"]
fn tiemu_meta_tallies_ten_games_on_pedrom_ti89() {
    let test = "tiemu_meta_tallies_ten_games_on_pedrom_ti89";
    let Some(programs) = programs(test) else {
        return;
    };
    let Some(mut t) = boot(test, Model::Ti89, System::PedroM) else {
        return;
    };
    let base = MatchSetup::new(
        Model::Ti89,
        [AiSpec::level("winblock", 5), AiSpec::level("winblock", 9)],
    );
    let meta = install::built_program(None, base.model, "meta").unwrap();
    // The same ten games in the emulator first: its tally must be PedroM's too.
    let mut emu = emulator(base.model);
    let emu_options = RunOptions {
        poll: Duration::from_millis(5),
        screenshot: false,
        ..RunOptions::default()
    };
    let on_emu =
        versus_checks::meta_equals_the_games(&mut emu, programs, &meta, &base, 10, &emu_options);
    let options = RunOptions {
        screenshot: false,
        ..RunOptions::default()
    };
    let on_pedrom =
        versus_checks::meta_equals_the_games(t.calc(), programs, &meta, &base, 10, &options);
    assert_eq!(on_pedrom.tally, on_emu.tally, "{test}: PedroM and emulator");
    assert_eq!(on_pedrom.moves, on_emu.moves, "{test}: the games' lengths");
    assert!(
        on_pedrom.tally.wins[0] > 0 && on_pedrom.tally.wins[1] > 0,
        "{test}: {:?}",
        on_pedrom.tally
    );
    assert!(t.is_ready().unwrap(), "{test}: the calculator answers");
    eprintln!("{test}: session took {:.1?}", t.session_time());
}
