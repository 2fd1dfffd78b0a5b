//! A sitting at the board: games one after the other until the person goes back to the menu
//! (ESC: the game in progress stays in the settings, to be resumed) or leaves the program
//! (QUIT). The same for every game: a game gives its board, screen and players as a [`Table`].
//!
//! Each turn the side to move is a person or a computer (the settings' byte of that side: 0
//! for a person, else the game's level); the game's panel marks it, and the status line says
//! what to press or that the computer thinks. A person's keys are the game's; F1 asks for a new
//! game and F2 resigns, each after a yes/no question; F3 takes back the person's last move and
//! the computer's reply (with two people, the last move). A computer chooses while the settings'
//! pause runs (half a second by default, seed 003's pause, so that a person sees the move
//! happen; a pause of 0 is one tick, 50 ms) and its move appears when the pause is over; ESC
//! stops it. At the end the game shows how it was
//! won, the tally counts it, and ENTER starts the next game.

use calc::Rng;

use super::PLAYING;
use super::{count, moves, next_seed, FIRST, GAME_FIRST, GAME_LEN, KINDS, MOVES, PAUSE};
use crate::os::Os;
use crate::ui::dialog::{self, Closed};
use crate::ui::{Frame, Input, Interrupt, Keyboard};

/// How a sitting ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    /// Back to the menu.
    Menu,
    /// Out of the program.
    Quit,
}

impl From<Interrupt> for Leave {
    fn from(i: Interrupt) -> Leave {
        match i {
            Interrupt::Escape => Leave::Menu,
            Interrupt::Quit => Leave::Quit,
        }
    }
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// This side (0 or 1) is to move.
    ToMove(usize),
    /// This side won.
    Won(usize),
    /// A draw.
    Draw,
}

/// How a game ended, for the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// It goes on.
    Playing,
    /// This side won.
    Won(usize),
    /// A draw.
    Draw,
    /// This side resigned.
    Resigned(usize),
}

/// What a person did on their turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// This move (a cell, a column: the game's).
    Play(u8),
    /// An F-key.
    Function(u8),
    /// ESC or QUIT.
    Leave(Leave),
}

/// A game as the sitting plays it: its board, its screen, its players.
pub trait Table {
    /// What a person presses, on the status line during their turn.
    const HINT: &'static [u8];
    /// The longest game, in moves (the opening's bytes included).
    const MAX_MOVES: usize;

    /// Writes the opening of a new game as its first moves, in `data[MOVES..]`, and returns
    /// their number: what a game of chance needs to be played again from its moves when it is
    /// resumed (its variant, the seed of its draws). `seed` is the new game's own. None by
    /// default.
    fn opening(&self, _data: &mut [u8], _seed: u32) -> usize {
        0
    }

    /// Sets the board: side `first` moved first, then `moves`; false if they are not a game
    /// (damaged settings). (`os`: for a game whose rules are in a companion program.)
    fn reset(&mut self, os: &mut Os, first: usize, moves: &[u8]) -> bool;
    /// Where the game stands.
    fn state(&self) -> State;
    /// Draws the whole screen: the board and the panel.
    fn redraw(&mut self, os: &mut Os, frame: &Frame, data: &[u8], end: End);
    /// Draws the panel: the sides (the one to move marked), the tally, how the game ended.
    fn panel(&mut self, os: &mut Os, frame: &Frame, data: &[u8], end: End);
    /// A person's turn: reads keys until a legal move, an F-key, ESC or QUIT.
    fn human(&mut self, os: &mut Os, frame: &Frame, keys: &mut Keyboard) -> Move;
    /// The computer's move at level `kind` after `moves` (the game's moves so far); ESC or QUIT
    /// pressed during a long search stops it (a game that cannot get a move says why on the
    /// screen and stops as for ESC).
    #[allow(clippy::too_many_arguments)]
    fn computer(
        &mut self,
        os: &mut Os,
        frame: &Frame,
        keys: &mut Keyboard,
        kind: u8,
        rng: &mut Rng,
        moves: &[u8],
    ) -> Result<u8, Interrupt>;
    /// Plays the legal move `mv` and draws it.
    fn play(&mut self, os: &mut Os, frame: &Frame, mv: u8);
    /// Draws how the game was won (the line of three, of four).
    fn show_win(&mut self, os: &mut Os, frame: &Frame);
}

/// Plays games until the person leaves; the game in progress stays in `data`.
pub fn sit<T: Table>(
    os: &mut Os,
    frame: &Frame,
    keys: &mut Keyboard,
    data: &mut [u8],
    table: &mut T,
) -> Leave {
    loop {
        if data[PLAYING] == 0 || !table.reset(os, usize::from(data[GAME_FIRST]), moves(data)) {
            data[PLAYING] = 1;
            data[GAME_FIRST] = data[FIRST] & 1;
            let seed = next_seed(os, data);
            data[GAME_LEN] = table.opening(data, seed).min(T::MAX_MOVES) as u8;
            table.reset(os, usize::from(data[GAME_FIRST]), moves(data));
        }
        let mut rng = Rng::new(next_seed(os, data));
        let end = match one_game(os, frame, keys, data, table, &mut rng) {
            Ok(end) => end,
            Err(None) => {
                // A new game was asked for.
                data[PLAYING] = 0;
                continue;
            }
            Err(Some(leave)) => return leave,
        };
        data[PLAYING] = 0;
        count(
            data,
            match end {
                End::Won(side) => Some(side),
                End::Resigned(side) => Some(1 - side),
                End::Draw | End::Playing => None,
            },
        );
        table.panel(os, frame, data, end);
        frame.status(os, b"ENTER:new game ESC:menu");
        loop {
            match keys.next(os) {
                Input::Enter | Input::Function(1) => break,
                Input::Escape => return Leave::Menu,
                Input::Quit => return Leave::Quit,
                _ => {}
            }
        }
    }
}

/// Plays the game of `table` from where it stands: how it ended, or `Err` with where the
/// person went (`None`: a new game).
fn one_game<T: Table>(
    os: &mut Os,
    frame: &Frame,
    keys: &mut Keyboard,
    data: &mut [u8],
    table: &mut T,
    rng: &mut Rng,
) -> Result<End, Option<Leave>> {
    table.redraw(os, frame, data, End::Playing);
    loop {
        let side = match table.state() {
            State::ToMove(side) => side,
            State::Won(side) => {
                table.show_win(os, frame);
                return Ok(End::Won(side));
            }
            State::Draw => return Ok(End::Draw),
        };
        table.panel(os, frame, data, End::Playing);
        let kind = data[KINDS + side];
        let chosen = if kind == 0 {
            frame.status(os, T::HINT);
            table.human(os, frame, keys)
        } else {
            frame.status(os, b"Thinking...");
            computer_turn(os, frame, keys, data, table, kind, rng)
        };
        let question: &[u8] = match chosen {
            Move::Play(mv) => {
                let len = usize::from(data[GAME_LEN]);
                if len < T::MAX_MOVES {
                    data[MOVES + len] = mv;
                    data[GAME_LEN] += 1;
                }
                table.play(os, frame, mv);
                continue;
            }
            Move::Leave(leave) => return Err(Some(leave)),
            Move::Function(3) => {
                if undo(os, data, table) {
                    table.redraw(os, frame, data, End::Playing);
                }
                continue;
            }
            Move::Function(1) => b"Start a new game?",
            Move::Function(2) => b"Resign this game?",
            Move::Function(_) => continue,
        };
        match dialog::confirm(os, frame, keys, &[question]) {
            Closed::Ok if chosen == Move::Function(1) => return Err(None),
            Closed::Ok => {
                // The question's box goes: the board shows how the game ended.
                table.redraw(os, frame, data, End::Playing);
                return Ok(End::Resigned(side));
            }
            Closed::Quit => return Err(Some(Leave::Quit)),
            Closed::Back => table.redraw(os, frame, data, End::Playing),
        }
    }
}

/// Takes back the person's last move and every move after it (the computer's reply, and its
/// moves around a pass): moves are taken back until a person is to move again, or none is
/// left. With two people, the last move only. False when there was no move to take back.
fn undo<T: Table>(os: &mut Os, data: &mut [u8], table: &mut T) -> bool {
    let first = usize::from(data[GAME_FIRST]);
    let mut len = usize::from(data[GAME_LEN]);
    if len == 0 {
        return false;
    }
    loop {
        len -= 1;
        // The moves were a game, so every shorter list of them is one.
        table.reset(os, first, &data[MOVES..MOVES + len]);
        match table.state() {
            State::ToMove(side) if len > 0 && data[KINDS + side] != 0 => {}
            _ => break,
        }
    }
    data[GAME_LEN] = len as u8;
    true
}

/// The computer's turn: it chooses while the pause runs; its move is played when the pause is
/// over.
fn computer_turn<T: Table>(
    os: &mut Os,
    frame: &Frame,
    keys: &mut Keyboard,
    data: &[u8],
    table: &mut T,
    kind: u8,
    rng: &mut Rng,
) -> Move {
    // A pause of 0 still waits one tick (50 ms).
    os.start_countdown(u32::from(data[PAUSE]) * 2);
    let mv = match table.computer(os, frame, keys, kind, rng, moves(data)) {
        Ok(mv) => mv,
        Err(stop) => {
            os.stop_countdown();
            return Move::Leave(stop.into());
        }
    };
    match keys.finish_countdown(os) {
        Some(stop) => Move::Leave(stop.into()),
        None => Move::Play(mv),
    }
}
