//! The meta-program `meta` (calc/programs/src/bin/meta.rs) on the project's emulator as a
//! calculator (`EmuCable`: the CPU harness answering the link): `meta("ai1","ai2",10)` runs the
//! cross-built `arbitre` ten times between two AI folders and tallies the results. The same ten
//! games are then played one by one on the same calculator, each read back after the game and
//! checked against the core as `ti68k match` checks it (`ti68k::contest::meta::play_one_by_one`):
//! their results summed must be `meta`'s tally, count for count (the assertions of the TiEmu
//! twin, tests/versus_tiemu.rs, shared in `common/versus_checks.rs`). Also: disqualifications are
//! counted, the seeds and `attente` are put back, and wrong arguments or a missing arbiter
//! leave no tally (or the tally of the games played) and a message.

mod contest_common;
#[path = "common/versus_checks.rs"]
mod versus_checks;

use contest_common::programs;
use ti68k::contest::install::{self, Programs};
use ti68k::contest::meta::{self, Tally};
use ti68k::contest::run::RunOptions;
use ti68k::contest::setup::{AiSpec, MatchSetup};
use ti_emulator::link::{EmuCable, EmuOptions};
use ti_files::{Integer, Model, Value, VarPath};
use ti_link::{Calculator, Delays};
use versus_checks::{emu_calculator, int};

fn options() -> RunOptions {
    RunOptions {
        poll: std::time::Duration::from_millis(5),
        screenshot: false,
        ..RunOptions::default()
    }
}

/// `meta`'s program data, built once.
fn meta_data() -> ti_build::Installable {
    install::built_program(None, Model::Ti89, "meta").unwrap()
}

/// Runs `meta` on `base` for `games` games on a fresh calculator, then the same games one by
/// one on it: the shared check of the TiEmu twin (`common/versus_checks.rs`).
fn meta_equals_the_games(programs: &Programs, base: &MatchSetup, games: u32) -> Tally {
    let mut c = emu_calculator(base.model);
    versus_checks::meta_equals_the_games(&mut c, programs, &meta_data(), base, games, &options())
        .tally
}

#[test]
fn meta_tallies_ten_games_as_the_arbiter_results_sum() {
    let test = "meta_tallies_ten_games_as_the_arbiter_results_sum";
    let Some(programs) = programs(test) else {
        return;
    };
    // Win/block against itself, seeds advancing: the games differ, both AIs win some.
    let base = MatchSetup::new(
        Model::Ti89,
        [AiSpec::level("winblock", 5), AiSpec::level("winblock", 9)],
    );
    let t = meta_equals_the_games(programs, &base, 10);
    assert!(t.wins[0] > 0 && t.wins[1] > 0, "{t:?}");
    // The faulty AI that always plays column 1 is disqualified once the column is full,
    // unless it wins first: disqualifications are counted (V200).
    let base = MatchSetup::new(
        Model::V200,
        [AiSpec::Faulty { fault: 3 }, AiSpec::level("random", 40)],
    );
    let t = meta_equals_the_games(programs, &base, 6);
    assert!(t.disqualified > 0, "{t:?}");
}

#[test]
fn meta_refuses_wrong_arguments_and_stops_without_an_arbiter() {
    let test = "meta_refuses_wrong_arguments_and_stops_without_an_arbiter";
    let Some(programs) = programs(test) else {
        return;
    };
    let base = MatchSetup::new(
        Model::Ti89,
        [AiSpec::level("random", 1), AiSpec::level("random", 2)],
    );
    let data = meta_data();
    let mut c = emu_calculator(Model::Ti89);
    meta::install(&mut c, &base, programs, &data, "main", false).unwrap();
    // A tally of a first run, then runs with wrong arguments: no tally is left behind.
    meta::run_meta(&mut c, "main", "\"ai1\",\"ai2\",1", &options()).unwrap();
    let mut messages = Vec::new();
    for args in [
        "\"ai1\"",
        "\"ai1\",\"ai1\",3",
        "\"ai1\",\"ai2\",0",
        "\"ai1\",\"ai2\",\"3\"",
        "\"ai1\",\"ai2\",10000",
    ] {
        let e = meta::run_meta(&mut c, "main", args, &options())
            .unwrap_err()
            .to_string();
        assert!(e.contains("meta left no main\\gains1"), "{args}: {e}");
        let drawn = c.cable().inspect(|m| m.transcript().text.clone()).unwrap();
        messages.push(drawn.last().unwrap().text.clone());
    }
    assert_eq!(
        messages,
        [
            "2 folders?",
            "same folder",
            "games: 1-9999",
            "games: 1-9999",
            "games: 1-9999"
        ]
    );
    // No arbiter in the folder given: refused before anything is changed.
    let e = meta::run_meta(&mut c, "main", "\"ai1\",\"ai2\",3,\"nowhere\"", &options())
        .unwrap_err()
        .to_string();
    assert!(e.contains("meta left no main\\gains1"), "{e}");
    let drawn = c.cable().inspect(|m| m.transcript().text.clone()).unwrap();
    assert_eq!(drawn.last().unwrap().text, "no arbitre");
    // With attente 1 it shows the tally and waits for a key: the screen says it.
    c.set_value(
        &VarPath::parse("main\\attente").unwrap(),
        &Value::Integer(Integer::from(1)),
    )
    .unwrap();
    let shown = meta::run_meta(
        &mut c,
        "main",
        "\"ai1\",\"ai2\",2",
        &RunOptions {
            screenshot: true,
            ..options()
        },
    )
    .unwrap();
    assert_eq!(shown.tally.played, 2);
    assert!(shown.screen.is_some());
    let drawn = c.cable().inspect(|m| m.transcript().text.clone()).unwrap();
    let texts: Vec<&str> = drawn.iter().map(|d| d.text.as_str()).collect();
    let at = texts
        .iter()
        .rposition(|t| *t == "meta: 2 games")
        .unwrap_or_else(|| panic!("the tally is not drawn: {texts:?}"));
    let w = shown.tally.wins;
    assert_eq!(
        texts[at + 1..at + 3],
        [format!("ai1: {} won", w[0]), format!("ai2: {} won", w[1])],
        "{texts:?}"
    );
}

/// As a person runs it from the command line (docs/tournaments.md#the-meta-program): `ti68k
/// match --cable emu:calc.89g` installs the match and plays a game, `ti68k send` adds `meta`,
/// `ti68k run` runs it, each command a calculator started from the variables of the state
/// file. The tally is the games' one by one. This failed once: 4 moves into the first game
/// `joueur` could not get its 17,840 bytes of linear memory with 77,006 bytes free in pieces,
/// because the emulator did not compact the heap before refusing an allocation, as AMS does.
#[test]
fn meta_runs_on_a_calculator_kept_in_a_state_file() {
    let test = "meta_runs_on_a_calculator_kept_in_a_state_file";
    let Some(programs) = programs(test) else {
        return;
    };
    let base = MatchSetup::new(
        Model::Ti89,
        [AiSpec::level("winblock", 5), AiSpec::level("winblock", 9)],
    );
    let dir = testkit::fresh_dir(&std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(test));
    let state = dir.join("calc.89g");
    let open = || {
        let options = EmuOptions {
            state: Some(state.clone()),
            ..EmuOptions::new(base.model)
        };
        let mut c = Calculator::new(EmuCable::start(options).unwrap(), base.model);
        c.delays = Delays::NONE;
        c
    };
    // ti68k match: the arbiter and the AIs, one game.
    {
        let mut c = open();
        install::install(&mut c, &base, programs, false).unwrap();
        meta::play_one_by_one(&mut c, &base, 1, &options()).unwrap();
    }
    // ti68k send meta.89z.
    {
        let mut c = open();
        c.send_variables(&meta::meta_variables("main", &meta_data()).unwrap())
            .unwrap();
    }
    // ti68k run main\meta, then the tally read by another command.
    {
        let mut c = open();
        let run = meta::run_meta(
            &mut c,
            "main",
            &meta::arguments(&base, 10, "main"),
            &options(),
        )
        .unwrap_or_else(|e| panic!("{test}: {e}"));
        let mut one = emu_calculator(base.model);
        install::install(&mut one, &base, programs, false).unwrap();
        let (expected, _) = meta::play_one_by_one(&mut one, &base, 10, &options()).unwrap();
        eprintln!("{test}: meta {:?}, one by one {expected:?}", run.tally);
        assert_eq!(run.tally, expected, "{test}: meta's tally");
    }
    let mut c = open();
    assert_eq!(int(&mut c, "main\\parties"), Some(10));
}
