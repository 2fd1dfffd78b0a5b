//! The numbers of the contest screen per model (see the table in the module above).

use calc::connect4::Player;

use crate::os::Model;

/// A rectangle of pixels, corners included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    /// Left column.
    pub x0: i16,
    /// Top row.
    pub y0: i16,
    /// Right column.
    pub x1: i16,
    /// Bottom row.
    pub y1: i16,
}

impl Rect {
    /// Width in pixels.
    pub fn width(&self) -> i16 {
        self.x1 - self.x0 + 1
    }

    /// Height in pixels.
    pub fn height(&self) -> i16 {
        self.y1 - self.y0 + 1
    }
}

/// Where everything goes on one model's screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The part of the screen the contest uses: all of it but the OS's status line (its 8
    /// bottom rows, where the OS may draw at any time: its busy indicator, link messages).
    pub screen: (i16, i16),
    /// Left edge of the board's grid (its first vertical line).
    pub board_x: i16,
    /// Top edge of the board's grid.
    pub board_y: i16,
    /// Side of a cell, grid line included.
    pub cell: i16,
    /// Width of each AI's column.
    pub side: i16,
    /// Top of the piece line of the AI columns.
    pub piece_line_y: i16,
    /// Top of the AI zones.
    pub zone_y: i16,
    /// Top of the column numbers under the board.
    pub numbers_y: i16,
    /// The message area under the board.
    pub messages: Rect,
    /// Lines of messages.
    pub message_lines: u8,
}

/// Width of a character of the 6x8 font, the font of names and messages.
pub const CHAR_WIDTH: i16 = 6;
/// Height of a line of the 6x8 font.
pub const LINE_HEIGHT: i16 = 8;

impl Layout {
    /// The layout of `model`'s screen.
    pub fn for_model(model: Model) -> Layout {
        match model {
            Model::Ti89 => Layout {
                screen: (160, 92),
                board_x: 48,
                board_y: 10,
                cell: 9,
                side: 48,
                piece_line_y: 9,
                zone_y: 20,
                numbers_y: 66,
                messages: Rect {
                    x0: 48,
                    y0: 73,
                    x1: 111,
                    y1: 91,
                },
                message_lines: 2,
            },
            Model::Ti92Plus | Model::V200 => Layout {
                screen: (240, 120),
                board_x: 74,
                board_y: 12,
                cell: 13,
                side: 74,
                piece_line_y: 10,
                zone_y: 22,
                numbers_y: 92,
                messages: Rect {
                    x0: 74,
                    y0: 99,
                    x1: 165,
                    y1: 119,
                },
                message_lines: 2,
            },
        }
    }

    /// N: the longest name an AI may give (what fits its column in the 6x8 font).
    pub fn name_limit(&self) -> u8 {
        (self.side / CHAR_WIDTH) as u8
    }

    /// Characters of a message line.
    pub fn message_width(&self) -> usize {
        (self.messages.width() / CHAR_WIDTH) as usize
    }

    /// The column of `seat` (left for AI 1, right for AI 2), whole height.
    pub fn column(&self, seat: Player) -> Rect {
        let (w, h) = self.screen;
        match seat {
            Player::First => Rect {
                x0: 0,
                y0: 0,
                x1: self.side - 1,
                y1: h - 1,
            },
            Player::Second => Rect {
                x0: w - self.side,
                y0: 0,
                x1: w - 1,
                y1: h - 1,
            },
        }
    }

    /// The zone `seat` may draw in during its calls.
    pub fn zone(&self, seat: Player) -> Rect {
        Rect {
            y0: self.zone_y,
            ..self.column(seat)
        }
    }

    /// The inside of cell (`col`, `row`) (0-based, row 0 at the bottom), grid lines excluded.
    pub fn cell_inside(&self, col: u8, row: u8) -> Rect {
        let x0 = self.board_x + self.cell * i16::from(col) + 1;
        let y0 = self.board_y + self.cell * (5 - i16::from(row)) + 1;
        Rect {
            x0,
            y0,
            x1: x0 + self.cell - 2,
            y1: y0 + self.cell - 2,
        }
    }

    /// The grid's outer rectangle.
    pub fn grid(&self) -> Rect {
        Rect {
            x0: self.board_x,
            y0: self.board_y,
            x1: self.board_x + 7 * self.cell,
            y1: self.board_y + 6 * self.cell,
        }
    }
}
