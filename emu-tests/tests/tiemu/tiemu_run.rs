//! Programs run on a real OS under TiEmu: a program that draws a text is sent, run, and its
//! text found on the screen; a program that crashes is reported as a crash. On PedroM for the
//! TI-89 and the Voyage 200, and on TI's own OS when the user gives a ROM (`TIEMU_ROM_TI89`,
//! `TIEMU_ROM_V200`; skipped loudly otherwise).
//!
//! Every session takes the machine-wide TiEmu lock, so these tests queue behind each other and
//! behind any other TiEmu test on the machine.

use super::common;
use emu_tests::tiemu::{TiEmu, TiEmuError};
use ti_files::Model;

const HELLO_TEXT: &str = "HELLO FROM TIEMU";

fn hello_shows_its_text(test: &str, model: Model, mut t: TiEmu) {
    let Some(file) = common::program_file(test, model, "hello") else {
        return;
    };
    let screen = t
        .run_file_expecting_text(&file, HELLO_TEXT)
        .unwrap_or_else(|e| panic!("{test}: {e}"));
    assert_eq!((screen.width(), screen.height()), model.screen_size());
    let found = t.find_text(&screen, HELLO_TEXT).unwrap().unwrap();
    eprintln!(
        "{test}: {HELLO_TEXT:?} found at ({}, {}) in font {:?}",
        found.x, found.y, found.font
    );
    // The program draws at (4, 50): the oracle must find it there, not elsewhere.
    assert_eq!((found.x, found.y), (4, 50), "{screen:?}");
    // And a text that is not there is not found.
    assert_eq!(t.find_text(&screen, "GOODBYE").unwrap(), None);
    common::done(test, &t);
}

fn crash_is_reported(test: &str, model: Model, mut t: TiEmu) {
    // An address error (PedroM catches it and restarts its shell; the session goes on), then
    // an illegal instruction (TiEmu stops in its debugger: the session ends there).
    for name in ["crash", "illegal"] {
        let Some(file) = common::program_file(test, model, name) else {
            return;
        };
        t.send_file(&file).unwrap();
        match t.run(&format!("main\\{name}"), "") {
            Err(TiEmuError::Crashed {
                detail, screenshot, ..
            }) => {
                eprintln!("{test}: {name}: crash reported: {detail} ({screenshot:?})");
            }
            Err(e) => panic!("{test}: {name}: expected a crash report, got another error: {e}"),
            Ok(report) => panic!(
                "{test}: {name}: the crash went unnoticed; screen:\n{:?}",
                report.screen
            ),
        }
        if name == "crash" {
            assert!(t.is_ready().unwrap());
        }
    }
    common::done(test, &t);
}

#[test]
fn pedrom_ti89_runs_a_program_and_shows_its_text() {
    let test = "pedrom_ti89_runs_a_program_and_shows_its_text";
    if let Some(t) = common::pedrom(test, Model::Ti89) {
        hello_shows_its_text(test, Model::Ti89, t);
    }
}

#[test]
fn pedrom_v200_runs_a_program_and_shows_its_text() {
    let test = "pedrom_v200_runs_a_program_and_shows_its_text";
    if let Some(t) = common::pedrom(test, Model::V200) {
        hello_shows_its_text(test, Model::V200, t);
    }
}

#[test]
fn pedrom_ti89_reports_a_crashing_program() {
    let test = "pedrom_ti89_reports_a_crashing_program";
    if let Some(t) = common::pedrom(test, Model::Ti89) {
        crash_is_reported(test, Model::Ti89, t);
    }
}

#[test]
fn pedrom_v200_reports_a_crashing_program() {
    let test = "pedrom_v200_reports_a_crashing_program";
    if let Some(t) = common::pedrom(test, Model::V200) {
        crash_is_reported(test, Model::V200, t);
    }
}

#[test]
fn ams_ti89_runs_a_program_and_shows_its_text() {
    let test = "ams_ti89_runs_a_program_and_shows_its_text";
    if let Some(t) = common::ams(test, Model::Ti89) {
        hello_shows_its_text(test, Model::Ti89, t);
    }
}

#[test]
fn ams_v200_runs_a_program_and_shows_its_text() {
    let test = "ams_v200_runs_a_program_and_shows_its_text";
    if let Some(t) = common::ams(test, Model::V200) {
        hello_shows_its_text(test, Model::V200, t);
    }
}
