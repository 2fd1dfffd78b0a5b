//! The Othello board as the sitting plays it (`crate::game::sitting::Table`): the 8x8 grid on
//! the left (rank 1 on top, a to h from the left), the discs (black filled, white a ring), the
//! cursor, the legal moves on request (a dot in each), and the panel on the right (each side's
//! disc, name, player and disc count, the one to move inverted; the tally; a pass, an exact
//! endgame and the end announced).
//!
//! | | TI-89 | TI-92 Plus / V200 |
//! | --- | --- | --- |
//! | grid | x 1-81, y 1-81: cells of 10 px | x 3-107, y 2-106: cells of 13 px |
//! | panel | x 86-159: 12 characters | x 114-239: 21 characters |
//!
//! The side that moves first plays black. The computer's moves come from `othia`
//! (`super::request`).

use calc::othello::player::Ai;
use calc::othello::{Board, Colour, Square, Squares, Status};
use calc::Rng;

use super::request::{self, REPLY_HEAD, REPLY_KEYS, REQUEST_HEAD};
use crate::game::companion::ERROR_NOT_FOUND;
use crate::game::sitting::{End, Leave, Move, State, Table};
use crate::game::{name, tally, KINDS};
use crate::os::{Attr, Bytes, Font, Key, Os, OsError};
use crate::ui::dialog;
use crate::ui::{Frame, Input, Interrupt, Keyboard, Rect, LINE_HEIGHT};

/// The players by kind (0 a person), with the longest a move takes at 12 MHz (measured in the
/// CPU harness: docs/playing.md#othello).
pub const KIND_NAMES: [&[u8]; 5] = [b"Human", b"Seed 0.2s", b"Easy 7s", b"Medium 7s", b"Hard 9s"];

/// The players' names in the panel (8 characters at most).
const SHORT: [&[u8]; 5] = [b"Human", b"Seed 002", b"Easy", b"Medium", b"Hard"];

/// Asks `othia`, in this program's folder, for the move of player `kind` with `seed` after
/// `moves`: the reply's bytes (request.rs), in `buf`; or the OS error that stopped it.
fn ask<'b>(
    os: &mut Os,
    kind: u8,
    seed: u32,
    moves: &[u8],
    buf: &'b mut Bytes<{ REPLY_HEAD + 2 * REPLY_KEYS + 8 }>,
) -> Result<&'b [u8], OsError> {
    let mut req = Bytes::<{ REQUEST_HEAD + request::MAX_MOVES }>::zeroed();
    let n = moves.len().min(request::MAX_MOVES);
    req[0] = request::VERSION;
    req[1] = kind;
    req[2..6].copy_from_slice(&seed.to_be_bytes());
    req[6] = n as u8;
    req[REQUEST_HEAD..REQUEST_HEAD + n].copy_from_slice(&moves[..n]);
    request::COMPANION.ask(os, &req[..REQUEST_HEAD + n], &mut buf.0)
}

/// The board, where it is drawn, who moved first, the cursor and what to announce.
pub struct Othello {
    board: Board,
    /// The grid's top-left corner and a cell's side (its grid line included).
    x: i16,
    y: i16,
    cell: i16,
    /// The panel's left edge.
    panel: i16,
    /// The side that moved first (it plays black).
    first: usize,
    cursor: u8,
    /// Whether the legal moves are shown during a person's turn.
    hints: bool,
    /// The side that passed after the last move, announced until the next move.
    passed: Option<usize>,
    /// The exact final disc difference the computer found for its last move (its side), shown
    /// until the next move; `pending` holds it from the reply to the move.
    solved: Option<(usize, i8)>,
    pending: Option<(usize, i8)>,
}

impl Othello {
    /// A table laid out for `frame`'s model.
    pub fn new(frame: &Frame) -> Othello {
        let (x, y, cell, panel) = if frame.is_small() {
            (1, 1, 10, 86)
        } else {
            (3, 2, 13, 114)
        };
        Othello {
            board: Board::new(),
            x,
            y,
            cell,
            panel,
            first: 0,
            cursor: 19,
            hints: false,
            passed: None,
            solved: None,
            pending: None,
        }
    }

    /// The side playing `colour`.
    fn side(&self, colour: Colour) -> usize {
        match colour {
            Colour::Black => self.first,
            Colour::White => 1 - self.first,
        }
    }

    /// The colour of `side`.
    fn colour(&self, side: usize) -> Colour {
        if side == self.first {
            Colour::Black
        } else {
            Colour::White
        }
    }

    /// The inside of square `sq` (0 = a1 .. 63 = h8), grid lines excluded.
    fn inside(&self, sq: u8) -> Rect {
        let x0 = self.x + i16::from(sq % 8) * self.cell + 1;
        let y0 = self.y + i16::from(sq / 8) * self.cell + 1;
        Rect {
            x0,
            y0,
            x1: x0 + self.cell - 2,
            y1: y0 + self.cell - 2,
        }
    }

    /// Draws square `sq`: its disc, else a dot if hints are on and it is a legal move.
    fn draw_square(&self, os: &mut Os, sq: u8, legal: u64) {
        let r = self.inside(sq);
        os.fill_rect(r.x0, r.y0, r.x1, r.y1, Attr::Reverse);
        let Some(square) = Square::new(sq) else {
            return;
        };
        match self.board.disc(square) {
            Some(colour) => draw_disc(os, r, colour),
            None if legal & square.bit() != 0 => {
                let (cx, cy) = ((r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2);
                os.fill_rect(cx - 1, cy - 1, cx, cy, Attr::Normal);
            }
            None => {}
        }
    }

    /// Draws every square (the legal moves too while `legal` is not empty).
    fn draw_squares(&self, os: &mut Os, legal: u64) {
        for sq in 0..64 {
            self.draw_square(os, sq, legal);
        }
    }

    /// Inverts a frame just inside the cursor's square: once shows it, once more hides it.
    fn toggle_cursor(&self, os: &mut Os) {
        let r = self.inside(self.cursor);
        os.fill_rect(r.x0, r.y0, r.x1, r.y0, Attr::Xor);
        os.fill_rect(r.x0, r.y1, r.x1, r.y1, Attr::Xor);
        os.fill_rect(r.x0, r.y0 + 1, r.x0, r.y1 - 1, Attr::Xor);
        os.fill_rect(r.x1, r.y0 + 1, r.x1, r.y1 - 1, Attr::Xor);
    }

    /// The legal moves to show: the side to move's while hints are on, else none.
    fn shown_moves(&self) -> u64 {
        if self.hints {
            self.board.legal_moves()
        } else {
            0
        }
    }

    /// Plays the passes the rules force, noting who passed.
    fn forced_passes(&mut self) {
        if let Status::MustPass(colour) = self.board.status() {
            let _ = self.board.pass();
            self.passed = Some(self.side(colour));
        }
    }
}

/// Draws a disc of `colour` in the cell inside `r`: black filled, white a ring (octagons).
fn draw_disc(os: &mut Os, r: Rect, colour: Colour) {
    let (x0, y0, x1, y1) = (r.x0 + 1, r.y0 + 1, r.x1 - 1, r.y1 - 1);
    let c = (x1 - x0) / 3;
    if colour == Colour::Black {
        for y in y0..=y1 {
            let cut = (c - (y - y0)).max(c - (y1 - y)).max(0);
            os.fill_rect(x0 + cut, y, x1 - cut, y, Attr::Normal);
        }
    } else {
        let xs = [x0 + c, x1 - c, x1, x1, x1 - c, x0 + c, x0, x0];
        let ys = [y0, y0, y0 + c, y1 - c, y1, y1, y1 - c, y0 + c];
        for i in 0..8 {
            let j = (i + 1) % 8;
            os.line(xs[i], ys[i], xs[j], ys[j], Attr::Normal);
        }
    }
}

impl Table for Othello {
    const HINT: &'static [u8] = b"ENTER:play F3:undo F4:hint";
    const MAX_MOVES: usize = request::MAX_MOVES;

    fn reset(&mut self, _os: &mut Os, first: usize, moves: &[u8]) -> bool {
        self.first = first & 1;
        self.passed = None;
        self.solved = None;
        self.pending = None;
        match Board::from_moves(moves) {
            Some(board) if !matches!(board.status(), Status::Over { .. }) => {
                self.board = board;
                true
            }
            _ => false,
        }
    }

    fn state(&self) -> State {
        match self.board.status() {
            Status::ToMove(c) | Status::MustPass(c) => State::ToMove(self.side(c)),
            Status::Over { black, white } if black > white => State::Won(self.side(Colour::Black)),
            Status::Over { black, white } if white > black => State::Won(self.side(Colour::White)),
            Status::Over { .. } => State::Draw,
        }
    }

    fn redraw(&mut self, os: &mut Os, frame: &Frame, data: &[u8], end: End) {
        frame.clear(os);
        let side = 8 * self.cell;
        for i in 0..=8 {
            let at = i * self.cell;
            os.line(
                self.x + at,
                self.y,
                self.x + at,
                self.y + side,
                Attr::Normal,
            );
            os.line(
                self.x,
                self.y + at,
                self.x + side,
                self.y + at,
                Attr::Normal,
            );
        }
        self.draw_squares(os, 0);
        self.panel(os, frame, data, end);
    }

    fn panel(&mut self, os: &mut Os, frame: &Frame, data: &[u8], end: End) {
        let x = self.panel;
        let bottom = frame.status_y() - 3;
        os.fill_rect(x - 2, 0, frame.width - 1, bottom, Attr::Reverse);
        let row = LINE_HEIGHT + 1;
        let to_move = match (end, self.state()) {
            (End::Playing, State::ToMove(s)) => Some(s),
            _ => None,
        };
        for s in 0..2 {
            let y = 1 + s as i16 * (2 * row + 3);
            let colour = self.colour(s);
            draw_disc(
                os,
                Rect {
                    x0: x - 1,
                    y0: y - 1,
                    x1: x + 8,
                    y1: y + 8,
                },
                colour,
            );
            os.write(x + 11, y, Font::Medium, name(data, s), Attr::Normal);
            let kind = usize::from(data[KINDS + s]).min(4);
            os.write(x + 11, y + row, Font::Medium, SHORT[kind], Attr::Normal);
            let discs = self.board.count(colour) as i32;
            let at = frame.width - if discs >= 10 { 13 } else { 7 };
            os.write_number(at, y + row, Font::Medium, discs);
            if to_move == Some(s) {
                os.fill_rect(x - 2, y - 1, frame.width - 1, y + 2 * row - 2, Attr::Xor);
            }
        }
        let y = 1 + 2 * (2 * row + 3);
        os.write(x, y, Font::Medium, b"wins", Attr::Normal);
        let mut at = x + 30;
        at += 6 * os.write_number(at, y, Font::Medium, i32::from(tally(data, 0)));
        os.write(at, y, Font::Medium, b"-", Attr::Normal);
        os.write_number(at + 6, y, Font::Medium, i32::from(tally(data, 1)));
        os.write(x, y + row, Font::Medium, b"draws", Attr::Normal);
        os.write_number(x + 36, y + row, Font::Medium, i32::from(tally(data, 2)));
        let colour_name = |s: usize| -> &'static [u8] {
            match self.colour(s) {
                Colour::Black => b"Black",
                Colour::White => b"White",
            }
        };
        let y = y + 2 * row + 2;
        if y + row + LINE_HEIGHT > bottom + 1 {
            return;
        }
        let (who, what): (&[u8], &[u8]) = match (end, self.passed) {
            (End::Won(s), _) => (colour_name(s), b" wins!"),
            (End::Draw, _) => (b"", b"Draw!"),
            (End::Resigned(s), _) => (colour_name(s), b" quits"),
            (End::Playing, Some(s)) => (colour_name(s), b" passes"),
            (End::Playing, None) => (b"", b""),
        };
        os.write(x, y, Font::Medium, who, Attr::Normal);
        os.write(
            x + who.len() as i16 * 6,
            y,
            Font::Medium,
            what,
            Attr::Normal,
        );
        let y = y + row;
        if end != End::Playing {
            let black = self.board.count(Colour::Black) as i32;
            let white = self.board.count(Colour::White) as i32;
            let at = x + 6 * os.write_number(x, y, Font::Medium, black);
            os.write(at, y, Font::Medium, b"-", Attr::Normal);
            os.write_number(at + 6, y, Font::Medium, white);
        } else if let Some((s, diff)) = self.solved {
            // The exact endgame: "B exact +4" (the final disc difference for that side).
            os.write(x, y, Font::Medium, &colour_name(s)[..1], Attr::Normal);
            os.write(x + 12, y, Font::Medium, b"exact", Attr::Normal);
            let sign: &[u8] = if diff > 0 { b"+" } else { b"" };
            os.write(x + 48, y, Font::Medium, sign, Attr::Normal);
            let at = x + 48 + sign.len() as i16 * 6;
            os.write_number(at, y, Font::Medium, i32::from(diff));
        }
    }

    fn human(&mut self, os: &mut Os, _frame: &Frame, keys: &mut Keyboard) -> Move {
        let legal = self.board.legal_moves();
        if self.hints {
            self.draw_squares(os, legal);
        }
        self.toggle_cursor(os);
        loop {
            let input = keys.next(os);
            let (col, row) = (self.cursor % 8, self.cursor / 8);
            let to = match input {
                Input::Up => col + (row + 7) % 8 * 8,
                Input::Down => col + (row + 1) % 8 * 8,
                Input::Left => (col + 7) % 8 + row * 8,
                Input::Right => (col + 1) % 8 + row * 8,
                Input::Enter => self.cursor,
                Input::Function(4) => {
                    self.toggle_cursor(os);
                    self.hints = !self.hints;
                    self.draw_squares(os, self.shown_moves());
                    self.toggle_cursor(os);
                    continue;
                }
                Input::Function(n) => {
                    self.toggle_cursor(os);
                    return Move::Function(n);
                }
                Input::Escape => return Move::Leave(Leave::Menu),
                Input::Quit => return Move::Leave(Leave::Quit),
                _ => continue,
            };
            self.toggle_cursor(os);
            self.cursor = to;
            if input == Input::Enter && legal & (1u64 << to) != 0 {
                return Move::Play(to);
            }
            self.toggle_cursor(os);
        }
    }

    fn computer(
        &mut self,
        os: &mut Os,
        frame: &Frame,
        keys: &mut Keyboard,
        kind: u8,
        rng: &mut Rng,
        moves: &[u8],
    ) -> Result<u8, Interrupt> {
        let mut buf = Bytes::zeroed();
        let kind = Ai::from_code(kind).unwrap_or(Ai::Seed).code();
        let reply = match ask(os, kind, rng.next_u32(), moves, &mut buf) {
            Ok(reply) => reply,
            Err(e) => {
                let why: &[u8] = if e.0 == ERROR_NOT_FOUND {
                    b"othia is not here:"
                } else {
                    b"othia failed:"
                };
                let lines: [&[u8]; 2] = [why, b"send it beside othello"];
                dialog::message(os, frame, keys, &lines);
                return Err(Interrupt::Escape);
            }
        };
        for i in 0..usize::from(reply[9]).min(REPLY_KEYS) {
            let at = REPLY_HEAD + 2 * i;
            if let Some(k) = reply.get(at..at + 2) {
                keys.push(Key(u16::from_be_bytes([k[0], k[1]])));
            }
        }
        let legal = self.board.legal_moves();
        match (reply[2], reply[1]) {
            (1, _) => Err(Interrupt::Escape),
            (2, _) => Err(Interrupt::Quit),
            (_, s @ 1..=64) if legal & (1u64 << (s - 1)) != 0 => {
                if reply[7] == 1 {
                    let side = self.side(self.board.to_move());
                    self.pending = Some((side, reply[8] as i8));
                }
                Ok(s - 1)
            }
            _ => {
                dialog::message(os, frame, keys, &[b"othia: no move"]);
                Err(Interrupt::Escape)
            }
        }
    }

    fn play(&mut self, os: &mut Os, _frame: &Frame, mv: u8) {
        let Some(sq) = Square::new(mv) else {
            return;
        };
        let before = self.board;
        if self.board.play(sq).is_err() {
            return;
        }
        self.solved = self.pending.take();
        self.passed = None;
        self.forced_passes();
        // Redraw the squares that changed (the move, the flips, the hints of the last turn).
        let changed = Squares(!0).filter(|&s| before.disc(s) != self.board.disc(s));
        if self.hints {
            self.draw_squares(os, 0);
        } else {
            for s in changed {
                self.draw_square(os, s.index(), 0);
            }
        }
    }

    fn show_win(&mut self, _os: &mut Os, _frame: &Frame) {}
}
