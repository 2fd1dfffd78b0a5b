//! `ti68k profile`, run as a user runs it: on a program of calc/programs (built first) and on
//! its calculator file with the symbol map beside it; the table names the program's Rust, the
//! runtime helpers and the glue as such, and the flame graph is an SVG. Needs the cross
//! toolchain (tools/setup); skips without it.

use std::process::Command;

use ti_build::tools::Tools;

fn ti68k() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_ti68k"));
    c.current_dir(testkit::repo_root());
    c
}

fn toolchain(test: &str) -> bool {
    if Tools::available() {
        return true;
    }
    testkit::skip(
        test,
        "the cross toolchain is not installed (run tools/setup)",
    );
    false
}

#[test]
fn profiles_an_exported_function_of_a_built_program() {
    if !toolchain("profiles_an_exported_function_of_a_built_program") {
        return;
    }
    let dir = testkit::scratch!("profile-cli");
    let svg = dir.join("c4.svg");
    let text = dir.join("c4.txt");
    let out = ti68k()
        .args([
            "profile",
            "t_c4",
            "--setup",
            "c4_play 3",
            "--setup",
            "c4_play 3",
        ])
        // All the functions run (the engine on lines has more than the default lists).
        .args(["--call", "c4_choose 130 1", "--functions", "40"])
        .args(["--instructions", "5", "--svg"])
        .arg(&svg)
        .arg("--text")
        .arg(&text)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("Profile of t_c4: c4_choose"), "{stdout}");
    assert!(stdout.contains("Searcher"), "{stdout}");
    assert!(stdout.contains("  glue     c4_choose"), "{stdout}");
    assert!(stdout.contains("Callers of the 5 hottest"), "{stdout}");
    assert!(stdout.contains("The 5 hottest instructions"), "{stdout}");
    assert_eq!(std::fs::read_to_string(&text).unwrap(), stdout);
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(
        drawn.starts_with("<?xml") && drawn.contains("<svg"),
        "not an SVG"
    );
    assert!(drawn.contains("c4_choose [glue]"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("c4_choose [130, 1] -> d0 = "), "{stderr}");

    // The same program from its file and the symbol map the build wrote beside it.
    let file = testkit::repo_root().join("target/ti/t_c4.89z");
    let out = ti68k()
        .arg("profile")
        .arg(&file)
        .args([
            "--call",
            "c4_choose 1 7",
            "--functions",
            "3",
            "--callers",
            "0",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("Profile of t_c4: c4_choose"), "{stdout}");
}

#[test]
fn says_what_is_wrong() {
    if !toolchain("says_what_is_wrong") {
        return;
    }
    let out = ti68k().args(["profile", "t_c4"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("say what to profile"));
    let out = ti68k()
        .args(["profile", "t_c4", "--call", "no_such 1"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("exports no function \"no_such\""),
        "{stderr}"
    );
    assert!(stderr.contains("c4_choose"), "{stderr}");
    // A calculator file (t_c4 is a launcher: with its body) without its symbol map.
    let dir = testkit::scratch!("profile-cli-nosym");
    let lone = dir.join("t_c4.89z");
    std::fs::copy(testkit::repo_root().join("target/ti/t_c4.89z"), &lone).unwrap();
    std::fs::copy(
        testkit::repo_root().join("target/ti/t_c4.89y"),
        dir.join("t_c4.89y"),
    )
    .unwrap();
    let out = ti68k()
        .arg("profile")
        .arg(&lone)
        .args(["--call", "c4_choose 1 7"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("symbol map"), "{stderr}");
}
