//! A program through its launcher (docs/building.md#programs-over-24-kb) on PedroM under TiEmu:
//! `hello` built with a launcher and as absolute code (`pcrel = false`: its body carries
//! relocations) is sent with its body (`TiEmu::install`, as `ti68k send` does), run, shows its
//! name and the model it read, and returns on a key, so the launcher found its folder,
//! relocated the body in place for the ghost space (PedroM reports fewer than 1000 ROM calls:
//! the launcher's AMS 1 path, a jump to +0x40000) and ran it. Then its
//! failures, the launcher alone in another folder run by `appel` the arbiter's way: its body
//! missing there is error 850, a string in the body's place error 210, and the calculator still
//! answers after each. (The launcher's line on the status line is not checked here: PedroM's
//! shell prints the error and its link shows "Link in progress..." there; the harness checks the
//! lines, `launcher_cpu`.)
//!
//! With a TI ROM named (`TIEMU_ROM_TI89`) the same test runs on TI's OS (its AMS 2 path: trap #11
//! function 0xF, the "last executed program"); without one it says SKIPPED. The programs over
//! 24 KB through their launchers run in `contest_tiemu` (`joueur`) and `tiemu_games` (`othia`,
//! Othello's AI).

use emu_tests::tiemu::TiEmu;
use ti_build::launcher::{ERR_BODY_FORMAT, ERR_BODY_MISSING};
use ti_build::tools::Tools;
use ti_build::Built;
use ti_files::{Model, Value, VarPath, VarType, Variable};

use super::{common, programs};

/// `hello` built with a launcher (body `hellox`) as absolute code; `None` after a loud skip.
fn launched_hello(test: &str) -> Option<Built> {
    if let Err(e) = Tools::find() {
        testkit::skip(test, &e.to_string());
        return None;
    }
    let built = programs::build_launched(test, "hello", |c| c.pcrel = false)?;
    assert!(!built.image.relocations.is_empty(), "{test}: absolute code");
    Some(built)
}

fn launcher_runs(test: &str, model: Model, mut t: TiEmu) {
    let Some(built) = launched_hello(test) else {
        return;
    };
    // The files as `ti68k build` wrote them: the launcher's .89z sends its body .89y too.
    let file = built.file(model).unwrap();
    let name = model.to_string();
    let (_, found) = t
        .run_file_expecting_texts(file, &["hello", &name])
        .unwrap_or_else(|e| panic!("{test}: {e}"));
    eprintln!("{test}: hello through its launcher drew {:?}", found[0]);
    t.press_keys(&[13]).unwrap();
    t.wait_for_stable_screen().unwrap();
    assert!(t.is_ready().unwrap());
    assert!(
        matches!(t.get_value("main\\hellox").unwrap(), Value::Opaque { var_type, .. } if var_type == VarType::OTH),
        "the body was sent beside the launcher"
    );

    // The launcher alone in another folder, run by `appel` the arbiter's way (NG_execute in an
    // error frame), which stores the error it caught in `main\erreur`: its body is missing there
    // (850), then something else has the body's name (210).
    let Some(appel) = programs::build_program(test, "appel", |_| {}) else {
        return;
    };
    t.install("main\\appel", &appel.installable()).unwrap();
    let lone = Variable::asm_program(
        VarPath::parse("nobody\\hello").unwrap(),
        built.installable().program,
    )
    .unwrap();
    t.send_variables(&[lone]).unwrap();
    let erreur = |t: &mut TiEmu| {
        t.run("main\\appel", "\"nobody\",\"hello\"")
            .unwrap_or_else(|e| panic!("{test}: {e}"));
        assert!(t.is_ready().unwrap(), "{test}: the calculator answers");
        t.get_value("main\\erreur").unwrap()
    };
    assert_eq!(
        erreur(&mut t),
        Value::Integer(i64::from(ERR_BODY_MISSING).into())
    );
    t.set_value("nobody\\hellox", &Value::Str("not a body".into()))
        .unwrap();
    assert_eq!(
        erreur(&mut t),
        Value::Integer(i64::from(ERR_BODY_FORMAT).into())
    );
}

#[test]
fn tiemu_pedrom_ti89_runs_a_program_through_its_launcher() {
    let test = "tiemu_pedrom_ti89_runs_a_program_through_its_launcher";
    if let Some(t) = common::pedrom(test, Model::Ti89) {
        launcher_runs(test, Model::Ti89, t);
    }
}

#[test]
fn tiemu_pedrom_v200_runs_a_program_through_its_launcher() {
    let test = "tiemu_pedrom_v200_runs_a_program_through_its_launcher";
    if let Some(t) = common::pedrom(test, Model::V200) {
        launcher_runs(test, Model::V200, t);
    }
}

#[test]
fn tiemu_ams_ti89_runs_a_program_through_its_launcher() {
    let test = "tiemu_ams_ti89_runs_a_program_through_its_launcher";
    if let Some(t) = common::ams(test, Model::Ti89) {
        launcher_runs(test, Model::Ti89, t);
    }
}
