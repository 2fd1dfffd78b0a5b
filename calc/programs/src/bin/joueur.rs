//! `joueur`: the project's Connect Four AI for the contest
//! (docs/requirements.md#the-colonne-and-nom-protocol). The arbiter runs it with its folder
//! current; it reads `colonne` and `nom` there, answers in them, and keeps its picture of the game
//! in the variable `etat` of the same folder between calls.
//!
//! One program plays every level of the ladder: the level is read from the variable `niveau`
//! of its folder (spec: "a level read from a variable of its folder") at every call that asks
//! for a name or a move; the arbiter's installer sets it before the game:
//!
//! | `niveau` | player (calc::connect4::ai) | name it gives |
//! | --- | --- | --- |
//! | absent, or `"winblock"`, or 1 | win, else block, else random (seed 003) | `winblock` |
//! | `"random"` or 0 | a random legal column | `random` |
//! | `"minimax1"`... `"minimax9"`, or 2 / 3 / 4 for 3 / 5 / 9 | seed 004's Min-Max | `minimax1`... |
//! | `"alphabeta20000"` (any budget of 1000-127000 nodes, in thousands), or 5 for 20000 | the alpha-beta engine | `ab20000` |
//! | `"expert9000"` (any budget of 1000-95000 nodes, in thousands), or 6 for 9000 | the opening book, then the exact solver near the end and the engine | `ex9000` |
//!
//! The names and bounds are calc::connect4::ai's ([`Ai::parse_level`], [`Ai::contest_name`]),
//! shared with the host. A `niveau` that names no level (`"minimax12"`, 7, a list...) raises
//! OS error 40 (argument) on the naming call: the arbiter disqualifies the AI and logs the
//! error, rather than the AI playing another level than the one asked. A number may be an
//! exact integer or a whole float (programs::contest).
//!
//! **Tuned weights.** When the folder holds the custom variable `poids` (type `c4w`, written by
//! `ti68k evolve`: calc::connect4::tuning), the engine levels evaluate with its weights and
//! play its first plies at random from the game's seed; without it, the built-in weights (the
//! contest behaviour unchanged). A `poids` that is damaged (wrong version or length, a weight
//! out of range) raises OS error 40 on the naming call, as a bad `niveau` does.
//!
//! **Deep book.** When the folder holds the custom variable `livre` (type `c4b`, the deep
//! book: calc::connect4::deep_book, docs/solver.md#the-deep-book), the expert levels play its
//! move wherever it holds the position (7 and 8 stones), reading it entry by entry from the
//! variable; elsewhere the built-in book and the engine. A `livre` that is not a deep book
//! raises OS error 40 on the naming call of an expert level, as a damaged `poids` does.
//!
//! Everything around the AI (the protocol, the state `etat`, the seed `graine`, "thinking" in
//! its zone, the errors the arbiter must see) is `programs::contest::joueur`, the same for any
//! strategy (a user's AI too, docs/tutorial.md); this program only chooses the ladder's player.
#![no_std]
#![no_main]

use calc::connect4::ai::Ai;
use calc::connect4::deep_book::{self, Header, WithDeepBook, ENTRY_LEN, HEADER_LEN};
use calc::connect4::search::Entry;
use calc::connect4::solver;
use calc::connect4::tuning::{Tuned, Tuning, TUNING_LEN};
use programs::contest::{read_whole, ERROR_ARGUMENT};
use programs::os::{DataError, DataReader, Name, Os, Value, VarPath};

programs::entry!(main);

/// `niveau` (module doc).
const NIVEAU: Name = Name::lit(b"niveau");

/// `poids`, the tuned weights (module doc).
const POIDS: Name = Name::lit(b"poids");

/// The custom-data type of `poids`.
const POIDS_TYPE: &[u8] = b"c4w";

/// Entries of the transposition table the engine levels use (12 bytes each, on the stack):
/// 128, 1.5 KB (`t_c4` and `p4ia` lend 512). Beside it the expert's solver table
/// ([`SOLVER_LEN`]): together they take no more of the stack than the engine's 256 entries
/// alone did before the solves, because under `meta` (meta, arbitre and joueur nested, two
/// bodies on a TI-89's heap) the memory is short (docs/solver.md#the-expert-in-joueur).
/// The host plays joueur's levels with the same tables (`ti68k::contest::versus::JOUEUR_TABLE`
/// and `JOUEUR_SOLVER_TABLE`).
const TABLE_LEN: usize = 128;

/// Entries of the table the expert's exact solves borrow near the end (8 bytes each, on the
/// stack): 128, 1 KB (`t_c4` lends 1,024).
const SOLVER_LEN: usize = 128;

/// `livre`, the deep book (module doc).
const LIVRE: Name = Name::lit(deep_book::VARIABLE);

/// An entry of the deep book read from `livre` (`None` when it cannot be read).
fn book_entry(reader: &DataReader, index: u32) -> Option<u64> {
    let mut bytes = [0u8; ENTRY_LEN];
    reader
        .read_at(Header::offset(index), &mut bytes)
        .ok()
        .map(|()| u64::from_be_bytes(bytes))
}

fn main(mut os: Os) {
    let mut table = [Entry::EMPTY; TABLE_LEN];
    let mut solver_table = [solver::Entry::EMPTY; SOLVER_LEN];
    let mut player = None;
    programs::contest::joueur_with(&mut os, |os| {
        let level = read_level(os);
        let tuning = read_tuning(os).unwrap_or(Tuning::DEFAULT);
        let book = match level {
            Ai::Expert(_) => read_book(os),
            _ => None,
        };
        let tuned = Tuned::lending(level, tuning, &mut table, &mut solver_table);
        let (header, reader) = match book {
            Some(found) => found,
            // An empty book: every lookup misses at once.
            None => (
                Header {
                    min_ply: 1,
                    max_ply: 0,
                    count: 0,
                },
                None,
            ),
        };
        player.insert(WithDeepBook::new(tuned, header, move |i| {
            reader.as_ref().and_then(|r| book_entry(r, i))
        }))
    });
}

/// The deep book in `livre` (module doc): `None` when there is none; an OS error (40,
/// argument) when it is not a deep book.
fn read_book(os: &mut Os) -> Option<(Header, Option<DataReader>)> {
    let reader = match os.data_reader(&VarPath::current(&LIVRE), deep_book::VARIABLE_TYPE) {
        Err(DataError::Missing) => return None,
        Err(_) => os.raise_error(ERROR_ARGUMENT),
        Ok(reader) => reader,
    };
    let mut bytes = [0u8; HEADER_LEN];
    match reader
        .read_at(0, &mut bytes)
        .ok()
        .and_then(|()| Header::parse(&bytes, reader.len()).ok())
    {
        Some(header) => Some((header, Some(reader))),
        None => os.raise_error(ERROR_ARGUMENT),
    }
}

/// The tuning in `poids` (module doc): `None` when there is none; an OS error (40, argument)
/// when it is damaged.
fn read_tuning(os: &mut Os) -> Option<Tuning> {
    let mut buf = [0u8; TUNING_LEN + 8];
    match os.read_data(&VarPath::current(&POIDS), POIDS_TYPE, &mut buf) {
        Err(DataError::Missing) => None,
        Ok(bytes) => match Tuning::decode(bytes) {
            Ok(tuning) => Some(tuning),
            Err(_) => os.raise_error(ERROR_ARGUMENT),
        },
        Err(_) => os.raise_error(ERROR_ARGUMENT),
    }
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
