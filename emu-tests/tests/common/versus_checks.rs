//! The checks of the computer as the arbiter (`ti68k versus`, `ti68k::contest::versus`:
//! docs/tournaments.md#native-against-calculator) and of the meta-program `meta`, one set for
//! every calculator the project talks to: the project's emulator as a calculator
//! (tests/versus_cpu.rs, tests/meta_cpu.rs, `EmuCable`) and PedroM under TiEmu
//! (tests/versus_tiemu.rs). A check that passes on one and fails on the other is a difference
//! between the emulator and the real OS.
//!
//! - [`same_game`]: one game of this project's `joueur` on the calculator against a native
//!   level, played again with both sides native through the core: the two logs are equal byte
//!   for byte (moves, names, result), and agree with the core's referee.
//! - [`launcher_reports_errors`]: an AI that raises an error, and a program that is not there,
//!   are disqualified for the error the launcher `appel` caught (210, 850), and the calculator
//!   goes on answering.
//! - [`meta_equals_the_games`]: `meta("ai1","ai2",n)` on the calculator, then the same games
//!   one by one on the same calculator, each checked as `ti68k match` checks it: the tally is
//!   their sum, count for count.
//!
//! Included by each test binary (`#[path]`); it holds only what they use.
#![allow(dead_code)]

use std::time::{Duration, Instant};

use calc::connect4::referee::{Fault, GameResult};
use calc::connect4::Player;
use ti68k::contest::install::{self, Programs};
use ti68k::contest::meta::{self, Tally};
use ti68k::contest::run::RunOptions;
use ti68k::contest::setup::{parse_level, AiSpec, MatchSetup};
use ti68k::contest::verify;
use ti68k::contest::versus::{self, Side, VersusOptions, VersusOutcome};
use ti68k::play::connect4::{C4Player, Tables};
use ti_emulator::link::{EmuCable, EmuOptions};
use ti_files::{Model, Value, VarPath};
use ti_link::{Cable, Calculator, Delays};

/// The project's emulator as a calculator of `model` (`EmuCable`: the CPU harness answering
/// the link), with no delays between the link's packets.
pub fn emu_calculator(model: Model) -> Calculator<EmuCable> {
    let mut c = Calculator::new(EmuCable::start(EmuOptions::new(model)).unwrap(), model);
    c.delays = Delays::NONE;
    c
}

/// A side played by the computer: `native:LEVEL` or `native:solver`.
pub fn native(level: &str, seed: u32) -> Side {
    let player = match level {
        "solver" => C4Player::Solver,
        _ => C4Player::Ai(parse_level(level).unwrap()),
    };
    Side::Native { player, seed }
}

/// `joueur` at `level` on the calculator, in `folder`.
pub fn on_calculator(level: &str, seed: u32, folder: &str) -> Side {
    Side::Calculator {
        ai: AiSpec::level(level, seed),
        folder: folder.into(),
        program: "joueur".into(),
    }
}

/// The same side played by the computer (a calculator `joueur` becomes its native level with
/// its seed; a native side stays).
pub fn natively(side: &Side) -> Side {
    match side {
        Side::Calculator {
            ai: AiSpec::Level { level, seed },
            ..
        } => native(level, *seed),
        Side::Calculator { ai, .. } => panic!("{} has no native twin", ai.describe()),
        native => native.clone(),
    }
}

/// Installs the launcher and the calculator sides of `sides` (as `ti68k versus` does).
pub fn install<C: Cable>(
    calc: &mut Calculator<C>,
    model: Model,
    programs: &Programs,
    sides: &[Side; 2],
) {
    let appel = install::built_program(None, model, "appel").unwrap();
    let vars = versus::variables(model, sides, programs, &appel, "main").unwrap();
    calc.send_variables(&vars)
        .unwrap_or_else(|e| panic!("installing the launcher and the AIs: {e}"));
}

/// A finished game as the report prints it: its moves, result and times.
pub fn describe(outcome: &VersusOutcome) -> String {
    let game = outcome.game();
    let moves: String = game.moves.iter().map(|m| m.to_string()).collect();
    format!(
        "{} moves {moves}, {:?}, {:.1} s, of which {:.1} s in {} calls of the calculator",
        game.moves.len(),
        outcome.result,
        outcome.elapsed.as_secs_f64(),
        outcome.calculator_time.as_secs_f64(),
        outcome.calculator_calls
    )
}

/// Plays `sides` on the calculator (installed), and again with both sides native: the logs
/// must be equal byte for byte, the game one the referee accepts, with no disqualification.
/// Returns the calculator's game (the native one is the same).
pub fn same_game<C: Cable>(
    calc: &mut Calculator<C>,
    model: Model,
    sides: &[Side; 2],
    options: &VersusOptions,
    label: &str,
) -> VersusOutcome {
    let mut tables = Tables::new();
    let on_calc = versus::play(Some(calc), model, sides, &mut tables, options)
        .unwrap_or_else(|e| panic!("{label}: on the calculator: {e}"));
    let twins = [natively(&sides[0]), natively(&sides[1])];
    let mut tables = Tables::new();
    let native = versus::play::<C>(None, model, &twins, &mut tables, options)
        .unwrap_or_else(|e| panic!("{label}: natively: {e}"));
    eprintln!("{label}: on the calculator {}", describe(&on_calc));
    eprintln!("{label}: natively {}", describe(&native));
    let setup = MatchSetup::new(
        model,
        [AiSpec::level("random", 0), AiSpec::level("random", 0)],
    );
    verify::log_agrees_with_referee(&setup, &on_calc.game())
        .unwrap_or_else(|e| panic!("{label}: {e}"));
    assert_eq!(
        on_calc.game().moves,
        native.game().moves,
        "{label}: the moves on the calculator and natively"
    );
    assert_eq!(on_calc.log, native.log, "{label}: the logs");
    assert!(
        !matches!(on_calc.result, GameResult::Disqualified(_)),
        "{label}: {:?}",
        on_calc.result
    );
    assert!(
        on_calc.calculator_calls > 0,
        "{label}: the calculator played"
    );
    on_calc
}

/// The launcher's errors: `fautif` with fault 7 (it raises error 210) as AI 1 against the
/// native `winblock`, then the native `winblock` against a program `ai2\absent` that is not
/// there (error 850): each time the calculator AI is disqualified for the error it raised, the
/// other wins, and the log is one the referee accepts.
pub fn launcher_reports_errors<C: Cable>(
    calc: &mut Calculator<C>,
    model: Model,
    programs: &Programs,
    options: &VersusOptions,
    label: &str,
) {
    let faulty = Side::Calculator {
        ai: AiSpec::Faulty { fault: 7 },
        folder: "ai1".into(),
        program: "joueur".into(),
    };
    let absent = Side::Calculator {
        ai: AiSpec::level("winblock", 2),
        folder: "ai2".into(),
        program: "absent".into(),
    };
    let cases = [
        ([faulty, native("winblock", 1)], Player::First, 210),
        ([native("winblock", 1), absent], Player::Second, 850),
    ];
    let setup = MatchSetup::new(
        model,
        [AiSpec::level("random", 0), AiSpec::level("random", 0)],
    );
    for (sides, seat, error) in cases {
        install(calc, model, programs, &sides);
        let outcome = versus::play(Some(&mut *calc), model, &sides, &mut Tables::new(), options)
            .unwrap_or_else(|e| panic!("{label}: error {error}: {e}"));
        eprintln!("{label}: error {error}: {}", describe(&outcome));
        verify::log_agrees_with_referee(&setup, &outcome.game())
            .unwrap_or_else(|e| panic!("{label}: error {error}: {e}"));
        match outcome.result {
            GameResult::Disqualified(d) => {
                assert_eq!(
                    (d.seat, d.fault, d.value),
                    (seat, Fault::RaisedError, error),
                    "{label}: the disqualification"
                );
            }
            other => panic!("{label}: error {error}: no disqualification: {other:?}"),
        }
        assert_eq!(outcome.result.winner(), Some(seat.other()), "{label}");
    }
    calc.ready()
        .unwrap_or_else(|e| panic!("{label}: the calculator answers: {e}"));
}

/// The integer in the calculator's variable `path`, or `None` when it holds none.
pub fn int<C: Cable>(c: &mut Calculator<C>, path: &str) -> Option<i64> {
    match c.get_value(&VarPath::parse(path).unwrap()) {
        Ok(Value::Integer(i)) => Some(i.to_i64().unwrap()),
        _ => None,
    }
}

/// What [`meta_equals_the_games`] measured.
pub struct MetaRun {
    /// `meta`'s tally (equal to the games' one by one).
    pub tally: Tally,
    /// From starting `meta` to its tally.
    pub meta_time: Duration,
    /// The same games one by one, each read back and checked.
    pub one_by_one_time: Duration,
    /// Each game's number of moves.
    pub moves: Vec<usize>,
}

/// Installs `meta` (from `meta_data`) and the match of `base` in `main`, runs
/// `meta("ai1","ai2",games)`, checks that the seeds and `attente` were put back, then plays
/// the same games one by one on the same calculator through the arbiter, each checked against
/// the core (`ti68k::contest::meta::play_one_by_one`): `meta`'s tally must be their sum.
pub fn meta_equals_the_games<C: Cable>(
    calc: &mut Calculator<C>,
    programs: &Programs,
    meta_data: &ti_build::Installable,
    base: &MatchSetup,
    games: u32,
    options: &RunOptions,
) -> MetaRun {
    let label = format!(
        "{} {} vs {}",
        base.model,
        base.ais[0].describe(),
        base.ais[1].describe()
    );
    meta::install(calc, base, programs, meta_data, "main", false)
        .unwrap_or_else(|e| panic!("{label}: installing meta: {e}"));
    let started = Instant::now();
    let run = meta::run_meta(calc, "main", &meta::arguments(base, games, "main"), options)
        .unwrap_or_else(|e| panic!("{label}: meta: {e}"));
    let meta_time = started.elapsed();
    for (ai, folder) in base.ais.iter().zip(&base.folders) {
        if let AiSpec::Level { seed, .. } = ai {
            assert_eq!(
                int(calc, &format!("{folder}\\graine")),
                Some(i64::from(*seed)),
                "{label}: {folder}\\graine put back"
            );
        }
    }
    assert_eq!(int(calc, "main\\attente"), Some(0), "{label}: attente");
    let started = Instant::now();
    let (expected, outcomes) = meta::play_one_by_one(calc, base, games, options)
        .unwrap_or_else(|e| panic!("{label}: the games one by one: {e}"));
    let one_by_one_time = started.elapsed();
    let moves: Vec<usize> = outcomes
        .iter()
        .map(|o| o.game().unwrap().moves.len())
        .collect();
    eprintln!(
        "{label}: meta {:?} in {:.1} s; the {games} games one by one {expected:?} in {:.1} s \
         (moves {moves:?})",
        run.tally,
        meta_time.as_secs_f64(),
        one_by_one_time.as_secs_f64(),
    );
    assert_eq!(run.tally, expected, "{label}: meta's tally");
    assert_eq!(run.tally.played, i64::from(games), "{label}: games played");
    MetaRun {
        tally: run.tally,
        meta_time,
        one_by_one_time,
        moves,
    }
}
