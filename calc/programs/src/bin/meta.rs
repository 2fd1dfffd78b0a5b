//! `meta`: the contest's meta-program (docs/tournaments.md#the-meta-program). It runs the
//! arbiter many times between the AIs of two folders and tallies the results, as a program
//! that tunes an AI (a genetic algorithm, say) does between two candidates.
//!
//! ```text
//! meta("ai1","ai2")             10 games, arbitre in meta's own folder
//! meta("ai1","ai2",n)           n games (1 to 9999)
//! meta("ai1","ai2",n,"arena")   the arbiter is arena\arbitre
//! ```
//!
//! The two AIs take turns moving first: odd games `arbitre("ai1","ai2")`, even games
//! `arbitre("ai2","ai1")`. Before each game `meta` sets the arbiter's `attente` to 0 (it returns
//! without waiting for a key) and, when an AI's folder holds a whole number `graine` (the seed
//! of this project's `joueur`), sets it to its first value plus the game's number minus one, so
//! that the games differ; both are put back as they were at the end. After each game it reads
//! the arbiter's results (`colonne` 0/1/2, `nom` "N"/"D", in the arbiter's folder) and counts
//! them for the folder that won: a result is always this game's (the arbiter deletes them
//! when it starts; "A missing result" in docs/contest.md#running-a-game-on-the-calculator).
//!
//! Wrong arguments, or no `arbitre` in the arbiter's folder, leave no results and say why on
//! the screen. Results, in `meta`'s own folder (deleted when it starts; `parties` stored last):
//!
//! | variable | value |
//! | --- | --- |
//! | `gains1`, `gains2` | games won by the AI of the first, of the second folder (disqualifications of the other included) |
//! | `nuls` | draws |
//! | `disqual` | games that ended with a disqualification |
//! | `parties` | games played: `n`, or fewer when a game left no result (the screen says why) |
//!
//! Then it shows the tally and waits for a key, unless the number `attente` of its own folder
//! is 0.
#![no_std]
#![no_main]

use calc::connect4::protocol::Value as PValue;
use programs::contest::{read_value, read_whole, whole_number, COLONNE, NOM};
use programs::os::{Attr, Font, Name, Os, OsError, ReadError, VarPath};
use programs::ui::Line;

programs::entry!(main);

/// The arbiter's program name.
const ARBITRE: Name = Name::lit(b"arbitre");
/// Its "wait for a key" switch (docs/contest.md).
const ATTENTE: Name = Name::lit(b"attente");
/// `joueur`'s seed.
const GRAINE: Name = Name::lit(b"graine");
/// The result variables, in the order of [`Tally::counts`]; `parties` is stored last.
const RESULTS: [Name; 5] = [
    Name::lit(b"gains1"),
    Name::lit(b"gains2"),
    Name::lit(b"nuls"),
    Name::lit(b"disqual"),
    Name::lit(b"parties"),
];
/// Games when no count is given.
const DEFAULT_GAMES: i64 = 10;
/// The largest count.
const MAX_GAMES: i64 = 9999;

/// The games counted so far.
#[derive(Default)]
struct Tally {
    wins: [i32; 2],
    draws: i32,
    disqualified: i32,
    played: i32,
}

impl Tally {
    fn counts(&self) -> [i32; 5] {
        [
            self.wins[0],
            self.wins[1],
            self.draws,
            self.disqualified,
            self.played,
        ]
    }
}

/// What the arguments configure.
struct Config {
    folders: [Name; 2],
    games: i64,
    arbiter: Name,
}

/// What a variable held before `meta` changed it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Before {
    /// Nothing: it is deleted at the end.
    Absent,
    /// This estack image (its first `len` bytes): stored back at the end.
    Image { bytes: [u8; 64], len: usize },
    /// Something too large to keep (or a path the OS refused): left as `meta` leaves it.
    Unknown,
}

/// A variable put back at the end as it was.
struct Saved {
    path: VarPath,
    before: Before,
}

impl Saved {
    fn take(os: &mut Os, path: VarPath) -> Saved {
        let mut bytes = [0u8; 64];
        let before = match os.read_image(&path, &mut bytes) {
            Ok(Some(image)) => {
                let len = image.len();
                Before::Image { bytes, len }
            }
            Err(ReadError::Missing) => Before::Absent,
            Ok(None) | Err(_) => Before::Unknown,
        };
        Saved { path, before }
    }

    fn restore(&self, os: &mut Os) {
        let _ = match &self.before {
            Before::Image { bytes, len } => os.store_image(&self.path, &bytes[..*len]),
            Before::Absent => os.delete_var(&self.path).map(|_| ()),
            Before::Unknown => Ok(()),
        };
    }
}

fn main(mut os: Os) {
    let home = os
        .program_folder()
        .or_else(|| os.current_folder())
        .unwrap_or(programs::os::vars::MAIN);
    for name in &RESULTS {
        let _ = os.delete_var(&VarPath::in_folder(&home, name));
    }
    let config = match read_config(&mut os, &home) {
        Ok(c) => c,
        Err(message) => {
            show(&mut os, &[b"meta:", message]);
            finish(&mut os, &home);
            return;
        }
    };
    let attente = VarPath::in_folder(&config.arbiter, &ATTENTE);
    let saved_attente = Saved::take(&mut os, attente);
    // The seeds to vary: whole numbers only (anything else is left alone).
    let mut seeds: [Option<(Saved, i64)>; 2] = [None, None];
    for (slot, folder) in seeds.iter_mut().zip(&config.folders) {
        let path = VarPath::in_folder(folder, &GRAINE);
        if let Some(first) = read_whole(&mut os, &path) {
            *slot = Some((Saved::take(&mut os, path), first));
        }
    }
    let mut tally = Tally::default();
    let mut stopped: Option<(&[u8], i32)> = None;
    for game in 0..config.games {
        let first = (game % 2) as usize;
        let order = [first, 1 - first];
        let prepared = os.store_integer(&attente, 0).and_then(|()| {
            for (saved, start) in seeds.iter().flatten() {
                // joueur takes its seed modulo 2^32: the wrapped value is the same seed.
                os.store_integer(&saved.path, start.wrapping_add(game) as u32 as i32)?;
            }
            Ok(())
        });
        if let Err(e) = prepared {
            stopped = Some((b"setup error ", i32::from(e.0)));
            break;
        }
        let mut args = [0u8; 24];
        let len = call_arguments(
            &config.folders[order[0]],
            &config.folders[order[1]],
            &mut args,
        );
        if let Err(OsError(e)) = os.run_program_with(&config.arbiter, &ARBITRE, &args[..len]) {
            stopped = Some((b"arbitre: error ", i32::from(e)));
            break;
        }
        let mut buf = [0u8; 16];
        let colonne = read_value(
            &mut os,
            &VarPath::in_folder(&config.arbiter, &COLONNE),
            &mut buf,
        );
        let winner = match colonne {
            PValue::Integer(0) => None,
            PValue::Integer(seat @ (1 | 2)) => Some(order[seat as usize - 1]),
            _ => {
                stopped = Some((b"no result, game ", game as i32 + 1));
                break;
            }
        };
        match winner {
            Some(folder) => tally.wins[folder] += 1,
            None => tally.draws += 1,
        }
        let mut buf = [0u8; 16];
        let nom = read_value(
            &mut os,
            &VarPath::in_folder(&config.arbiter, &NOM),
            &mut buf,
        );
        if nom == PValue::Str(b"D") {
            tally.disqualified += 1;
        }
        tally.played += 1;
    }
    saved_attente.restore(&mut os);
    for (saved, _) in seeds.iter().flatten() {
        saved.restore(&mut os);
    }
    let mut stored = Ok(());
    for (name, count) in RESULTS.iter().zip(tally.counts()) {
        stored = stored.and_then(|()| os.store_integer(&VarPath::in_folder(&home, name), count));
    }
    show_tally(&mut os, &config, &tally, stopped, stored.err());
    finish(&mut os, &home);
}

/// Reads the arguments (module doc); the message says what is wrong.
fn read_config(os: &mut Os, home: &Name) -> Result<Config, &'static [u8]> {
    let name = |os: &mut Os, i: u32| -> Result<Option<Name>, &'static [u8]> {
        let mut buf = [0u8; 16];
        match os.string_argument(i, &mut buf) {
            Ok(Some(text)) => Name::new(text).map(Some).ok_or(b"bad name" as &[u8]),
            Ok(None) => Ok(None),
            Err(_) => Err(b"not a string" as &[u8]),
        }
    };
    let first = name(os, 0)?.ok_or(b"2 folders?" as &[u8])?;
    let second = name(os, 1)?.ok_or(b"2 folders?" as &[u8])?;
    if first == second {
        return Err(b"same folder");
    }
    let mut buf = [0u8; 16];
    let games = match os.argument(2, &mut buf) {
        None => DEFAULT_GAMES,
        Some(v) => match whole_number(&v) {
            Some(n) if (1..=MAX_GAMES).contains(&n) => n,
            _ => return Err(b"games: 1-9999"),
        },
    };
    let arbiter = name(os, 3)?.unwrap_or(*home);
    // Checked first: storing `attente` in a folder that does not exist would make AMS ask
    // whether to create it.
    let mut buf = [0u8; 4];
    if os.read_var(&VarPath::in_folder(&arbiter, &ARBITRE), &mut buf) == Err(ReadError::Missing) {
        return Err(b"no arbitre");
    }
    Ok(Config {
        folders: [first, second],
        games,
        arbiter,
    })
}

/// `"a","b"` into `out`; returns its length.
fn call_arguments(a: &Name, b: &Name, out: &mut [u8; 24]) -> usize {
    let mut line = Line::new();
    line.text(b"\"")
        .text(a.as_bytes())
        .text(b"\",\"")
        .text(b.as_bytes())
        .text(b"\"");
    let bytes = line.as_bytes();
    out[..bytes.len()].copy_from_slice(bytes);
    bytes.len()
}

/// Clears the screen and writes `lines` from the top left, in the medium font.
fn show(os: &mut Os, lines: &[&[u8]]) {
    os.clear_screen();
    let previous = os.set_font(Font::Medium);
    for (i, line) in lines.iter().enumerate() {
        os.draw_text(2, 2 + 10 * i as i16, line, Attr::Normal);
    }
    os.set_font(previous);
}

fn show_tally(
    os: &mut Os,
    config: &Config,
    tally: &Tally,
    stopped: Option<(&[u8], i32)>,
    not_saved: Option<OsError>,
) {
    let mut lines = [Line::new(); 7];
    lines[0]
        .text(b"meta: ")
        .number(tally.played)
        .text(b" games");
    for (k, folder) in config.folders.iter().enumerate() {
        lines[1 + k]
            .text(folder.as_bytes())
            .text(b": ")
            .number(tally.wins[k])
            .text(b" won");
    }
    lines[3].text(b"draws: ").number(tally.draws);
    lines[4].text(b"disqualified: ").number(tally.disqualified);
    let mut count = 5;
    if let Some((why, value)) = stopped {
        lines[count].text(why).number(value);
        count += 1;
    }
    if let Some(e) = not_saved {
        lines[count].text(b"not saved: ").number(i32::from(e.0));
        count += 1;
    }
    let mut texts: [&[u8]; 7] = [b""; 7];
    for (text, line) in texts.iter_mut().zip(&lines) {
        *text = line.as_bytes();
    }
    show(os, &texts[..count]);
}

/// Returns at once when `attente` is 0 in meta's folder, else waits for a key.
fn finish(os: &mut Os, home: &Name) {
    if read_whole(os, &VarPath::in_folder(home, &ATTENTE)) != Some(0) {
        os.wait_key();
    }
}
