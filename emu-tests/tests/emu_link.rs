//! The link tests of the TiEmu bench (tests/tiemu/tiemu_link.rs, tiemu_run.rs) on the project's
//! own emulator as a calculator (`--cable emu`: `ti_emulator::link::EmuCable`), with the same
//! assertions where they concern the calculator: send a program and a string, list them,
//! receive the string back identical down to its file's bytes, a missing variable reported as
//! not found with the link usable afterwards, `colonne` and `nom` in a folder, a screenshot of
//! the model's size that is not blank, a program run whose text is drawn where it draws it, a
//! crashing program reported (the calculator recovers, its VAT intact). What only TiEmu has
//! (its X window to compare the link screenshot with) has no twin here. On the TI-89, the
//! TI-92 Plus and the Voyage 200, in seconds, with no X server.

use std::path::PathBuf;

use emu_tests::fixture::{assemble_str, require_binutils};
use emu_tests::tiemu::programs;
use ti_emulator::link::{EmuCable, EmuEvent, EmuOptions};
use ti_files::{Integer, Model, Screen, Value, VarFile, VarName, VarPath, VarType, Variable};
use ti_link::{Calculator, Delays, LinkError};

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/tiemu")
        .join(name)
}

/// `tests/data/tiemu/<name>.s` as a calculator file for `model` (as the TiEmu tests make it).
fn program_file(test: &str, model: Model, name: &str) -> Option<PathBuf> {
    if !require_binutils(test) {
        return None;
    }
    let source = std::fs::read_to_string(data(&format!("{name}.s"))).unwrap();
    let image = assemble_str(name, &source).unwrap();
    let var = programs::program_variable(&format!("main\\{name}"), &image).unwrap();
    let file = VarFile::single(model, var);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("emu-link-programs");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}-{}.{}", model.name(), file.extension()));
    ti_files::disk::write_atomic(&path, &file.to_bytes().unwrap()).unwrap();
    Some(path)
}

fn calc(model: Model) -> Calculator<EmuCable> {
    let mut c = Calculator::new(EmuCable::start(EmuOptions::new(model)).unwrap(), model);
    c.delays = Delays::NONE;
    c
}

fn send_file(c: &mut Calculator<EmuCable>, path: &std::path::Path) -> Vec<VarPath> {
    let ext = path.extension().unwrap().to_str().unwrap();
    let file = VarFile::from_bytes_with_extension(&std::fs::read(path).unwrap(), ext).unwrap();
    c.send_variables(&file.variables).unwrap();
    file.variables.iter().map(Variable::path).collect()
}

fn link_sequence(test: &str, model: Model) {
    let Some(program_file) = program_file(test, model, "hello") else {
        return;
    };
    let mut c = calc(model);
    c.ready().unwrap();

    // Send a program and a string.
    assert_eq!(
        send_file(&mut c, &program_file),
        [VarPath::parse("main\\hello").unwrap()]
    );
    let string = Variable::new(
        VarPath::parse("main\\greeting").unwrap(),
        &Value::Str("Hello, TiEmu! 0123".into()),
    )
    .unwrap();
    c.send_variables(std::slice::from_ref(&string)).unwrap();

    // List them.
    let main = VarName::new("main").unwrap();
    let listing = c.list_folder(&main).unwrap();
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
    assert!(c.list_folders().unwrap().contains(&main));

    // Receive the string back, identical, down to the bytes of its file.
    let back = c.recv_variable(&string.path(), VarType::STR).unwrap();
    assert_eq!(back, string);
    let file_sent = VarFile::single(model, string.clone()).to_bytes().unwrap();
    let file_back = VarFile::single(model, back).to_bytes().unwrap();
    assert!(file_sent == file_back, "the received string's file differs");

    // A missing variable is reported as not found, and the link works afterwards.
    let missing = VarPath::parse("main\\nothere").unwrap();
    match c.recv_variable(&missing, VarType::STR) {
        Err(LinkError::NotFound { .. }) => {}
        other => panic!("{test}: a missing variable gave {other:?}"),
    }
    match c.get_value(&missing) {
        Err(LinkError::NotFound { .. }) => {}
        other => panic!("{test}: a missing variable gave {other:?}"),
    }
    c.ready().unwrap();

    // colonne and nom in a folder of their own, as the contest uses them.
    let colonne = VarPath::parse("ai1\\colonne").unwrap();
    let nom = VarPath::parse("ai1\\nom").unwrap();
    c.set_value(&colonne, &Value::Integer(Integer::from(3)))
        .unwrap();
    c.set_value(&nom, &Value::Str("joueur 1".into())).unwrap();
    assert_eq!(
        c.get_value(&colonne).unwrap(),
        Value::Integer(Integer::from(3))
    );
    assert_eq!(c.get_value(&nom).unwrap(), Value::Str("joueur 1".into()));
    c.set_value(&colonne, &Value::Integer(Integer::from(-1)))
        .unwrap();
    assert_eq!(
        c.get_value(&colonne).unwrap(),
        Value::Integer(Integer::from(-1))
    );
    assert!(c
        .list_folders()
        .unwrap()
        .contains(&VarName::new("ai1").unwrap()));

    // A screenshot, kept as a PNG of the model's screen that is not blank.
    let shot = c.screenshot().unwrap();
    let decoded = Screen::from_png(&shot.to_png(1)).unwrap();
    assert_eq!((decoded.width(), decoded.height()), model.screen_size());
    assert!(!decoded.is_blank(), "blank screenshot");
    assert_eq!(decoded, shot);

    // Run a program: its text is drawn where it draws it (DrawStr at (4, 50)).
    c.run(&VarPath::parse("main\\hello").unwrap(), "").unwrap();
    c.ready().unwrap();
    let drawn = c.cable().inspect(|m| m.transcript().text.clone()).unwrap();
    assert!(
        drawn
            .iter()
            .any(|d| d.text == "HELLO FROM TIEMU" && (d.x, d.y) == (4, 50)),
        "{drawn:?}"
    );
    let after = c.screenshot().unwrap();
    assert_eq!((after.width(), after.height()), model.screen_size());
    assert_ne!(after, shot, "the program's drawing is not on the screen");
    let events = c.cable().take_events();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, EmuEvent::Finished { program, .. } if program == "main\\hello()")),
        "{events:?}"
    );
}

fn crash_is_reported(test: &str, model: Model) {
    let mut c = calc(model);
    for name in ["crash", "illegal"] {
        let Some(file) = program_file(test, model, name) else {
            return;
        };
        send_file(&mut c, &file);
        c.run(&VarPath::parse(&format!("main\\{name}")).unwrap(), "")
            .unwrap();
        c.ready().unwrap();
        let events = c.cable().take_events();
        match events.as_slice() {
            [EmuEvent::Crashed {
                program, failure, ..
            }] => {
                assert_eq!(program, &format!("main\\{name}()"));
                eprintln!("{test}: {name}: crash reported: {failure}");
            }
            other => panic!("{test}: {name}: expected a crash report, got {other:?}"),
        }
        // The calculator recovered: it answers and keeps its variables.
        c.ready().unwrap();
        assert!(c
            .get_variable(&VarPath::parse(&format!("main\\{name}")).unwrap())
            .is_ok());
    }
}

#[test]
fn emu_ti89_link_operations() {
    link_sequence("emu_ti89_link_operations", Model::Ti89);
}

#[test]
fn emu_v200_link_operations() {
    link_sequence("emu_v200_link_operations", Model::V200);
}

#[test]
fn emu_ti92plus_link_operations() {
    link_sequence("emu_ti92plus_link_operations", Model::Ti92Plus);
}

#[test]
fn emu_ti89_reports_a_crashing_program() {
    crash_is_reported("emu_ti89_reports_a_crashing_program", Model::Ti89);
}

#[test]
fn emu_v200_reports_a_crashing_program() {
    crash_is_reported("emu_v200_reports_a_crashing_program", Model::V200);
}
