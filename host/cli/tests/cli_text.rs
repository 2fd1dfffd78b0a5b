//! The command line's text, as a reviewer sees it change: the help of the tool and of every
//! subcommand, and `ti68k info` on the golden calculator files (the text replay of a logged
//! game is in contest_cli.rs).
//! Each is an `insta` snapshot (tests/snapshots/): a change shows as a diff to accept or fix
//! (`INSTA_UPDATE=always cargo test -p ti68k --test cli_text` rewrites them).

use std::process::{Command, Output};

fn ti68k(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ti68k"))
        .args(args)
        .output()
        .expect("the ti68k binary runs")
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

/// The subcommands, as `ti68k --help` lists them.
fn subcommands() -> Vec<String> {
    let help = stdout(&ti68k(&["--help"]));
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|c| c != "help")
        .collect()
}

#[test]
fn help_of_the_tool() {
    insta::assert_snapshot!(stdout(&ti68k(&["--help"])));
}

#[test]
fn help_of_every_subcommand() {
    let commands = subcommands();
    assert!(commands.len() >= 15, "{commands:?}");
    for command in commands {
        let help = stdout(&ti68k(&[&command, "--help"]));
        insta::assert_snapshot!(format!("help_{command}"), help);
    }
}

#[test]
fn info_on_golden_files() {
    let files = testkit::repo_root().join("host/files/tests/data/files");
    let names = [
        "contest.v2g",
        "str1.89s",
        "prog1.9xz",
        "lst.89l",
        "note.89t",
    ];
    let paths: Vec<String> = names
        .iter()
        .map(|n| files.join(n).to_str().unwrap().to_string())
        .collect();
    let mut args = vec!["info"];
    args.extend(paths.iter().map(String::as_str));
    let text = stdout(&ti68k(&args));
    // The paths depend on where the repository is: keep the file names only.
    let text = text.replace(&format!("{}/", files.display()), "");
    insta::assert_snapshot!(text);
}
