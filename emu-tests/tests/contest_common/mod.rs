//! What the contest's TiEmu test files share (`mod contest_common;` in each): the contest
//! programs built once per test binary, booting PedroM or TI's OS (SKIPPED without a ROM or a
//! peer), and playing one match checked as `ti68k match` checks it.
#![allow(dead_code)]

use std::sync::OnceLock;
use std::time::Instant;

use emu_tests::tiemu::{Os, TiEmu, TiEmuError};
use ti68k::contest::install::{Installed, Programs};
use ti68k::contest::run::{self, MatchOutcome, RunOptions};
use ti68k::contest::setup::{AiSpec, MatchSetup};
use ti68k::contest::verify;
use ti_build::tools::Tools;
use ti_files::Model;

/// The programs, built once per test binary (the cross build caches under target/).
pub fn programs(test: &str) -> Option<&'static Programs> {
    static PROGRAMS: OnceLock<Programs> = OnceLock::new();
    if !Tools::available() {
        testkit::skip(test, "the cross toolchain is missing (run tools/setup)");
        return None;
    }
    Some(PROGRAMS.get_or_init(|| {
        Programs::build(std::path::Path::new(env!("CARGO_MANIFEST_DIR")))
            .unwrap_or_else(|e| panic!("{test}: building the contest programs: {e}"))
    }))
}

/// Which OS a test boots.
#[derive(Clone, Copy)]
pub enum System {
    /// The free PedroM OS Debian ships with TiEmu.
    PedroM,
    /// TI's own OS, from the ROM the user names in `TIEMU_ROM_TI89` / `TIEMU_ROM_V200`.
    Ams,
}

/// Boots `system` on `model`; `None` (said SKIPPED) without a ROM or a peer.
pub fn boot(test: &str, model: Model, system: System) -> Option<TiEmu> {
    let started = match system {
        System::PedroM => TiEmu::start_pedrom(model),
        System::Ams => match Os::from_env(model) {
            None => {
                emu_tests::skip_without_rom(test, model);
                return None;
            }
            Some(Err(e)) => panic!("{test}: {e}"),
            Some(Ok(os)) => TiEmu::start(model, os),
        },
    };
    match started {
        Ok(t) => Some(t),
        Err(TiEmuError::Missing { what, reason }) => {
            testkit::skip(test, &format!("{what}: {reason}"));
            None
        }
        Err(e) => panic!("{test}: starting TiEmu: {e}"),
    }
}

/// Installs and runs one match, checks it against the core, keeps its final screen as
/// `<screenshot dir>/<os>-<model>-<label>.png`.
pub fn play(
    t: &mut TiEmu,
    installed: &mut Installed,
    programs: &Programs,
    setup: &MatchSetup,
    label: &str,
) -> MatchOutcome {
    let start = Instant::now();
    installed
        .install(t.calc(), setup, programs, true)
        .unwrap_or_else(|e| panic!("{label}: installing: {e}"));
    let installed = start.elapsed();
    let outcome = run::run_match(t.calc(), setup, &RunOptions::default())
        .unwrap_or_else(|e| panic!("{label}: {e}\n{}", t.log_tail()));
    let game = outcome.game().unwrap();
    if let Some(shot) = &outcome.screen {
        t.keep_screenshot(shot, label).unwrap();
    }
    eprintln!(
        "{label}: {} moves, colonne {} nom {}, result {:?}, game {:.1} s (install {:.1} s)",
        game.moves.len(),
        outcome.colonne,
        outcome.nom,
        game.result,
        outcome.elapsed.as_secs_f64(),
        installed.as_secs_f64()
    );
    verify::check(setup, &outcome)
        .unwrap_or_else(|e| panic!("{label}: {e}\n{}", outcome.render().unwrap_or_default()));
    assert!(t.is_ready().unwrap(), "{label}: the calculator answers");
    outcome
}

/// The calculator keeps running: a normal match (winblock against random) in the same session
/// completes, checked, with nom "N".
pub fn next_match_works(
    t: &mut TiEmu,
    installed: &mut Installed,
    programs: &Programs,
    model: Model,
    label: &str,
) {
    let setup = MatchSetup::new(
        model,
        [AiSpec::level("winblock", 3), AiSpec::level("random", 4)],
    );
    let outcome = play(t, installed, programs, &setup, label);
    assert_eq!(outcome.nom, "N", "{label}");
}
