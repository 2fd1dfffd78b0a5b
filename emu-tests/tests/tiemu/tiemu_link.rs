//! The project's link stack (`ti-link`) against a real OS under TiEmu (PedroM on the TI-89, the
//! Voyage 200 and the TI-92 Plus; TI's own OS when the user gives a ROM): send a program and a
//! string, list them, receive the string back identical (to the byte, as a file), a missing
//! variable, set and get `colonne` and `nom` in a folder, take a screenshot saved as a PNG of
//! the model's screen, run a program and find its text. The assertions are the ones the
//! emulator's link tests make too (`../common/link_checks.rs`); the screenshot compared with
//! TiEmu's own window is TiEmu's alone. One boot per model for the whole sequence: no step
//! leaves state that breaks the next.

use super::common;
use super::link_checks as check;
use emu_tests::tiemu::TiEmu;
use ti_files::Model;

fn link_sequence(test: &str, model: Model, mut t: TiEmu) {
    let Some(program_file) = common::program_file(test, model, "hello") else {
        return;
    };
    check::send_and_list(&mut t, &program_file);
    check::receive_identical(&mut t);
    check::missing_is_not_found(&mut t, test);
    assert!(t.is_ready().unwrap());
    check::colonne_and_nom(&mut t);
    check::screenshot(&mut t);

    // What only TiEmu has: the link screenshot shows what its window shows, below the first
    // line (the cursor blinks there) and above the status line.
    let x = t.x_screenshot().unwrap();
    let (_, h) = model.screen_size();
    let now = t.screenshot().unwrap();
    assert!(
        now.rows_equal(&x, 8, h - 10),
        "link and X screenshots differ:\nlink {now:?}\nX {x:?}"
    );

    check::program_draws_its_text(&mut t, test, None);
    eprintln!(
        "{test}: screenshots kept in {}",
        TiEmu::screenshot_dir().display()
    );
    common::done(test, &t);
}

#[test]
fn pedrom_ti89_link_operations() {
    let test = "pedrom_ti89_link_operations";
    if let Some(t) = common::pedrom(test, Model::Ti89) {
        link_sequence(test, Model::Ti89, t);
    }
}

#[test]
fn pedrom_v200_link_operations() {
    let test = "pedrom_v200_link_operations";
    if let Some(t) = common::pedrom(test, Model::V200) {
        link_sequence(test, Model::V200, t);
    }
}

#[test]
fn pedrom_ti92plus_link_operations() {
    let test = "pedrom_ti92plus_link_operations";
    if let Some(t) = common::pedrom(test, Model::Ti92Plus) {
        link_sequence(test, Model::Ti92Plus, t);
    }
}

#[test]
fn ams_ti89_link_operations() {
    let test = "ams_ti89_link_operations";
    if let Some(t) = common::ams(test, Model::Ti89) {
        link_sequence(test, Model::Ti89, t);
    }
}

#[test]
fn ams_v200_link_operations() {
    let test = "ams_v200_link_operations";
    if let Some(t) = common::ams(test, Model::V200) {
        link_sequence(test, Model::V200, t);
    }
}
