//! The Connect Four contest on a real OS under TiEmu: PedroM on a TI-89 and a Voyage 200 runs
//! the arbiter (`arbitre`) between two AIs installed in their folders, through the contest library of `ti68k`
//! library (`ti68k::contest`, what `ti68k match` does).
//!
//! - Matches between this project's AIs at several level pairs complete; the result variables
//!   and the log read back over the link agree with each other, with the core's referee
//!   replaying the log, and with the same AIs playing natively (same moves, same result). One
//!   match uses other folders, another program name, and an arbiter stored outside the
//!   current folder (its results go to its own folder).
//! - The replay program shows the last game move by move (ENTER), steps back a move
//!   (backspace), goes on to its result, and quits on ESC.
//! - One match per faulty behaviour of the test AI `fautif` (wrong type in `colonne`, a column
//!   out of range, a full column, a name too long, `colonne` changed after the naming call, a
//!   missing `colonne`, a missing `nom`, an error raised, a panic) and for a missing program: that AI
//!   is disqualified, `nom` is "D", the other AI wins, the log carries the column, the name's
//!   length or the OS error's number, and a normal match afterwards in the same session
//!   works. An arbiter that stops on its arguments leaves no result: the host refuses to read
//!   the earlier game's results as this one's.
//!
//! - `joueur`, over 24 KB, through its launcher plays a whole game.
//!
//! The same tests run on TI's own OS when the user names a ROM (`TIEMU_ROM_TI89`,
//! `TIEMU_ROM_V200`); without it they say SKIPPED.
//!
//! Test names start with `tiemu_`: tools/test runs them in its TiEmu step, one at a time; every
//! session also takes the machine-wide TiEmu lock. Screenshots go to `$TIEMU_SCREENSHOTS`.

mod contest_common;
mod programs;

use calc::connect4::referee::{Fault, GameResult};
use calc::connect4::Player;
use contest_common::{boot, next_match_works, play, programs, System};
use ti68k::contest::install::Installed;
use ti68k::contest::run::{self, RunOptions};
use ti68k::contest::setup::{AiSpec, MatchSetup};
use ti68k::contest::verify;
use ti_files::Model;

/// The level pairs played on each model: the rungs the calculator plays in seconds, and the
/// expert (its opening book, its deep book `livre` at 7 and 8 stones, then 1,000 nodes of
/// search a move, about 4 s).
const PAIRS: [(&str, &str); 3] = [
    ("winblock", "random"),
    ("minimax3", "winblock"),
    ("random", "expert1000"),
];

fn matches_complete(test: &str, model: Model, system: System) {
    let Some(programs) = programs(test) else {
        return;
    };
    let Some(mut t) = boot(test, model, system) else {
        return;
    };
    let mut installed = Installed::new();
    let mut last = None;
    for (i, (a, b)) in PAIRS.iter().enumerate() {
        let mut setup = MatchSetup::new(
            model,
            [
                AiSpec::level(a, 11 + i as u32),
                AiSpec::level(b, 23 + i as u32),
            ],
        );
        if i == PAIRS.len() - 1 {
            // Other folders and program name: the arbiter stores its results in its own folder
            // (not the current one, main), and runs the AIs by the name it is given.
            // The AIs' folders swapped (AI 1 in ai2), not new folders: the calculator's RAM
            // does not hold four copies of joueur (28 KB each through its launcher), two
            // arbiters and the expert's deep book (the expert then fails for memory, error
            // 670); here each body replaces the one already in its folder.
            setup.folders = ["ai2".into(), "ai1".into()];
            setup.arbiter_folder = "arena".into();
            setup.program = "player".into();
        }
        let outcome = play(
            &mut t,
            &mut installed,
            programs,
            &setup,
            &format!("contest-{a}-{b}"),
        );
        let game = outcome.game().unwrap();
        let native = verify::native_game(&setup).unwrap();
        assert_eq!(game.names[0], native.names[0].as_slice());
        assert_eq!(game.names[1], native.names[1].as_slice());
        assert_eq!(outcome.nom, "N", "{a} vs {b}: a normal end");
        if b.starts_with("expert") {
            // The expert, with its deep book `livre` installed beside it, wins.
            assert_eq!(outcome.colonne, 2, "{a} vs {b}: the expert wins");
            assert!(
                game.moves.len() > 7,
                "{a} vs {b}: past the deep book's first ply"
            );
        }
        last = Some((setup, outcome));
    }
    // The replay program shows the last game, from its start to its end, and returns on ESC.
    let (setup, outcome) = last.expect("a game was played");
    let game = outcome.game().unwrap();
    let n = game.moves.len();
    let winner = game.result.unwrap().result_colonne();
    let texts = [
        format!("move 0/{n}"),
        format!("move 1/{n}"),
        format!("AI {winner} wins"),
        format!("move 2/{n}"),
    ];
    let templates: Vec<_> = texts.iter().map(|s| t.text_templates(s).unwrap()).collect();
    let program = format!("{}\\replay", setup.arbiter_folder);
    t.start_showing(&program, "", &[&templates[0]])
        .unwrap_or_else(|e| panic!("{}: {e}", texts[0]));
    t.press_keys(&[13]).unwrap();
    let first = t.wait_for_stable_screen().unwrap().unwrap();
    assert!(
        templates[1].find_in(&first).is_some(),
        "{}:\n{first:?}",
        texts[1]
    );
    // Forward to move 2, then back (backspace) to move 1.
    t.press_keys(&[13]).unwrap();
    let second = t.wait_for_stable_screen().unwrap().unwrap();
    assert!(
        templates[3].find_in(&second).is_some(),
        "{}:\n{second:?}",
        texts[3]
    );
    t.press_keys(&[257]).unwrap();
    let back = t.wait_for_stable_screen().unwrap().unwrap();
    assert!(
        templates[1].find_in(&back).is_some() && templates[3].find_in(&back).is_none(),
        "backspace goes back to {}:\n{back:?}",
        texts[1]
    );
    t.press_keys(&vec![13; n - 1]).unwrap();
    let end = t.wait_for_stable_screen().unwrap().unwrap();
    assert!(
        templates[2].find_in(&end).is_some(),
        "{}:\n{end:?}",
        texts[2]
    );
    t.keep_screenshot(&end, "contest-replay-end").unwrap();
    t.press_keys(&[264]).unwrap();
    let after = t.wait_for_stable_screen().unwrap().unwrap();
    assert!(
        templates[2].find_in(&after).is_none(),
        "ESC ends replay:\n{after:?}"
    );
}

/// `joueur` is over 24 KB (its settings say `launcher = true`): through its launcher
/// (docs/building.md#programs-over-24-kb), installed with its body by the contest library, it
/// plays a whole game under the arbiter (NG_execute), checked against the core as `ti68k match`
/// checks it.
fn joueur_through_its_launcher(test: &str, model: Model, system: System) {
    let Some(programs) = programs(test) else {
        return;
    };
    let Some(launched) = programs::build_launched(test, "joueur", |_| {}) else {
        return;
    };
    assert!(
        launched.report.total() > ti_build::report::ASM_LIMIT,
        "{}",
        launched.report
    );
    let mut programs = programs.clone();
    programs.joueur = launched.installable();
    let Some(mut t) = boot(test, model, system) else {
        return;
    };
    let setup = MatchSetup::new(
        model,
        [
            AiSpec::level("alphabeta1000", 5),
            AiSpec::level("minimax3", 9),
        ],
    );
    let outcome = play(
        &mut t,
        &mut Installed::new(),
        &programs,
        &setup,
        "contest-launched-joueur",
    );
    assert_eq!(outcome.nom, "N", "a normal end");
    let native = verify::native_game(&setup).unwrap();
    assert_eq!(outcome.game().unwrap().moves, native.moves);
}

#[test]
fn tiemu_contest_joueur_through_its_launcher_pedrom_v200() {
    joueur_through_its_launcher(
        "tiemu_contest_joueur_through_its_launcher_pedrom_v200",
        Model::V200,
        System::PedroM,
    );
}

#[test]
#[ignore = "CI plays it on the Voyage 200 (a whole game on TiEmu); the TI-89 runs othia through its launcher in tiemu_games: run with --ignored"]
fn tiemu_contest_joueur_through_its_launcher_pedrom_ti89() {
    joueur_through_its_launcher(
        "tiemu_contest_joueur_through_its_launcher_pedrom_ti89",
        Model::Ti89,
        System::PedroM,
    );
}

#[test]
fn tiemu_contest_joueur_through_its_launcher_ams_ti89() {
    joueur_through_its_launcher(
        "tiemu_contest_joueur_through_its_launcher_ams_ti89",
        Model::Ti89,
        System::Ams,
    );
}

#[test]
fn tiemu_contest_matches_complete_pedrom_ti89() {
    matches_complete(
        "tiemu_contest_matches_complete_pedrom_ti89",
        Model::Ti89,
        System::PedroM,
    );
}

#[test]
fn tiemu_contest_matches_complete_pedrom_v200() {
    matches_complete(
        "tiemu_contest_matches_complete_pedrom_v200",
        Model::V200,
        System::PedroM,
    );
}

#[test]
fn tiemu_contest_matches_complete_ams_ti89() {
    matches_complete(
        "tiemu_contest_matches_complete_ams_ti89",
        Model::Ti89,
        System::Ams,
    );
}

#[test]
fn tiemu_contest_matches_complete_ams_v200() {
    matches_complete(
        "tiemu_contest_matches_complete_ams_v200",
        Model::V200,
        System::Ams,
    );
}

/// A faulty behaviour and what the arbiter must make of it.
struct Case {
    what: &'static str,
    fault: u8,
    /// The faulty AI's seat.
    seat: Player,
    /// Its opponent (a level of joueur, or fautif:0 which plays the leftmost column).
    opponent: AiSpec,
    expected: Fault,
    value: i32,
}

fn cases() -> Vec<Case> {
    let joueur = || AiSpec::level("winblock", 5);
    vec![
        Case {
            what: "wrong type in colonne",
            fault: 1,
            seat: Player::First,
            opponent: joueur(),
            expected: Fault::ColonneNotNumber,
            value: 0,
        },
        Case {
            what: "column out of range",
            fault: 2,
            seat: Player::Second,
            opponent: joueur(),
            expected: Fault::ColumnOutOfRange,
            value: 8,
        },
        Case {
            what: "full column",
            fault: 3,
            seat: Player::First,
            opponent: AiSpec::Faulty { fault: 0 },
            expected: Fault::ColumnFull,
            value: 1,
        },
        Case {
            what: "name too long",
            fault: 4,
            seat: Player::Second,
            opponent: joueur(),
            expected: Fault::NameTooLong,
            value: 20,
        },
        Case {
            what: "colonne not -1 after the naming call",
            fault: 5,
            seat: Player::Second,
            opponent: joueur(),
            expected: Fault::ColonneChanged,
            value: 4,
        },
        Case {
            what: "missing colonne",
            fault: 6,
            seat: Player::First,
            opponent: joueur(),
            expected: Fault::ColonneMissing,
            value: 0,
        },
        Case {
            what: "error raised",
            fault: 7,
            seat: Player::Second,
            opponent: joueur(),
            expected: Fault::RaisedError,
            // fautif's ER_throw(210), data type.
            value: 210,
        },
        Case {
            what: "a trap (a panic) in a Rust AI",
            fault: 9,
            seat: Player::First,
            opponent: joueur(),
            expected: Fault::RaisedError,
            // The build setting trap-error of fautif.
            value: 9,
        },
        Case {
            what: "missing nom",
            fault: 8,
            seat: Player::First,
            opponent: joueur(),
            expected: Fault::NomMissing,
            value: 0,
        },
    ]
}

fn faults_disqualify(test: &str, model: Model, system: System) {
    let Some(programs) = programs(test) else {
        return;
    };
    let Some(mut t) = boot(test, model, system) else {
        return;
    };
    let mut installed = Installed::new();
    for case in cases() {
        let faulty = AiSpec::Faulty { fault: case.fault };
        let ais = match case.seat {
            Player::First => [faulty, case.opponent.clone()],
            Player::Second => [case.opponent.clone(), faulty],
        };
        let setup = MatchSetup::new(model, ais);
        let outcome = play(
            &mut t,
            &mut installed,
            programs,
            &setup,
            &format!("contest-fault-{}", case.fault),
        );
        let game = outcome.game().unwrap();
        let Some(GameResult::Disqualified(d)) = game.result else {
            panic!("{}: no disqualification: {:?}", case.what, game.result);
        };
        assert_eq!(
            d.seat, case.seat,
            "{}: the faulty AI is disqualified",
            case.what
        );
        assert_eq!(d.fault, case.expected, "{}", case.what);
        assert_eq!(d.value, case.value, "{}: the logged value", case.what);
        assert_eq!(outcome.nom, "D", "{}", case.what);
        assert_eq!(
            outcome.colonne,
            i64::from(case.seat.other().number()),
            "{}: the other AI wins",
            case.what
        );
    }
    // No program by the name the arbiter is given (nothing installed under it): AI 2, called
    // first, is disqualified for the error (850), not taken as having answered.
    let absent = MatchSetup {
        program: "absent".into(),
        ..MatchSetup::new(
            model,
            [AiSpec::level("winblock", 1), AiSpec::level("winblock", 2)],
        )
    };
    let outcome = run::run_match(t.calc(), &absent, &RunOptions::default())
        .unwrap_or_else(|e| panic!("missing program: {e}"));
    let game = outcome.game().unwrap();
    verify::results_agree_with_log(&outcome, &game).unwrap();
    verify::log_agrees_with_referee(&absent, &game).unwrap();
    assert!(
        matches!(game.result, Some(GameResult::Disqualified(d))
            if d.fault == Fault::RaisedError && d.seat == Player::Second && d.value == 850),
        "missing program (error 850 expected): {:?}",
        game.result
    );
    if let Some(shot) = &outcome.screen {
        t.keep_screenshot(shot, "contest-missing-program").unwrap();
    }
    // An arbiter that stops on its arguments (both AIs in one folder) leaves no result: the
    // missing-program game's results are not read back as this one's.
    let same_folder = MatchSetup {
        folders: ["ai1".into(), "ai1".into()],
        ..MatchSetup::new(
            model,
            [AiSpec::level("winblock", 1), AiSpec::level("winblock", 2)],
        )
    };
    let e = run::run_match(t.calc(), &same_folder, &RunOptions::default())
        .map(|o| o.colonne)
        .unwrap_err()
        .to_string();
    assert!(e.contains("the arbiter left no result"), "{e}");
    next_match_works(
        &mut t,
        &mut installed,
        programs,
        model,
        "contest-after-faults",
    );
}

#[test]
fn tiemu_contest_faults_disqualify_pedrom_ti89() {
    faults_disqualify(
        "tiemu_contest_faults_disqualify_pedrom_ti89",
        Model::Ti89,
        System::PedroM,
    );
}

#[test]
fn tiemu_contest_faults_disqualify_pedrom_v200() {
    faults_disqualify(
        "tiemu_contest_faults_disqualify_pedrom_v200",
        Model::V200,
        System::PedroM,
    );
}

#[test]
fn tiemu_contest_faults_disqualify_ams_ti89() {
    faults_disqualify(
        "tiemu_contest_faults_disqualify_ams_ti89",
        Model::Ti89,
        System::Ams,
    );
}

#[test]
fn tiemu_contest_faults_disqualify_ams_v200() {
    faults_disqualify(
        "tiemu_contest_faults_disqualify_ams_v200",
        Model::V200,
        System::Ams,
    );
}
