//! The link tests' assertions, one set for every calculator the project can talk to: TiEmu
//! running PedroM or TI's OS (tests/tiemu/tiemu_link.rs, tiemu_run.rs) and the project's own
//! emulator as a calculator (tests/emu_link.rs, `EmuCable`). Each check takes a [`Target`]:
//! something that gives a `ti_link::Calculator` and can say, in its own way, what a program drew
//! and whether it crashed. A check that passes on one and fails on the other is a difference
//! between the emulator and the real OS.
//!
//! Included by both test binaries (`#[path]`): it holds only what both use.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use emu_tests::fixture::{assemble_str, require_binutils};
use emu_tests::tiemu::programs;
use ti_files::{Integer, Model, Screen, Value, VarFile, VarName, VarPath, VarType, Variable};
use ti_link::{Cable, Calculator, LinkError};

/// The text the fixture `hello.s` draws, and where: DrawStr at (4, 50).
pub const HELLO_TEXT: &str = "HELLO FROM TIEMU";
/// Where `hello.s` draws [`HELLO_TEXT`].
pub const HELLO_AT: (u32, u32) = (4, 50);

/// A calculator under test.
pub trait Target {
    /// Its cable.
    type Cable: Cable;
    /// The calculator, over the link.
    fn calc(&mut self) -> &mut Calculator<Self::Cable>;
    /// Its model.
    fn model(&self) -> Model;
    /// Runs `program` (no arguments) and says where `text` was drawn (the x and y given to
    /// `DrawStr`), with the screen afterwards; `Err` says what happened instead.
    fn run_drawing(&mut self, program: &str, text: &str) -> Result<((u32, u32), Screen), String>;
    /// Runs `program`, which crashes: `Ok` with the report of the crash, `Err` when the crash
    /// went unnoticed.
    fn run_crashing(&mut self, program: &str) -> Result<String, String>;
    /// Keeps a screenshot for people to look at (where the target keeps them).
    fn keep(&self, screen: &Screen, name: &str);
}

/// `tests/data/tiemu/<name>`.
pub fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/tiemu")
        .join(name)
}

/// Assembles `tests/data/tiemu/<name>.s` into the program `main\<name>` and writes it as a
/// calculator file for `model` (`<name>.89z`, `.9xz`, `.v2z`); `None` after a loud skip when
/// the assembler is missing.
pub fn program_file(test: &str, model: Model, name: &str) -> Option<PathBuf> {
    if !require_binutils(test) {
        return None;
    }
    let source = std::fs::read_to_string(data(&format!("{name}.s"))).unwrap();
    let image = assemble_str(name, &source).unwrap_or_else(|e| panic!("{name}.s: {e}"));
    let var = programs::program_variable(&format!("main\\{name}"), &image).unwrap();
    let file = VarFile::single(model, var);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("link-check-programs");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}-{}.{}", model.name(), file.extension()));
    ti_files::disk::write_atomic(&path, &file.to_bytes().unwrap()).unwrap();
    Some(path)
}

/// Sends the variables of a calculator file; returns their paths.
pub fn send_file<T: Target>(t: &mut T, path: &Path) -> Vec<VarPath> {
    let ext = path.extension().unwrap().to_str().unwrap();
    let file = VarFile::from_bytes_with_extension(&std::fs::read(path).unwrap(), ext).unwrap();
    t.calc().send_variables(&file.variables).unwrap();
    file.variables.iter().map(Variable::path).collect()
}

/// The string the checks send and read back.
pub fn greeting() -> Variable {
    Variable::new(
        VarPath::parse("main\\greeting").unwrap(),
        &Value::Str("Hello, TiEmu! 0123".into()),
    )
    .unwrap()
}

/// Sends the program of `program_file` (`main\hello`) and the string [`greeting`]; both are
/// listed in `main` with their types and sizes, and `main` among the folders.
pub fn send_and_list<T: Target>(t: &mut T, program_file: &Path) {
    assert_eq!(
        send_file(t, program_file),
        [VarPath::parse("main\\hello").unwrap()]
    );
    let string = greeting();
    t.calc()
        .send_variables(std::slice::from_ref(&string))
        .unwrap();
    let main = VarName::new("main").unwrap();
    let listing = t.calc().list_folder(&main).unwrap();
    let hello = listing
        .find(&VarName::new("hello").unwrap())
        .expect("hello listed");
    assert_eq!(hello.var_type, VarType::ASM);
    let program = VarFile::from_bytes_with_extension(
        &std::fs::read(program_file).unwrap(),
        program_file.extension().unwrap().to_str().unwrap(),
    )
    .unwrap();
    assert_eq!(hello.size as usize, program.variables[0].image_len());
    let listed = listing.find(&string.name).expect("greeting listed");
    assert_eq!(listed.var_type, VarType::STR);
    assert_eq!(listed.size as usize, string.image_len());
    assert!(t.calc().list_folders().unwrap().contains(&main));
}

/// The string sent by [`send_and_list`] comes back identical, down to the bytes of its file.
pub fn receive_identical<T: Target>(t: &mut T) {
    let string = greeting();
    let model = t.model();
    let back = t
        .calc()
        .recv_variable(&string.path(), VarType::STR)
        .unwrap();
    assert_eq!(back, string);
    let file_sent = VarFile::single(model, string).to_bytes().unwrap();
    let file_back = VarFile::single(model, back).to_bytes().unwrap();
    assert!(file_sent == file_back, "the received string's file differs");
}

/// A missing variable is reported as not found (PedroM acknowledges the request and then says
/// nothing), whether received as a file or as a value, and the link works afterwards.
pub fn missing_is_not_found<T: Target>(t: &mut T, test: &str) {
    let missing = VarPath::parse("main\\nothere").unwrap();
    match t.calc().recv_variable(&missing, VarType::STR) {
        Err(LinkError::NotFound { .. }) => {}
        other => panic!("{test}: a missing variable gave {other:?}"),
    }
    match t.calc().get_value(&missing) {
        Err(LinkError::NotFound { .. }) => {}
        other => panic!("{test}: a missing variable gave {other:?}"),
    }
    t.calc().ready().unwrap();
}

/// A variable sent, then deleted over the link (DEL, as a tournament frees the calculator's
/// RAM): it is gone, and the calculator is ready.
pub fn delete_removes_the_variable<T: Target>(t: &mut T, test: &str) {
    let path = VarPath::parse("main\\gone").unwrap();
    let c = t.calc();
    c.set_value(&path, &Value::Str("to be deleted".into()))
        .unwrap();
    assert_eq!(
        c.get_value(&path).unwrap(),
        Value::Str("to be deleted".into())
    );
    c.delete_variable(&path, VarType::STR)
        .unwrap_or_else(|e| panic!("{test}: deleting {path}: {e}"));
    match c.get_value(&path) {
        Err(LinkError::NotFound { .. }) => {}
        other => panic!("{test}: {path} after its deletion gave {other:?}"),
    }
    c.ready().unwrap();
}

/// `colonne` and `nom` in a folder of their own, as the contest uses them: written, read back,
/// rewritten; the folder is listed.
pub fn colonne_and_nom<T: Target>(t: &mut T) {
    let colonne = VarPath::parse("ai1\\colonne").unwrap();
    let nom = VarPath::parse("ai1\\nom").unwrap();
    let c = t.calc();
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
}

/// A screenshot: the model's screen, not blank, the same after a round trip through PNG;
/// kept as `link`. Returns it.
pub fn screenshot<T: Target>(t: &mut T) -> Screen {
    let shot = t.calc().screenshot().unwrap();
    let decoded = Screen::from_png(&shot.to_png(1)).unwrap();
    assert_eq!((decoded.width(), decoded.height()), t.model().screen_size());
    assert!(!decoded.is_blank(), "blank screenshot");
    assert_eq!(decoded, shot);
    t.keep(&shot, "link");
    shot
}

/// `main\hello` (sent by [`send_and_list`]) runs and draws its text where it draws it; the
/// screen is the model's and differs from `before`; the calculator answers afterwards.
pub fn program_draws_its_text<T: Target>(t: &mut T, test: &str, before: Option<&Screen>) {
    let (at, screen) = t
        .run_drawing("main\\hello", HELLO_TEXT)
        .unwrap_or_else(|e| panic!("{test}: {e}"));
    assert_eq!(at, HELLO_AT, "{test}: {screen:?}");
    assert_eq!((screen.width(), screen.height()), t.model().screen_size());
    if let Some(before) = before {
        assert_ne!(
            &screen, before,
            "the program's drawing is not on the screen"
        );
    }
    t.calc().ready().unwrap();
}

/// The fixture `name` (`crash`: an address error; `illegal`: an illegal instruction) is sent
/// and run, and its crash reported. With `recovers`, the calculator then answers and keeps its
/// variables (TiEmu stops in its debugger on an illegal instruction: no recovery there).
pub fn crash_is_reported<T: Target>(t: &mut T, test: &str, name: &str, recovers: bool) {
    let Some(file) = program_file(test, t.model(), name) else {
        return;
    };
    send_file(t, &file);
    let program = format!("main\\{name}");
    match t.run_crashing(&program) {
        Ok(report) => eprintln!("{test}: {name}: crash reported: {report}"),
        Err(e) => panic!("{test}: {name}: the crash went unnoticed: {e}"),
    }
    if recovers {
        t.calc().ready().unwrap();
        assert!(t
            .calc()
            .get_variable(&VarPath::parse(&program).unwrap())
            .is_ok());
    }
}
