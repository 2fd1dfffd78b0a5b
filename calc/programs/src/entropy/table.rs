//! The New Entropy board as the sitting plays it (`crate::game::sitting::Table`): the 7x7
//! board on the left (cells of 11 pixels on the TI-89, 15 on the TI-92 Plus / Voyage 200, the
//! colours as `crate::ui::colours` draws them), and a panel on the right: each side's name
//! (inverted for the side to move), its role in this round and its points, the round and turn,
//! the round's score so far (row sum x column sum = score; a sum in the classic variant), the
//! piece drawn and what is left in the bag; at the end, the result.
//!
//! A person moves a cursor (the inverted cell) with the arrows and presses ENTER: as the
//! defender on an empty cell; as the attacker on a cell the piece can reach (dotted), or on
//! the piece itself to leave it. In the classic variant ENTER on another piece picks it (its
//! reachable cells are dotted) and ENTER on the picked piece passes. With the help on, the
//! cells the hard level would choose are marked in their corners.
//!
//! A move is one byte: a placement is its cell (0..48); an attack is [`attack_code`].

use calc::entropy::board::{Board, Cells, Colour, CELLS};
use calc::entropy::moves::{attack_code, OPENING};
use calc::entropy::rules::Attack;
use calc::Rng;

use super::request::{
    self, long, Question, AT, COUNTS, OUTCOME, PHASE, PIECE, PLAYER, PROGRAM, REPLY, REPLY_LEN,
    REQUEST, REQUEST_HEAD, ROUND, SCORES, TURN,
};
use super::{ATTACK, DEFENCE, HELP, MAX_MOVES, VARIANT};
use crate::game::sitting::{End, Leave, Move, State, Table};
use crate::game::{name, tally, MOVES};
use crate::os::{Attr, Bytes, Font, Os, OsError};
use crate::ui::colours::{draw_colour, initial};
use crate::ui::dialog;
use crate::ui::{Frame, Input, Interrupt, Keyboard, Rect};

/// AMS's "undefined variable": `entia` left no reply.
const ERROR_UNDEFINED: u16 = 960;
/// AMS's "program not found": there is no `entia` in the game's folder.
const ERROR_NOT_FOUND: u16 = 850;

/// The game, where it is drawn, and the person's cursor and marks.
pub struct Entropy {
    /// The game's moves (its opening first), and how many.
    moves: Bytes<MAX_MOVES>,
    len: usize,
    /// `entia`'s last reply: the game's state after the moves ([`request`]).
    state: Bytes<REPLY_LEN>,
    /// The OS error of `entia`'s last run, 0 when the state is the moves'.
    failed: u16,
    /// The side whose player 0 attacks first.
    first: usize,
    /// Pixels of a cell (its lines included).
    cell: i16,
    /// The panel's left and right edges, its line height.
    panel_x: i16,
    right: i16,
    line: i16,
    cursor: u8,
    /// The cells a picked piece can reach (dotted).
    reach: u64,
    /// The help's cells (marked in the corners).
    hint: u64,
    /// Each side's levels (attack, defence) and the help, read from the settings at each
    /// redraw.
    levels: [[u8; 2]; 2],
    help: bool,
}

impl Entropy {
    /// A table laid out for `frame`'s model.
    pub fn new(frame: &Frame) -> Entropy {
        let cell = if frame.is_small() { 11 } else { 15 };
        Entropy {
            moves: Bytes::zeroed(),
            len: 0,
            state: Bytes::zeroed(),
            failed: ERROR_UNDEFINED,
            first: 0,
            cell,
            panel_x: 7 * cell + 3,
            right: frame.width - 1,
            line: if frame.is_small() { 9 } else { 12 },
            cursor: 24,
            reach: 0,
            hint: 0,
            levels: [[1; 2]; 2],
            help: false,
        }
    }

    /// The side of game player `player` (0 attacks in the first round).
    fn side(&self, player: u8) -> usize {
        self.first ^ usize::from(player & 1)
    }

    /// The inside of cell `i`.
    fn inside(&self, i: u8) -> Rect {
        let (r, c) = (i16::from(i) / 7, i16::from(i) % 7);
        Rect {
            x0: c * self.cell + 1,
            y0: r * self.cell + 1,
            x1: c * self.cell + self.cell - 1,
            y1: r * self.cell + self.cell - 1,
        }
    }

    /// The colour code on cell `i` (0 empty).
    fn code(&self, i: u8) -> u8 {
        self.state[request::CELLS + usize::from(i)]
    }

    /// The board of the state (for the slides a person may play).
    fn board(&self) -> Board {
        let mut board = Board::new();
        for i in 0..CELLS as u8 {
            if let Some(c) = Colour::from_code(self.code(i)) {
                let _ = board.put(usize::from(i), c);
            }
        }
        board
    }

    /// Draws cell `i`: its piece, its marks, the cursor.
    fn draw_cell(&self, os: &mut Os, i: u8) {
        let r = self.inside(i);
        draw_colour(os, r, self.code(i));
        let bit = 1u64 << i;
        if self.reach & bit != 0 {
            let (x, y) = ((r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2);
            os.fill_rect(x - 1, y - 1, x, y, Attr::Normal);
        }
        if self.hint & bit != 0 {
            os.fill_rect(r.x0, r.y0, r.x0 + 2, r.y0 + 2, Attr::Xor);
            os.fill_rect(r.x1 - 2, r.y1 - 2, r.x1, r.y1, Attr::Xor);
        }
        if i == self.cursor {
            os.fill_rect(r.x0, r.y0, r.x1, r.y1, Attr::Xor);
        }
    }

    /// Draws the grid and every cell.
    fn draw_board(&self, os: &mut Os) {
        let end = 7 * self.cell;
        for k in 0..=7 {
            let at = k * self.cell;
            os.line(at, 0, at, end, Attr::Normal);
            os.line(0, at, end, at, Attr::Normal);
        }
        for i in 0..CELLS as u8 {
            self.draw_cell(os, i);
        }
    }

    /// Moves the cursor to `to`, redrawing the two cells.
    fn move_cursor(&mut self, os: &mut Os, to: u8) {
        let from = self.cursor;
        self.cursor = to;
        self.draw_cell(os, from);
        self.draw_cell(os, to);
    }

    /// Sets the marks and redraws the cells whose marks changed.
    fn set_marks(&mut self, os: &mut Os, reach: u64, hint: u64) {
        let changed = (self.reach ^ reach) | (self.hint ^ hint);
        self.reach = reach;
        self.hint = hint;
        for i in Cells(changed) {
            self.draw_cell(os, i as u8);
        }
    }

    /// Asks `entia` `question` at `level` with `seed` about the game's moves: its reply, or the
    /// OS error that stopped it.
    fn ask(
        &self,
        os: &mut Os,
        question: Question,
        level: u8,
        seed: u32,
    ) -> Result<Bytes<REPLY_LEN>, OsError> {
        let mut req = Bytes::<{ REQUEST_HEAD + MAX_MOVES }>::zeroed();
        req[0] = request::VERSION;
        req[1] = question as u8;
        req[2] = level;
        req[3..7].copy_from_slice(&seed.to_be_bytes());
        req[7] = self.len as u8;
        req[REQUEST_HEAD..REQUEST_HEAD + self.len].copy_from_slice(&self.moves[..self.len]);
        let path = os.own_path(&REQUEST);
        os.store_data(
            &path,
            &req[..REQUEST_HEAD + self.len],
            request::REQUEST_TYPE,
        )?;
        os.run_sibling(&PROGRAM)?;
        let path = os.own_path(&REPLY);
        // The variable's content holds its type's tag after the payload.
        let mut buf = Bytes::<{ REPLY_LEN + 8 }>::zeroed();
        let mut reply = Bytes::<REPLY_LEN>::zeroed();
        let read = os
            .read_data(&path, request::REPLY_TYPE, &mut buf.0)
            .map(|r| r.len());
        let _ = os.delete_var(&path);
        reply.copy_from_slice(&buf[..REPLY_LEN]);
        match read {
            Ok(REPLY_LEN) if reply[0] == request::VERSION => Ok(reply),
            _ => Err(OsError(ERROR_UNDEFINED)),
        }
    }

    /// Asks `entia` for the state of the moves; false if it could not answer.
    fn refresh(&mut self, os: &mut Os) -> bool {
        match self.ask(os, Question::State, 0, 0) {
            Ok(reply) => {
                self.state = reply;
                self.failed = 0;
                true
            }
            Err(e) => {
                self.failed = e.0;
                false
            }
        }
    }

    /// Says that `entia` could not answer, until a key.
    fn entia_failed(&self, os: &mut Os, frame: &Frame, keys: &mut Keyboard) {
        let why: &[u8] = if self.failed == ERROR_NOT_FOUND {
            b"entia is not here:"
        } else {
            b"entia failed:"
        };
        let lines: [&[u8]; 2] = [why, b"send it beside entropy"];
        dialog::message(os, frame, keys, &lines);
    }

    /// The help's cells for the person to move (none when the help is off or `entia` fails).
    fn help_cells(&self, os: &mut Os, attack: bool) -> u64 {
        if !self.help {
            return 0;
        }
        let question = if attack {
            Question::HelpAttack
        } else {
            Question::HelpPlace
        };
        self.ask(os, question, 1, 0)
            .map_or(0, |reply| request::mask_of(&reply.0))
    }

    /// The piece drawn, and the cell it was placed on (49 before the placement).
    fn piece(&self) -> (u8, u8) {
        let at = if self.state[PHASE] == 1 {
            self.state[AT]
        } else {
            CELLS as u8
        };
        (self.state[PIECE], at)
    }

    /// Whether the game is classic Entropy.
    fn classic(&self) -> bool {
        self.state[request::VARIANT] == 1
    }
}

impl Table for Entropy {
    const HINT: &'static [u8] = b"Arrows, ENTER F2:resign";
    const MAX_MOVES: usize = MAX_MOVES;

    fn opening(&self, data: &mut [u8], seed: u32) -> usize {
        data[MOVES] = data[VARIANT] & 1;
        data[MOVES + 1..MOVES + 5].copy_from_slice(&seed.to_be_bytes());
        OPENING
    }

    fn reset(&mut self, os: &mut Os, first: usize, moves: &[u8]) -> bool {
        let n = moves.len().min(MAX_MOVES);
        self.moves[..n].copy_from_slice(&moves[..n]);
        self.len = n;
        self.first = first & 1;
        self.reach = 0;
        self.hint = 0;
        self.refresh(os) && self.state[PHASE] != 2
    }

    fn state(&self) -> State {
        match (self.state[PHASE], self.state[OUTCOME]) {
            (2, 1) => State::Won(self.side(0)),
            (2, 2) => State::Won(self.side(1)),
            (2, _) => State::Draw,
            _ => State::ToMove(self.side(self.state[PLAYER])),
        }
    }

    fn redraw(&mut self, os: &mut Os, frame: &Frame, data: &[u8], end: End) {
        for side in 0..2 {
            self.levels[side] = [data[ATTACK + side].min(2), data[DEFENCE + side].min(2)];
        }
        self.help = data[HELP] == 1;
        frame.clear(os);
        self.draw_board(os);
        self.panel(os, frame, data, end);
    }

    fn panel(&mut self, os: &mut Os, _frame: &Frame, data: &[u8], end: End) {
        let st = &self.state.0;
        let mut text = Panel([b' '; PANEL_LINES * PANEL_WIDTH]);
        for side in 0..2 {
            let player = side ^ self.first;
            let line = 2 * side + 1;
            text.put(2 * side, 0, name(data, side));
            let role: &[u8] = if usize::from(st[ROUND]) == player {
                b"Att"
            } else {
                b"Def"
            };
            let at = text.put(line, 0, role);
            let at = text.number(line, at + 1, long(st, SCORES + 4 * player));
            let at = text.put(line, at + 1, b"w");
            text.number(line, at, u32::from(tally(data, side)));
        }
        let how: &[u8] = match end {
            End::Playing => {
                let at = text.put(4, 0, b"R");
                let at = text.number(4, at, u32::from(st[ROUND]) + 1);
                let at = text.put(4, at, b" turn ");
                text.number(4, at, u32::from(st[TURN]) + 1);
                b""
            }
            End::Won(_) | End::Resigned(_) => b" wins",
            End::Draw => b"Draw!",
        };
        // The winner (a name of 8 and " wins" fill the TI-89's 13 columns); a resignation
        // says so on the piece's line.
        let winner = match end {
            End::Won(side) => Some(side),
            End::Resigned(side) => Some(1 - side),
            _ => None,
        };
        if let Some(side) = winner {
            let at = text.put(4, 0, name(data, side));
            text.put(4, at, how);
        } else {
            text.put(4, 0, how);
        }
        // The round's score so far: row sum x column sum = score (a sum in the classic rules).
        let (rows, columns) = (long(st, SCORES + 8), long(st, SCORES + 12));
        let (op, score): (&[u8], u32) = if self.classic() {
            (b"+", rows + columns)
        } else {
            (b"x", rows * columns)
        };
        let at = text.number(5, 0, rows);
        let at = text.put(5, at, op);
        let at = text.number(5, at, columns);
        let at = text.put(5, at, b"=");
        text.number(5, at, score);
        // The piece drawn (its box after "Piece"), and what is left in the bag.
        let piece_line: &[u8] = if let End::Resigned(_) = end {
            b"(resigned)"
        } else {
            b"Piece"
        };
        text.put(6, 0, piece_line);
        for i in 0..7 {
            let n = st[COUNTS + i];
            text.put(
                7 + i / 4,
                (i % 4) * 3,
                &[initial(i as u8 + 1), b'0' + n % 10],
            );
        }
        for n in 0..PANEL_LINES {
            let y = n as i16 * self.line;
            os.fill_rect(
                self.panel_x,
                y,
                self.right,
                y + self.line - 1,
                Attr::Reverse,
            );
            let line = &text.0[n * PANEL_WIDTH..(n + 1) * PANEL_WIDTH];
            os.write(self.panel_x, y, Font::Medium, line, Attr::Normal);
        }
        if end == End::Playing && st[PHASE] < 2 {
            let side = self.side(st[PLAYER]);
            let y = 2 * side as i16 * self.line;
            let x1 = self.panel_x + 6 * name(data, side).len() as i16;
            os.fill_rect(self.panel_x, y, x1, y + 7, Attr::Xor);
            let (x, y) = (self.panel_x + 6 * 6, 6 * self.line);
            let r = Rect {
                x0: x,
                y0: y,
                x1: x + self.line - 2,
                y1: y + self.line - 2,
            };
            draw_colour(os, r, self.piece().0);
        }
    }

    fn human(&mut self, os: &mut Os, frame: &Frame, keys: &mut Keyboard) -> Move {
        if self.failed != 0 {
            self.entia_failed(os, frame, keys);
            return Move::Leave(Leave::Menu);
        }
        let (_, at) = self.piece();
        let placing = at == CELLS as u8;
        let board = self.board();
        let hint = self.help_cells(os, !placing);
        // The piece whose slides are shown (an attack): first the one placed.
        let mut picked = at;
        self.set_marks(os, board.slides(usize::from(at)), hint);
        if !placing {
            self.move_cursor(os, at);
        }
        let mv = loop {
            let c = self.cursor;
            // The arrows move along the rows, wrapping from a row's end to the next row.
            let step = match keys.next(os) {
                Input::Left => 48,
                Input::Right => 1,
                Input::Up => 42,
                Input::Down => 7,
                Input::Enter => {
                    let occupied = board.occupied() & (1 << c) != 0;
                    if placing && !occupied {
                        break Move::Play(c);
                    } else if placing {
                    } else if c == picked {
                        break Move::Play(at);
                    } else if self.reach & (1 << c) != 0 {
                        break Move::Play(attack_code(
                            Attack {
                                from: picked,
                                to: c,
                            },
                            at,
                        ));
                    } else if occupied && self.classic() {
                        picked = c;
                        self.set_marks(os, board.slides(usize::from(c)), hint);
                    }
                    continue;
                }
                Input::Function(n) => break Move::Function(n),
                Input::Escape => break Move::Leave(Leave::Menu),
                Input::Quit => break Move::Leave(Leave::Quit),
                _ => continue,
            };
            self.move_cursor(os, (c + step) % 49);
        };
        self.set_marks(os, 0, 0);
        mv
    }

    fn computer(
        &mut self,
        os: &mut Os,
        frame: &Frame,
        keys: &mut Keyboard,
        _kind: u8,
        rng: &mut Rng,
        _moves: &[u8],
    ) -> Result<u8, Interrupt> {
        let (_, at) = self.piece();
        let placing = at == CELLS as u8;
        let side = self.side(self.state[PLAYER]);
        let (question, level) = if placing {
            (Question::Place, self.levels[side][1])
        } else {
            (Question::Attack, self.levels[side][0])
        };
        let reply = if self.failed == 0 {
            self.ask(os, question, level, rng.next_u32())
        } else {
            Err(OsError(self.failed))
        };
        match reply {
            Ok(r) if placing => Ok(r[1]),
            Ok(r) => Ok(attack_code(
                Attack {
                    from: r[1],
                    to: r[2],
                },
                at,
            )),
            Err(e) => {
                self.failed = e.0;
                self.entia_failed(os, frame, keys);
                Err(Interrupt::Escape)
            }
        }
    }

    fn play(&mut self, os: &mut Os, _frame: &Frame, mv: u8) {
        let before = self.state;
        if self.len < MAX_MOVES {
            self.moves[self.len] = mv;
            self.len += 1;
        }
        if !self.refresh(os) {
            // Not a move of the game (or no `entia`): the next turn says so.
            self.len -= 1;
            return;
        }
        for i in 0..CELLS as u8 {
            let k = request::CELLS + usize::from(i);
            if before[k] != self.state[k] {
                self.draw_cell(os, i);
            }
        }
    }

    fn show_win(&mut self, _os: &mut Os, _frame: &Frame) {}
}

/// Lines of the panel, characters of a line (the TI-89's panel is 80 pixels wide).
const PANEL_LINES: usize = 9;
const PANEL_WIDTH: usize = 13;

/// The panel's text, built before it is drawn (one call to the OS a line).
struct Panel([u8; PANEL_LINES * PANEL_WIDTH]);

impl Panel {
    /// Writes `text` on line `line` from column `at` (what does not fit is dropped); the
    /// column after it.
    fn put(&mut self, line: usize, at: usize, text: &[u8]) -> usize {
        let row = &mut self.0[line * PANEL_WIDTH..(line + 1) * PANEL_WIDTH];
        for (i, &b) in text.iter().enumerate() {
            if let Some(slot) = row.get_mut(at + i) {
                *slot = b;
            }
        }
        at + text.len()
    }

    /// Writes `value` in decimal on line `line` from column `at`; the column after it.
    fn number(&mut self, line: usize, at: usize, value: u32) -> usize {
        let mut digits = [0u8; 10];
        let mut n = 0;
        let mut v = value;
        loop {
            digits[9 - n] = b'0' + (v % 10) as u8;
            n += 1;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        self.put(line, at, &digits[10 - n..])
    }
}
