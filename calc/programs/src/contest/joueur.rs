//! The contest's `joueur()` for any [`Strategy`]: one call of the arbiter
//! (docs/requirements.md#the-colonne-and-nom-protocol), with everything around the AI handled
//! here, the same for the toolkit's own `joueur` and for a user's AI (docs/tutorial.md):
//!
//! - the protocol: `colonne` and `nom` of the current folder (the AI's, where the arbiter runs
//!   it) are read and typed (calc::connect4::protocol), the answer is written back;
//! - the state: the AI's picture of the game (calc::connect4::contest) lives in the variable
//!   `etat` of the same folder between calls, custom data of type `C4S`, deleted when the game
//!   ends;
//! - the seed of the AI's draws: the whole number `graine` of the folder when there is one (a
//!   game replays exactly from its seeds; taken modulo 2^32), else the OS clock where there is
//!   one, else 1; read at the start of each game;
//! - the screen: "thinking" in the AI's zone while it chooses (src/ui); the session puts the
//!   screen back as it was when the program returns;
//! - the errors the arbiter must see: values that make no sense, or a lost or damaged `etat` in
//!   the middle of a game, raise an OS error (40, argument; 960, undefined variable), so that
//!   the arbiter disqualifies the AI rather than read a stale `colonne`. Build the program with
//!   `trap-error = 9` so that a panic or a stack overflow does the same.
//!
//! A program is then two lines (`programs::entry!(main)` and
//! `fn main(mut os: Os) { programs::contest::joueur(&mut os, &mut MyAi::new()) }`).

use calc::connect4::contest::{Answer, ContestError, ContestGame, STATE_LEN};
use calc::connect4::protocol::Request;
use calc::connect4::strategy::Strategy;
use calc::connect4::Player;

use super::{read_value, read_whole, COLONNE, NOM, READ_BUFFER};
use crate::os::{Attr, DataError, Name, Os, VarPath};
use crate::ui::Layout;

/// `etat`, the variable that holds the AI's state between calls.
pub const ETAT: Name = Name::lit(b"etat");
/// `graine`, the variable whose whole number seeds the AI's draws.
pub const GRAINE: Name = Name::lit(b"graine");
/// The custom-data type of `etat`.
pub const ETAT_TYPE: &[u8] = b"c4s";

/// AMS error 40 (argument): the arbiter's values make no sense, or the game cannot go on.
pub const ERROR_ARGUMENT: u16 = 40;
/// AMS error 960 (undefined variable): `etat` is missing in the middle of a game.
pub const ERROR_UNDEFINED: u16 = 960;

/// One call of the contest by the arbiter, `strategy` choosing the moves (module doc).
pub fn joueur<S: Strategy + ?Sized>(os: &mut Os, strategy: &mut S) {
    joueur_with(os, |_| strategy);
}

/// [`joueur`] with the strategy made only when the call needs one (not at the end of a game),
/// by `make`, which may read settings from the AI's folder and raise an error.
pub fn joueur_with<'s, S: Strategy + ?Sized + 's>(
    os: &mut Os,
    make: impl FnOnce(&mut Os) -> &'s mut S,
) {
    let colonne = VarPath::current(&COLONNE);
    let nom = VarPath::current(&NOM);
    let etat = VarPath::current(&ETAT);
    let mut colonne_buf = [0u8; READ_BUFFER];
    let mut nom_buf = [0u8; READ_BUFFER];
    let request = Request::decode(
        read_value(os, &colonne, &mut colonne_buf),
        read_value(os, &nom, &mut nom_buf),
    );
    let Ok(request) = request else {
        os.raise_error(ERROR_ARGUMENT);
    };
    let mut game = match request {
        Request::NewGame { .. } => ContestGame::new(read_seed(os)),
        _ => {
            let mut saved = [0u8; STATE_LEN + 8];
            match os.read_data(&etat, ETAT_TYPE, &mut saved) {
                Ok(bytes) => match ContestGame::decode(bytes) {
                    Ok(game) => game,
                    Err(_) => os.raise_error(ERROR_ARGUMENT),
                },
                // At the end of a game the AI has nothing to forget.
                Err(DataError::Missing) if matches!(request, Request::GameOver(_)) => return,
                Err(DataError::Missing) => os.raise_error(ERROR_UNDEFINED),
                Err(_) => os.raise_error(ERROR_ARGUMENT),
            }
        }
    };
    if let Request::GameOver(_) = request {
        let _ = os.delete_var(&etat);
        return;
    }
    let strategy = make(os);
    let seat = match request {
        Request::NewGame { seat, .. } => seat,
        _ => game.seat(),
    };
    show_thinking(os, seat);
    let answer = match game.respond(request, strategy) {
        Ok(answer) => answer,
        Err(ContestError::BadState) => os.raise_error(ERROR_UNDEFINED),
        Err(_) => os.raise_error(ERROR_ARGUMENT),
    };
    let stored = match answer {
        Answer::Name => os.store_string(&nom, strategy.name()),
        Answer::NameAndMove(c) => os
            .store_string(&nom, strategy.name())
            .and_then(|()| os.store_integer(&colonne, i32::from(c))),
        Answer::Move(c) => os.store_integer(&colonne, i32::from(c)),
        Answer::Done => Ok(()),
    };
    // A failed store (no memory, a locked variable) is the arbiter's to see: it will find the
    // old values. The state must match what was answered.
    if stored.is_ok() {
        let _ = os.store_data(&etat, &game.encode(), ETAT_TYPE);
    }
}

/// Writes "thinking" in this AI's zone of the screen (src/ui) while it chooses; the screen is
/// restored when the program returns (src/os/session.c).
fn show_thinking(os: &mut Os, seat: Player) {
    let zone = Layout::for_model(os.model()).zone(seat);
    os.draw_text(zone.x0, zone.y0 + 2, b"thinking", Attr::Normal);
}

/// The seed in `graine` (a whole number, taken modulo 2^32), else the OS clock, else 1.
fn read_seed(os: &mut Os) -> u32 {
    match read_whole(os, &VarPath::current(&GRAINE)) {
        Some(n) => n as u32,
        None => os.ticks().unwrap_or(1),
    }
}
