//! Programs of the toolkit's users, in the CPU harness: C and assembler built the TIGCC way
//! (`ti68k build FILE...`, docs/c-programs.md), the contest AI in C, and projects made by
//! `ti68k new --template c` and `--template program` outside the repository.
//!
//! - Every kind of ROM-call parameter crosses the bridge of `tigcclib.h` as AMS reads it
//!   (`tests/data/sources/bridge.c`: shorts, chars, pointers, an `HSym` both ways, a variadic
//!   call, a ROM variable), a C program calls assembler and assembler calls the ROM, and a
//!   program in assembler alone runs (`asmonly.S`).
//! - The C joueur (`calc/programs/c/joueur.c`) plays contest games against `winblock` under
//!   the toolkit's arbiter: each game is checked like any match, and is the game its
//!   specification, written again here in Rust, plays natively (same moves, same result).

mod programs;

use std::path::{Path, PathBuf};

use calc::connect4::referee::GameResult;
use calc::connect4::strategy::Strategy;
use calc::connect4::{Board, Outcome, Player};
use calc::Rng;
use ti68k::cable::CableChoice;
use ti68k::contest::install::{Installed, Programs};
use ti68k::contest::run::{self, RunOptions};
use ti68k::contest::setup::{AiSpec, MatchSetup};
use ti68k::contest::verify;
use ti_build::config::{ProgramConfig, ProgramSource, DEFAULT_STACK};
use ti_build::{build, BuildOptions, Built, Project};
use ti_emulator::Machine;
use ti_files::{Model, Value};

/// Builds the loose source files `files` of tests/data/sources as one program, as
/// `ti68k build FILE...` does.
fn build_sources(test: &str, name: &str, files: &[&str]) -> Option<Built> {
    if !ti_build::tools::Tools::available() {
        testkit::skip(test, "the cross toolchain is missing (run tools/setup)");
        return None;
    }
    let dir = programs::repo_root().join("emu-tests/tests/data/sources");
    let work = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("user-programs");
    let mut options = BuildOptions::in_project(
        Project::loose_sources(&work, Some(&programs::repo_root())).unwrap(),
        name,
    );
    options.config = Some(ProgramConfig {
        bin: name.into(),
        source: ProgramSource::Sources(files.iter().map(|f| dir.join(f)).collect()),
        var_name: name.into(),
        profile: "release".into(),
        stack: DEFAULT_STACK,
        gcc_opt: "-Os".into(),
        pcrel: true,
        trap_error: 0,
        body_name: None,
    });
    let built = build(&options).unwrap_or_else(|e| panic!("{test}: building {name}: {e}"));
    assert!(built.warnings.is_empty(), "{test}: {:?}", built.warnings);
    Some(built)
}

#[test]
fn c_and_assembler_call_the_rom_as_ams_expects() {
    let test = "c_and_assembler_call_the_rom_as_ams_expects";
    let Some(built) = build_sources(test, "bridge", &["bridge.c", "helper.s"]) else {
        return;
    };
    println!("{}", built.report);
    for model in [Model::Ti89, Model::V200] {
        let mut m = Machine::new(model);
        m.load(&built.image).unwrap();
        // Twice: the second run starts from zeroed data again (runs == 1).
        for _ in 0..2 {
            m.take_transcript();
            m.run_program()
                .unwrap_or_else(|f| panic!("{test} on {model}: {f}"));
            let text = &m.transcript().text;
            let at = |s: &str| {
                text.iter()
                    .find(|t| t.text == s)
                    .unwrap_or_else(|| panic!("{s:?} not drawn: {text:?}"))
            };
            let hello = at("hello");
            assert_eq!((hello.x, hello.y, hello.font, hello.attr), (10, 20, 2, 2));
            let z = at("Z");
            assert_eq!((z.x, z.y, z.attr), (30, 40, 1));
            // Drawn by the assembler helper, in the font restored by the C code.
            let line = at("f1 r1");
            assert_eq!((line.x, line.y, line.font, line.attr), (50, 60, 1, 1));
            assert_eq!(
                m.get_value("main\\nom").unwrap(),
                Value::Str("c".into()),
                "VarStore through the variadic bridge"
            );
        }
        let names = m.transcript().names();
        for call in [
            "ClrScr",
            "FontSetSys",
            "DrawStr",
            "DrawChar",
            "DrawLine",
            "SymFind",
            "DerefSym",
            "HeapDeref",
            "push_zstr",
            "VarStore",
        ] {
            assert!(names.contains(&call), "{call} not called: {names:?}");
        }
    }
}

#[test]
fn a_program_in_assembler_alone_runs() {
    let test = "a_program_in_assembler_alone_runs";
    let Some(built) = build_sources(test, "asmonly", &["asmonly.S"]) else {
        return;
    };
    let mut m = Machine::new(Model::Ti89);
    m.load(&built.image).unwrap();
    m.run_program().unwrap();
    let drawn = &m.transcript().text;
    assert_eq!(drawn.len(), 1, "{drawn:?}");
    assert_eq!(
        (
            drawn[0].text.as_str(),
            drawn[0].x,
            drawn[0].y,
            drawn[0].font
        ),
        ("asm", 5, 7, 2)
    );
}

/// The C joueur's play (calc/programs/c/joueur.c, its top comment), written again in Rust:
/// win at once, else block, else the most central column that gives no winning square above
/// it, else the most central legal column; the centre first, no randomness.
struct CJoueurSpec;

const CENTRE_FIRST: [u8; 7] = [3, 2, 4, 1, 5, 0, 6];

/// Whether `who`'s stone at (`col`, `row`) would make four in a row on `board`.
fn makes_four(board: &Board, who: Player, col: i8, row: i8) -> bool {
    let at = |c: i8, r: i8| {
        (0..7).contains(&c) && (0..6).contains(&r) && board.cell(c as u8, r as u8) == Some(who)
    };
    [(1, 0), (0, 1), (1, 1), (1, -1)]
        .into_iter()
        .any(|(dc, dr)| {
            let run = |sign: i8| {
                (1..4)
                    .take_while(|&k| at(col + sign * k * dc, row + sign * k * dr))
                    .count()
            };
            1 + run(1) + run(-1) >= 4
        })
}

impl Strategy for CJoueurSpec {
    fn name(&self) -> &[u8] {
        b"cjoueur"
    }

    fn choose(&mut self, board: &Board, _rng: &mut Rng) -> u8 {
        let me = board.to_move();
        let them = me.other();
        let free = |c: u8| board.can_play(c);
        let row = |c: u8| board.height(c) as i8;
        let first = |ok: &dyn Fn(u8) -> bool| CENTRE_FIRST.into_iter().find(|&c| free(c) && ok(c));
        first(&|c| makes_four(board, me, c as i8, row(c)))
            .or_else(|| first(&|c| makes_four(board, them, c as i8, row(c))))
            .or_else(|| {
                first(&|c| !(row(c) + 1 < 6 && makes_four(board, them, c as i8, row(c) + 1)))
            })
            .or_else(|| first(&|_| true))
            .unwrap_or(0)
    }
}

/// The C joueur as a calculator file, built by the toolkit (its program `cjoueur`).
fn c_joueur(test: &str) -> Option<PathBuf> {
    let built = programs::build_program(test, "cjoueur", |_| {})?;
    Some(built.files[0].clone())
}

/// Games of `file` (a contest AI) against winblock on the emulator as a calculator (`--cable
/// emu`), installed and played as `ti68k match` does, sides swapped every game; each checked
/// like a match. Returns (games won by the file's AI, the games' moves).
fn emulated_games(
    programs: &Programs,
    file: &Path,
    games: u32,
    native: Option<&mut dyn Strategy>,
) -> (u32, Vec<Vec<u8>>) {
    let setup = MatchSetup::new(
        Model::Ti89,
        [AiSpec::file(file, 1), AiSpec::level("winblock", 2)],
    );
    let mut won = 0;
    let mut all = Vec::new();
    let mut native = native;
    let mut calc = CableChoice::Emu { state: None }
        .calculator(Model::Ti89, std::time::Duration::from_secs(2))
        .unwrap();
    let mut installed = Installed::new();
    let options = RunOptions {
        screenshot: false,
        poll: std::time::Duration::from_millis(10),
        ..RunOptions::default()
    };
    for n in 0..games {
        let this = setup.game(n);
        installed
            .install(&mut calc, &this, programs, false)
            .unwrap_or_else(|e| panic!("game {n}: {e}"));
        let outcome =
            run::run_match(&mut calc, &this, &options).unwrap_or_else(|e| panic!("game {n}: {e}"));
        verify::check(&this, &outcome).unwrap_or_else(|e| panic!("game {n}: {e}"));
        let game = outcome.game().unwrap();
        let seat = if n % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        if let Some(GameResult::Normal(Outcome::Win(p))) = game.result {
            won += u32::from(p == seat);
        }
        assert!(
            !matches!(game.result, Some(GameResult::Disqualified(_))),
            "game {n}: {:?}",
            game.result
        );
        if let Some(spec) = native.as_deref_mut() {
            // The same game natively: the specification against the ladder's winblock.
            let mut table = vec![calc::connect4::search::Entry::EMPTY; 512];
            let mut winblock =
                calc::connect4::strategy::Ladder::new(calc::connect4::ai::Ai::WinBlock, &mut table);
            let winblock_seed = 2 + n;
            let expected = if n % 2 == 0 {
                verify::contest_game(Model::Ti89, [spec, &mut winblock], [1 + n, winblock_seed])
            } else {
                verify::contest_game(Model::Ti89, [&mut winblock, spec], [winblock_seed, 1 + n])
            }
            .unwrap();
            assert_eq!(
                expected.moves, game.moves,
                "game {n}: the C joueur left its specification"
            );
            assert_eq!(expected.result, game.result, "game {n}");
        }
        all.push(game.moves.to_vec());
    }
    (won, all)
}

#[test]
fn the_c_joueur_plays_as_specified_and_beats_winblock() {
    let test = "the_c_joueur_plays_as_specified_and_beats_winblock";
    let Some(file) = c_joueur(test) else {
        return;
    };
    let programs = Programs::build_in(&programs::repo_root()).unwrap();
    let (won, games) = emulated_games(&programs, &file, 10, Some(&mut CJoueurSpec));
    println!("the C joueur against winblock in the emulator: {won} won of 10");
    assert!(won >= 6, "{won} of 10: {games:?}");
}

/// `ti68k new --template c` in a folder outside the repository, built from that folder, plays
/// the contest in the emulator.
#[test]
fn a_c_project_of_ones_own_builds_and_plays() {
    let test = "a_c_project_of_ones_own_builds_and_plays";
    if !ti_build::tools::Tools::available() {
        testkit::skip(test, "the cross toolchain is missing (run tools/setup)");
        return;
    }
    let dir = std::env::temp_dir().join(format!("ti68k-c-project-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let project_dir = dir.join("cfour");
    let repo = programs::repo_root();
    ti68k::template::create(&project_dir, ti68k::template::Template::C, None, &repo).unwrap();
    let project = Project::find(&project_dir.join("src"), None).unwrap();
    assert_eq!(project.dir, project_dir);
    assert_eq!(project.toolkit, repo.canonicalize().unwrap());
    let built = build(&BuildOptions::in_project(project, "joueur")).unwrap();
    println!("{}", built.report);
    let programs = Programs::build_in(&repo).unwrap();
    let (won, _) = emulated_games(&programs, &built.files[0], 2, Some(&mut CJoueurSpec));
    assert!(won >= 1, "{won} of 2");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `ti68k new --template program` outside the repository: its program builds, shows its name
/// and the model, and returns on a key.
#[test]
fn a_program_project_of_ones_own_runs() {
    let test = "a_program_project_of_ones_own_runs";
    if !ti_build::tools::Tools::available() {
        testkit::skip(test, "the cross toolchain is missing (run tools/setup)");
        return;
    }
    let dir = std::env::temp_dir().join(format!("ti68k-program-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let project_dir = dir.join("greeter");
    let repo = programs::repo_root();
    ti68k::template::create(
        &project_dir,
        ti68k::template::Template::Program,
        None,
        &repo,
    )
    .unwrap();
    let project = Project::find(&project_dir, None).unwrap();
    let built = build(&BuildOptions::in_project(project, "greeter")).unwrap();
    println!("{}", built.report);
    for (model, name) in [(Model::Ti89, "TI-89"), (Model::V200, "Voyage 200")] {
        let mut m = Machine::new(model);
        m.load(&built.image).unwrap();
        m.push_keys(&[13]);
        m.run_program()
            .unwrap_or_else(|f| panic!("{test} on {model}: {f}"));
        let drawn = m.transcript().drawn();
        assert!(drawn.contains(&"greeter"), "{drawn:?}");
        assert!(drawn.iter().any(|t| t.contains(name)), "{name}: {drawn:?}");
        assert_eq!(m.keys_left(), 0, "the key was read");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
