//! A user's own calculator AI in the contest and in a tournament: `tests/data/cpu/centre.s`, a
//! contest AI written in 68000 assembly (it plays the free column nearest the centre), is
//! assembled by the test fixture assembler (`emu_tests::fixture`, GNU as; not `ti68k build`)
//! and packaged by `ti-files` as `centre.89z`, the file a TIGCC user would hand in.
//!
//! - It plays whole games on the project's emulator as a calculator (`ti68k versus`'s code:
//!   the launcher `appel` runs it as the arbiter would) against a native AI in both colours:
//!   the referee accepts every answer, and every move is the free column nearest the centre.
//! - A round robin of 8 AIs with it (native and calculator levels of the ladder, the user's
//!   file) runs on the emulator with two workers, is killed (a real kill: the tournament runs
//!   in a child process, this test binary again, as `ti68k tournament` runs it: the results
//!   file, then the workers) and resumed to the end; every game is in the file once; the
//!   ratings order the ladder as the matches do. The `#[ignore]`d long version plays more
//!   rounds with the stronger calculator levels and prints the crosstable.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use calc::connect4::{Board, Player};
use emu_tests::fixture::{assemble_fixture, require_binutils};
use emu_tests::require_cross_toolchain;
use emu_tests::tiemu::programs;
use ti68k::cable::CableChoice;
use ti68k::contest::install::{self, Programs};
use ti68k::contest::setup::{AiSpec, MatchSetup};
use ti68k::contest::verify;
use ti68k::contest::versus::{self, Side, VersusOptions};
use ti68k::play::connect4::{C4Player, Tables};
use ti68k::rating::{self, FitOptions};
use ti68k::tournament::record::{GameRecord, ResultsFile};
use ti68k::tournament::run::{play_all, RunConfig};
use ti68k::tournament::{Crosstable, Tournament};
use ti_emulator::link::{EmuCable, EmuOptions};
use ti_files::{Model, VarFile};
use ti_link::{Calculator, Delays};

/// The centre-first order of `centre.s`.
const ORDER: [u8; 7] = [4, 3, 5, 2, 6, 1, 7];

/// `centre.s` assembled and packaged as `centre.89z` in a scratch folder of the test's own
/// (tests run in parallel), its program `locked` or not; `None` after a loud skip without the
/// cross assembler.
fn centre_file(test: &str, locked: bool) -> Option<PathBuf> {
    if !require_binutils(test) {
        return None;
    }
    let image = assemble_fixture("centre").unwrap();
    let mut var = programs::program_variable("main\\centre", &image).unwrap();
    if locked {
        var.attribute = ti_files::Attribute::Locked;
    }
    let file = VarFile::single(Model::Ti89, var);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("user-ai")
        .join(test);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("centre.89z");
    ti_files::disk::write_atomic(&path, &file.to_bytes().unwrap()).unwrap();
    Some(path)
}

#[test]
fn a_user_assembly_ai_plays_whole_games() {
    let test = "a_user_assembly_ai_plays_whole_games";
    let Some(centre) = centre_file(test, false) else {
        return;
    };
    if !require_cross_toolchain(test) {
        return;
    }
    let model = Model::Ti89;
    let ai = AiSpec::parse(centre.to_str().unwrap(), 0).unwrap();
    assert_eq!(ai, AiSpec::file(centre.clone(), 0));
    let mut calc = Calculator::new(EmuCable::start(EmuOptions::new(model)).unwrap(), model);
    calc.delays = Delays::NONE;
    let appel = install::built_program(None, model, "appel").unwrap();
    let programs = Programs::build(Path::new(env!("CARGO_MANIFEST_DIR"))).unwrap();
    let mut vars = install::launcher("main", &appel).unwrap();
    let setup = MatchSetup::new(model, [ai.clone(), ai.clone()]);
    vars.extend(install::ai_variables(&setup, &ai, "user", &programs).unwrap());
    calc.send_variables(&vars).unwrap();
    let options = VersusOptions {
        poll: Duration::from_millis(5),
        ..VersusOptions::default()
    };
    let mut tables = Tables::new();
    for (seat, opponent) in [(0, "winblock"), (1, "minimax3"), (0, "random")] {
        let user = Side::Calculator {
            ai: ai.clone(),
            folder: "user".into(),
            program: "joueur".into(),
        };
        let native = Side::Native {
            player: C4Player::Ai(ti68k::contest::setup::parse_level(opponent).unwrap()),
            seed: 7,
        };
        let sides = if seat == 0 {
            [user, native]
        } else {
            [native, user]
        };
        let outcome = versus::play(Some(&mut calc), model, &sides, &mut tables, &options)
            .unwrap_or_else(|e| panic!("{test}: centre against {opponent}: {e}"));
        let game = outcome.game();
        verify::log_agrees_with_referee(&setup, &game).unwrap();
        assert_eq!(game.names[seat], b"centre");
        assert!(
            !matches!(
                game.result,
                Some(calc::connect4::referee::GameResult::Disqualified(_))
            ),
            "{test}: {:?}",
            game.result
        );
        // Every move of the user's AI is the free column nearest the centre.
        let mut board = Board::new();
        for (i, &col) in game.moves.iter().enumerate() {
            let mover = if i % 2 == 0 {
                Player::First
            } else {
                Player::Second
            };
            if mover.number() as usize == seat + 1 {
                let expected = ORDER.iter().find(|&&c| board.can_play(c - 1)).unwrap();
                assert_eq!(col, *expected, "{test}: move {} of {:?}", i + 1, game.moves);
            }
            board.play(col - 1).unwrap();
        }
        eprintln!(
            "{test}: centre as AI {} against {opponent}: {} moves, {:?}, {} calls in {:.2} s",
            seat + 1,
            game.moves.len(),
            game.result,
            outcome.calculator_calls,
            outcome.calculator_time.as_secs_f64()
        );
    }
}

/// The environment variables that make this binary the tournament's child process.
const CHILD_RESULTS: &str = "USER_AI_TOURNAMENT_RESULTS";
const CHILD_AIS: &str = "USER_AI_TOURNAMENT_AIS";
const CHILD_ROUNDS: &str = "USER_AI_TOURNAMENT_ROUNDS";

/// Plays the tournament the environment names into its results file, as `ti68k tournament`
/// does (the file opened or resumed, each game appended as it ends), on the emulator with two
/// workers.
fn play_tournament_from_env() {
    let results = PathBuf::from(std::env::var(CHILD_RESULTS).unwrap());
    let ais: Vec<String> = std::env::var(CHILD_AIS)
        .unwrap()
        .split('|')
        .map(String::from)
        .collect();
    let rounds = std::env::var(CHILD_ROUNDS).unwrap().parse().unwrap();
    let t = Tournament::new(&ais, rounds, 1, Model::Ti89).unwrap();
    let (mut file, games) = ResultsFile::open(&results, &t).unwrap();
    let cfg = RunConfig {
        cable: CableChoice::Emu { state: None },
        jobs: 2,
        programs: None,
        timeout: Duration::from_secs(2),
        call_timeout: Duration::from_secs(600),
    };
    play_all(&t, &cfg, &games, |g| file.append(&g)).unwrap();
}

/// Not a test on its own (hence ignored): the child process of the tournament tests.
#[test]
#[ignore = "child process of the tournament tests"]
fn tournament_child() {
    assert!(
        std::env::var_os(CHILD_RESULTS).is_some(),
        "run by the tournament tests only"
    );
    play_tournament_from_env();
}

fn games_in(path: &Path) -> Vec<GameRecord> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(GameRecord::parse)
        .collect()
}

/// Runs the tournament of `ais` in a child process, kills it once `kill_after` games are in
/// the file, runs it again to the end; checks every game is there once; returns the crosstable
/// and the ratings (anchor native:random = 0).
fn killed_and_resumed(
    test: &str,
    ais: &[String],
    rounds: u32,
    kill_after: usize,
) -> (Crosstable, rating::Ratings, Duration) {
    let dir = testkit::fresh_dir(&Path::new(env!("CARGO_TARGET_TMPDIR")).join(test));
    let results = dir.join("results.txt");
    let child = || {
        let mut c = Command::new(std::env::current_exe().unwrap());
        c.args(["--exact", "tournament_child", "--ignored", "--nocapture"])
            .env(CHILD_RESULTS, &results)
            .env(CHILD_AIS, ais.join("|"))
            .env(CHILD_ROUNDS, rounds.to_string())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        c
    };
    let t = Tournament::new(ais, rounds, 1, Model::Ti89).unwrap();
    let total = t.schedule().len();
    let start = Instant::now();
    let mut first = child().spawn().unwrap();
    testkit::kill_when(
        &mut first,
        || games_in(&results).len() >= kill_after,
        Duration::from_secs(1200),
        &format!("{test}: the tournament"),
    );
    let before = games_in(&results).len();
    assert!(
        before >= kill_after && before < total,
        "{test}: {before} of {total} games before the kill"
    );
    let out = child().output().unwrap();
    assert!(
        out.status.success(),
        "{test}: the resumed tournament failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let elapsed = start.elapsed();
    let games = games_in(&results);
    let mut indexes: Vec<u32> = games.iter().map(|g| g.index).collect();
    indexes.sort();
    assert_eq!(
        indexes,
        (0..total as u32).collect::<Vec<_>>(),
        "{test}: every game exactly once"
    );
    // Every logged game is one the referee accepts.
    for g in &games {
        let game = calc::connect4::log::decode(&g.log).unwrap();
        let any = MatchSetup::new(
            Model::Ti89,
            [AiSpec::level("random", 0), AiSpec::level("random", 0)],
        );
        verify::log_agrees_with_referee(&any, &game).unwrap();
    }
    let table = Crosstable::new(t.names(), &games);
    let names = t.names();
    let anchor = names.iter().position(|n| n == "native:random").unwrap();
    let ratings = rating::fit(
        &table.results,
        &FitOptions {
            anchor,
            anchor_rating: 0.0,
            prior: 1.0,
        },
    )
    .unwrap();
    eprintln!(
        "{test}: {total} games ({before} before the kill) in {:.0} s\n{}\n{}",
        elapsed.as_secs_f64(),
        table.render(),
        ratings.table(&table.results)
    );
    (table, ratings, elapsed)
}

/// The ratings order the rungs of the ladder as the matches do: each pair `(weaker,
/// stronger)` of names is rated in that order, and the stronger scored more in their games.
fn ladder_is_ordered(
    test: &str,
    table: &Crosstable,
    ratings: &rating::Ratings,
    pairs: &[(&str, &str)],
) {
    let names = table.results.names();
    let at = |n: &str| names.iter().position(|m| m == n).unwrap();
    for &(weak, strong) in pairs {
        let (w, s) = (at(weak), at(strong));
        assert!(
            table.results.score(s, w) > table.results.score(w, s),
            "{test}: {strong} did not beat {weak} in their games"
        );
        assert!(
            ratings.elo[s] > ratings.elo[w],
            "{test}: {strong} rated {:.0}, {weak} {:.0}",
            ratings.elo[s],
            ratings.elo[w]
        );
    }
}

#[test]
fn a_tournament_of_eight_with_a_user_ai_is_killed_and_resumed() {
    let test = "a_tournament_of_eight_with_a_user_ai_is_killed_and_resumed";
    // Locked in its file, as a user may send a program: the tournament still deletes and
    // sends it again between its games (its variables go unlocked).
    let Some(centre) = centre_file(test, true) else {
        return;
    };
    if !require_cross_toolchain(test) {
        return;
    }
    let ais: Vec<String> = [
        "native:random",
        "random",
        "winblock",
        centre.to_str().unwrap(),
        "native:winblock",
        "minimax3",
        "native:minimax5",
        "native:alphabeta1000",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let (table, ratings, _) = killed_and_resumed(test, &ais, 1, 6);
    ladder_is_ordered(
        test,
        &table,
        &ratings,
        &[
            ("random", "minimax3"),
            ("native:random", "native:minimax5"),
            ("centre", "minimax3"),
            ("winblock", "native:alphabeta1000"),
        ],
    );
}

#[test]
#[ignore = "long: about 6 minutes on two cores (docs/tournaments.md reports it)"]
fn a_long_tournament_of_eight_with_a_user_ai() {
    let test = "a_long_tournament_of_eight_with_a_user_ai";
    let Some(centre) = centre_file(test, false) else {
        return;
    };
    if !require_cross_toolchain(test) {
        return;
    }
    let ais: Vec<String> = [
        "native:random",
        "random",
        centre.to_str().unwrap(),
        "winblock",
        "minimax3",
        "native:minimax5",
        "alphabeta1000",
        "expert1000",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let (table, ratings, _) = killed_and_resumed(test, &ais, 3, 40);
    ladder_is_ordered(
        test,
        &table,
        &ratings,
        &[
            ("random", "winblock"),
            ("winblock", "minimax3"),
            ("minimax3", "alphabeta1000"),
            ("centre", "minimax3"),
        ],
    );
}
