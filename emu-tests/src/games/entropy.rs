//! New Entropy's games for the tests, shared by the CPU harness (`tests/entropy_cpu.rs`) and
//! PedroM under TiEmu (`tests/tiemu/tiemu_games.rs`): the game `entropy` saved, played again
//! by the core (`calc::entropy::moves`); the texts its end screen must show for that game; the
//! keys that set two computers up through the menus; and the scenarios on PedroM (`entropy`
//! and `entia` sent beforehand): two people with the help shown, resigning; two computers
//! playing a whole game to its end, checked against the core.

use std::time::{Duration, Instant};

use calc::entropy::moves::{replay, OPENING};
use calc::entropy::score::LineScores;
use calc::entropy::{Game, Level, Outcome, Variant};
use ti_files::Screen;

use super::keys::Key;
use super::pedrom::{protocol, Play, Shots};
use super::saved::{Settings, GAME_FIRST, GAME_LEN, KINDS, MOVES, PAUSE};
use crate::ai::ent::level_code;
use crate::tiemu::{TiEmu, TiEmuError};

/// The settings' bytes of `entropy` after the moves (calc/programs/src/entropy/mod.rs): the
/// two sides' attack levels (0 easy, 1 hard, 2 expert).
pub const ATTACK: usize = MOVES + OPENING + 4 * 49;
/// The two sides' defence levels.
pub const DEFENCE: usize = ATTACK + 2;
/// The variant of a new game (1 classic).
pub const VARIANT: usize = DEFENCE + 2;
/// 1 when the help is on.
pub const HELP: usize = VARIANT + 1;

/// The last game of `entropy`'s settings (over or not; its moves stay after its end), played
/// again by the core; `None` if its moves are not a game.
pub fn last_game(settings: &Settings) -> Option<Game> {
    let len = usize::from(*settings.bytes.get(GAME_LEN)?);
    replay(settings.bytes.get(MOVES..MOVES + len)?)
}

/// The texts the end screen of `game` (over) shows, as the core counts it: each side's role in
/// the last round, points and wins (`tally`: the tally saved, which the panel shows), the
/// winner's name ("NAME wins") or "Draw!", and the last round's score (row sum x column sum =
/// score; + in the classic rules). `first` is the side that attacked first, `names` the sides'.
pub fn end_texts(
    game: &Game,
    first: usize,
    names: [&str; 2],
    tally: [u16; 3],
) -> Result<Vec<String>, String> {
    let scores = game.scores();
    let mut texts = Vec::new();
    for (side, wins) in tally.iter().take(2).enumerate() {
        // Player 1 attacks in the last round.
        let player = side ^ first;
        let role = if player == 1 { "Att" } else { "Def" };
        texts.push(format!("{role} {} w{wins}", scores[player]));
    }
    texts.push(match game.outcome() {
        Some(Outcome::Won(p)) => format!("{} wins", names[usize::from(p) ^ first]),
        Some(Outcome::Draw) => "Draw!".to_string(),
        other => return Err(format!("the game is not over: {other:?}")),
    });
    let lines = LineScores::of(game.board());
    let (rows, columns) = (lines.row_sum, lines.column_sum);
    texts.push(match game.variant() {
        Variant::New => format!("{rows}x{columns}={}", rows * columns),
        Variant::Classic => format!("{rows}+{columns}={}", rows + columns),
    });
    Ok(texts)
}

/// The tally after `before` and a game whose winner is `outcome` (side 0 attacked first when
/// `first` is 0).
pub fn tally_after(before: [u16; 3], outcome: Option<Outcome>, first: usize) -> [u16; 3] {
    let mut after = before;
    match outcome {
        Some(Outcome::Won(p)) => after[usize::from(p) ^ first] += 1,
        Some(Outcome::Resigned(p)) => after[usize::from(1 - p) ^ first] += 1,
        _ => after[2] += 1,
    }
    after
}

/// The keys of two people playing `turns` turns of New Entropy from a new game, the cursor on
/// the centre: the defender places on the empty cells in order (the cursor moved right), the
/// attacker leaves the piece. The board does not depend on the colours drawn.
pub fn people_keys(turns: usize) -> Vec<Key> {
    let mut keys = Vec::new();
    let mut cursor = 24u8;
    for target in 0..turns as u8 {
        keys.extend(std::iter::repeat_n(
            Key::Right,
            usize::from((target + 49 - cursor) % 49),
        ));
        keys.extend([Key::Enter, Key::Enter]);
        cursor = target;
    }
    keys
}

/// Two computers playing a whole game: the rules, and each side's levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Computers {
    /// The rules.
    pub variant: Variant,
    /// Each side's level in attack and in defence.
    pub levels: [[Level; 2]; 2],
}

/// The presses of Left or Right that take a choice of `n` values (which wraps around) from
/// `from` to `to`: the fewer.
fn choose(from: u8, to: u8, n: u8) -> Vec<Key> {
    let right = (to + n - from % n) % n;
    if right <= n - right {
        vec![Key::Right; usize::from(right)]
    } else {
        vec![Key::Left; usize::from(n - right)]
    }
}

impl Computers {
    /// The keys, on `entropy`'s main menu just shown (its selection on Play) with the settings
    /// `now`, that make both sides computers, set these levels and rules and the pause to 0
    /// through the options, and press F1: a new game starts (when none is in progress). Only
    /// what differs is changed, so every key changes the screen.
    pub fn keys(&self, now: &Settings) -> Vec<Key> {
        let b = &now.bytes;
        let mut keys = Vec::new();
        for side in 0..2 {
            keys.push(Key::Down);
            keys.extend(choose(b[KINDS + side], 1, 2));
        }
        // The options: the levels' page.
        keys.extend([Key::F(2), Key::Down, Key::Down, Key::Enter]);
        for side in 0..2 {
            for (role, at) in [ATTACK, DEFENCE].into_iter().enumerate() {
                let level = level_code(self.levels[side][role]) as u8;
                keys.extend(choose(b[at + side], level, 3));
                keys.push(Key::Down);
            }
        }
        // Past the help to Back; then the rules, and the pause typed out.
        keys.extend([Key::Down, Key::Enter, Key::Down]);
        keys.extend(choose(
            b[VARIANT],
            u8::from(self.variant == Variant::Classic),
            2,
        ));
        keys.push(Key::Down);
        let digits = b[PAUSE].checked_ilog10().map_or(0, |d| d + 1);
        keys.extend(vec![Key::Back; digits as usize]);
        keys.extend([Key::Esc, Key::F(1)]);
        keys
    }

    /// Whether `settings` hold these computers, levels and rules, and a pause of 0.
    fn are_in(&self, settings: &Settings) -> bool {
        let b = &settings.bytes;
        let levels = (0..2).all(|side| {
            b[ATTACK + side] == level_code(self.levels[side][0]) as u8
                && b[DEFENCE + side] == level_code(self.levels[side][1]) as u8
        });
        levels
            && b[KINDS..KINDS + 2] == [1, 1]
            && b[PAUSE] == 0
            && b[VARIANT] == u8::from(self.variant == Variant::Classic)
    }
}

const MENU: &str = "ENTER:choose ESC:quit";
const OPTIONS: &str = "ENTER:change ESC:back";
const TURN: &str = "Arrows, ENTER F2:resign";
const CONFIRM: &str = "ENTER:yes ESC:no";
const END: &str = "ENTER:new game ESC:menu";

/// `entropy` and `entia` (sent beforehand): player 2 made a person, the help turned on (the
/// levels' page), then two people play three turns, the help's cells shown on each turn, and
/// player 2 (Bob by default: "Player 2") resigns; the tally saved says player 1 won. Returns
/// the screens, and the first turn's with the help shown.
pub fn help_and_resign(t: &mut TiEmu) -> Result<(Shots, Screen), TiEmuError> {
    let texts = [
        "New Entropy",
        "Computer",
        "Levels",
        "Piece",
        "Player 1 wins",
        "(resigned)",
        MENU,
        OPTIONS,
        TURN,
        CONFIRM,
        END,
    ];
    let mut p = Play::new(t, "entropy", &texts)?;
    let menu = p.start("main\\entropy", "", &["New Entropy", "Computer", MENU])?;
    // Player 2: a person.
    for k in [Key::Down, Key::Down, Key::Left, Key::Up, Key::Up] {
        p.press(k, &[MENU])?;
    }
    // The help on: the options, the levels' page, its last setting but Back.
    p.press(Key::F(2), &[OPTIONS])?;
    p.press(Key::Down, &[OPTIONS])?;
    p.press(Key::Down, &[OPTIONS])?;
    let levels = p.press(Key::Enter, &[OPTIONS])?;
    p.expect(&levels, &["Levels"])?;
    for k in [Key::Down, Key::Down, Key::Down, Key::Down, Key::Right] {
        p.press(k, &[OPTIONS])?;
    }
    p.press(Key::Esc, &[OPTIONS])?;
    p.press(Key::Esc, &[MENU])?;
    let help = p.press(Key::Enter, &[TURN])?;
    p.expect(&help, &["Piece", TURN])?;
    let mut last = help.clone();
    for k in people_keys(3) {
        last = p.press(k, &[TURN])?;
    }
    let playing = last;
    p.press(Key::F(2), &[CONFIRM])?;
    let end = p.press(Key::Enter, &[END])?;
    p.expect(&end, &["Player 1 wins", "(resigned)", END])?;
    p.press(Key::Esc, &[MENU])?;
    p.leave(Key::Esc)?;
    let saved = p.settings("entsave", "ens")?;
    if saved.tally() != [1, 0, 0] {
        return Err(protocol(format!(
            "entropy saved the tally {:?}, not player 1's win",
            saved.tally()
        )));
    }
    Ok((Shots { menu, playing, end }, help))
}

/// The longest a whole game of two computers at easy and hard may take under TiEmu (about
/// 200 moves, each two runs of `entia`).
const GAME_TIMEOUT: Duration = Duration::from_secs(600);

/// A whole game played on the calculator, and what the core says of it.
#[derive(Clone, Debug)]
pub struct Finished {
    /// The end screen.
    pub end: Screen,
    /// The game saved, played again by the core.
    pub game: Game,
    /// The texts found on the end screen ([`end_texts`]).
    pub texts: Vec<String>,
    /// The tally saved.
    pub tally: [u16; 3],
    /// From F1 to the end screen.
    pub took: Duration,
}

/// `entropy` and `entia` (sent beforehand; the settings `entsave` read first, saved by a run
/// that is left at once if there are none): `computers` set up through the menus (both sides computers, their levels, the rules, the pause 0), a
/// whole game played to its end. Then `entsave` is read back over the link, its moves played
/// again by the core: the end screen shows each side's points, the winner and the last round's
/// score as the core counts them ([`end_texts`], with the bench's text oracle), and the tally
/// saved counts the core's winner.
pub fn computers_on_pedrom(t: &mut TiEmu, computers: Computers) -> Result<Finished, TiEmuError> {
    let mut p = Play::new(t, "entropy-computers", &["New Entropy", MENU, OPTIONS, END])?;
    let before = match p.settings("entsave", "ens") {
        Ok(settings) => settings,
        Err(_) => {
            // No settings yet: the program saves its defaults when it is left.
            p.start("main\\entropy", "", &["New Entropy", MENU])?;
            p.leave(Key::Esc)?;
            p.settings("entsave", "ens")?
        }
    };
    let keys = computers.keys(&before);
    p.start("main\\entropy", "", &["New Entropy", MENU])?;
    let (&start, setup) = keys.split_last().expect("F1 at least");
    for &k in setup {
        p.press(k, &[MENU, OPTIONS])?;
    }
    let started = Instant::now();
    let end = p.press_within(start, &[END], GAME_TIMEOUT)?;
    let took = started.elapsed();
    p.press(Key::Esc, &[MENU])?;
    p.leave(Key::Esc)?;
    let saved = p.settings("entsave", "ens")?;
    if !computers.are_in(&saved) {
        return Err(protocol(format!(
            "entropy saved other settings than {computers:?} with a pause of 0: {:?}",
            saved.bytes
        )));
    }
    let game = last_game(&saved)
        .ok_or_else(|| protocol(format!("the moves saved are not a game: {:?}", saved.bytes)))?;
    if game.variant() != computers.variant {
        return Err(protocol(format!("the game saved is {:?}", game.variant())));
    }
    let first = usize::from(saved.bytes[GAME_FIRST]);
    let tally = saved.tally();
    let want = tally_after(before.tally(), game.outcome(), first);
    if tally != want {
        return Err(protocol(format!(
            "entropy saved the tally {tally:?}, not {want:?} (the core: {:?})",
            game.outcome()
        )));
    }
    let names = [saved.name(0), saved.name(1)];
    let texts = end_texts(&game, first, [&names[0], &names[1]], tally).map_err(protocol)?;
    // The program has ended: the texts are rendered now.
    let text_refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let p = Play::new(t, "entropy-computers", &text_refs)?;
    p.expect(&end, &text_refs)?;
    Ok(Finished {
        end,
        game,
        texts,
        tally,
        took,
    })
}
