//! Programs over 24 KB through their launcher (docs/building.md#programs-over-24-kb), in the CPU
//! harness: the contest's `joueur` (over 24 KB with the reader of its deep book) built with a
//! launcher plays the core's columns from its own folder (not the current one), its
//! PC-relative body run in place (its
//! variable locked for the run, then unlocked) from the ghost space; an error the body throws
//! reaches the launcher's caller; each failure of the launcher (body missing, not a body, a
//! body of another version, not enough memory for a copy) shows its line and throws its AMS
//! error without leaking; a body with a relocation table (absolute addressing) and an archived
//! body are copied, relocated for the ghost space and run, and the copy is freed.

mod programs;

use emu_tests::games::keys::Key;
use ti68k::contest::setup::{AiSpec, MatchSetup};
use ti68k::contest::verify;
use ti_build::launcher::{self, ERR_BODY_FORMAT, ERR_BODY_MISSING, ERR_NO_MEMORY};
use ti_build::Built;
use ti_emulator::ams::exec::RunEnd;
use ti_emulator::{Failure, Machine};
use ti_files::{Integer, Model, Value, VarType, Variable};

/// joueur with a launcher, as the contest AI of folder `ai1` (body `ai1\joueurx`), at a level of
/// the ladder: AI 1's first call (`colonne` 0, `nom` 1: it names itself and plays). The folder
/// is made current, as the arbiter does (joueur reads and writes the current folder's
/// variables).
fn machine(built: &Built, model: Model, level: &str) -> Machine {
    let mut m = Machine::new(model);
    m.install("ai1\\joueur", &built.installable()).unwrap();
    first_call(&mut m, level);
    m
}

/// The variables of AI 1's first call at `level`, `ai1` current.
fn first_call(m: &mut Machine, level: &str) {
    for (name, value) in [
        ("niveau", Value::Str(level.into())),
        ("graine", Value::Integer(Integer::from(7))),
        ("colonne", Value::Integer(Integer::from(0))),
        ("nom", Value::Integer(Integer::from(1))),
    ] {
        m.set_value(&format!("ai1\\{name}"), &value).unwrap();
    }
    m.set_current_folder("ai1").unwrap();
    m.set_budget(4_000_000_000);
}

fn colonne(m: &Machine) -> Value {
    m.get_value("ai1\\colonne").unwrap()
}

fn launched(test: &str) -> Option<Built> {
    programs::build_launched(test, "joueur", |_| {})
}

/// The column the core plays for AI 1's first call at `level` with its seed (7), as the plain
/// joueur would: joueur is over 24 KB (the reader of its deep book), so it runs only through a
/// launcher; the core's contest game is the reference (`ti68k::contest::verify`).
fn native_move(model: Model, level: &str) -> Value {
    let setup = MatchSetup::new(
        model,
        [AiSpec::level(level, 7), AiSpec::level("winblock", 1)],
    );
    let game = verify::native_game(&setup).unwrap();
    Value::Integer(Integer::from(i64::from(game.moves[0])))
}

#[test]
fn joueur_through_its_launcher_plays_from_its_own_folder_in_the_ghost_space() {
    let test = "joueur_through_its_launcher_plays_from_its_own_folder_in_the_ghost_space";
    let Some(built) = launched(test) else { return };
    let l = built.launcher.as_ref().expect("built with a launcher");
    assert!(
        l.image.body.len() <= 1150,
        "the launcher is {} bytes",
        l.image.body.len()
    );
    assert_eq!(
        launcher::launcher_body_name(&built.installable().program),
        Some(l.body_name.clone())
    );
    for model in Model::ALL {
        let want = native_move(model, "minimax3");
        let mut m = machine(&built, model, "minimax3");
        let locked = locked_blocks(&m);
        let out = m
            .run("ai1\\joueur", "")
            .unwrap_or_else(|e| panic!("{model}: {e}"));
        assert_eq!(colonne(&m), want, "{model}: the core's column");
        let names = m.transcript().names();
        for call in [
            "trap #12",
            "trap #11 function 0xF",
            "HeapLock",
            "EX_patch",
            "HeapUnlock",
        ] {
            assert!(names.contains(&call), "{model}: {call} in {names:?}");
        }
        // The body's own blocks (its linear memory, the screen's copy) come from HeapAllocHigh
        // too, once it runs, after EX_patch: a copy by the launcher would come before.
        let patched = names.iter().position(|&n| n == "EX_patch").unwrap();
        assert!(
            !names[..patched].contains(&"HeapAllocHigh"),
            "{model}: run in place, yet a copy"
        );
        let patch = &m.transcript().first("EX_patch").unwrap().detail;
        assert!(
            patch.contains("the body ai1\\joueurx run in place at")
                && patch.contains(": 0 relocation(s)")
                && (0x4_0000..0x8_0000).contains(&patch_base(patch)),
            "{model}: {patch}"
        );
        assert_eq!(copies(&m), 0, "{model}: no copy");
        assert_eq!(
            locked_blocks(&m),
            locked,
            "{model}: the body unlocked again"
        );
        println!(
            "{model}: joueur minimax3 through its launcher: {} cycles",
            out.counters.cycles
        );
    }
}

/// A game (tic-tac-toe) through its launcher keeps its settings in its own folder, the
/// launcher's, whatever the current folder (`own_path`, `w68k_own_folder` with the address the
/// launcher passes).
#[test]
fn a_body_finds_its_launchers_folder_as_its_own() {
    let Some(built) =
        programs::build_launched("a_body_finds_its_launchers_folder", "morpion", |_| {})
    else {
        return;
    };
    let mut m = Machine::new(Model::Ti89);
    m.install("games\\morpion", &built.installable()).unwrap();
    m.set_current_folder("main").unwrap();
    m.answer_keys(&[Key::Esc.code(Model::Ti89)]); // leaves from the menu
    m.run("games\\morpion", "").unwrap();
    assert!(
        m.get_value("games\\morpsave").is_ok(),
        "the settings in games"
    );
    assert!(
        m.get_value("main\\morpsave").is_err(),
        "nothing in the current folder"
    );
}

#[test]
fn an_error_the_body_throws_reaches_the_launchers_caller_after_the_body_is_unlocked() {
    let Some(built) = launched("an_error_the_body_throws_reaches_the_launchers_caller") else {
        return;
    };
    let mut m = machine(&built, Model::Ti89, "no such level");
    let locked = locked_blocks(&m);
    let e = m.run("ai1\\joueur", "").unwrap_err();
    assert!(matches!(e, Failure::UncaughtError { code: 40, .. }), "{e}");
    assert_eq!(locked_blocks(&m), locked, "the body unlocked");
    assert_eq!(m.runs().last().unwrap().end, RunEnd::Threw(40));
}

/// The base address in an EX_patch's transcript detail ("(0xBASE, 0xTAG) ...").
fn patch_base(detail: &str) -> u32 {
    let base = detail[1..].split(',').next().unwrap();
    u32::from_str_radix(base.trim_start_matches("0x"), 16).unwrap()
}

/// The locked heap blocks (the body's variable is locked only while it runs).
fn locked_blocks(m: &Machine) -> usize {
    m.heap_blocks().iter().filter(|b| b.locked).count()
}

/// Checks that the launcher copied its body and relocated the copy for the ghost space.
fn copied_for_the_ghost_space(m: &Machine) {
    let names = m.transcript().names();
    for call in ["HeapAllocHigh", "EX_patch", "HeapFree"] {
        assert!(names.contains(&call), "{call} in {names:?}");
    }
    let patch = m.transcript().first("EX_patch").unwrap();
    assert!(
        (0x4_0000..0x8_0000).contains(&patch_base(&patch.detail)),
        "the body is relocated for the ghost space: {}",
        patch.detail
    );
    assert!(
        patch.detail.contains("the body a launcher copied"),
        "{}",
        patch.detail
    );
    assert_eq!(copies(m), 0, "the copy is freed");
}

/// The heap blocks a launcher allocated for a copy (HeapAllocHigh) still there.
fn copies(m: &Machine) -> usize {
    m.heap_blocks()
        .iter()
        .filter(|b| b.via == "HeapAllocHigh")
        .count()
}

/// Runs the launcher expecting it to refuse with `code`; returns the status line.
fn refused(m: &mut Machine, code: u16) -> String {
    let blocks = m.heap_blocks().len();
    let e = m.run("ai1\\joueur", "").unwrap_err();
    assert!(
        matches!(e, Failure::UncaughtError { code: c, .. } if c == code),
        "want error {code}: {e}"
    );
    assert_eq!(m.heap_blocks().len(), blocks, "nothing left allocated");
    assert_eq!(copies(m), 0);
    m.status_line().message.clone().unwrap_or_default()
}

#[test]
fn each_failure_of_the_launcher_says_so_and_throws_its_error() {
    let Some(built) = launched("each_failure_of_the_launcher_says_so_and_throws_its_error") else {
        return;
    };
    // The body missing.
    let mut m = machine(&built, Model::Ti89, "minimax3");
    m.delete_variable("ai1\\joueurx").unwrap();
    assert_eq!(
        refused(&mut m, ERR_BODY_MISSING),
        "joueurx missing: send it with joueur"
    );
    // The body in another folder only: still missing (the launcher looks in its own).
    let body = built.launcher.as_ref().unwrap();
    let elsewhere = Variable::from_data(
        ti_files::VarPath::parse("main\\joueurx").unwrap(),
        VarType::OTH,
        body.body.clone(),
    )
    .unwrap();
    m.send_variables(&[elsewhere]).unwrap();
    refused(&mut m, ERR_BODY_MISSING);

    // Not a body: a string of that name, and a body of another format version.
    let mut m = machine(&built, Model::Ti89, "minimax3");
    m.set_value("ai1\\joueurx", &Value::Str("not a program".into()))
        .unwrap();
    assert_eq!(
        refused(&mut m, ERR_BODY_FORMAT),
        "joueurx is not a body for joueur: send it again"
    );
    let mut other = body.body.clone();
    other[5] += 1;
    let other = Variable::from_data(
        ti_files::VarPath::parse("ai1\\joueurx").unwrap(),
        VarType::OTH,
        other,
    )
    .unwrap();
    m.send_variables(&[other]).unwrap();
    refused(&mut m, ERR_BODY_FORMAT);

    // Not enough memory for the copy of an archived body: the heap filled to just below the
    // body's size.
    let mut m = machine(&built, Model::Ti89, "minimax3");
    m.set_archived("ai1\\joueurx", true).unwrap();
    let leave = body.body.len() as u32 - 100;
    while m.heap_avail() > leave {
        let take = (m.heap_avail() - leave).min(60_000);
        m.alloc(take).unwrap();
    }
    assert!(m.heap_avail() < body.body.len() as u32);
    assert_eq!(refused(&mut m, ERR_NO_MEMORY), "joueur: not enough memory");
}

/// A body of absolute code (with relocations, which may reach past 32 KB) runs in place, its
/// launcher writing every relocation for where the body then is, at every run: after AMS moved
/// its variable between two runs too. An archived body is copied and relocated for the ghost
/// space.
#[test]
fn an_absolute_body_is_relocated_in_place_at_every_run_and_an_archived_body_is_copied() {
    let test = "an_absolute_body_is_relocated_in_place_at_every_run";
    let Some(absolute) = programs::build_launched(test, "joueur", |c| c.pcrel = false) else {
        return;
    };
    let relocations = &absolute.image.relocations;
    assert!(!relocations.is_empty());
    let want = native_move(Model::V200, "alphabeta1000");
    let mut m = machine(&absolute, Model::V200, "alphabeta1000");
    let mut bases = Vec::new();
    for run in 0..2 {
        if run == 1 {
            first_call(&mut m, "alphabeta1000");
            assert!(m.move_unlocked_blocks() > 0, "the body moved");
        }
        m.run("ai1\\joueur", "").unwrap();
        assert_eq!(colonne(&m), want, "run {run}");
        let calls = &m.transcript().calls;
        let patch = calls.iter().rev().find(|c| c.name == "EX_patch");
        let patch = patch.unwrap().detail.clone();
        assert!(
            patch.contains("the body ai1\\joueurx run in place at")
                && patch.contains(": 0 relocation(s)"),
            "run {run}: {patch}"
        );
        assert_eq!(copies(&m), 0, "run {run}: no copy");
        // The body's variable keeps the addresses of its last run.
        let base = patch_base(&patch);
        let data = m.get_variable("ai1\\joueurx").unwrap().data;
        for r in relocations {
            let at = launcher::BODY_HEADER + r.location as usize;
            let slot = u32::from_be_bytes(data[at..at + 4].try_into().unwrap());
            assert_eq!(
                slot,
                base + r.target,
                "run {run}: relocation at {:#x}",
                r.location
            );
        }
        bases.push(base);
    }
    assert_ne!(bases[0], bases[1], "relocated for its new place");

    let mut m = machine(&absolute, Model::V200, "alphabeta1000");
    m.set_archived("ai1\\joueurx", true).unwrap();
    m.run("ai1\\joueur", "").unwrap();
    assert_eq!(colonne(&m), want);
    copied_for_the_ghost_space(&m);

    let Some(built) = launched(test) else { return };
    let mut m = machine(&built, Model::V200, "alphabeta1000");
    m.set_archived("ai1\\joueurx", true).unwrap();
    m.run("ai1\\joueur", "").unwrap();
    assert_eq!(colonne(&m), want);
    copied_for_the_ghost_space(&m);
}

/// An AI given to a match as a calculator file (`ti68k match --ai1 target/ti/joueur.89z`) that is
/// a launcher: its body, from the file beside it, is installed with it
/// (`ti68k::contest::install`), and the AI plays its first move from the match's folder.
#[test]
fn an_ai_file_built_with_a_launcher_brings_its_body() {
    let Some(built) = launched("an_ai_file_built_with_a_launcher_brings_its_body") else {
        return;
    };
    let model = Model::Ti89;
    let file = built.file(model).expect("the TI-89 file").clone();
    let setup = MatchSetup::new(
        model,
        [AiSpec::file(&file, 7), AiSpec::level("winblock", 1)],
    );
    let programs = ti68k::contest::install::Programs {
        arbitre: built.installable(),
        joueur: built.installable(),
        fautif: built.installable(),
        replay: built.installable(),
        humain: built.installable(),
    };
    let vars =
        ti68k::contest::install::ai_variables(&setup, &setup.ais[0], "ai1", &programs).unwrap();
    let names: Vec<String> = vars.iter().map(|v| v.path().to_string()).collect();
    assert!(
        names.contains(&"ai1\\joueur".to_string()) && names.contains(&"ai1\\joueurx".to_string()),
        "{names:?}"
    );
    let mut m = Machine::new(model);
    m.send_variables(&vars).unwrap();
    for (name, value) in [
        ("niveau", Value::Str("minimax3".into())),
        ("colonne", Value::Integer(Integer::from(0))),
        ("nom", Value::Integer(Integer::from(1))),
    ] {
        m.set_value(&format!("ai1\\{name}"), &value).unwrap();
    }
    m.set_current_folder("ai1").unwrap();
    m.set_budget(4_000_000_000);
    m.run("ai1\\joueur", "").unwrap();
    assert_eq!(colonne(&m), native_move(model, "minimax3"));
}
