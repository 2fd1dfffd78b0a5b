//! The games on PedroM under TiEmu, a TI-89 and a Voyage 200: `morpion`, then `puiss4` with
//! its AI `p4ia`, are sent over the link, started, and a whole game of each is played with
//! remote keys (emu_tests::games::pedrom); then a contest game between a person (`humain`,
//! its keys sent over the link) and an AI folder, checked as `ti68k match` checks one. The
//! screens of the menus, the games in progress and their ends are kept (`$TIEMU_SCREENSHOTS`).

use emu_tests::games::pedrom;
use ti68k::contest::install::Programs;
use ti_build::tools::Tools;
use ti_files::Model;

use super::common::{done, pedrom as boot};

fn repo() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn games_on(test: &str, model: Model) {
    if !Tools::available() {
        testkit::skip(test, "the cross toolchain is missing (run tools/setup)");
        return;
    }
    let Some(mut t) = boot(test, model) else {
        return;
    };
    pedrom::send_programs(&mut t, &repo(), &["morpion", "puiss4", "p4ia"]).unwrap();
    for (game, shots) in [
        ("morpion", pedrom::morpion(&mut t)),
        ("puiss4", pedrom::puiss4(&mut t)),
    ] {
        let shots = shots.unwrap_or_else(|e| panic!("{test}: {game}: {e}\n{}", t.log_tail()));
        for (what, screen) in [
            ("menu", &shots.menu),
            ("playing", &shots.playing),
            ("end", &shots.end),
        ] {
            t.keep_screenshot(screen, &format!("{game}-{what}"))
                .unwrap();
        }
    }
    assert!(t.is_ready().unwrap(), "{test}: the calculator answers");
    done(test, &t);
}

#[test]
fn tiemu_games_are_played_on_pedrom_ti89() {
    games_on("tiemu_games_are_played_on_pedrom_ti89", Model::Ti89);
}

#[test]
fn tiemu_games_are_played_on_pedrom_v200() {
    games_on("tiemu_games_are_played_on_pedrom_v200", Model::V200);
}

/// A person plays the contest through `humain` (typing its name, then its columns), against
/// alphabeta1000 on a TI-89: the arbiter's result, log and the person's name are right.
#[test]
fn tiemu_a_person_plays_the_contest_on_pedrom() {
    let test = "tiemu_a_person_plays_the_contest_on_pedrom";
    if !Tools::available() {
        testkit::skip(test, "the cross toolchain is missing (run tools/setup)");
        return;
    }
    let programs = Programs::build(&repo()).unwrap();
    let Some(mut t) = boot(test, Model::Ti89) else {
        return;
    };
    let (outcome, shots) = pedrom::contest_with_a_person(&mut t, &programs, "Ann")
        .unwrap_or_else(|e| panic!("{test}: {e}\n{}", t.log_tail()));
    print!("{}", outcome.render().unwrap());
    assert_eq!(outcome.nom, "N");
    t.keep_screenshot(&shots.playing, "contest-human-playing")
        .unwrap();
    t.keep_screenshot(&shots.end, "contest-human-end").unwrap();
    done(test, &t);
}
