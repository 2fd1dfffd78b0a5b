//! A TI-BASIC AI in the Connect Four contest, under TiEmu: the repository's
//! calc/programs/basic/joueur.txt (names itself `tibasic`, plays the leftmost column that is
//! not full), installed in text form, against this project's `joueur`.
//!
//! - PedroM (TI-89 and Voyage 200) has no TI-BASIC: the arbiter's call of the TI-BASIC AI
//!   raises an error, so that AI is disqualified for an error ("D", the other AI wins, the
//!   error number shown on the final screen), the arbiter returns normally, and a normal match
//!   afterwards in the same session works. On the TI-89 the AI comes from its source text
//!   (`AiSpec::Basic`), on the Voyage 200 from a user's `.v2p` file (`AiSpec::File`).
//! - TI's own OS (when the user names a ROM in `TIEMU_ROM_TI89` / `TIEMU_ROM_V200`; without it
//!   the tests say SKIPPED): two normal games, the TI-BASIC AI as AI 1 then as AI 2, each
//!   checked as `ti68k match` does, the TI-BASIC AI's name logged and every move of it the
//!   leftmost column that was not full.
//!
//! Test names start with `tiemu_`: tools/test runs them in its TiEmu step, one at a time; every
//! session also takes the machine-wide TiEmu lock. Screenshots go to `$TIEMU_SCREENSHOTS`.

mod contest_common;

use std::path::PathBuf;

use calc::connect4::referee::{Fault, GameResult};
use calc::connect4::Player;
use contest_common::{boot, next_match_works, play, programs, System};
use ti68k::contest::install::Installed;
use ti68k::contest::setup::{AiSpec, MatchSetup};
use ti_files::{BasicText, Model, Value, VarFile, VarPath, Variable};

/// The repository's TI-BASIC AI (source text).
fn basic_source() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../calc/programs/basic/joueur.txt")
}

/// The same AI as a user's calculator file for `model` (`.89p`, `.9xp`, `.v2p`), as TI's
/// computer software would send it: written into the test's scratch directory.
fn basic_file(model: Model) -> PathBuf {
    let source = std::fs::read_to_string(basic_source()).unwrap();
    let text = BasicText::program(&source).unwrap();
    let var = Variable::new(VarPath::parse("myai").unwrap(), &Value::Basic(text)).unwrap();
    let file = VarFile::single(model, var);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("contest-basic");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("myai.{}", file.extension()));
    ti_files::disk::write_atomic(&path, &file.to_bytes().unwrap()).unwrap();
    path
}

/// PedroM: the TI-BASIC AI (AI 1) is disqualified for an error, the arbiter survives, a
/// normal match follows.
fn pedrom_disqualifies(test: &str, model: Model, ai: AiSpec) {
    let Some(programs) = programs(test) else {
        return;
    };
    let Some(mut t) = boot(test, model, System::PedroM) else {
        return;
    };
    let mut installed = Installed::new();
    let setup = MatchSetup::new(model, [ai, AiSpec::level("winblock", 7)]);
    let outcome = play(
        &mut t,
        &mut installed,
        programs,
        &setup,
        "contest-basic-pedrom",
    );
    let game = outcome.game().unwrap();
    let Some(GameResult::Disqualified(d)) = game.result else {
        panic!("the TI-BASIC AI is not disqualified: {:?}", game.result);
    };
    assert_eq!(d.seat, Player::First, "the TI-BASIC AI is disqualified");
    assert_eq!(d.fault, Fault::RaisedError, "for an error");
    assert!(
        game.moves.is_empty(),
        "no move was played: {:?}",
        game.moves
    );
    assert_eq!(outcome.nom, "D");
    assert_eq!(outcome.colonne, 2, "AI 2 wins");
    // The arbiter shows the error PedroM raised: 410, ER_ILLEGAL_COMMAND ("Invalid command").
    let shot = outcome.screen.clone().expect("the final screen");
    let text = format!("error {PEDROM_ERROR}");
    let templates = t.text_templates(&text).unwrap();
    assert!(templates.find_in(&shot).is_some(), "{text}:\n{shot:?}");
    next_match_works(
        &mut t,
        &mut installed,
        programs,
        model,
        "contest-after-basic",
    );
}

/// The error PedroM 0.81 raises when the arbiter runs a TI-BASIC program: ER_ILLEGAL_COMMAND
/// (AMS's message "Invalid command"; GCC4TI error.h).
const PEDROM_ERROR: u16 = 410;

#[test]
fn tiemu_contest_basic_disqualified_pedrom_ti89() {
    pedrom_disqualifies(
        "tiemu_contest_basic_disqualified_pedrom_ti89",
        Model::Ti89,
        AiSpec::Basic(basic_source()),
    );
}

#[test]
fn tiemu_contest_basic_disqualified_pedrom_v200() {
    pedrom_disqualifies(
        "tiemu_contest_basic_disqualified_pedrom_v200",
        Model::V200,
        AiSpec::file(basic_file(Model::V200), 1),
    );
}

/// Every move of the AI in `seat` was the leftmost column that was not full.
fn plays_leftmost(moves: &[u8], seat: Player) {
    let mut heights = [0u8; 7];
    for (i, &column) in moves.iter().enumerate() {
        let mover = if i % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        if mover == seat {
            let leftmost = heights.iter().position(|&h| h < 6).unwrap() as u8 + 1;
            assert_eq!(column, leftmost, "move {} of {moves:?}", i + 1);
        }
        heights[usize::from(column - 1)] += 1;
    }
}

/// TI's OS: the TI-BASIC AI plays whole games, as AI 1 and as AI 2.
fn ams_plays(test: &str, model: Model, ai: AiSpec) {
    let Some(programs) = programs(test) else {
        return;
    };
    let Some(mut t) = boot(test, model, System::Ams) else {
        return;
    };
    let mut installed = Installed::new();
    for seat in [Player::First, Player::Second] {
        let other = AiSpec::level("random", 5 + seat.number() as u32);
        let ais = match seat {
            Player::First => [ai.clone(), other],
            Player::Second => [other, ai.clone()],
        };
        let setup = MatchSetup::new(model, ais);
        let label = format!("contest-basic-ams-ai{}", seat.number());
        let outcome = play(&mut t, &mut installed, programs, &setup, &label);
        let game = outcome.game().unwrap();
        assert_eq!(outcome.nom, "N", "{label}: a normal end");
        let name = game.names[usize::from(seat.number() - 1)];
        assert_eq!(name, b"tibasic".as_slice(), "{label}: the name it gave");
        plays_leftmost(game.moves, seat);
    }
}

#[test]
fn tiemu_contest_basic_plays_ams_ti89() {
    ams_plays(
        "tiemu_contest_basic_plays_ams_ti89",
        Model::Ti89,
        AiSpec::Basic(basic_source()),
    );
}

#[test]
fn tiemu_contest_basic_plays_ams_v200() {
    ams_plays(
        "tiemu_contest_basic_plays_ams_v200",
        Model::V200,
        AiSpec::file(basic_file(Model::V200), 1),
    );
}
