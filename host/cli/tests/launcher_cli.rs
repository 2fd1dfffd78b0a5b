//! `ti68k send` of a program built with a launcher (docs/building.md#programs-over-24-kb): the
//! launcher's `.89z` sends its body from the `.89y` beside it and says so; `--folder` moves both;
//! a missing body file is an error that names it, and nothing is sent. On the emulator as a
//! calculator kept in a state file (`--cable emu:FILE`), listed back with `ti68k ls`.

mod common;

use std::path::Path;

use common::ti68k;
use ti_build::tools::Tools;
use ti_build::{build, BuildOptions};

#[test]
fn send_takes_a_launchers_body_along() {
    let test = "send_takes_a_launchers_body_along";
    if !Tools::available() {
        testkit::skip(test, "the cross toolchain is missing (run tools/setup)");
        return;
    }
    let dir = testkit::scratch!("cli-launcher-send");
    let root = testkit::repo_root();
    let programs = ti_build::config::Programs::load(&root.join("calc/programs")).unwrap();
    let mut config = programs.get("hello").unwrap().clone();
    config.body_name = Some("hellox".into());
    let mut options = BuildOptions::new(&root, "hello");
    options.config = Some(config);
    options.out_dir = Some(dir.join("files"));
    let built = build(&options).unwrap();
    let file = built
        .files
        .iter()
        .find(|f| f.extension().unwrap() == "89z")
        .unwrap();
    let state = dir.join("calc.89g");
    let cable = format!("emu:{}", state.display());
    let file = file.to_str().unwrap();

    let (ok, text) = ti68k(&["send", "--cable", &cable, file]);
    assert!(ok, "{text}");
    assert!(
        text.contains("is a launcher: sending its body hellox") && text.contains("hello.89y"),
        "{text}"
    );
    let (ok, text) = ti68k(&["send", "--cable", &cable, "--folder", "games", file]);
    assert!(ok, "{text}");
    let (ok, listing) = ti68k(&["ls", "--cable", &cable]);
    assert!(ok, "{listing}");
    for name in ["hello", "hellox"] {
        assert_eq!(
            listing.matches(name).count() - listing.matches(&format!("{name}x")).count(),
            2,
            "{name} in main and games:\n{listing}"
        );
    }

    // Without its body file: an error naming it, before anything is sent.
    std::fs::remove_file(Path::new(file).with_extension("89y")).unwrap();
    let (ok, text) = ti68k(&["send", "--cable", &cable, "--folder", "other", file]);
    assert!(!ok);
    assert!(
        text.contains("hellox") && text.contains("hello.89y") && text.contains("does not exist"),
        "{text}"
    );
    let (_, listing) = ti68k(&["ls", "--cable", &cable]);
    assert!(!listing.contains("other"), "{listing}");
}
