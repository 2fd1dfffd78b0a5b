//! `appel`: runs one contest AI once, exactly as the arbiter runs it, for a computer that plays
//! the arbiter's part over the link (`ti68k versus`, docs/tournaments.md): the computer writes
//! `colonne` and `nom` in the AI's folder, then runs
//!
//! ```text
//! appel("ai1")              ai1\joueur() with ai1 the current folder
//! appel("ai1","prog")       ai1\prog()
//! ```
//!
//! The AI is started the arbiter's way (src/os/exec.c: the folder made current,
//! `push_parse_text`, `NG_execute` inside an error frame, the folder restored, PedroM's
//! "in use" mark cleared), so it cannot tell the difference. When it returns, `appel` stores in
//! its own folder the integer `erreur`: 0 when the AI returned normally, else the number of the
//! error it raised (or the OS raised starting it: 850 no such program). `appel` deletes
//! `erreur` when it starts, so an `erreur` found afterwards is always this call's; a missing
//! or wrong argument leaves it absent.
#![no_std]
#![no_main]

use programs::contest::JOUEUR;
use programs::os::{Name, Os, VarPath};

programs::entry!(main);

/// `erreur` (module doc).
const ERREUR: Name = Name::lit(b"erreur");

fn main(mut os: Os) {
    let home = os
        .program_folder()
        .or_else(|| os.current_folder())
        .unwrap_or(programs::os::vars::MAIN);
    let erreur = VarPath::in_folder(&home, &ERREUR);
    if os.delete_var(&erreur).is_err() {
        return;
    }
    let mut buf = [0u8; 16];
    let folder = match os.string_argument(0, &mut buf) {
        Ok(Some(text)) => Name::new(text),
        _ => None,
    };
    let Some(folder) = folder else { return };
    let mut buf = [0u8; 16];
    let program = match os.string_argument(1, &mut buf) {
        Ok(Some(text)) => Name::new(text),
        Ok(None) => Some(JOUEUR),
        Err(_) => None,
    };
    let Some(program) = program else { return };
    let code = match os.run_program(&folder, &program) {
        Ok(()) => 0,
        Err(e) => i32::from(e.0),
    };
    let _ = os.store_integer(&erreur, code);
}
