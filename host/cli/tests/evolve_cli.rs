//! `ti68k evolve` from the command line, on the project's emulator: a small run (4
//! individuals, 2 generations, one opening each way, `alphabeta1000`) played whole, and the
//! same run killed after a few games, its results file cut in the middle of a line, and
//! resumed: the resumed run plays only the missing games (each game once in the file) and ends
//! with the same best weights and final match as the whole one; the weights file reads back,
//! the calculator variable holds the same weights as `joueur` reads them, the chart decodes
//! as a PNG. And `joueur` given a damaged `poids` raises error 40 (the arbiter disqualifies
//! it) rather than play or crash. Needs the cross toolchain (the calculator programs are
//! built once, cached): skipped loudly without it.

mod common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use common::{cross_toolchain, parsed_lines, ti68k_in_repo};

use ti68k::evolve::output::{tuning_of_variable, WeightsFile};
use ti68k::evolve::record::GameLine;

/// The command of a small run writing into `dir`.
fn small_run(dir: &Path) -> Command {
    let mut c = ti68k_in_repo();
    c.args([
        "evolve",
        "--population",
        "4",
        "--generations",
        "2",
        "--openings",
        "1",
        "--final-openings",
        "2",
        "--jobs",
        "2",
        "--seed",
        "5",
        "--folder",
        "ai1",
    ])
    .arg("--results")
    .arg(dir.join("results.txt"))
    .arg("--weights")
    .arg(dir.join("best.toml"))
    .arg("--variable")
    .arg(dir.join("poids.89y"))
    .arg("--chart")
    .arg(dir.join("fitness.png"));
    c
}

/// 2 generations of 4 individuals, 2 games each, then 2 openings each way.
const GAMES: usize = 2 * 4 * 2 + 4;

fn run_to_end(dir: &Path) -> String {
    let out = small_run(dir).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

#[test]
fn a_small_evolution_resumes_after_a_kill_and_writes_its_outputs() {
    let test = "a_small_evolution_resumes_after_a_kill_and_writes_its_outputs";
    if !cross_toolchain(test) {
        return;
    }
    // The whole run.
    let whole = testkit::scratch!("evolve_whole");
    let whole_out = run_to_end(&whole);
    assert_eq!(
        parsed_lines(&whole.join("results.txt"), GameLine::parse).len(),
        GAMES
    );

    // The same run, killed, cut, resumed.
    let cut = testkit::scratch!("evolve_cut");
    let results = cut.join("results.txt");
    let mut child = small_run(&cut)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    testkit::kill_when(
        &mut child,
        || parsed_lines(&results, GameLine::parse).len() >= 4,
        Duration::from_secs(600),
        "the small run",
    );
    // Cut the last line in the middle, as a kill during a write would.
    let text = std::fs::read_to_string(&results).unwrap();
    std::fs::write(&results, &text[..text.len() - 3]).unwrap();
    let kept = parsed_lines(&results, GameLine::parse).len();
    let resumed = run_to_end(&cut);
    assert!(
        resumed.contains(&format!("({} played now)", GAMES - kept)),
        "{resumed}"
    );
    let games = parsed_lines(&results, GameLine::parse);
    assert_eq!(games.len(), GAMES, "every game once");
    let mut keys: Vec<String> = games.iter().map(|g| format!("{:?}", g.key)).collect();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), GAMES, "no game twice");

    // The same populations, best weights and final match as the whole run.
    let tail = |s: &str| {
        s.lines()
            .skip(1)
            .take_while(|l| !l.starts_with("weights:"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(tail(&resumed), tail(&whole_out));
    for dir in [&whole, &cut] {
        let best = WeightsFile::read(&dir.join("best.toml")).unwrap();
        assert_eq!(best.level.as_deref(), Some("alphabeta1000"));
        let fin = best.final_match.as_ref().expect("the final match");
        assert_eq!(fin.games, 4.0);
        assert!(fin.interval95 > 0.0 && fin.elo.is_finite());
        assert!(
            whole_out.contains(&format!("{:?}", best.weights().to_array())),
            "{whole_out}"
        );
        let file = ti_files::VarFile::from_bytes(
            &std::fs::read(dir.join("poids.89y")).unwrap(),
            ti_files::Model::Ti89,
        )
        .unwrap();
        let var = &file.variables[0];
        assert_eq!(var.path().to_string(), "ai1\\poids");
        let tuning = tuning_of_variable(&var.data).expect("a tuning joueur accepts");
        assert_eq!(tuning.weights, best.weights());
        assert_eq!(tuning.random_plies, 0);
        let png = std::fs::File::open(dir.join("fitness.png")).unwrap();
        let mut reader = png::Decoder::new(std::io::BufReader::new(png))
            .read_info()
            .unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let frame = reader.next_frame(&mut buf).unwrap();
        assert_eq!((frame.width, frame.height), (900, 520));
    }
}

#[test]
fn bad_settings_and_another_run_s_file_are_refused() {
    let dir = testkit::scratch!("evolve_refused");
    let out = ti68k_in_repo()
        .args(["evolve", "--level", "minimax3", "--results"])
        .arg(dir.join("r.txt"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("does not use the engine's heuristic"), "{err}");
    std::fs::write(
        dir.join("r.txt"),
        "# ti68k evolve 1\n# model ti89\n# level expert2000\n",
    )
    .unwrap();
    let out = ti68k_in_repo()
        .args(["evolve", "--programs", "/nonexistent", "--results"])
        .arg(dir.join("r.txt"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("it holds another run"), "{err}");
    std::fs::write(dir.join("w.toml"), "open1 = 1\n").unwrap();
    let out = ti68k_in_repo()
        .args(["evolve", "--start"])
        .arg(dir.join("w.toml"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not a weights file"), "{err}");
}

#[test]
fn joueur_given_a_damaged_poids_raises_error_40_and_is_disqualified() {
    use calc::connect4::referee::{Fault, GameResult};
    use calc::connect4::tuning::Tuning;
    use ti68k::contest::install::{self, Programs};
    use ti68k::contest::setup::{AiSpec, MatchSetup};
    use ti68k::contest::versus::{self, Side, VersusOptions};
    use ti68k::play::connect4::Tables;
    use ti_files::Model;

    let test = "joueur_given_a_damaged_poids_raises_error_40_and_is_disqualified";
    if !cross_toolchain(test) {
        return;
    }
    let model = Model::Ti89;
    let root = testkit::repo_root();
    let programs = Programs::build(&root).unwrap();
    let appel = install::built_program(None, model, "appel").unwrap();
    let cable =
        ti_emulator::link::EmuCable::start(ti_emulator::link::EmuOptions::new(model)).unwrap();
    let mut calc = ti_link::Calculator::new(cable, model);
    calc.delays = ti_link::Delays::NONE;
    let spec = AiSpec::level("alphabeta1000", 3);
    let setup = MatchSetup::new(model, [spec.clone(), spec.clone()]);
    let mut vars = install::launcher("main", &appel).unwrap();
    for folder in ["e1", "e2"] {
        vars.extend(install::ai_variables(&setup, &spec, folder, &programs).unwrap());
    }
    calc.send_variables(&vars).unwrap();
    let sides = ["e1", "e2"].map(|folder| Side::Calculator {
        ai: spec.clone(),
        folder: folder.into(),
        program: "joueur".into(),
    });
    let options = VersusOptions {
        poll: Duration::from_millis(5),
        ..VersusOptions::default()
    };
    let mut tables = Tables::new();
    // A good poids in e2; in e1 a version byte joueur does not know, then a weight out of range.
    let good = ti68k::evolve::play::poids_variable("e2", &Tuning::DEFAULT).unwrap();
    calc.send_variable(&good).unwrap();
    let mut version = Tuning::DEFAULT.encode();
    version[0] = 7;
    let mut weight = Tuning::DEFAULT.encode();
    weight[6..8].copy_from_slice(&5000i16.to_be_bytes());
    for bytes in [version, weight] {
        let var = ti68k::evolve::play::poids_variable_of_bytes("e1", &bytes).unwrap();
        calc.send_variable(&var).unwrap();
        let outcome = versus::play(Some(&mut calc), model, &sides, &mut tables, &options).unwrap();
        match outcome.result {
            GameResult::Disqualified(d) => {
                assert_eq!(d.seat, calc::connect4::Player::First);
                assert_eq!(d.fault, Fault::RaisedError);
                assert_eq!(d.value, 40);
            }
            other => panic!("a damaged poids played: {other:?}"),
        }
    }
    // Put right, the same calculator plays a whole game.
    let fixed = ti68k::evolve::play::poids_variable("e1", &Tuning::DEFAULT).unwrap();
    calc.send_variable(&fixed).unwrap();
    let outcome = versus::play(Some(&mut calc), model, &sides, &mut tables, &options).unwrap();
    assert!(
        matches!(outcome.result, GameResult::Normal(_)),
        "{:?}",
        outcome.result
    );
}

/// The long run of docs/tournaments.md#ti68k-evolve (34 min on the shared 2-core machine):
/// `cargo test -p ti68k --test evolve_cli -- --ignored --nocapture the_long_run`.
#[test]
#[ignore]
fn the_long_run() {
    let test = "the_long_run";
    if !cross_toolchain(test) {
        return;
    }
    let dir = testkit::scratch!("evolve_long");
    let out = ti68k_in_repo()
        .args([
            "evolve",
            "--population",
            "8",
            "--generations",
            "5",
            "--openings",
            "3",
            "--final-openings",
            "30",
            "--jobs",
            "2",
            "--seed",
            "1",
        ])
        .arg("--results")
        .arg(dir.join("evolve.txt"))
        .arg("--weights")
        .arg(dir.join("evolve-best.toml"))
        .arg("--variable")
        .arg(dir.join("evolve-poids.89y"))
        .arg("--chart")
        .arg(dir.join("evolve.png"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        parsed_lines(&dir.join("evolve.txt"), GameLine::parse).len(),
        5 * 48 + 60
    );
}

/// The best weights of the long run against the start, natively (the same players as on the
/// calculator: every game of a run is checked move for move against them), over many more
/// openings than the emulator's final match: a tighter interval on the same gain.
/// `cargo test -p ti68k --test evolve_cli -- --ignored --nocapture native_check`.
#[test]
#[ignore]
fn native_check_of_the_long_run_s_weights() {
    use calc::connect4::ai::Ai;
    use calc::connect4::eval::Weights;
    use calc::connect4::search::Entry;
    use calc::connect4::strategy;
    use calc::connect4::tuning::{Tuned, Tuning};
    use calc::connect4::Player;
    use ti68k::evolve::run::final_match_ratings;

    let best = Weights::from_array([1, 4, 2, 11, 12, 1]);
    let start = Weights::DEFAULT;
    let tuning = |w| Tuning {
        weights: w,
        random_plies: 4,
    };
    let openings = 1000u32;
    let (mut points, mut wins, mut draws) = (0.0, 0, 0);
    for opening in 0..openings {
        // Seeds apart from the run's (ti68k::evolve::Settings::game_seed).
        let seed = opening.wrapping_mul(0x9E37_79B9) ^ 0x5EED_C4C4;
        for colour in 0..2 {
            let mut t1 = vec![Entry::EMPTY; 512];
            let mut t2 = vec![Entry::EMPTY; 512];
            let mut a = Tuned::new(Ai::AlphaBeta(1000), tuning(best), &mut t1);
            let mut b = Tuned::new(Ai::AlphaBeta(1000), tuning(start), &mut t2);
            let game = if colour == 0 {
                strategy::play([&mut a, &mut b], [seed, seed])
            } else {
                strategy::play([&mut b, &mut a], [seed, seed])
            };
            let best_seat = if colour == 0 {
                Player::First
            } else {
                Player::Second
            };
            match game.result.expect("a finished game").winner() {
                Some(p) if p == best_seat => {
                    points += 1.0;
                    wins += 1;
                }
                None => {
                    points += 0.5;
                    draws += 1;
                }
                Some(_) => {}
            }
        }
    }
    let games = f64::from(2 * openings);
    let r = final_match_ratings(points, games, 1.0).unwrap();
    println!(
        "best against start natively: {wins} won, {draws} drawn, {} lost, {points} of {games} \
         ({:.1} %), Elo {:+.0} ± {:.0} (95 %)",
        2 * openings - wins - draws,
        100.0 * points / games,
        r.elo[1],
        r.interval(1)
    );
    assert!(r.interval(1) > 0.0 && r.elo[1].is_finite());
}
