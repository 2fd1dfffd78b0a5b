//! `joueur`: the project's Connect Four AI for the contest
//! (docs/requirements.md#the-colonne-and-nom-protocol). The arbiter runs it with its folder
//! current; it reads `colonne` and `nom` there, answers in them, and keeps its picture of the game
//! in the variable `etat` of the same folder between calls.
//!
//! One program plays every level of the ladder: the level is read from the variable `niveau`
//! of its folder at the start of each game (spec: "a level read from a variable of its
//! folder"):
//!
//! | `niveau` | player (calc::connect4::ai) | name it gives |
//! | --- | --- | --- |
//! | absent, or `"winblock"`, or 1 | win, else block, else random (seed 003) | `winblock` |
//! | `"random"` or 0 | a random legal column | `random` |
//! | `"minimax1"`... `"minimax9"`, or 2 / 3 / 4 for 3 / 5 / 9 | seed 004's Min-Max | `minimax1`... |
//! | `"alphabeta20000"` (any budget of 1000-127000 nodes, in thousands), or 5 for 20000 | the alpha-beta engine | `ab20000` |
//! | `"expert20000"` (any budget of 1000-95000 nodes, in thousands), or 6 for 20000 | the opening book, then the engine | `ex20000` |
//!
//! The names and bounds are calc::connect4::ai's ([`Ai::parse_level`], [`Ai::contest_name`]),
//! shared with the host. A `niveau` that names no level (`"minimax12"`, 7, a list...) raises
//! OS error 40 (argument) on the naming call: the arbiter disqualifies the AI and logs the
//! error, rather than the AI playing another level than the one asked. A number may be an
//! exact integer or a whole float (programs::contest).
//!
//! The random choices come from the whole number `graine` of its folder when there is one (a
//! game replays exactly from its seeds; taken modulo 2^32), else from the OS clock where there
//! is one, else 1.
//!
//! While it thinks it writes "thinking" in its zone of the screen (src/ui); the screen comes
//! back as it was when it returns.
//!
//! State and answers (calc::connect4::contest): `etat` is custom data of type `C4S` (the
//! core's [`ContestAi::encode`]), written after every move and deleted when the game ends. An
//! impossible situation (the arbiter's values make no sense, `etat` is missing or damaged in
//! the middle of a game, the opponent's column cannot be played in this AI's picture) raises
//! an OS error, so the arbiter disqualifies it instead of reading a stale `colonne`; so does a
//! trap (build setting `trap-error`).
#![no_std]
#![no_main]

use calc::connect4::ai::{Ai, CONTEST_NAME_LEN};
use calc::connect4::contest::{Answer, ContestAi, ContestError, STATE_LEN};
use calc::connect4::protocol::Request;
use calc::connect4::search::Entry;
use calc::connect4::Player;
use programs::contest::{read_value, read_whole, COLONNE, NOM, READ_BUFFER};
use programs::os::{Attr, DataError, Name, Os, Value, VarPath};
use programs::ui::Layout;

programs::entry!(main);

/// `etat` (module doc).
const ETAT: Name = Name::lit(b"etat");
/// `niveau` (module doc).
const NIVEAU: Name = Name::lit(b"niveau");
/// `graine` (module doc).
const GRAINE: Name = Name::lit(b"graine");

/// Entries of the transposition table the engine levels use (12 bytes each, on the stack).
const TABLE_LEN: usize = 512;

/// AMS errors this AI raises: 40 (argument) when the arbiter's values make no sense or the
/// game cannot go on, 960 (undefined variable) when `etat` is missing in a game.
const ERROR_ARGUMENT: u16 = 40;
const ERROR_UNDEFINED: u16 = 960;

fn main(mut os: Os) {
    let colonne = VarPath::current(&COLONNE);
    let nom = VarPath::current(&NOM);
    let etat = VarPath::current(&ETAT);
    let mut colonne_buf = [0u8; READ_BUFFER];
    let mut nom_buf = [0u8; READ_BUFFER];
    let request = Request::decode(
        read_value(&mut os, &colonne, &mut colonne_buf),
        read_value(&mut os, &nom, &mut nom_buf),
    );
    let Ok(request) = request else {
        os.raise_error(ERROR_ARGUMENT);
    };
    let (mut ai, level) = match request {
        Request::NewGame { .. } => {
            let level = read_level(&mut os);
            (ContestAi::new(level, read_seed(&mut os)), level)
        }
        _ => {
            let mut saved = [0u8; STATE_LEN + 8];
            match os.read_data(&etat, b"c4s", &mut saved) {
                Ok(bytes) => match ContestAi::decode(bytes) {
                    Ok(ai) => (ai, Ai::WinBlock),
                    Err(_) => os.raise_error(ERROR_ARGUMENT),
                },
                // At the end of a game the AI has nothing to forget.
                Err(DataError::Missing) if matches!(request, Request::GameOver(_)) => return,
                Err(DataError::Missing) => os.raise_error(ERROR_UNDEFINED),
                Err(_) => os.raise_error(ERROR_ARGUMENT),
            }
        }
    };
    let seat = match request {
        Request::NewGame { seat, .. } => seat,
        _ => ai.seat(),
    };
    if !matches!(request, Request::GameOver(_)) {
        show_thinking(&mut os, seat);
    }
    let mut table = [Entry::EMPTY; TABLE_LEN];
    let answer = match ai.respond(request, &mut table) {
        Ok(answer) => answer,
        Err(ContestError::BadState) => os.raise_error(ERROR_UNDEFINED),
        Err(_) => os.raise_error(ERROR_ARGUMENT),
    };
    let stored = match answer {
        Answer::Name => store_name(&mut os, &nom, level),
        Answer::NameAndMove(c) => {
            store_name(&mut os, &nom, level).and_then(|()| os.store_integer(&colonne, i32::from(c)))
        }
        Answer::Move(c) => os.store_integer(&colonne, i32::from(c)),
        Answer::Done => {
            let _ = os.delete_var(&etat);
            return;
        }
    };
    // A failed store (no memory, a locked variable) is the arbiter's to see: it will find
    // the old values. The state must match what was answered.
    if stored.is_ok() {
        let _ = os.store_data(&etat, &ai.encode(), b"c4s");
    }
}

/// Writes "thinking" in this AI's zone of the screen (src/ui) while it searches; the screen
/// is restored when the program returns (src/os/session.c).
fn show_thinking(os: &mut Os, seat: Player) {
    let zone = Layout::for_model(os.model()).zone(seat);
    os.draw_text(zone.x0, zone.y0 + 2, b"thinking", Attr::Normal);
}

/// The name this AI gives for `level` (calc::connect4::ai: at most 8 characters, N on the
/// TI-89, one per level).
fn store_name(os: &mut Os, nom: &VarPath, level: Ai) -> Result<(), programs::os::OsError> {
    let mut buf = [0u8; CONTEST_NAME_LEN];
    os.store_string(nom, level.contest_name(&mut buf))
}

/// The level in `niveau` (module table): the default when it is absent; an OS error (40,
/// argument) when it names no level, rather than playing another level than the one asked.
fn read_level(os: &mut Os) -> Ai {
    let path = VarPath::current(&NIVEAU);
    if let Some(n) = read_whole(os, &path) {
        return match n {
            0 => Ai::Random,
            1 => Ai::WinBlock,
            2 => Ai::EASY,
            3 => Ai::MEDIUM,
            4 => Ai::HARD,
            5 => Ai::STRONG,
            6 => Ai::EXPERT,
            _ => os.raise_error(ERROR_ARGUMENT),
        };
    }
    let mut buf = [0u8; 24];
    match os.read_var(&path, &mut buf) {
        Err(_) => Ai::WinBlock,
        Ok(Value::Str(text)) => match Ai::parse_level(text) {
            Ok(level) => level,
            Err(_) => os.raise_error(ERROR_ARGUMENT),
        },
        Ok(_) => os.raise_error(ERROR_ARGUMENT),
    }
}

/// The seed in `graine` (a whole number, taken modulo 2^32), else the OS clock, else 1.
fn read_seed(os: &mut Os) -> u32 {
    match read_whole(os, &VarPath::current(&GRAINE)) {
        Some(n) => n as u32,
        None => os.ticks().unwrap_or(1),
    }
}
