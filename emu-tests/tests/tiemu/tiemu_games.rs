//! The games on PedroM under TiEmu, a TI-89 and a Voyage 200: `morpion`, then `puiss4` with
//! its AI `p4ia`, are sent over the link, started, and a whole game of each is played with
//! remote keys (emu_tests::games::pedrom); `entropy` with `entia` is set up through its menus
//! (two people, the help on), played with the help shown, and resigned
//! (emu_tests::games::entropy); then a contest game between a person (`humain`, its keys sent
//! over the link) and an AI folder, checked as `ti68k match` checks one. The screens of the
//! menus, the games in progress and their ends are kept (`$TIEMU_SCREENSHOTS`). `othello` with
//! its AI `othia` likewise, the legal moves shown. `entropy` with two computers plays a whole
//! game to its end (New Entropy on the TI-89, in the session of the other games; classic
//! Entropy on the Voyage 200, a session of its own, `--ignored`), its end screen and tally
//! checked against the core's replay of the moves it saved.

use calc::entropy::{Level, Variant};
use emu_tests::games::entropy::{self, Computers};
use emu_tests::games::{othello, pedrom};
use emu_tests::tiemu::TiEmu;
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

/// PedroM booted on `model` with `programs` built and sent; `None` after a loud skip when the
/// cross toolchain, TiEmu or PedroM is missing.
fn session(test: &str, model: Model, programs: &[&str]) -> Option<TiEmu> {
    if !Tools::available() {
        testkit::skip(test, "the cross toolchain is missing (run tools/setup)");
        return None;
    }
    let mut t = boot(test, model)?;
    pedrom::send_programs(&mut t, &repo(), programs).unwrap();
    Some(t)
}

/// Checks that the calculator still answers the link, and prints the session's time.
fn finish(test: &str, t: &mut TiEmu) {
    assert!(t.is_ready().unwrap(), "{test}: the calculator answers");
    done(test, t);
}

/// `morpion`, `puiss4` and `entropy` (its help shown, resigned), then `whole` if given: a
/// whole game of `entropy` between two computers in the same session.
fn games_on(test: &str, model: Model, whole: Option<Computers>) {
    let Some(mut t) = session(
        test,
        model,
        &["morpion", "puiss4", "p4ia", "entropy", "entia"],
    ) else {
        return;
    };
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
    let (shots, help) = entropy::help_and_resign(&mut t)
        .unwrap_or_else(|e| panic!("{test}: entropy: {e}\n{}", t.log_tail()));
    for (what, screen) in [
        ("menu", &shots.menu),
        ("help", &help),
        ("playing", &shots.playing),
        ("end", &shots.end),
    ] {
        t.keep_screenshot(screen, &format!("entropy-{what}"))
            .unwrap();
    }
    if let Some(computers) = whole {
        entropy_to_the_end(test, &mut t, computers);
    }
    finish(test, &mut t);
}

/// `computers` set up through `entropy`'s menus (sent beforehand), a whole game played to its
/// end and checked against the core; the end screen kept, what it showed and the game's time
/// printed.
fn entropy_to_the_end(test: &str, t: &mut TiEmu, computers: Computers) {
    let start = std::time::Instant::now();
    let end = entropy::computers_on_pedrom(t, computers)
        .unwrap_or_else(|e| panic!("{test}: entropy, two computers: {e}\n{}", t.log_tail()));
    eprintln!(
        "{test}: {:?} took {:.1?}, the game {:.1?} of it; the end screen shows {:?} (the core: {:?}), tally {:?}",
        computers.variant,
        start.elapsed(),
        end.took,
        end.texts,
        end.game.outcome(),
        end.tally
    );
    t.keep_screenshot(&end.end, "entropy-computers-end")
        .unwrap();
}

/// `othello` and `othia` sent, a whole game against the easy level played with remote keys,
/// the legal moves shown; the screens kept.
fn othello_on(test: &str, model: Model) {
    let Some(mut t) = session(test, model, &["othello", "othia"]) else {
        return;
    };
    let (shots, hints) =
        othello::on_pedrom(&mut t).unwrap_or_else(|e| panic!("{test}: {e}\n{}", t.log_tail()));
    for (what, screen) in [
        ("menu", &shots.menu),
        ("moves", &hints),
        ("playing", &shots.playing),
        ("end", &shots.end),
    ] {
        t.keep_screenshot(screen, &format!("othello-{what}"))
            .unwrap();
    }
    finish(test, &mut t);
}

/// `entropy` and `entia` sent, `computers` set up through the menus (the settings saved by
/// a first run left at once), a whole game played to its end and checked against the core.
fn entropy_to_the_end_on(test: &str, model: Model, computers: Computers) {
    let Some(mut t) = session(test, model, &["entropy", "entia"]) else {
        return;
    };
    entropy_to_the_end(test, &mut t, computers);
    finish(test, &mut t);
}

/// Player 1 easy in attack, hard in defence; player 2 the other way round.
const CROSSED: [[Level; 2]; 2] = [[Level::Easy, Level::Hard], [Level::Hard, Level::Easy]];

/// The TI-89's whole game of New Entropy is in `tiemu_games_are_played_on_pedrom_ti89`.
#[test]
#[ignore = "CI samples the TI-89's whole game (New Entropy, in tiemu_games_are_played_on_pedrom_ti89); this session takes about 2 min (the game 66-69 s): run with --ignored"]
fn tiemu_classic_entropy_is_played_to_the_end_on_pedrom_v200() {
    entropy_to_the_end_on(
        "tiemu_classic_entropy_is_played_to_the_end_on_pedrom_v200",
        Model::V200,
        Computers {
            variant: Variant::Classic,
            // Both defences easy: the classic hard placement takes 2.5 s on average.
            levels: [[Level::Easy, Level::Easy], [Level::Hard, Level::Easy]],
        },
    );
}

#[test]
fn tiemu_othello_is_played_on_pedrom_ti89() {
    othello_on("tiemu_othello_is_played_on_pedrom_ti89", Model::Ti89);
}

#[test]
#[ignore = "CI samples the TI-89 (about 2.5 min of TiEmu each; the Voyage 200's game runs in othello_cpu every run): run with --ignored"]
fn tiemu_othello_is_played_on_pedrom_v200() {
    othello_on("tiemu_othello_is_played_on_pedrom_v200", Model::V200);
}

/// With a whole game of New Entropy between two computers.
#[test]
fn tiemu_games_are_played_on_pedrom_ti89() {
    games_on(
        "tiemu_games_are_played_on_pedrom_ti89",
        Model::Ti89,
        Some(Computers {
            variant: Variant::New,
            levels: CROSSED,
        }),
    );
}

#[test]
#[ignore = "CI samples the TI-89 (the same games; their Voyage 200 layouts run in games_cpu and entropy_cpu every run): about 2.5 min of TiEmu, run with --ignored"]
fn tiemu_games_are_played_on_pedrom_v200() {
    games_on("tiemu_games_are_played_on_pedrom_v200", Model::V200, None);
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
