//! Programs run on a real OS under TiEmu: a program that draws a text is sent, run, and its
//! text found on the screen; a program that crashes is reported as a crash. On PedroM for the
//! TI-89 and the Voyage 200, and on TI's own OS when the user gives a ROM (`TIEMU_ROM_TI89`,
//! `TIEMU_ROM_V200`; skipped loudly otherwise).
//!
//! The assertions are shared with the emulator's link tests (`../common/link_checks.rs`).
//!
//! Every session takes the machine-wide TiEmu lock, so these tests queue behind each other and
//! behind any other TiEmu test on the machine.

use super::common;
use super::link_checks as check;
use emu_tests::tiemu::TiEmu;
use ti_files::Model;

fn hello_shows_its_text(test: &str, model: Model, mut t: TiEmu) {
    let Some(file) = common::program_file(test, model, "hello") else {
        return;
    };
    check::send_file(&mut t, &file);
    check::program_draws_its_text(&mut t, test, None);
    common::done(test, &t);
}

fn crash_is_reported(test: &str, mut t: TiEmu) {
    // An address error (PedroM catches it and restarts its shell; the session goes on), then
    // an illegal instruction (TiEmu stops in its debugger: the session ends there).
    check::crash_is_reported(&mut t, test, "crash", true);
    check::crash_is_reported(&mut t, test, "illegal", false);
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
        crash_is_reported(test, t);
    }
}

#[test]
fn pedrom_v200_reports_a_crashing_program() {
    let test = "pedrom_v200_reports_a_crashing_program";
    if let Some(t) = common::pedrom(test, Model::V200) {
        crash_is_reported(test, t);
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
