//! Programs built by the project's cross build (Rust -> wasm32 -> wasm2c -> GCC -m68000), sent to
//! PedroM under TiEmu and run there:
//! - `hello` on the TI-89 and the Voyage 200: its name and the model it read at run time must
//!   be on the screen, where the program centres them, and it must return to the OS when a key
//!   is pressed;
//! - `testcore` told to panic (key `p`): the runtime must end it cleanly on the real OS (its
//!   error frame catches the trap, memory is freed) with "testcore: panic" on the status line
//!   (`ST_helpMsg`), and the calculator must answer the link afterwards. PedroM's shell then
//!   also prints a few lines of its own around the message; only the message is checked.
//!
//! The screenshots are kept (see main.rs).

use std::path::PathBuf;

use super::common;
use emu_tests::tiemu::TiEmu;
use ti_build::tools::Tools;
use ti_build::{build, BuildOptions};
use ti_files::Model;

/// The file of `program` for `model`; `None` after a loud skip without the cross toolchain.
fn program_file(test: &str, program: &str, model: Model) -> Option<PathBuf> {
    if let Err(e) = Tools::find() {
        testkit::skip(test, &e.to_string());
        return None;
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()?
        .to_path_buf();
    let mut options = BuildOptions::new(root, program);
    options.out_dir = Some(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tiemu-programs"));
    let built = build(&options).unwrap_or_else(|e| panic!("{test}: building {program}: {e}"));
    built.file(model).cloned()
}

fn hello_runs(test: &str, model: Model, mut t: TiEmu) {
    let Some(file) = program_file(test, "hello", model) else {
        return;
    };
    let (width, height) = model.screen_size();
    let name = model.to_string();
    // Both texts are rendered before the run (rendering types keys, which must not reach
    // hello while it waits for one).
    let (screen, found) = t
        .run_file_expecting_texts(&file, &["hello", &name])
        .unwrap_or_else(|e| panic!("{test}: {e}"));
    let (title, shown) = (found[0], found[1]);
    eprintln!(
        "{test}: \"hello\" at ({}, {}) {:?}, {name:?} at ({}, {}) {:?}",
        title.x, title.y, title.font, shown.x, shown.y, shown.font
    );
    // Where src/bin/hello.rs draws them: centred, 8x10 font then 6x8 font.
    assert_eq!((title.x, title.y), ((width - 5 * 8) / 2, height / 2 - 16));
    assert_eq!(
        (shown.x, shown.y),
        ((width - name.len() as u32 * 6) / 2, height / 2)
    );
    // A key ends the program; the OS's screen comes back (hello's title is gone; the shell may
    // show the command line, whose "hello" is in the small font).
    t.press_keys(&[13]).unwrap();
    let after = t
        .wait_for_stable_screen()
        .unwrap()
        .expect("the screen did not settle");
    assert_ne!(after, screen, "hello did not return");
    let title_after = t.find_text(&after, "hello").unwrap();
    assert!(
        title_after.is_none_or(|m| (m.x, m.y) != (title.x, title.y)),
        "hello's title is still on the screen:\n{after:?}"
    );
    assert!(t.is_ready().unwrap());
}

#[test]
fn tiemu_pedrom_ti89_runs_hello() {
    let test = "tiemu_pedrom_ti89_runs_hello";
    if let Some(t) = common::pedrom(test, Model::Ti89) {
        hello_runs(test, Model::Ti89, t);
    }
}

#[test]
fn tiemu_pedrom_v200_runs_hello() {
    let test = "tiemu_pedrom_v200_runs_hello";
    if let Some(t) = common::pedrom(test, Model::V200) {
        hello_runs(test, Model::V200, t);
    }
}

#[test]
fn tiemu_pedrom_ti89_ends_a_panicking_program_cleanly() {
    let test = "tiemu_pedrom_ti89_ends_a_panicking_program_cleanly";
    let Some(mut t) = common::pedrom(test, Model::Ti89) else {
        return;
    };
    let Some(file) = program_file(test, "testcore", Model::Ti89) else {
        return;
    };
    // The message is rendered before the run (rendering types keys, which must not reach
    // testcore while it waits for one); testcore shows a line, then waits for a key.
    let message = "testcore: panic";
    let template = t.text_templates(message).unwrap();
    t.run_file_expecting_text(&file, "testcore")
        .unwrap_or_else(|e| panic!("{test}: {e}"));
    t.press_keys(&[u16::from(b'p')]).unwrap();
    // The message is on the status line, which PedroM overwrites with "Link in progress..."
    // at the next link transfer: look through X, without touching the link.
    let start = std::time::Instant::now();
    let (after, found) = loop {
        let shot = t.x_screenshot().unwrap();
        let found = template.find_in(&shot);
        if found.is_some() || start.elapsed() > std::time::Duration::from_secs(15) {
            break (shot, found);
        }
        std::thread::sleep(std::time::Duration::from_millis(200));
    };
    let kept = t.keep_screenshot(&after, "testcore-panic").unwrap();
    eprintln!("{test}: {message:?} at {found:?} ({})", kept.display());
    assert!(
        found.is_some(),
        "{message:?} is not on the screen:\n{after:?}"
    );
    assert!(
        t.is_ready().unwrap(),
        "the calculator does not answer after the panic"
    );
}
