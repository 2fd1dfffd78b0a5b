//! The command line as a user meets it in the first hour (docs/cli.md): a closed pipe ends a
//! command quietly, errors speak to the user (no backtrace, no Rust names, each cause once),
//! bad input is refused before anything slow or irreversible happens, flags agree across
//! commands, `--json` prints what a script reads, and progress stays off a pipe. Each test is one
//! defect that the tool had; the messages are `insta` snapshots.

mod common;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use common::journal_file;

use ti_files::{Model, VarFile, VarPath, Variable};

fn ti68k() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_ti68k"));
    // Whatever the developer's shell says: a user error never shows a backtrace.
    c.env("RUST_BACKTRACE", "1");
    c
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("cli-behaviour")
        .join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn golden(name: &str) -> PathBuf {
    testkit::repo_root()
        .join("host/files/tests/data/files")
        .join(name)
}

/// Runs `args` with standard output a pipe whose reader is already closed: every write fails
/// with a broken pipe from the first one.
fn with_closed_stdout(args: &[&str]) -> Output {
    #[allow(clippy::incompatible_msrv)] // std::io::pipe: Rust 1.87; the host toolchain is newer
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    ti68k()
        .args(args)
        .stdout(Stdio::from(writer))
        .stderr(Stdio::piped())
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// The error a failed command printed, with the paths of this machine made generic.
fn error_of(out: &Output, dir: &Path) -> String {
    assert!(!out.status.success(), "the command succeeded: {out:?}");
    String::from_utf8_lossy(&out.stderr).replace(&format!("{}/", dir.display()), "")
}

#[test]
fn a_closed_pipe_ends_every_command_quietly() {
    let dir = scratch("pipe");
    let log = journal_file(&dir).0;
    let log = log.to_str().unwrap();
    let file = golden("str1.89s");
    let file = file.to_str().unwrap();
    for args in [
        vec!["info", file],
        vec!["info", "--json", file],
        vec!["replay", log, "--steps"],
        vec!["solve", "connect4", "4453"],
        vec!["ladder", "tictactoe", "--pairs", "1"],
        vec!["bench", "tictactoe", "--limit", "1"],
        vec!["--help"],
    ] {
        let out = with_closed_stdout(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {:?}\n{err}", out.status);
        assert!(err.is_empty(), "{args:?} printed: {err}");
    }
}

/// `ti68k info FILE... | head -1`: the reader goes away after the first line.
#[test]
fn head_reads_one_line_and_the_command_ends_with_it() {
    let file = golden("contest.v2g");
    let mut child = ti68k()
        .arg("info")
        .args(std::iter::repeat_n(&file, 3000))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.ends_with("contest.v2g:\n"), "{first}");
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{:?}", out.status);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn errors_speak_to_the_user() {
    let dir = scratch("errors");
    // A damaged log: the message, not the error's Rust name.
    let mut damaged =
        VarFile::from_bytes_with_extension(&std::fs::read(journal_file(&dir).0).unwrap(), "89y")
            .unwrap();
    damaged.variables[0].data[0] = b'X';
    let bad_log = dir.join("damaged.89y");
    ti_files::disk::write_atomic(&bad_log, &damaged.to_bytes().unwrap()).unwrap();
    let replay = error_of(&ti68k().arg("replay").arg(&bad_log).output().unwrap(), &dir);
    // A file that is not a FLASH file, named like one.
    let not_flash = dir.join("app.89k");
    std::fs::copy(golden("str1.89s"), &not_flash).unwrap();
    let info = error_of(&ti68k().arg("info").arg(&not_flash).output().unwrap(), &dir);
    let info_out =
        String::from_utf8_lossy(&ti68k().arg("info").arg(&not_flash).output().unwrap().stdout)
            .replace(&format!("{}/", dir.display()), "");
    // A bad position.
    let solve = error_of(
        &ti68k()
            .args(["solve", "connect4", "4444444"])
            .output()
            .unwrap(),
        &dir,
    );
    for text in [&replay, &info, &info_out, &solve] {
        assert!(
            text.starts_with("error: ") || text.contains("  error: "),
            "{text}"
        );
        for rust in [
            "backtrace",
            "BadMagic",
            "FlashFile",
            "::",
            "Error {",
            "Some(",
        ] {
            assert!(!text.contains(rust), "{rust} in: {text}");
        }
    }
    insta::assert_snapshot!(
        "error_messages",
        format!("$ ti68k replay damaged.89y\n{replay}\n$ ti68k info app.89k\n{info_out}{info}\n$ ti68k solve connect4 4444444\n{solve}")
    );
}

#[test]
fn each_cause_is_said_once() {
    let dir = scratch("causes");
    let input = dir.join("positions.txt");
    std::fs::write(&input, "4453\n44x\n").unwrap();
    let out = ti68k()
        .args(["solve", "connect4", "-"])
        .stdin(std::fs::File::open(&input).unwrap())
        .output()
        .unwrap();
    let err = error_of(&out, &dir);
    assert_eq!(
        err.matches("character 3 is not a column").count(),
        1,
        "{err}"
    );
    insta::assert_snapshot!("cause_once", err);
    // A cable that cannot be opened: the OS's reason is part of the cable's message, and is
    // not said again as a cause of its own.
    let out = ti68k()
        .args(["ls", "--cable", "black:/nonexistent/port"])
        .output()
        .unwrap();
    let err = error_of(&out, &dir);
    assert_eq!(err.matches("No such file or directory").count(), 1, "{err}");
    assert!(
        err.starts_with("error: opening the cable black:/nonexistent/port\n"),
        "{err}"
    );
}

#[test]
fn files_are_checked_before_they_are_read_whole() {
    let dir = scratch("files");
    // A sparse gigabyte named like a program: refused from its size, at once.
    let huge = dir.join("huge.89z");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(1 << 30)
        .unwrap();
    let start = std::time::Instant::now();
    let out = ti68k().arg("info").arg(&huge).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).replace(&format!("{}/", dir.display()), "");
    assert!(text.contains("too large for a calculator file"), "{text}");
    assert!(start.elapsed().as_secs() < 20, "read whole?");
    // A file cut short says how much of it is there.
    let program = Variable::asm_program(
        VarPath::parse("main\\big").unwrap(),
        [vec![0x4E; 2700], vec![0, 0, 0xF3]].concat(),
    )
    .unwrap();
    let bytes = VarFile::single(Model::Ti89, program).to_bytes().unwrap();
    let cut = dir.join("cut.89z");
    std::fs::write(&cut, &bytes[..100]).unwrap();
    let out = ti68k().arg("info").arg(&cut).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).replace(&format!("{}/", dir.display()), "");
    assert!(text.contains("truncated: 100 of 2,7"), "{text}");
    insta::assert_snapshot!("bad_files", text);
}

#[test]
fn match_checks_everything_before_the_link() {
    let dir = scratch("match");
    let missing = dir.join("myai.89z");
    let missing = missing.to_str().unwrap();
    for (args, expected) in [
        (vec!["--folders", "main,ai2"], "the arbiter's own folder"),
        (
            vec!["--folders", "ai1,arena", "--arbiter-folder", "arena"],
            "the arbiter's own folder",
        ),
        (vec!["--ai1", missing], "AI 1: cannot read"),
        (vec!["--ai2", "notes.txt"], "AI 2: cannot read"),
    ] {
        let out = ti68k()
            .arg("match")
            .args(&args)
            .env("TI68K_CABLE", "black:/nonexistent")
            .output()
            .unwrap();
        let err = error_of(&out, &dir);
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(!err.contains("cable"), "{args:?} opened the link: {err}");
    }
}

#[test]
fn solve_skips_blank_lines_and_wants_the_empty_board_asked_for() {
    let dir = scratch("solve");
    let input = dir.join("positions.txt");
    std::fs::write(&input, "4453625\n\n   \n4453625 12\n").unwrap();
    let out = ti68k()
        .args(["solve", "connect4", "-", "--weak", "--table-bits", "16"])
        .stdin(std::fs::File::open(&input).unwrap())
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let scores = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        scores.lines().count(),
        2,
        "one score per position: {scores}"
    );
    for empty in [
        vec!["solve", "connect4", ""],
        vec!["solve", "connect4", "  "],
    ] {
        let err = error_of(&ti68k().args(&empty).output().unwrap(), &dir);
        assert!(err.contains("--empty") && err.contains("hours"), "{err}");
    }
    let err = error_of(&ti68k().args(["solve", "connect4"]).output().unwrap(), &dir);
    assert!(err.contains("MOVES") || err.contains("moves"), "{err}");
}

#[test]
fn ladder_refuses_zero_pairs() {
    let dir = scratch("ladder");
    let err = error_of(
        &ti68k()
            .args(["ladder", "tictactoe", "--pairs", "0"])
            .output()
            .unwrap(),
        &dir,
    );
    assert!(
        err.contains("--pairs") && err.contains("at least one pair"),
        "{err}"
    );
    assert!(!err.contains("± inf"), "{err}");
}

/// `-o` is always a file (`--output`), `-d` always a directory (`--out-dir`), and the solver's
/// table takes the same sizes everywhere.
#[test]
fn flags_agree_across_commands() {
    let help = |command: &str| {
        String::from_utf8(ti68k().args([command, "--help"]).output().unwrap().stdout).unwrap()
    };
    for command in ["screenshot", "book", "backup"] {
        assert!(help(command).contains("-o, --output <OUTPUT>"), "{command}");
    }
    for command in ["recv", "build"] {
        assert!(
            help(command).contains("-d, --out-dir <OUT_DIR>"),
            "{command}"
        );
    }
    for command in [
        "send", "recv", "ls", "info", "solve", "bench", "ladder", "book", "match",
    ] {
        let h = help(command);
        assert!(!h.contains("--out <"), "{command} still has --out");
        assert!(!h.contains("--repo"), "{command} still has --repo");
    }
    let dir = scratch("flags");
    let solve = error_of(
        &ti68k()
            .args(["solve", "connect4", "44", "--table-bits", "9"])
            .output()
            .unwrap(),
        &dir,
    );
    let book = error_of(
        &ti68k()
            .args(["book", "connect4", "--table-bits", "9"])
            .output()
            .unwrap(),
        &dir,
    );
    for err in [solve, book] {
        assert!(err.contains("9 is not in 10..=30"), "{err}");
    }
    let bench = help("bench");
    assert!(
        bench.contains("[possible values: connect4, connect4-empty, othello, tictactoe, entropy]"),
        "{bench}"
    );
    assert!(!bench.contains("SECTIONS`"), "{bench}");
    let matches = help("match");
    assert!(matches.contains("[default: ai1,ai2]"), "{matches}");
}

#[test]
fn json_is_what_a_script_reads() {
    let file = golden("str1.89s");
    let out = ti68k()
        .arg("info")
        .arg("--json")
        .arg(&file)
        .output()
        .unwrap();
    let info: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(info["ok"], true);
    assert_eq!(info["kind"], "variables");
    assert_eq!(info["variables"][0]["type"], "string");
    assert_eq!(info["variables"][0]["checksum_ok"], true);

    let out = ti68k()
        .args([
            "solve",
            "connect4",
            "4453625",
            "--json",
            "--weak",
            "--table-bits",
            "16",
        ])
        .output()
        .unwrap();
    let solved: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(solved["moves"], "4453625");
    assert!(solved["score"].is_i64() && solved["nodes"].as_u64().unwrap() > 0);

    let out = ti68k()
        .args(["ladder", "tictactoe", "--pairs", "2", "--json"])
        .output()
        .unwrap();
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4, "one object per match of the ladder");
    assert_eq!(lines[0]["a"], "seed003");
    assert_eq!(
        lines[0]["wins"].as_u64().unwrap()
            + lines[0]["draws"].as_u64().unwrap()
            + lines[0]["losses"].as_u64().unwrap(),
        4
    );

    let out = ti68k()
        .args(["bench", "tictactoe", "--limit", "1", "--json"])
        .output()
        .unwrap();
    let measures: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(measures.len(), 4, "three depths and the fingerprint");
    assert!(measures.iter().all(|m| m["section"] == "tictactoe"));
    assert_eq!(measures[3]["name"], "fingerprint");
}

/// Long work shows a progress bar on a terminal only: in a pipe, standard error stays empty.
#[test]
fn progress_stays_off_a_pipe() {
    for args in [
        vec!["ladder", "tictactoe", "--pairs", "2"],
        vec!["bench", "tictactoe", "--limit", "1"],
    ] {
        let out = ti68k().args(&args).output().unwrap();
        assert!(out.status.success(), "{args:?}");
        assert!(
            out.stderr.is_empty(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// The tool is `ti68k`, not `host` (Debian's DNS lookup tool): its usage line says so.
#[test]
fn the_tool_names_itself_ti68k() {
    let help = String::from_utf8(ti68k().arg("--help").output().unwrap().stdout).unwrap();
    assert!(help.contains("\nUsage: ti68k <COMMAND>\n"), "{help}");
    let name = Path::new(env!("CARGO_BIN_EXE_ti68k")).file_stem().unwrap();
    assert_eq!(name, "ti68k");
}

/// `match --json` on the emulator: one object a game, with the fields docs/cli.md lists.
#[test]
fn match_json_is_one_object_a_game() {
    if !ti_build::tools::Tools::available() {
        testkit::skip(
            "match_json_is_one_object_a_game",
            "the cross toolchain is missing (run tools/setup)",
        );
        return;
    }
    let out = ti68k()
        .args([
            "match",
            "--cable",
            "emu",
            "--json",
            "--games",
            "2",
            "--no-screenshot",
        ])
        .args(["--ai1", "winblock", "--ai2", "random"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let games: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 2);
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g["game"], i + 1);
        assert_eq!(g["checked_natively"], true);
        assert!(g["moves"].as_array().is_some_and(|m| !m.is_empty()));
        assert!(["N", "D"].contains(&g["nom"].as_str().unwrap()));
        assert!(g["result"].as_str().unwrap().contains("result"));
    }
    // The sides swap: winblock is AI 1 in the first game, AI 2 in the second.
    assert_eq!(games[0]["ais"][0]["name"], "winblock");
    assert_eq!(games[1]["ais"][1]["name"], "winblock");
}
