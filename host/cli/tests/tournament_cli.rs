//! `ti68k tournament` and `ti68k versus` from the command line, on the project's emulator
//! (`--cable emu`): a small round robin of native and calculator AIs on two workers, killed
//! after a few games and resumed to the end (every game once, in a file that stays whole);
//! the crosstable and the ratings printed, the chart written; five calculator levels whose
//! programs do not fit one calculator's RAM at once; a game of a calculator AI
//! against a native one, its log checked and replayed. Needs the cross toolchain (the
//! calculator programs are built once, cached): skipped loudly without it.

mod common;

use std::process::{Command, Stdio};
use std::time::Duration;

use common::{cross_toolchain, parsed_lines, ti68k_in_repo};

use ti68k::tournament::record::GameRecord;

const AIS: [&str; 4] = ["native:random", "winblock", "native:winblock", "minimax3"];

#[test]
fn a_killed_tournament_resumes_to_the_end() {
    let test = "a_killed_tournament_resumes_to_the_end";
    if !cross_toolchain(test) {
        return;
    }
    let dir = testkit::scratch!(test);
    let results = dir.join("results.txt");
    let chart = dir.join("ratings.png");
    let args = |c: &mut Command| {
        c.args(["tournament", "--rounds", "2", "--jobs", "2", "--results"])
            .arg(&results)
            .arg("--chart")
            .arg(&chart)
            .args(AIS);
    };
    // First run: killed once a few games are in the file.
    let mut first = ti68k_in_repo();
    args(&mut first);
    let mut child = first
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    testkit::kill_when(
        &mut child,
        || parsed_lines(&results, GameRecord::parse).len() >= 3,
        Duration::from_secs(600),
        "the tournament",
    );
    let before = parsed_lines(&results, GameRecord::parse).len();
    assert!((3..24).contains(&before), "{before} games before the kill");

    // Second run: resumes.
    let mut second = ti68k_in_repo();
    args(&mut second);
    let out = second.output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stderr.contains("resuming"), "{stderr}");
    let games = parsed_lines(&results, GameRecord::parse);
    let mut indexes: Vec<u32> = games.iter().map(|g| g.index).collect();
    indexes.sort();
    assert_eq!(
        indexes,
        (0..24).collect::<Vec<_>>(),
        "every game exactly once"
    );
    assert!(stdout.contains("24 games"), "{stdout}");
    assert!(stdout.contains("Elo by maximum likelihood"), "{stdout}");
    for ai in AIS {
        assert!(stdout.contains(ai), "{ai} missing:\n{stdout}");
    }
    let png = std::fs::read(&chart).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    // A third run has nothing left to play and says the same.
    let out = {
        let mut c = ti68k_in_repo();
        args(&mut c);
        c.output().unwrap()
    };
    assert!(out.status.success());
    assert_eq!(parsed_lines(&results, GameRecord::parse).len(), 24);
    eprintln!("{test}:\n{stdout}");
}

/// Five of this project's levels on one calculator, an expert among them (the README's
/// tournament has four). Each `joueur` is a 43 KB body, and the TI-89's RAM ran out while they
/// were sent ("out of memory"); now on the emulator the variables of the entrants not in a game
/// are deleted before it when its entrants' must be sent. Every game's log names the levels the
/// schedule put in its seats.
#[test]
fn many_calculator_levels_fit_one_calculator() {
    let test = "many_calculator_levels_fit_one_calculator";
    if !cross_toolchain(test) {
        return;
    }
    let dir = testkit::scratch!(test);
    let results = dir.join("results.txt");
    let ais = [
        "native:random",
        "random",
        "winblock",
        "minimax3",
        "alphabeta1000",
        "expert1000",
    ];
    let out = ti68k_in_repo()
        .args(["tournament", "--rounds", "1", "--jobs", "1", "--results"])
        .arg(&results)
        .arg("--chart")
        .arg(dir.join("ratings.png"))
        .args(ais)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    // 6 AIs: 15 pairings, each colour once.
    let games = parsed_lines(&results, GameRecord::parse);
    assert_eq!(games.len(), 30, "{stdout}\n{stderr}");
    // The names the levels give themselves (`joueur`'s `nom`), the native one's as its level.
    let names = [
        "random", "random", "winblock", "minimax3", "ab1000", "ex1000",
    ];
    for g in &games {
        let log = calc::connect4::log::decode(&g.log).unwrap();
        for seat in 0..2 {
            assert_eq!(
                log.names[seat],
                names[g.ais[seat]].as_bytes(),
                "game {}: seat {seat} should be {}",
                g.index,
                ais[g.ais[seat]]
            );
        }
    }
    for ai in ais {
        assert!(stdout.contains(ai), "{ai} missing:\n{stdout}");
    }
    eprintln!("{test}:\n{stdout}");
}

#[test]
fn a_results_file_of_another_tournament_is_refused() {
    let dir = testkit::scratch!("a_results_file_of_another_tournament_is_refused");
    let results = dir.join("results.txt");
    std::fs::write(&results, "# ti68k tournament 1\n# model ti89\n# rounds 9\n# seed 1\n# entrant native:random\n# entrant native:winblock\n").unwrap();
    let out = ti68k_in_repo()
        .args(["tournament", "--results"])
        .arg(&results)
        .args(["native:random", "native:minimax3"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("another tournament"), "{stderr}");
}

#[test]
fn a_calculator_ai_plays_a_native_one_from_the_computer() {
    let test = "a_calculator_ai_plays_a_native_one_from_the_computer";
    if !cross_toolchain(test) {
        return;
    }
    let dir = testkit::scratch!(test);
    let log = dir.join("game.89y");
    let out = ti68k_in_repo()
        .args([
            "versus",
            "--cable",
            "emu",
            "--ai1",
            "minimax3",
            "--ai2",
            "native:winblock",
            "--log",
        ])
        .arg(&log)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("checked: the log agrees with the core's referee"),
        "{stdout}"
    );
    let replay = ti68k_in_repo().arg("replay").arg(&log).output().unwrap();
    assert!(replay.status.success());
    let shown = String::from_utf8_lossy(&replay.stdout);
    assert!(
        shown.contains("minimax3") && shown.contains("winblock"),
        "{shown}"
    );
}
