//! What the programs show and read: the contest's screen (this page), and the game
//! interface's pieces, for both screen sizes and both keyboards:
//!
//! - [`frame`]: each model's area, title and status line;
//! - [`input`]: each model's key codes, and the keys pressed while the computer works;
//! - [`form`]: menus that are also settings forms (choices, numbers and names typed in);
//!   [`dialog`]: message boxes, yes/no questions;
//! - [`colours`]: New Entropy's seven piece colours as letters a monochrome screen shows.
//!
//! The contest's screen (`layout`, `draw`): where the board, the names, the messages and each
//! AI's own zone go on the TI-89 (160x100) and on the TI-92 Plus / Voyage 200 (240x128), and how
//! they are drawn. Shared by the arbiter, the replay program, the Connect Four game and the
//! human contest player.
//!
//! The screen is three columns: AI 1's column on the left, the board in the middle, AI 2's
//! column on the right. Each AI's column holds its name (top line, at most N characters of
//! the 6x8 font: N = column width / 6), its piece and number, then its **zone**: the rest of
//! the column, where that AI may draw during its calls and which the arbiter never touches
//! while the game runs. Under the board: the column numbers, then the arbiter's messages.
//!
//! The OS's status line (the 8 bottom rows) is left alone: the OS draws there at any time.
//!
//! | | TI-89 (160x100) | TI-92 Plus / V200 (240x128) |
//! | --- | --- | --- |
//! | AI 1's column | x 0-47 | x 0-73 |
//! | board (7x6 cells) | x 48-111, y 10-64, cells of 9 px | x 74-165, y 12-90, cells of 13 px |
//! | AI 2's column | x 112-159 | x 166-239 |
//! | name line, piece line | y 0-7, y 9-17 | y 0-7, y 10-19 |
//! | AI zones | 48x72: y 20-91 | 74x98: y 22-119 |
//! | N (name length) | 8 | 12 |
//! | column numbers | y 66-71 | y 92-97 |
//! | messages | x 48-111, y 73-91: 2 lines of 10 characters | x 74-165, y 99-119: 2 lines of 15 |
//! | status line (the OS's) | y 92-99 | y 120-127 |

pub mod colours;
pub mod dialog;
mod draw;
pub mod form;
pub mod frame;
pub mod input;
mod layout;
mod text;

pub use draw::{
    draw_board_frame, draw_game, draw_names, draw_piece, draw_piece_in, show_lines,
    toggle_highlight,
};
pub use frame::Frame;
pub use input::{Input, Interrupt, Keyboard};
pub use layout::{Layout, Rect, CHAR_WIDTH, LINE_HEIGHT};
pub use text::Line;
