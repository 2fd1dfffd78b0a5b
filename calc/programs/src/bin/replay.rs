//! `replay`: shows a game logged by the arbiter, move by move.
//!
//! ```text
//! replay()                    the arbiter's last game: `journal` in this program's folder
//! replay("main\journal")      any log (custom data of type C4L, calc::connect4::log)
//! ```
//!
//! Keys: right arrow or ENTER, the next move; left arrow or backspace, the previous one; up
//! arrow, the start; down arrow, the end; ESC, quit. The screen is the arbiter's (src/ui):
//! the names, the board after the moves shown with the last one marked, and under it the move
//! number and, at the end, how the game ended.
#![no_std]
#![no_main]

use calc::connect4::log::{self, GameLog, MAX_LOG_LEN};
use programs::contest::result_lines;
use programs::os::{Key, Model, Name, Os, VarPath};
use programs::ui::{self, Layout, Line};

programs::entry!(main);

/// `journal`, where the arbiter writes its log.
const JOURNAL: Name = Name::lit(b"journal");

/// What a key does.
enum Step {
    Next,
    Previous,
    Start,
    End,
    Quit,
    Nothing,
}

/// The arrows' codes differ between the TI-89 and the 92 Plus/V200
/// (docs/rom-calls.md#keyboard-codes).
fn step(model: Model, key: Key) -> Step {
    let (up, left, down, right) = match model {
        Model::Ti89 => (337, 338, 340, 344),
        Model::Ti92Plus | Model::V200 => (338, 337, 344, 340),
    };
    match key.0 {
        13 => Step::Next,
        257 => Step::Previous,
        264 => Step::Quit,
        k if k == right => Step::Next,
        k if k == left => Step::Previous,
        k if k == up => Step::Start,
        k if k == down => Step::End,
        _ => Step::Nothing,
    }
}

fn main(mut os: Os) {
    let layout = Layout::for_model(os.model());
    let mut arg = [0u8; 20];
    let path = match os.string_argument(0, &mut arg) {
        Ok(Some(text)) => VarPath::parse(text),
        Ok(None) => {
            let home = os.program_folder().unwrap_or(programs::os::vars::MAIN);
            Some(VarPath::in_folder(&home, &JOURNAL))
        }
        Err(_) => None,
    };
    let mut bytes = [0u8; MAX_LOG_LEN + 8];
    let message: &[u8] = match path {
        None => b"bad name",
        Some(path) => match os.read_data(&path, b"c4l", &mut bytes) {
            Err(_) => b"no log",
            Ok(data) => match log::decode(data) {
                Err(_) => b"bad log",
                Ok(game) => {
                    show(&mut os, &layout, &game);
                    return;
                }
            },
        },
    };
    os.clear_screen();
    ui::show_lines(&mut os, &layout, &[b"replay:", message]);
    os.wait_key();
}

/// The replay loop.
fn show(os: &mut Os, layout: &Layout, game: &GameLog) {
    let total = game.moves.len();
    let mut shown = 0usize;
    os.clear_screen();
    loop {
        draw(os, layout, game, shown);
        match step(os.model(), os.wait_key()) {
            Step::Next => shown = (shown + 1).min(total),
            Step::Previous => shown = shown.saturating_sub(1),
            Step::Start => shown = 0,
            Step::End => shown = total,
            Step::Quit => return,
            Step::Nothing => {}
        }
    }
}

fn draw(os: &mut Os, layout: &Layout, game: &GameLog, shown: usize) {
    ui::draw_game(os, layout, game.names, &game.moves[..shown]);
    let mut moves = Line::new();
    moves
        .text(b"move ")
        .number(shown as i32)
        .text(b"/")
        .number(game.moves.len() as i32);
    if shown < game.moves.len() {
        ui::show_lines(os, layout, &[moves.as_bytes()]);
        return;
    }
    let (mut first, mut second) = (Line::new(), Line::new());
    match game.result {
        None => {
            first.text(b"unfinished");
        }
        Some(r) => result_lines(r, &mut first, &mut second),
    }
    ui::show_lines(
        os,
        layout,
        &[first.as_bytes(), second.as_bytes(), moves.as_bytes()],
    );
}
