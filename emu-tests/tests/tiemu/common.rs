//! Helpers shared by the TiEmu tests: building the fixture programs of `tests/data/tiemu/`
//! into calculator files, and choosing the OS (PedroM, or the user's TI ROM).
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use emu_tests::fixture::{assemble_str, require_binutils};
use emu_tests::tiemu::{programs, Os, TiEmu, TiEmuError};
use ti_files::{Model, VarFile};

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
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tiemu-programs");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.{}", file.extension()));
    ti_files::disk::write_atomic(&path, &file.to_bytes().unwrap()).unwrap();
    Some(path)
}

/// Boots PedroM for `model`; `None` after a loud skip when TiEmu or PedroM is missing.
pub fn pedrom(test: &str, model: Model) -> Option<TiEmu> {
    boot(test, model, Os::PedroM)
}

/// Boots the user's TI OS for `model` (from `TIEMU_ROM_TI89`, ...); `None` after a loud skip
/// when the variable is not set.
pub fn ams(test: &str, model: Model) -> Option<TiEmu> {
    match Os::from_env(model) {
        None => {
            emu_tests::skip_without_rom(test, model);
            None
        }
        Some(Err(e)) => panic!("{test}: {e}"),
        Some(Ok(os)) => boot(test, model, os),
    }
}

fn boot(test: &str, model: Model, os: Os) -> Option<TiEmu> {
    match TiEmu::start(model, os) {
        Ok(t) => {
            eprintln!(
                "{test}: {model} {} booted in {:.1?} (after {:.1?} waiting for the lock)",
                t.os().describe(),
                t.boot_time(),
                t.lock_wait()
            );
            Some(t)
        }
        Err(TiEmuError::Missing { what, reason }) => {
            testkit::skip(test, &format!("{what}: {reason}"));
            None
        }
        Err(e) => panic!("{test}: starting TiEmu: {e}"),
    }
}

/// Says how long a session took (without its wait for the lock).
pub fn done(test: &str, t: &TiEmu) {
    eprintln!("{test}: session took {:.1?}", t.session_time());
}
