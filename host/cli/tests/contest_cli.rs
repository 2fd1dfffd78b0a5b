//! `ti68k replay` and `ti68k match` from the command line, without a calculator: a log written
//! as the arbiter writes it (custom data of type C4L in a `.89y` file) is replayed, and bad
//! match set-ups are refused with a message saying what is wrong.

mod common;

use std::process::Command;

use common::journal_file;

use ti_files::{Model, VarFile, VarPath, Variable};

fn ti68k() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ti68k"))
}

#[test]
fn replay_shows_a_logged_game() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("contest-cli");
    std::fs::create_dir_all(&dir).unwrap();
    let (path, moves) = journal_file(&dir);
    let out = ti68k()
        .arg("replay")
        .arg(&path)
        .arg("--steps")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("AI 1 (O): winblock"), "{text}");
    assert!(text.contains("AI 2 (X): minimax3"), "{text}");
    let last = format!("{:>2}. ", moves.len());
    assert!(text.contains(&last), "every move is listed: {text}");
    assert!(text.contains("(result "), "{text}");
    insta::assert_snapshot!(text.replace(path.to_str().unwrap(), "journal.89y"));
}

#[test]
fn replay_refuses_what_is_not_a_log() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("contest-cli");
    std::fs::create_dir_all(&dir).unwrap();
    let var = Variable::new(
        VarPath::parse("main\\nom").unwrap(),
        &ti_files::Value::Str("N".into()),
    )
    .unwrap();
    let path = dir.join("nom.89s");
    ti_files::disk::write_atomic(
        &path,
        &VarFile::single(Model::Ti89, var).to_bytes().unwrap(),
    )
    .unwrap();
    let out = ti68k().arg("replay").arg(&path).output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not the arbiter's log"), "{err}");
}

#[test]
fn match_refuses_bad_set_ups_before_touching_the_link() {
    for (args, expected) in [
        (vec!["--ai1", "strongest"], "unknown level \"strongest\""),
        (vec!["--folders", "ai1,ai1"], "folder of its own"),
        (vec!["--folders", "ai1"], "--folders takes two folders"),
        (vec!["--ai2", "fautif:x"], "fautif:N"),
        (
            vec!["--ai1", "human:Annabelle1"],
            "a name has 1 to 8 characters",
        ),
        (
            vec!["--cable", "emu", "--ai2", "human"],
            "--cable emu has none",
        ),
    ] {
        let out = ti68k()
            .arg("match")
            .args(&args)
            .env("TI68K_CABLE", "black:/nonexistent")
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(expected), "{args:?}: {err}");
    }
}
