//! the project's link stack (`ti-link`) against a real OS under TiEmu (PedroM on the TI-89, the Voyage 200 and
//! the TI-92 Plus; TI's own OS when the user gives a ROM): send a program and a string, list
//! them, receive the string back identical (to the byte, as a file), set and get `colonne` and
//! `nom` in a folder, take a screenshot saved as a PNG of the model's screen, run a program.
//! One boot per model for the whole sequence: no step leaves state that breaks the next.

use std::path::Path;

use super::common;
use emu_tests::tiemu::{Screen, TiEmu, TiEmuError};
use ti_files::{Integer, Model, Value, VarFile, VarName, VarPath, VarType, Variable};
use ti_link::LinkError;

fn link_sequence(test: &str, model: Model, mut t: TiEmu) {
    let Some(program_file) = common::program_file(test, model, "hello") else {
        return;
    };

    // Send a program and a string.
    let sent = t.send_file(&program_file).unwrap();
    assert_eq!(sent, [VarPath::parse("main\\hello").unwrap()]);
    let string = Variable::new(
        VarPath::parse("main\\greeting").unwrap(),
        &Value::Str("Hello, TiEmu! 0123".into()),
    )
    .unwrap();
    t.send_variables(std::slice::from_ref(&string)).unwrap();

    // List them.
    let main = VarName::new("main").unwrap();
    let listing = t.calc().list_folder(&main).unwrap();
    let hello = listing
        .find(&VarName::new("hello").unwrap())
        .expect("hello listed");
    assert_eq!(hello.var_type, VarType::ASM);
    let program = VarFile::from_bytes_with_extension(
        &std::fs::read(&program_file).unwrap(),
        program_file.extension().unwrap().to_str().unwrap(),
    )
    .unwrap();
    assert_eq!(hello.size as usize, program.variables[0].image_len());
    let greeting = listing.find(&string.name).expect("greeting listed");
    assert_eq!(greeting.var_type, VarType::STR);
    assert_eq!(greeting.size as usize, string.image_len());
    assert!(t.calc().list_folders().unwrap().contains(&main));

    // Receive the string back, identical, down to the bytes of its file.
    let back = t
        .calc()
        .recv_variable(&string.path(), VarType::STR)
        .unwrap();
    assert_eq!(back, string);
    let file_sent = VarFile::single(model, string.clone()).to_bytes().unwrap();
    let file_back = VarFile::single(model, back).to_bytes().unwrap();
    assert!(file_sent == file_back, "the received string's file differs");

    // A missing variable: PedroM acknowledges the request and then says nothing; that is
    // reported as not found, and the link works afterwards.
    let missing = VarPath::parse("main\\nothere").unwrap();
    match t.calc().recv_variable(&missing, VarType::STR) {
        Err(LinkError::NotFound { .. }) => {}
        other => panic!("{test}: a missing variable gave {other:?}"),
    }
    match t.get_value("main\\nothere") {
        Err(TiEmuError::Link(LinkError::NotFound { .. })) => {}
        other => panic!("{test}: a missing variable gave {other:?}"),
    }
    assert!(t.is_ready().unwrap());

    // colonne and nom in a folder of their own, as the contest uses them.
    t.set_value("ai1\\colonne", &Value::Integer(Integer::from(3)))
        .unwrap();
    t.set_value("ai1\\nom", &Value::Str("joueur 1".into()))
        .unwrap();
    assert_eq!(
        t.get_value("ai1\\colonne").unwrap(),
        Value::Integer(Integer::from(3))
    );
    assert_eq!(
        t.get_value("ai1\\nom").unwrap(),
        Value::Str("joueur 1".into())
    );
    t.set_value("ai1\\colonne", &Value::Integer(Integer::from(-1)))
        .unwrap();
    assert_eq!(
        t.get_value("ai1\\colonne").unwrap(),
        Value::Integer(Integer::from(-1))
    );
    assert!(t
        .calc()
        .list_folders()
        .unwrap()
        .contains(&VarName::new("ai1").unwrap()));

    // A screenshot, kept as a PNG of the model's screen that is not blank.
    let shot = t.calc().screenshot().unwrap();
    let png = shot.to_png(1);
    let kept = t.keep_screenshot(&shot, "link").unwrap();
    let decoded = Screen::from_png(&std::fs::read(&kept).unwrap()).unwrap();
    assert_eq!((decoded.width(), decoded.height()), model.screen_size());
    assert!(!decoded.is_blank(), "blank screenshot");
    assert_eq!(decoded, shot);
    assert_eq!(Screen::from_png(&png).unwrap(), decoded);

    // The link screenshot shows what the LCD shows: compare with TiEmu's window, below the
    // first line (the cursor blinks there) and above the status line.
    let x = t.x_screenshot().unwrap();
    let (_, h) = model.screen_size();
    let now = t.screenshot().unwrap();
    assert!(
        now.rows_equal(&x, 8, h - 10),
        "link and X screenshots differ:\nlink {now:?}\nX {x:?}"
    );

    // Run a program.
    let screen = t
        .run_expecting_text("main\\hello", "", "HELLO FROM TIEMU")
        .unwrap_or_else(|e| panic!("{test}: {e}"));
    assert_eq!((screen.width(), screen.height()), model.screen_size());
    assert!(t.is_ready().unwrap());
    eprintln!(
        "{test}: screenshots kept in {}",
        Path::new(&TiEmu::screenshot_dir()).display()
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
