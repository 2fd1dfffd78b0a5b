//! The tic-tac-toe board as the sitting plays it (`crate::game::sitting::Table`): the grid on
//! the left, whose empty cells show the keypad digit that plays them (7 8 9 on the top row, as
//! the keys lie), the marks, the cursor, the winning line, and the panel on the right (each
//! side's mark, name and player, whose turn it is, the tally, how the game ended).
//!
//! | | TI-89 | TI-92 Plus / V200 |
//! | --- | --- | --- |
//! | grid | x 2-80, y 2-80: cells of 26 px | x 4-106, y 3-105: cells of 34 px |
//! | panel | x 86-159: 12 characters | x 114-239: 21 characters |
//!
//! Side 0 plays X, side 1 plays O.

use calc::tictactoe::board::LINES;
use calc::tictactoe::{ai, fast, Board, Mark, Status};
use calc::Rng;

use crate::game::sitting::{End, Leave, Move, State, Table};
use crate::game::{name, tally, KINDS};
use crate::os::{Attr, Font, Os};
use crate::ui::{Frame, Input, Interrupt, Keyboard, Rect, LINE_HEIGHT};

/// The players' names in the menus, by kind (0 a person).
pub const KIND_NAMES: [&[u8]; 5] = [b"Human", b"Simple", b"Easy", b"Medium", b"Hard"];

/// How each side's mark is written.
const MARKS: [&[u8]; 2] = [b"X", b"O"];

/// The mark of side `side`.
fn mark(side: usize) -> Mark {
    if side == 0 {
        Mark::X
    } else {
        Mark::O
    }
}

/// The side of `mark`.
fn side(mark: Mark) -> usize {
    match mark {
        Mark::X => 0,
        Mark::O => 1,
    }
}

/// The keypad digit that plays `cell`: 7 8 9 / 4 5 6 / 1 2 3, as the keys lie.
pub fn digit_of(cell: u8) -> u8 {
    (2 - cell / 3) * 3 + cell % 3 + 1
}

/// The cell the keypad digit `d` (1..9) plays.
pub fn cell_of(d: u8) -> u8 {
    (2 - (d - 1) / 3) * 3 + (d - 1) % 3
}

/// The board, where it is drawn, and the cursor.
pub struct Morpion {
    board: Board,
    /// The grid's top-left corner and a cell's side (its grid line included).
    x: i16,
    y: i16,
    cell: i16,
    /// The panel's left edge.
    panel: i16,
    cursor: u8,
}

impl Morpion {
    /// A table laid out for `frame`'s model.
    pub fn new(frame: &Frame) -> Morpion {
        let (x, y, cell, panel) = if frame.is_small() {
            (2, 2, 26, 86)
        } else {
            (4, 3, 34, 114)
        };
        Morpion {
            board: Board::new(Mark::X),
            x,
            y,
            cell,
            panel,
            cursor: 4,
        }
    }

    /// The inside of `cell`, grid lines excluded.
    fn inside(&self, cell: u8) -> Rect {
        let (col, row) = (i16::from(cell % 3), i16::from(cell / 3));
        let x0 = self.x + col * self.cell + 1;
        let y0 = self.y + row * self.cell + 1;
        Rect {
            x0,
            y0,
            x1: x0 + self.cell - 3,
            y1: y0 + self.cell - 3,
        }
    }

    /// Draws the content of `cell`: its mark, or the digit that plays it.
    fn draw_cell(&self, os: &mut Os, cell: u8) {
        let r = self.inside(cell);
        os.fill_rect(r.x0, r.y0, r.x1, r.y1, Attr::Reverse);
        let m = r.width() / 5;
        let (x0, y0, x1, y1) = (r.x0 + m, r.y0 + m, r.x1 - m, r.y1 - m);
        match self.board.get(cell) {
            Some(Mark::X) => {
                for d in 0..2 {
                    os.line(x0 + d, y0, x1 + d - 1, y1, Attr::Normal);
                    os.line(x0 + d, y1, x1 + d - 1, y0, Attr::Normal);
                }
            }
            Some(Mark::O) => {
                // A ring: two octagons, one inside the other.
                for d in 0..2 {
                    let (x0, y0, x1, y1) = (x0 + d, y0 + d, x1 - d, y1 - d);
                    let c = (x1 - x0) / 3;
                    let xs = [x0 + c, x1 - c, x1, x1, x1 - c, x0 + c, x0, x0];
                    let ys = [y0, y0, y0 + c, y1 - c, y1, y1, y1 - c, y0 + c];
                    for i in 0..8 {
                        let j = (i + 1) % 8;
                        os.line(xs[i], ys[i], xs[j], ys[j], Attr::Normal);
                    }
                }
            }
            None => {
                let digit = [b'0' + digit_of(cell)];
                os.write(r.x0 + 2, r.y0 + 1, Font::Small, &digit, Attr::Normal);
            }
        }
    }

    /// Inverts a frame just inside `cell`: once shows the cursor, once more hides it.
    fn toggle_cursor(&self, os: &mut Os) {
        let r = self.inside(self.cursor);
        for d in 1..3 {
            let (x0, y0, x1, y1) = (r.x0 + d, r.y0 + d, r.x1 - d, r.y1 - d);
            os.fill_rect(x0, y0, x1, y0, Attr::Xor);
            os.fill_rect(x0, y1, x1, y1, Attr::Xor);
            os.fill_rect(x0, y0 + 1, x0, y1 - 1, Attr::Xor);
            os.fill_rect(x1, y0 + 1, x1, y1 - 1, Attr::Xor);
        }
    }
}

impl Table for Morpion {
    const HINT: &'static [u8] = b"Keys 1-9, or arrows+ENTER";
    const MAX_MOVES: usize = 9;

    fn reset(&mut self, _os: &mut Os, first: usize, moves: &[u8]) -> bool {
        match Board::from_moves(mark(first), moves) {
            Ok(board) if !board.is_over() => {
                self.board = board;
                true
            }
            _ => false,
        }
    }

    fn state(&self) -> State {
        match self.board.status() {
            Status::ToMove(m) => State::ToMove(side(m)),
            Status::Won(m) => State::Won(side(m)),
            Status::Draw => State::Draw,
        }
    }

    fn redraw(&mut self, os: &mut Os, frame: &Frame, data: &[u8], end: End) {
        frame.clear(os);
        let end_of_grid = 3 * self.cell - 2;
        for i in 1..3 {
            let at = i * self.cell - 1;
            os.fill_rect(
                self.x + at - 1,
                self.y,
                self.x + at,
                self.y + end_of_grid,
                Attr::Normal,
            );
            os.fill_rect(
                self.x,
                self.y + at - 1,
                self.x + end_of_grid,
                self.y + at,
                Attr::Normal,
            );
        }
        for cell in 0..9 {
            self.draw_cell(os, cell);
        }
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
            let y = 2 + s as i16 * (2 * row + 2);
            os.write(x, y, Font::Medium, MARKS[s], Attr::Normal);
            os.write(x + 12, y, Font::Medium, name(data, s), Attr::Normal);
            let kind = usize::from(data[KINDS + s]).min(4);
            os.write(
                x + 12,
                y + row,
                Font::Medium,
                KIND_NAMES[kind],
                Attr::Normal,
            );
            if to_move == Some(s) {
                os.fill_rect(x - 2, y - 1, frame.width - 1, y + 2 * row - 2, Attr::Xor);
            }
        }
        let y = 2 + 4 * row + 6;
        let labels: [&[u8]; 3] = [b"X wins", b"O wins", b"Draws"];
        for (i, label) in labels.iter().enumerate() {
            let y = y + i as i16 * row;
            os.write(x, y, Font::Medium, label, Attr::Normal);
            os.write_number(x + 42, y, Font::Medium, i32::from(tally(data, i)));
        }
        let (who, what): (&[u8], &[u8]) = match end {
            End::Playing => (b"", b""),
            End::Won(s) => (MARKS[s], b" wins!"),
            End::Draw => (b"", b"Draw!"),
            End::Resigned(s) => (MARKS[s], b" resigns"),
        };
        let y = y + 3 * row + 2;
        if y + LINE_HEIGHT <= bottom {
            os.write(x, y, Font::Medium, who, Attr::Normal);
            os.write(
                x + who.len() as i16 * 6,
                y,
                Font::Medium,
                what,
                Attr::Normal,
            );
        }
    }

    fn human(&mut self, os: &mut Os, _frame: &Frame, keys: &mut Keyboard) -> Move {
        self.toggle_cursor(os);
        loop {
            let input = keys.next(os);
            let (col, row) = (self.cursor % 3, self.cursor / 3);
            let to = match input {
                Input::Up => col + (row + 2) % 3 * 3,
                Input::Down => col + (row + 1) % 3 * 3,
                Input::Left => (col + 2) % 3 + row * 3,
                Input::Right => (col + 1) % 3 + row * 3,
                Input::Enter => self.cursor,
                Input::Char(c @ b'1'..=b'9') => cell_of(c - b'0'),
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
            let play = matches!(input, Input::Enter | Input::Char(_));
            if play && self.board.get(to).is_none() {
                return Move::Play(to);
            }
            self.toggle_cursor(os);
        }
    }

    fn computer(
        &mut self,
        _os: &mut Os,
        _frame: &Frame,
        _keys: &mut Keyboard,
        kind: u8,
        rng: &mut Rng,
        _moves: &[u8],
    ) -> Result<u8, Interrupt> {
        let depth = match kind {
            2 => 3,
            3 => 5,
            4 => 9,
            _ => 0,
        };
        let cell = if depth > 0 {
            fast::choose_move(&self.board, depth, rng).map(|c| c.cell)
        } else {
            ai::choose_move(&self.board, rng).map(|(c, _)| c)
        };
        // The sitting asks only while the game goes on, so there is always a cell.
        Ok(cell.unwrap_or(0))
    }

    fn play(&mut self, os: &mut Os, _frame: &Frame, cell: u8) {
        if self.board.play(cell).is_ok() {
            self.draw_cell(os, cell);
        }
    }

    fn show_win(&mut self, os: &mut Os, _frame: &Frame) {
        let Status::Won(m) = self.board.status() else {
            return;
        };
        let Some(line) = LINES
            .iter()
            .find(|l| l.iter().all(|&c| self.board.get(c) == Some(m)))
        else {
            return;
        };
        let centre = |cell: u8| {
            let r = self.inside(cell);
            ((r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2)
        };
        let (a, b) = (centre(line[0]), centre(line[2]));
        let (dx, dy) = if a.1 == b.1 { (0, 1) } else { (1, 0) };
        for k in -1..=1 {
            os.line(
                a.0 + k * dx,
                a.1 + k * dy,
                b.0 + k * dx,
                b.1 + k * dy,
                Attr::Normal,
            );
        }
    }
}
