//! A game program from start to end, the same for every game: its settings read from its
//! variable (or its defaults, saying why when the variable is unusable), the main menu until
//! the person leaves, the settings saved.
//!
//! The main menu's entries are the game's, in this order: play (a new game, or the one left in
//! progress), the two sides' players, who moves first, the options (names, pause), resetting the
//! scores, quit. F1 plays, F2 opens the options; ESC and QUIT leave.

use super::saved::{self, LoadError};
use super::sitting::{self, Leave, Table};
use super::{moves, reset_tally, GAME_FIRST, GAME_LEN, PLAYING};
use crate::os::{Name, Os};
use crate::ui::dialog::{self, Closed};
use crate::ui::form::{Form, Item, Outcome};
use crate::ui::{Frame, Keyboard};

/// What makes a game program.
pub struct Program {
    /// The title of the main menu.
    pub title: &'static [u8],
    /// The variable of its settings, of custom type `kind`, version `version`.
    pub variable: Name,
    /// The variable's custom type.
    pub kind: &'static [u8],
    /// The version of its settings' layout.
    pub version: u8,
    /// The main menu: play, side 1, side 2, first, options, reset the scores, quit.
    pub main: &'static [Item],
    /// The options: names and pause, then back. A command entry ([`Item::command`]) of code
    /// [`LEVELS`] opens `levels`, of code [`RULES`] shows `rules`; any other action goes back.
    pub options: &'static [Item],
    /// A second page of options (the computer's levels...), then back; may be empty.
    pub levels: &'static [Item],
    /// The rules, one message box a page (lines of at most 24 characters); may be empty.
    pub rules: &'static [&'static [&'static [u8]]],
}

/// The code of the options' command that opens the second page.
pub const LEVELS: u8 = 1;
/// The code of the options' command that shows the rules.
pub const RULES: u8 = 2;

/// Runs the program with its settings in `data` (as long as `defaults`, which it starts
/// from); `table` is the game.
pub fn run<T: Table>(
    os: &mut Os,
    program: &Program,
    data: &mut [u8],
    defaults: &[u8],
    table: &mut T,
) {
    let frame = Frame::for_model(os.model());
    let keys = &mut Keyboard::new(frame.model);
    let frame = &frame;
    data.copy_from_slice(defaults);
    match saved::load(os, &program.variable, program.kind, program.version, data) {
        Ok(()) if usable(os, data, table) => {}
        Err(LoadError::Missing) => {}
        _ => {
            data.copy_from_slice(defaults);
            frame.clear(os);
            let lines: [&[u8]; 2] = [program.variable.as_bytes(), b"is damaged or old"];
            dialog::message(os, frame, keys, &lines);
        }
    }
    main_menu(os, frame, keys, program, data, table);
    if saved::store(os, &program.variable, program.kind, program.version, data).is_err() {
        frame.clear(os);
        let lines: [&[u8]; 2] = [b"Settings not saved", b"(memory full?)"];
        dialog::message(os, frame, keys, &lines);
    }
}

/// Whether loaded settings hold a game in progress that is a game. (Their other values need no
/// check beyond the variable's check word: every use of them is bounded, so even settings
/// written by something else cannot make the program fail.)
fn usable<T: Table>(os: &mut Os, data: &[u8], table: &mut T) -> bool {
    usize::from(data[GAME_LEN]) <= T::MAX_MOVES
        && (data[PLAYING] == 0 || table.reset(os, usize::from(data[GAME_FIRST]), moves(data)))
}

/// The main menu.
fn main_menu<T: Table>(
    os: &mut Os,
    frame: &Frame,
    keys: &mut Keyboard,
    program: &Program,
    data: &mut [u8],
    table: &mut T,
) {
    let mut menu = Form::default();
    loop {
        let hint: &[u8] = b"ENTER:choose ESC:quit";
        match menu.run(os, frame, keys, program.title, program.main, data, hint) {
            Outcome::Action(0) | Outcome::Function(1)
                if sitting::sit(os, frame, keys, data, table) == Leave::Quit =>
            {
                return;
            }
            Outcome::Action(4) | Outcome::Function(2) => {
                let mut options = Form::default();
                let hint: &[u8] = b"ENTER:change ESC:back";
                loop {
                    match options.run(os, frame, keys, b"Options", program.options, data, hint) {
                        Outcome::Quit => return,
                        Outcome::Action(i) if program.options[i].at == LEVELS => {
                            if sub_form(os, frame, keys, program.levels, data) {
                                return;
                            }
                        }
                        Outcome::Action(i) if program.options[i].at == RULES => {
                            if show_rules(os, frame, keys, program.rules) {
                                return;
                            }
                        }
                        Outcome::Action(_) | Outcome::Back => break,
                        Outcome::Function(_) => {}
                    }
                }
            }
            Outcome::Action(5) => match dialog::confirm(os, frame, keys, &[b"Reset the scores?"]) {
                Closed::Ok => reset_tally(data),
                Closed::Quit => return,
                Closed::Back => {}
            },
            Outcome::Action(6) | Outcome::Back | Outcome::Quit => return,
            _ => {}
        }
    }
}

/// The second page of options until back; true for QUIT.
fn sub_form(
    os: &mut Os,
    frame: &Frame,
    keys: &mut Keyboard,
    items: &[Item],
    data: &mut [u8],
) -> bool {
    if items.is_empty() {
        return false;
    }
    let mut form = Form::default();
    let hint: &[u8] = b"ENTER:change ESC:back";
    loop {
        match form.run(os, frame, keys, b"Levels", items, data, hint) {
            Outcome::Quit => return true,
            Outcome::Action(_) | Outcome::Back => return false,
            Outcome::Function(_) => {}
        }
    }
}

/// The rules, a page at a time (ENTER the next, ESC back); true for QUIT.
fn show_rules(os: &mut Os, frame: &Frame, keys: &mut Keyboard, pages: &[&[&[u8]]]) -> bool {
    for page in pages {
        frame.clear(os);
        match dialog::message(os, frame, keys, page) {
            Closed::Ok => {}
            Closed::Back => return false,
            Closed::Quit => return true,
        }
    }
    false
}
