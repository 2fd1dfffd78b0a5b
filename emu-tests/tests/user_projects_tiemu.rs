//! Projects of the toolkit's users on a real OS: PedroM under TiEmu runs the arbiter between a
//! user's AI and the toolkit's `winblock`, installed and checked as `ti68k match` does.
//!
//! - The tutorial's AI (docs/tutorial.md, the page's `sh tiemu` block): a project made as
//!   `ti68k new` makes it, in the system's temporary folder, its `src/lib.rs` the page's,
//!   built from its folder, plays four games on PedroM (TI-89): each is the game the emulator
//!   plays with the same programs and seeds, move for move, and it wins them.
//! - The contest AI in C (`calc/programs/c/joueur.c`, built by the toolkit) plays two games on
//!   PedroM (TI-89 and Voyage 200), the same games as in the emulator.
//!
//! Test names start with `tiemu_`: tools/test runs them in its TiEmu step, one at a time; every
//! session takes the machine-wide TiEmu lock.

mod contest_common;
mod programs;

use std::path::Path;

use calc::connect4::referee::GameResult;
use calc::connect4::{Outcome, Player};
use contest_common::{boot, play, programs as contest_programs, System};
use ti68k::cable::CableChoice;
use ti68k::contest::install::{Installed, Programs};
use ti68k::contest::run::{self, RunOptions};
use ti68k::contest::setup::{AiSpec, MatchSetup};
use ti_build::{build, BuildOptions, Project};
use ti_files::Model;

/// Plays `games` games of `file` against winblock on `model` under PedroM and in the emulator,
/// sides swapped every game; every game must be the same in both. Returns the games the file's
/// AI won.
fn pedrom_games(test: &str, programs: &Programs, file: &Path, model: Model, games: u32) -> u32 {
    let Some(mut t) = boot(test, model, System::PedroM) else {
        return u32::MAX;
    };
    let setup = MatchSetup::new(model, [AiSpec::file(file, 1), AiSpec::level("winblock", 2)]);
    let mut installed = Installed::new();
    // The same games on the project's emulator as a calculator (`--cable emu`).
    let mut emu = CableChoice::Emu { state: None }
        .calculator(model, std::time::Duration::from_secs(2))
        .unwrap();
    let mut emu_installed = Installed::new();
    let emu_options = RunOptions {
        screenshot: false,
        poll: std::time::Duration::from_millis(10),
        ..RunOptions::default()
    };
    let mut won = 0;
    for n in 0..games {
        let this = setup.game(n);
        let label = format!(
            "user-{}-game{n}",
            file.file_stem().unwrap().to_string_lossy()
        );
        let outcome = play(&mut t, &mut installed, programs, &this, &label);
        let on_pedrom = outcome.game().unwrap();
        emu_installed
            .install(&mut emu, &this, programs, false)
            .unwrap();
        let emulated = run::run_match(&mut emu, &this, &emu_options).unwrap();
        let in_emulator = emulated.game().unwrap();
        assert_eq!(
            (on_pedrom.moves, on_pedrom.result),
            (in_emulator.moves, in_emulator.result),
            "{test}, game {n}: PedroM and the emulator differ"
        );
        let seat = if n % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        if let Some(GameResult::Normal(Outcome::Win(p))) = on_pedrom.result {
            won += u32::from(p == seat);
        }
        eprintln!("{test}: game {n}: {:?}", on_pedrom.result);
    }
    won
}

#[test]
fn tiemu_the_tutorials_ai_beats_winblock_on_pedrom() {
    let test = "tiemu_the_tutorials_ai_beats_winblock_on_pedrom";
    let Some(programs) = contest_programs(test) else {
        return;
    };
    // The project, as the tutorial makes it: `ti68k new`, then the page's src/lib.rs.
    let page = std::fs::read_to_string(programs::repo_root().join("docs/tutorial.md")).unwrap();
    let lib = testkit::code_blocks(&page)
        .into_iter()
        .find(|b| b.attribute("file") == Some("src/lib.rs"))
        .expect("the tutorial's src/lib.rs");
    let home = std::env::temp_dir().join(format!("ti68k-tutorial-tiemu-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    let dir = home.join("four");
    let toolkit = programs::repo_root();
    ti68k::template::create(&dir, ti68k::template::Template::Joueur, None, &toolkit).unwrap();
    std::fs::write(dir.join("src/lib.rs"), &lib.text).unwrap();
    // `cd ~/four && ti68k build joueur`.
    let project = Project::find(&dir, None).unwrap();
    let built = build(&BuildOptions::in_project(project, "joueur"))
        .unwrap_or_else(|e| panic!("{test}: building the tutorial's AI: {e}"));
    println!("{}", built.report);
    // `ti68k match --cable tiemu --ai1 target/ti/joueur.89z --ai2 winblock --games 4`.
    let won = pedrom_games(test, programs, &built.files[0], Model::Ti89, 4);
    if won != u32::MAX {
        assert!(won >= 3, "{test}: {won} of 4");
        println!("the tutorial's AI on PedroM: {won} of 4 games won against winblock");
    }
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn tiemu_the_c_joueur_plays_on_pedrom_ti89() {
    c_joueur_on_pedrom("tiemu_the_c_joueur_plays_on_pedrom_ti89", Model::Ti89);
}

#[test]
fn tiemu_the_c_joueur_plays_on_pedrom_v200() {
    c_joueur_on_pedrom("tiemu_the_c_joueur_plays_on_pedrom_v200", Model::V200);
}

fn c_joueur_on_pedrom(test: &str, model: Model) {
    let Some(programs) = contest_programs(test) else {
        return;
    };
    let Some(built) = programs::build_program(test, "cjoueur", |_| {}) else {
        return;
    };
    let file = built.file(model).expect("a file for the model");
    let won = pedrom_games(test, programs, file, model, 2);
    if won != u32::MAX {
        println!("the C joueur on PedroM ({model}): {won} of 2 games won against winblock");
    }
}
