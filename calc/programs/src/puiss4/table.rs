//! The Connect Four board as the sitting plays it (`crate::game::sitting::Table`), on the
//! contest's screen (`crate::ui::Layout`): each side's column (its name, its piece and player,
//! its wins; the side to move has its name inverted), the board in the middle with the column
//! numbers under it, the piece of a person's column above it, the last move marked, the four
//! in a row inverted at the end, and a line under the board for the draws and the result.
//!
//! The side that moves first plays O (a ring, the left column), the other X (a cross).
//! A move is kept in the settings as its column's digit (`1`..`7`).

use calc::connect4::ai::Ai;
use calc::connect4::{Board, Outcome, Player};
use calc::Rng;

use super::request::{self, REPLY_HEAD, REPLY_KEYS, REQUEST_HEAD};
use crate::game::companion::ERROR_NOT_FOUND;
use crate::game::sitting::{End, Leave, Move, State, Table};
use crate::game::{name, tally, KINDS};
use crate::os::{Attr, Bytes, Font, Key, Os, OsError};
use crate::ui::dialog;
use crate::ui::{self, Frame, Input, Interrupt, Keyboard, Layout, Rect, LINE_HEIGHT};

/// The players by kind (0 a person), with the longest a move takes at 12 MHz (measured in the
/// CPU harness: docs/playing.md#connect-four).
pub const KIND_NAMES: [&[u8]; 7] = [
    b"Human",
    b"Random",
    b"Win/block",
    b"MinMax3 1s",
    b"MinMax5 5s",
    b"AlphaB 7s",
    b"Expert 7s",
];

/// The names of the players in the side columns (8 characters at most).
const SHORT: [&[u8]; 7] = [
    b"Human",
    b"Random",
    b"WinBlock",
    b"MinMax 3",
    b"MinMax 5",
    b"AlphaBet",
    b"Expert",
];

/// Node budget of the engine's levels (AlphaB, Expert): their worst move stays under the menu's
/// 7 s at 12 MHz (6.0 s on `games_cpu`'s 120 positions; docs/playing.md#connect-four).
pub const ENGINE_NODES: u32 = 6000;

/// The level of kind `kind` (1 and up).
fn level(kind: u8) -> Ai {
    match kind {
        1 => Ai::Random,
        2 => Ai::WinBlock,
        3 => Ai::Minimax(3),
        4 => Ai::Minimax(5),
        5 => Ai::AlphaBeta(ENGINE_NODES),
        _ => Ai::Expert(ENGINE_NODES),
    }
}

/// Asks `p4ia`, in this program's folder, for the move of level `kind` with `seed` after
/// `moves`: the reply's bytes (request.rs), in `buf`; or the OS error that stopped it.
fn ask<'b>(
    os: &mut Os,
    kind: u8,
    seed: u32,
    moves: &[u8],
    buf: &'b mut Bytes<{ REPLY_HEAD + 2 * REPLY_KEYS + 8 }>,
) -> Result<&'b [u8], OsError> {
    let mut req = Bytes::<{ REQUEST_HEAD + 44 }>::zeroed();
    let n = moves.len().min(42);
    req[0] = request::VERSION;
    req[1] = level(kind).code();
    req[2..6].copy_from_slice(&seed.to_be_bytes());
    req[6] = n as u8;
    req[REQUEST_HEAD..REQUEST_HEAD + n].copy_from_slice(&moves[..n]);
    request::COMPANION.ask(os, &req[..REQUEST_HEAD + n], &mut buf.0)
}

/// The board, where it is drawn, who moved first, the cursor and the marked last move.
pub struct Puiss4 {
    board: Board,
    layout: Layout,
    /// The side that moved first (it plays O).
    first: usize,
    cursor: u8,
    last: Option<(u8, u8)>,
}

impl Puiss4 {
    /// A table laid out for `frame`'s model.
    pub fn new(frame: &Frame) -> Puiss4 {
        Puiss4 {
            board: Board::new(),
            layout: Layout::for_model(frame.model),
            first: 0,
            cursor: 3,
            last: None,
        }
    }

    /// The side of `player`.
    fn side(&self, player: Player) -> usize {
        match player {
            Player::First => self.first,
            Player::Second => 1 - self.first,
        }
    }

    /// The box above column `col` where a person's piece waits.
    fn above(&self, col: u8) -> Rect {
        let inside = self.layout.cell_inside(col, 5);
        Rect {
            x0: inside.x0,
            y0: (self.layout.board_y - self.layout.cell + 1).max(0),
            x1: inside.x1,
            y1: self.layout.board_y - 2,
        }
    }

    /// Clears the box above the board.
    fn clear_above(&self, os: &mut Os) {
        let g = self.layout.grid();
        os.fill_rect(g.x0, 0, g.x1, g.y0 - 1, Attr::Reverse);
    }
}

impl Table for Puiss4 {
    const HINT: &'static [u8] = b"Keys 1-7, or arrows+ENTER";
    const MAX_MOVES: usize = 42;

    fn reset(&mut self, _os: &mut Os, first: usize, moves: &[u8]) -> bool {
        let mut board = Board::new();
        for &m in moves {
            if board.play(m.wrapping_sub(b'1')).is_err() {
                return false;
            }
        }
        self.board = board;
        self.first = first & 1;
        self.last = None;
        board.outcome().is_none()
    }

    fn state(&self) -> State {
        match self.board.outcome() {
            None => State::ToMove(self.side(self.board.to_move())),
            Some(Outcome::Win(p)) => State::Won(self.side(p)),
            Some(Outcome::Draw) => State::Draw,
        }
    }

    fn redraw(&mut self, os: &mut Os, frame: &Frame, data: &[u8], end: End) {
        frame.clear(os);
        ui::draw_board_frame(os, &self.layout);
        for col in 0..7 {
            for row in 0..6 {
                if let Some(p) = self.board.cell(col, row) {
                    ui::draw_piece(os, &self.layout, col, row, p);
                }
            }
        }
        if let Some((col, row)) = self.last {
            ui::toggle_highlight(os, &self.layout, col, row);
        }
        // Each side's piece and player under its name (the panel writes the rest).
        let l = &self.layout;
        let icon = l.zone_y - l.piece_line_y - 2;
        for player in [Player::First, Player::Second] {
            let x = l.column(player).x0;
            let y = l.piece_line_y;
            let r = Rect {
                x0: x + 1,
                y0: y,
                x1: x + icon,
                y1: y + icon - 1,
            };
            ui::draw_piece_in(os, r, player);
            let kind = usize::from(data[KINDS + self.side(player)]).min(6);
            os.write(x + icon + 3, y + 2, Font::Small, SHORT[kind], Attr::Normal);
        }
        self.panel(os, frame, data, end);
    }

    fn panel(&mut self, os: &mut Os, frame: &Frame, data: &[u8], end: End) {
        let l = &self.layout;
        let bottom = frame.status_y() - 3;
        let to_move = match end {
            End::Playing => Some(self.board.to_move()),
            _ => None,
        };
        for player in [Player::First, Player::Second] {
            let side = self.side(player);
            let c = l.column(player);
            os.fill_rect(c.x0, 0, c.x1, LINE_HEIGHT - 1, Attr::Reverse);
            os.write(c.x0, 0, Font::Medium, name(data, side), Attr::Normal);
            if to_move == Some(player) {
                os.fill_rect(c.x0, 0, c.x1, LINE_HEIGHT - 1, Attr::Xor);
            }
            let y = l.zone_y + 2;
            os.fill_rect(c.x0, y, c.x1, bottom, Attr::Reverse);
            os.write(c.x0, y, Font::Medium, b"wins", Attr::Normal);
            os.write_number(c.x0 + 30, y, Font::Medium, i32::from(tally(data, side)));
            // How the game ended for this side, under its wins.
            let state: &[u8] = match end {
                End::Won(s) if s == side => b"won!",
                End::Resigned(s) if s == side => b"quits",
                _ => b"",
            };
            os.write(c.x0, y + 2 * LINE_HEIGHT, Font::Medium, state, Attr::Normal);
        }
        let m = l.messages;
        os.fill_rect(m.x0, m.y0, m.x1, bottom, Attr::Reverse);
        let y = m.y0 + 1;
        if end == End::Draw {
            os.write(m.x0, y, Font::Medium, b"Draw!", Attr::Normal);
        } else {
            os.write(m.x0, y, Font::Small, b"draws", Attr::Normal);
            os.write_number(m.x0 + 24, y, Font::Small, i32::from(tally(data, 2)));
        }
    }

    fn human(&mut self, os: &mut Os, _frame: &Frame, keys: &mut Keyboard) -> Move {
        let player = self.board.to_move();
        loop {
            self.clear_above(os);
            ui::draw_piece_in(os, self.above(self.cursor), player);
            let input = keys.next(os);
            let col = match input {
                Input::Left => {
                    self.cursor = (self.cursor + 6) % 7;
                    continue;
                }
                Input::Right => {
                    self.cursor = (self.cursor + 1) % 7;
                    continue;
                }
                Input::Enter | Input::Down => self.cursor,
                Input::Char(c @ b'1'..=b'7') => c - b'1',
                Input::Function(n) => return Move::Function(n),
                Input::Escape => return Move::Leave(Leave::Menu),
                Input::Quit => return Move::Leave(Leave::Quit),
                _ => continue,
            };
            self.cursor = col;
            if self.board.can_play(col) {
                self.clear_above(os);
                return Move::Play(b'1' + col);
            }
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
        let reply = match ask(os, kind, rng.next_u32(), moves, &mut buf) {
            Ok(reply) => reply,
            Err(e) => {
                let why: &[u8] = if e.0 == ERROR_NOT_FOUND {
                    b"p4ia is not here:"
                } else {
                    b"p4ia failed:"
                };
                let lines: [&[u8]; 2] = [why, b"send it beside puiss4"];
                dialog::message(os, frame, keys, &lines);
                return Err(Interrupt::Escape);
            }
        };
        for i in 0..usize::from(reply[7]).min(REPLY_KEYS) {
            let at = REPLY_HEAD + 2 * i;
            if let Some(k) = reply.get(at..at + 2) {
                keys.push(Key(u16::from_be_bytes([k[0], k[1]])));
            }
        }
        match (reply[2], reply[1]) {
            (1, _) => Err(Interrupt::Escape),
            (2, _) => Err(Interrupt::Quit),
            (_, c @ 1..=7) if self.board.can_play(c - 1) => Ok(b'0' + c),
            _ => {
                dialog::message(os, frame, keys, &[b"p4ia: no move"]);
                Err(Interrupt::Escape)
            }
        }
    }

    fn play(&mut self, os: &mut Os, _frame: &Frame, mv: u8) {
        let col = mv.wrapping_sub(b'1');
        let player = self.board.to_move();
        let row = self.board.height(col);
        if self.board.play(col).is_err() {
            return;
        }
        if let Some((c, r)) = self.last.take() {
            ui::toggle_highlight(os, &self.layout, c, r);
        }
        // The piece falls: one row a tick.
        let mut at = 5;
        while at > row {
            ui::draw_piece(os, &self.layout, col, at, player);
            os.start_countdown(1);
            while !os.countdown_over() {}
            let r = self.layout.cell_inside(col, at);
            os.fill_rect(r.x0, r.y0, r.x1, r.y1, Attr::Reverse);
            at -= 1;
        }
        os.stop_countdown();
        ui::draw_piece(os, &self.layout, col, row, player);
        ui::toggle_highlight(os, &self.layout, col, row);
        self.last = Some((col, row));
    }

    fn show_win(&mut self, os: &mut Os, _frame: &Frame) {
        if let Some((c, r)) = self.last.take() {
            ui::toggle_highlight(os, &self.layout, c, r);
        }
        if let Some(four) = self.board.four() {
            for (col, row) in four {
                ui::toggle_highlight(os, &self.layout, col, row);
            }
        }
    }
}
