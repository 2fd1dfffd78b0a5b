//! Drawing the contest screen: the grid, the pieces (player 1's O as a ring, player 2's X as a
//! cross), the last move's highlight, the names and the message lines.

use calc::connect4::Player;

use super::layout::{Layout, Rect, LINE_HEIGHT};
use crate::os::{Attr, Font, Os};

fn clear(os: &mut Os, r: Rect) {
    os.fill_rect(r.x0, r.y0, r.x1, r.y1, Attr::Reverse);
}

/// Clears the middle column and draws the empty grid with the column numbers 1..7 under it.
pub fn draw_board_frame(os: &mut Os, layout: &Layout) {
    let g = layout.grid();
    clear(
        os,
        Rect {
            x0: g.x0,
            y0: 0,
            x1: g.x1,
            y1: layout.screen.1 - 1,
        },
    );
    for i in 0..=7 {
        let x = g.x0 + i * layout.cell;
        os.line(x, g.y0, x, g.y1, Attr::Normal);
    }
    for j in 0..=6 {
        let y = g.y0 + j * layout.cell;
        os.line(g.x0, y, g.x1, y, Attr::Normal);
    }
    let previous = os.set_font(Font::Small);
    for col in 0..7u8 {
        let inside = layout.cell_inside(col, 0);
        let x = inside.x0 + (inside.width() - 4) / 2;
        os.draw_text(x, layout.numbers_y, &[b'1' + col], Attr::Normal);
    }
    os.set_font(previous);
}

/// Draws `player`'s piece in `rect` (a cell's inside, or an icon's box): O as a ring (an
/// octagon of lines, as round as a few pixels allow), X as a cross.
pub fn draw_piece_in(os: &mut Os, r: Rect, player: Player) {
    let m = if r.width() > 10 { 2 } else { 1 };
    let (x0, y0, x1, y1) = (r.x0 + m, r.y0 + m, r.x1 - m, r.y1 - m);
    match player {
        Player::First => {
            let c = (x1 - x0) / 3;
            let points = [
                (x0 + c, y0),
                (x1 - c, y0),
                (x1, y0 + c),
                (x1, y1 - c),
                (x1 - c, y1),
                (x0 + c, y1),
                (x0, y1 - c),
                (x0, y0 + c),
            ];
            for i in 0..points.len() {
                let (a, b) = (points[i], points[(i + 1) % points.len()]);
                os.line(a.0, a.1, b.0, b.1, Attr::Normal);
            }
        }
        Player::Second => {
            os.line(x0, y0, x1, y1, Attr::Normal);
            os.line(x0, y1, x1, y0, Attr::Normal);
        }
    }
}

/// Draws `player`'s piece in cell (`col`, `row`) (0-based, row 0 at the bottom).
pub fn draw_piece(os: &mut Os, layout: &Layout, col: u8, row: u8, player: Player) {
    draw_piece_in(os, layout.cell_inside(col, row), player);
}

/// Inverts cell (`col`, `row`): call once to mark the last move, once more to unmark it.
pub fn toggle_highlight(os: &mut Os, layout: &Layout, col: u8, row: u8) {
    let r = layout.cell_inside(col, row);
    os.fill_rect(r.x0, r.y0, r.x1, r.y1, Attr::Xor);
}

/// Draws a whole game: both names, the empty board, then the pieces of `moves` (columns
/// 1..7, the first player's first), the last one highlighted.
pub fn draw_game(os: &mut Os, layout: &Layout, names: [&[u8]; 2], moves: &[u8]) {
    draw_names(os, layout, names);
    draw_board_frame(os, layout);
    let mut heights = [0u8; 7];
    let mut last = None;
    for (i, &m) in moves.iter().enumerate() {
        let col = m - 1;
        let player = if i % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        draw_piece(os, layout, col, heights[col as usize], player);
        last = Some((col, heights[col as usize]));
        heights[col as usize] += 1;
    }
    if let Some((col, row)) = last {
        toggle_highlight(os, layout, col, row);
    }
}

/// Writes each AI's name (at most N characters; an empty name shows as `?`) on the top line
/// of its column, and its piece with its number on the line under it.
pub fn draw_names(os: &mut Os, layout: &Layout, names: [&[u8]; 2]) {
    let limit = layout.name_limit() as usize;
    let previous = os.set_font(Font::Medium);
    for (seat, name) in [(Player::First, names[0]), (Player::Second, names[1])] {
        let column = layout.column(seat);
        clear(
            os,
            Rect {
                y1: layout.zone_y - 1,
                ..column
            },
        );
        let shown: &[u8] = if name.is_empty() { b"?" } else { name };
        os.draw_text(column.x0, 0, &shown[..shown.len().min(limit)], Attr::Normal);
        let side = layout.zone_y - layout.piece_line_y - 2;
        draw_piece_in(
            os,
            Rect {
                x0: column.x0 + 1,
                y0: layout.piece_line_y,
                x1: column.x0 + side,
                y1: layout.piece_line_y + side - 1,
            },
            seat,
        );
        let label: &[u8] = match seat {
            Player::First => b"AI 1",
            Player::Second => b"AI 2",
        };
        os.draw_text(
            column.x0 + side + 4,
            layout.piece_line_y + (side - LINE_HEIGHT) / 2,
            label,
            Attr::Normal,
        );
    }
    os.set_font(previous);
}

/// Clears the message area and writes `lines` in it (as many as fit, each cut to the width).
pub fn show_lines(os: &mut Os, layout: &Layout, lines: &[&[u8]]) {
    let m = layout.messages;
    clear(os, m);
    let previous = os.set_font(Font::Medium);
    let width = layout.message_width();
    for (i, line) in lines.iter().take(layout.message_lines as usize).enumerate() {
        let text = &line[..line.len().min(width)];
        let x = m.x0 + (m.width() - text.len() as i16 * 6) / 2;
        os.draw_text(
            x,
            m.y0 + 1 + i as i16 * (LINE_HEIGHT + 1),
            text,
            Attr::Normal,
        );
    }
    os.set_font(previous);
}
