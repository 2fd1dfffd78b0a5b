//! The games played on a real OS under TiEmu (PedroM, or the user's TI ROM), with remote keys
//! over the link: each program is sent, started, and one whole game is played, a key at a time
//! once the screen is stable (the program waits for it then); every screen the scenario
//! depends on is checked with the bench's text oracle (the OS's own fonts); the settings the
//! game saved are read back over the link. The screens of the menu, a game in progress and the
//! end are returned for the README (`examples/game_screens.rs`) and kept by the tests.
//!
//! The games' moves here never depend on a random choice: the computer is the expert (its book
//! and its engine choose without one), and the person's keys are computed by playing the same
//! game natively. (Othello's and New Entropy's scenarios are in their own modules; New
//! Entropy's computers do choose at random, and their game is read back and played again.)

use std::path::Path;
use std::time::{Duration, Instant};

use calc::connect4::ai::{self, Ai};
use calc::connect4::search::Entry;
use calc::connect4::{Board, Outcome, Player};
use calc::Rng;
use ti68k::contest::install::{Installed, Programs};
use ti68k::contest::run::{self, MatchOutcome};
use ti68k::contest::setup::{AiSpec, MatchSetup};
use ti68k::contest::verify;
use ti_build::{build, BuildOptions};
use ti_files::{Model, Screen, Value, VarPath};

use super::keys::Key;
use super::saved::Settings;
use crate::tiemu::{TextTemplates, TiEmu, TiEmuError};

/// The screens a game showed: its menu, a game in progress, its end.
#[derive(Clone, Debug)]
pub struct Shots {
    /// The main menu.
    pub menu: Screen,
    /// A game in progress.
    pub playing: Screen,
    /// The end of the game.
    pub end: Screen,
}

/// The node budget of `puiss4`'s engine levels (calc/programs/src/puiss4/table.rs) and the
/// entries of `p4ia`'s table (calc/programs/src/bin/p4ia.rs).
const ENGINE_NODES: u32 = 6000;
const P4IA_TABLE: usize = 512;

/// The longest a key's effect may take to show: a computer's move (10 s at most at 12 MHz),
/// with room for TiEmu running slower than a calculator.
const MOVE_TIMEOUT: Duration = Duration::from_secs(60);

pub(super) fn protocol(what: String) -> TiEmuError {
    TiEmuError::Protocol(what)
}

/// Builds the programs of this repository (`repo`) and installs them into `main` (a program
/// built with a launcher with its body).
pub fn send_programs(t: &mut TiEmu, repo: &Path, names: &[&str]) -> Result<(), TiEmuError> {
    for name in names {
        let built = build(&BuildOptions::new(repo, name))
            .map_err(|e| protocol(format!("building {name}: {e}")))?;
        t.install(&format!("main\\{name}"), &built.installable())?;
    }
    Ok(())
}

/// A game on the calculator: the texts it will look for, rendered before the program runs.
pub(super) struct Play<'t> {
    pub(super) t: &'t mut TiEmu,
    texts: Vec<TextTemplates>,
    model: Model,
    label: String,
}

impl<'t> Play<'t> {
    pub(super) fn new(
        t: &'t mut TiEmu,
        label: &str,
        texts: &[&str],
    ) -> Result<Play<'t>, TiEmuError> {
        let mut templates = Vec::new();
        for text in texts {
            templates.push(t.text_templates(text)?);
        }
        let model = t.model();
        Ok(Play {
            t,
            texts: templates,
            model,
            label: label.to_string(),
        })
    }

    /// Fails unless every one of `texts` (rendered in [`Play::new`]) is on `screen`.
    pub(super) fn expect(&self, screen: &Screen, texts: &[&str]) -> Result<(), TiEmuError> {
        for text in texts {
            if self.template(text).find_in(screen).is_none() {
                let saved = self
                    .t
                    .keep_screenshot(screen, &format!("{}-missing", self.label))?;
                return Err(TiEmuError::TextNotFound {
                    text: text.to_string(),
                    program: self.label.clone(),
                    screenshot: saved,
                    screen: format!("{screen:?}"),
                });
            }
        }
        Ok(())
    }

    /// Runs `path(args)` and waits until every one of `texts` (rendered in [`Play::new`]) is
    /// on the screen: that screen ([`TiEmu::start_showing`], which types the command again
    /// when a key of it was lost).
    pub(super) fn start(
        &mut self,
        path: &str,
        args: &str,
        texts: &[&str],
    ) -> Result<Screen, TiEmuError> {
        let refs: Vec<&TextTemplates> = texts
            .iter()
            .map(|text| template(&self.texts, text))
            .collect();
        Ok(self.t.start_showing(path, args, &refs)?.0)
    }

    /// Presses `key` (the program waits for one), then waits until the screen has changed
    /// and shows one of the texts of `waiting` (the program waits for the next key: its
    /// status line says what to press), and is stable: that screen. The screens are taken
    /// through X, never over the link, while the program works: PedroM reads link packets only
    /// while it waits for a key, and requests piling up meanwhile break its link until a reset.
    pub(super) fn press(&mut self, key: Key, waiting: &[&str]) -> Result<Screen, TiEmuError> {
        self.press_within(key, waiting, MOVE_TIMEOUT)
    }

    /// [`Play::press`], for a key whose effect may take up to `timeout` (a whole game of two
    /// computers).
    pub(super) fn press_within(
        &mut self,
        key: Key,
        waiting: &[&str],
        timeout: Duration,
    ) -> Result<Screen, TiEmuError> {
        let before = self.t.x_screenshot()?;
        self.t.press_keys(&[key.code(self.model)])?;
        self.settle(Some(&before), waiting, timeout)
    }

    /// Waits until the screen differs from `before` (when given), shows one of `waiting`, and
    /// stays the same for a moment: that screen; an error after `timeout`.
    pub(super) fn settle(
        &mut self,
        before: Option<&Screen>,
        waiting: &[&str],
        timeout: Duration,
    ) -> Result<Screen, TiEmuError> {
        let start = Instant::now();
        let mut last: Option<Screen> = None;
        while start.elapsed() < timeout {
            std::thread::sleep(Duration::from_millis(300));
            let shot = self.t.x_screenshot()?;
            let changed = before.is_none_or(|b| *b != shot);
            let ready = waiting
                .iter()
                .any(|w| self.template(w).find_in(&shot).is_some());
            if changed && ready && last.as_ref() == Some(&shot) {
                return Ok(shot);
            }
            last = Some(shot);
        }
        let saved = match &last {
            Some(s) => Some(self.t.keep_screenshot(s, &format!("{}-hung", self.label))?),
            None => None,
        };
        Err(TiEmuError::Hung {
            program: self.label.clone(),
            timeout,
            screenshot: saved,
        })
    }

    /// The rendering of `text` (given to [`Play::new`]).
    fn template(&self, text: &str) -> &TextTemplates {
        template(&self.texts, text)
    }

    /// Presses `key`, which ends the program, and waits until the calculator answers the link
    /// again (back on the home screen).
    pub(super) fn leave(&mut self, key: Key) -> Result<(), TiEmuError> {
        self.t.press_keys(&[key.code(self.model)])?;
        let start = Instant::now();
        while start.elapsed() < MOVE_TIMEOUT {
            if self.t.is_ready()? {
                return Ok(());
            }
        }
        Err(TiEmuError::Hung {
            program: self.label.clone(),
            timeout: MOVE_TIMEOUT,
            screenshot: None,
        })
    }

    /// The game's settings variable `main\name`, read over the link.
    pub(super) fn settings(&mut self, name: &str, ext: &str) -> Result<Settings, TiEmuError> {
        match self.t.get_value(&format!("main\\{name}"))? {
            Value::Opaque { data, .. } => Settings::from_variable(&data, ext)
                .ok_or_else(|| protocol(format!("main\\{name} is not the game's settings"))),
            other => Err(protocol(format!("main\\{name} holds {}", other.kind()))),
        }
    }
}

/// The keypad digit of tic-tac-toe cell `cell`.
fn ttt_digit(cell: u8) -> Key {
    Key::Char(b'0' + (2 - cell / 3) * 3 + cell % 3 + 1)
}

/// `morpion` (sent beforehand): the default game, a person (X) against the hard level, who
/// answers X's corner with the centre, blocks the row, and wins the diagonal (its only best
/// moves); the tally saved says so.
pub fn morpion(t: &mut TiEmu) -> Result<Shots, TiEmuError> {
    const MENU: &str = "ENTER:choose ESC:quit";
    const TURN: &str = "Keys 1-9, or arrows+ENTER";
    const END: &str = "ENTER:new game ESC:menu";
    let texts = ["Tic-Tac-Toe", "Human", "Hard", MENU, TURN, "O wins!", END];
    let mut p = Play::new(t, "morpion", &texts)?;
    let menu = p.start("main\\morpion", "", &["Tic-Tac-Toe", "Human", "Hard", MENU])?;
    let game = p.press(Key::Enter, &[TURN])?;
    p.expect(&game, &[TURN])?;
    p.press(ttt_digit(0), &[TURN])?;
    let playing = p.press(ttt_digit(1), &[TURN])?;
    // X's 4 does not block O's diagonal.
    let end = p.press(ttt_digit(3), &[END])?;
    p.expect(&end, &["O wins!"])?;
    p.press(Key::Esc, &[MENU])?;
    p.leave(Key::Esc)?;
    let saved = p.settings("morpsave", "mrp")?;
    if saved.tally() != [0, 1, 0] || saved.game().is_some() {
        return Err(protocol(format!(
            "morpion saved the tally {:?} and the game {:?}, not O's win",
            saved.tally(),
            saved.game()
        )));
    }
    Ok(Shots { menu, playing, end })
}

/// The keys of a person who plays the first column not full (the first move with the arrows,
/// from the cursor's column 4) against the expert, and the whole game's columns.
pub fn against_the_expert() -> (Vec<Key>, Vec<u8>) {
    let mut board = Board::new();
    let (mut keys, mut moves) = (Vec::new(), Vec::new());
    let mut table = vec![Entry::EMPTY; P4IA_TABLE];
    while board.outcome().is_none() {
        let col = if board.moves() % 2 == 0 {
            let c = (0..7).find(|&c| board.can_play(c)).expect("a column");
            if moves.is_empty() {
                keys.extend(std::iter::repeat_n(Key::Left, usize::from(3 - c)));
                keys.push(Key::Enter);
            } else {
                keys.push(Key::Char(b'1' + c));
            }
            c
        } else {
            ai::choose(
                Ai::Expert(ENGINE_NODES),
                &board,
                &mut Rng::new(0),
                &mut table,
            )
            .column
            .expect("a move")
        };
        board.play(col).expect("a legal move");
        moves.push(col);
    }
    (keys, moves)
}

/// `puiss4` and `p4ia` (sent beforehand): the default game, a person (player 1) against the
/// expert, who wins; the tally saved says so.
pub fn puiss4(t: &mut TiEmu) -> Result<Shots, TiEmuError> {
    let (keys, moves) = against_the_expert();
    let board = Board::from_move_bytes(&moves.iter().map(|c| b'1' + c).collect::<Vec<_>>())
        .map_err(|e| protocol(format!("the expected game: {e}")))?;
    assert_eq!(board.outcome(), Some(Outcome::Win(Player::Second)));
    const MENU: &str = "ENTER:choose ESC:quit";
    const TURN: &str = "Keys 1-7, or arrows+ENTER";
    const END: &str = "ENTER:new game ESC:menu";
    let texts = [
        "Connect Four",
        "Human",
        "Expert 7s",
        MENU,
        TURN,
        END,
        "won!",
    ];
    let mut p = Play::new(t, "puiss4", &texts)?;
    let menu = p.start(
        "main\\puiss4",
        "",
        &["Connect Four", "Human", "Expert 7s", MENU],
    )?;
    let game = p.press(Key::Enter, &[TURN])?;
    let mut playing = None;
    let mut last = game;
    for (i, &k) in keys.iter().enumerate() {
        last = p.press(k, &[TURN, END])?;
        if i == keys.len() / 2 {
            playing = Some(last.clone());
        }
    }
    p.expect(&last, &["won!", END])?;
    p.press(Key::Esc, &[MENU])?;
    p.leave(Key::Esc)?;
    let saved = p.settings("p4save", "p4s")?;
    if saved.tally() != [0, 1, 0] {
        return Err(protocol(format!(
            "puiss4 saved the tally {:?}, not player 2's win",
            saved.tally()
        )));
    }
    Ok(Shots {
        menu,
        playing: playing.unwrap_or_else(|| last.clone()),
        end: last,
    })
}

/// A contest game on the calculator between a person (`humain`, as AI 1, typing the name
/// `name` at the first call; the keys sent over the link) and `alphabeta1000` (AI 2): the
/// arbiter runs to the end, its result variables and log are read back and checked as `ti68k
/// match` checks them. Returns the outcome and the screens: the person asked for a name, the
/// game in progress, the end.
pub fn contest_with_a_person(
    t: &mut TiEmu,
    programs: &Programs,
    name: &str,
) -> Result<(MatchOutcome, Shots), TiEmuError> {
    let model = t.model();
    let setup = MatchSetup::new(
        model,
        [
            AiSpec::Human { name: None },
            AiSpec::level("alphabeta1000", 5),
        ],
    );
    Installed::new()
        .install(t.calc(), &setup, programs, true)
        .map_err(|e| protocol(format!("installing: {e}")))?;
    let texts = ["Name?", "Column?", "AI 1 wins", "AI 2 wins", "draw"];
    let over = ["Column?", "AI 1 wins", "AI 2 wins", "draw"];
    let mut p = Play::new(t, "humain", &texts)?;
    let home = &setup.arbiter_folder;
    let pending =
        VarPath::parse(&format!("{home}\\colonne")).map_err(|e| protocol(e.to_string()))?;
    p.t.calc().set_value(
        &pending,
        &Value::Integer(ti_files::Integer::from(run::PENDING)),
    )?;
    let start = Instant::now();
    let asked = p.start(&format!("{home}\\arbitre"), &setup.arguments(), &["Name?"])?;
    for c in name.bytes() {
        p.press(Key::Char(c), &["Name?"])?;
    }
    let mut last = p.press(Key::Enter, &over)?;
    // The game, as the same two players play it natively: the person's columns.
    let mut board = Board::new();
    let mut table = vec![Entry::EMPTY; 512];
    let mut playing = None;
    while board.outcome().is_none() {
        let col = if board.moves() % 2 == 0 {
            p.expect(&last, &["Column?"])?;
            let c = (0..7).find(|&c| board.can_play(c)).expect("a column");
            last = p.press(Key::Char(b'1' + c), &over)?;
            if board.moves() == 4 {
                playing = Some(last.clone());
            }
            c
        } else {
            ai::choose(Ai::AlphaBeta(1000), &board, &mut Rng::new(0), &mut table)
                .column
                .expect("a move")
        };
        board.play(col).expect("a legal move");
    }
    // The arbiter shows the result and waits for a key (attente = 1).
    let end = last;
    p.t.calc().send_key(13)?;
    run::wait_until_ready(
        p.t.calc(),
        Duration::from_secs(30),
        Duration::from_millis(300),
    )
    .map_err(|e| protocol(e.to_string()))?;
    let outcome = run::read_results(p.t.calc(), &setup, Some(end.clone()), start.elapsed())
        .map_err(|e| protocol(e.to_string()))?;
    verify::check(&setup, &outcome).map_err(|e| protocol(e.to_string()))?;
    let game = outcome.game().map_err(|e| protocol(e.to_string()))?;
    if game.names[0] != name.as_bytes() {
        return Err(protocol(format!("AI 1 named itself {:?}", game.names[0])));
    }
    Ok((
        outcome,
        Shots {
            menu: asked,
            playing: playing.unwrap_or_else(|| end.clone()),
            end,
        },
    ))
}

/// The rendering of `text` among `rendered` (the texts given to [`Play::new`]).
fn template<'a>(rendered: &'a [TextTemplates], text: &str) -> &'a TextTemplates {
    rendered
        .iter()
        .find(|t| t.text == text)
        .unwrap_or_else(|| panic!("{text:?} was not rendered before the run"))
}
