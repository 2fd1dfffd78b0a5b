//! `joueur` with tuned weights (`poids`, written by `ti68k evolve`) on PedroM under TiEmu, a
//! TI-89: a damaged `poids` raises error 40 and the arbiter disqualifies the AI; then a whole
//! game between the weights of the measured run (docs/tournaments.md#ti68k-evolve) and the
//! built-in ones, through the core's referee as `ti68k versus` plays it, equal move for move to
//! the same two players run natively.

use calc::connect4::ai::Ai;
use calc::connect4::eval::Weights;
use calc::connect4::referee::{Fault, GameResult};
use calc::connect4::search::Entry;
use calc::connect4::strategy;
use calc::connect4::tuning::{Tuned, Tuning};
use ti68k::contest::install::{self, Programs};
use ti68k::contest::setup::{AiSpec, MatchSetup};
use ti68k::contest::versus::{self, Side, VersusOptions, JOUEUR_TABLE};
use ti68k::evolve::play::{poids_variable, poids_variable_of_bytes};
use ti68k::play::connect4::Tables;
use ti_build::tools::Tools;
use ti_files::{Integer, Model, Value, VarName, VarPath};

use super::common::{done, pedrom as boot};

fn repo() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

#[test]
#[ignore = "about 3.5 min of TiEmu (evolve_cli checks poids on the emulator every run): run with --ignored"]
fn tiemu_joueur_plays_with_tuned_weights_on_pedrom() {
    let test = "tiemu_joueur_plays_with_tuned_weights_on_pedrom";
    if !Tools::available() {
        testkit::skip(test, "the cross toolchain is missing (run tools/setup)");
        return;
    }
    let model = Model::Ti89;
    let programs = Programs::build(&repo()).unwrap();
    let appel = install::built_program(None, model, "appel").unwrap();
    let Some(mut t) = boot(test, model) else {
        return;
    };
    let level = "alphabeta1000";
    let seed = 12u32;
    let spec = AiSpec::level(level, seed);
    let setup = MatchSetup::new(model, [spec.clone(), spec.clone()]);
    let mut vars = install::launcher("main", &appel).unwrap();
    for folder in ["e1", "e2"] {
        vars.extend(install::ai_variables(&setup, &spec, folder, &programs).unwrap());
    }
    t.calc().send_variables(&vars).unwrap();
    let sides = ["e1", "e2"].map(|folder| Side::Calculator {
        ai: spec.clone(),
        folder: folder.into(),
        program: "joueur".into(),
    });
    let options = VersusOptions::default();
    let mut tables = Tables::new();

    // A damaged poids: another version.
    let mut bytes = Tuning::DEFAULT.encode();
    bytes[0] = 7;
    let bad = poids_variable_of_bytes("e1", &bytes).unwrap();
    t.calc().send_variable(&bad).unwrap();
    let outcome = versus::play(Some(t.calc()), model, &sides, &mut tables, &options)
        .unwrap_or_else(|e| panic!("{test}: {e}\n{}", t.log_tail()));
    match outcome.result {
        GameResult::Disqualified(d) => {
            assert_eq!((d.fault, d.value), (Fault::RaisedError, 40), "{d:?}");
        }
        other => panic!("{test}: a damaged poids played: {other:?}"),
    }

    // The measured run's best weights against the built-in ones, 4 random opening plies.
    let best = Tuning {
        weights: Weights::from_array([1, 4, 2, 11, 12, 1]),
        random_plies: 4,
    };
    let start = Tuning {
        random_plies: 4,
        ..Tuning::DEFAULT
    };
    for (folder, tuning) in [("e1", best), ("e2", start)] {
        t.calc()
            .send_variable(&poids_variable(folder, &tuning).unwrap())
            .unwrap();
        let graine = VarPath::new(
            VarName::new(folder).unwrap(),
            VarName::new("graine").unwrap(),
        );
        t.calc()
            .set_value(&graine, &Value::Integer(Integer::from(i64::from(seed))))
            .unwrap();
    }
    let outcome = versus::play(Some(t.calc()), model, &sides, &mut tables, &options)
        .unwrap_or_else(|e| panic!("{test}: {e}\n{}", t.log_tail()));
    let mut t1 = vec![Entry::EMPTY; JOUEUR_TABLE];
    let mut t2 = vec![Entry::EMPTY; JOUEUR_TABLE];
    let mut a = Tuned::new(Ai::AlphaBeta(1000), best, &mut t1);
    let mut b = Tuned::new(Ai::AlphaBeta(1000), start, &mut t2);
    let native = strategy::play([&mut a, &mut b], [seed, seed]);
    let native_moves: Vec<u8> = native.moves[..native.count as usize]
        .iter()
        .map(|c| c + 1)
        .collect();
    let game = outcome.game();
    eprintln!(
        "{test}: {} moves, {:?}, {} calls in {:.1?}",
        game.moves.len(),
        outcome.result,
        outcome.calculator_calls,
        outcome.calculator_time
    );
    assert_eq!(
        game.moves,
        native_moves.as_slice(),
        "{test}: the game natively"
    );
    assert!(matches!(outcome.result, GameResult::Normal(_)));
    done(test, &t);
}
