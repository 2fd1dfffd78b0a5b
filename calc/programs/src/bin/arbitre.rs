//! `arbitre`: the Connect Four contest's arbiter
//! (docs/requirements.md#the-colonne-and-nom-protocol). It runs one game between the AIs of two
//! folders and stores the result in its own folder.
//!
//! ```text
//! arbitre("ai1","ai2")                          AI 1 (O, moves first) in ai1, AI 2 (X) in ai2
//! arbitre("ai1","ai2","prog","col","name")      other program and variable names
//! ```
//!
//! Arguments (strings; the last three optional): the folders of AI 1 and AI 2, the name of the
//! AIs' program (`joueur`), of their column variable (`colonne`) and of their name variable
//! (`nom`). Each call (calc::connect4::referee gives the order and checks the answers): write
//! `colonne` and `nom` in the AI's folder, make that folder current, run `folder\joueur()`
//! (exec.c: push_parse_text, HS_popEStack, NG_execute inside an error frame), read both back.
//! An error raised by the AI (or by the OS while starting it: no such program...) disqualifies
//! it, logged with its number (fault 11); so does a bad answer. When the arbiter cannot even
//! write the call's values (the AI's `colonne` locked, no memory...), the AI is disqualified
//! with fault 13 and that error's number. Then both AIs are told the end (8/9/10 with
//! "N"/"D"); errors in those last calls change nothing.
//!
//! Results, in the arbiter's own folder (the one it is stored in): `colonne` = 0 draw, 1 AI 1
//! won, 2 AI 2 won; `nom` = "N" normal end or "D" disqualification; `journal` = the game's log
//! (calc::connect4::log, custom data of type `C4L`), rewritten after every move (a game cut
//! short leaves its log marked unfinished). The arbiter deletes the three when it starts, and
//! stores `colonne` last, once `nom` and `journal` are stored: a `colonne` of 0, 1 or 2 is
//! always this game's result. When the arguments are wrong or a result cannot be stored
//! ("not saved" and the OS error on the screen), `colonne` is left absent. The variable
//! `attente` of the same folder says how the arbiter ends, in every case: absent (or not 0),
//! wait for a key; 0, return at once (for the host's `match` command and for programs that run
//! many games). On the screen (src/ui): the board, each AI's name, and each AI's zone, which the
//! arbiter never draws on.
#![no_std]
#![no_main]

use calc::connect4::log::GameLog;
use calc::connect4::protocol::{self, Call, NomIn, Value as PValue};
use calc::connect4::referee::{Fault, GameResult, Referee};
use calc::connect4::Player;
use programs::contest::{read_value, result_lines, COLONNE, JOUEUR, NOM, READ_BUFFER};
use programs::os::{Model, Name, Os, OsError, VarPath};
use programs::ui::{self, Layout, Line};

programs::entry!(main);

/// `journal` (module doc).
const JOURNAL: Name = Name::lit(b"journal");
/// `attente` (module doc).
const ATTENTE: Name = Name::lit(b"attente");

/// What the arguments configure.
struct Config {
    folders: [Name; 2],
    program: Name,
    colonne: Name,
    nom: Name,
}

/// The game as the arbiter shows and logs it.
struct Game {
    layout: Layout,
    names: [[u8; 16]; 2],
    name_lens: [u8; 2],
    moves: [u8; 42],
    count: u8,
}

fn main(mut os: Os) {
    let layout = Layout::for_model(os.model());
    let home = os
        .program_folder()
        .or_else(|| os.current_folder())
        .unwrap_or(programs::os::vars::MAIN);
    // No result of an earlier game may pass for this one's.
    let mut cleared = Ok(());
    for name in [&COLONNE, &NOM, &JOURNAL] {
        if let Err(e) = os.delete_var(&VarPath::in_folder(&home, name)) {
            cleared = cleared.and(Err(e));
        }
    }
    let config = match read_config(&mut os) {
        Ok(c) => c,
        Err(message) => {
            os.clear_screen();
            ui::show_lines(&mut os, &layout, &[b"arbitre:", message]);
            finish(&mut os, &home);
            return;
        }
    };
    let model = match os.model() {
        Model::Ti89 => protocol::Model::Ti89,
        Model::Ti92Plus | Model::V200 => protocol::Model::Ti92Plus,
    };
    let mut referee = Referee::new(model, layout.name_limit());
    let mut game = Game {
        layout,
        names: [[0; 16]; 2],
        name_lens: [0; 2],
        moves: [0; 42],
        count: 0,
    };
    os.clear_screen();
    redraw(&mut os, &game);
    let journal = VarPath::in_folder(&home, &JOURNAL);
    while let Some(call) = referee.call() {
        show_turn(&mut os, &game, call.seat);
        match run_call(&mut os, &config, call) {
            Err((fault, e)) => {
                referee.fault(fault, i32::from(e.0));
            }
            Ok(()) => {
                let folder = &config.folders[index(call.seat)];
                let mut colonne_buf = [0u8; READ_BUFFER];
                let mut nom_buf = [0u8; READ_BUFFER];
                let colonne = read_value(
                    &mut os,
                    &VarPath::in_folder(folder, &config.colonne),
                    &mut colonne_buf,
                );
                let nom = read_value(
                    &mut os,
                    &VarPath::in_folder(folder, &config.nom),
                    &mut nom_buf,
                );
                let answer = referee.answer(colonne, nom);
                // A valid name is logged even when the column that came with it is not.
                let name_ok = match answer {
                    Ok(_) => true,
                    Err(d) => !is_name_fault(d.fault),
                };
                if call.colonne <= 0 && name_ok {
                    if let PValue::Str(n) = nom {
                        game.set_name(call.seat, n);
                    }
                }
                if let Ok(Some(col)) = answer {
                    game.moves[game.count as usize] = col + 1;
                    game.count += 1;
                }
            }
        }
        redraw(&mut os, &game);
        let _ = store_log(&mut os, &journal, &game, referee.result());
    }
    let result = referee.result();
    if let Some(calls) = referee.final_calls() {
        for call in calls {
            show_turn(&mut os, &game, call.seat);
            let _ = run_call(&mut os, &config, call);
            redraw(&mut os, &game);
        }
    }
    let Some(result) = result else { return };
    // `colonne` last: it is there only when everything is.
    let colonne = VarPath::in_folder(&home, &COLONNE);
    let stored = cleared
        .and_then(|()| os.store_string(&VarPath::in_folder(&home, &NOM), &[result.result_nom()]))
        .and_then(|()| store_log(&mut os, &journal, &game, Some(result)))
        .and_then(|()| os.store_integer(&colonne, i32::from(result.result_colonne())));
    match stored {
        Ok(()) => show_result(&mut os, &game, result),
        Err(e) => {
            let _ = os.delete_var(&colonne);
            let mut error = Line::new();
            error.text(b"error ").number(i32::from(e.0));
            ui::show_lines(&mut os, &game.layout, &[b"not saved", error.as_bytes()]);
        }
    }
    finish(&mut os, &home);
}

/// Whether `fault` is about the name (the name given with it was not valid).
fn is_name_fault(fault: Fault) -> bool {
    matches!(
        fault,
        Fault::NomMissing | Fault::NomNotString | Fault::NameEmpty | Fault::NameTooLong
    )
}

fn index(seat: Player) -> usize {
    match seat {
        Player::First => 0,
        Player::Second => 1,
    }
}

impl Game {
    fn set_name(&mut self, seat: Player, name: &[u8]) {
        let i = index(seat);
        let n = name.len().min(16);
        self.names[i][..n].copy_from_slice(&name[..n]);
        self.name_lens[i] = n as u8;
    }

    fn name(&self, i: usize) -> &[u8] {
        &self.names[i][..self.name_lens[i] as usize]
    }
}

/// Reads the arguments (module doc); the message says what is wrong.
fn read_config(os: &mut Os) -> Result<Config, &'static [u8]> {
    let arg = |os: &mut Os, i: u32, default: Option<Name>| -> Result<Name, &'static [u8]> {
        let mut buf = [0u8; 16];
        match os.string_argument(i, &mut buf) {
            Ok(Some(text)) => Name::new(text).ok_or(b"bad name" as &[u8]),
            Ok(None) => default.ok_or(b"2 folders?" as &[u8]),
            Err(_) => Err(b"not a string" as &[u8]),
        }
    };
    let folders = [arg(os, 0, None)?, arg(os, 1, None)?];
    if folders[0] == folders[1] {
        return Err(b"same folder");
    }
    Ok(Config {
        folders,
        program: arg(os, 2, Some(JOUEUR))?,
        colonne: arg(os, 3, Some(COLONNE))?,
        nom: arg(os, 4, Some(NOM))?,
    })
}

/// Writes the call's values into the AI's folder and runs its program. `Err`: the fault and
/// the OS error: [`Fault::CannotCall`] when writing the values failed, [`Fault::RaisedError`]
/// when the AI raised it or the OS did while starting it.
fn run_call(os: &mut Os, config: &Config, call: Call) -> Result<(), (Fault, OsError)> {
    let folder = &config.folders[index(call.seat)];
    let colonne = VarPath::in_folder(folder, &config.colonne);
    let nom = VarPath::in_folder(folder, &config.nom);
    let prepared = os
        .create_folder(folder)
        .and_then(|()| os.store_integer(&colonne, i32::from(call.colonne)))
        .and_then(|()| match call.nom {
            NomIn::Model(m) => os.store_integer(&nom, m.code()),
            NomIn::Normal => os.store_string(&nom, b"N"),
            NomIn::Disqualified => os.store_string(&nom, b"D"),
            NomIn::Unused => Ok(()),
        });
    prepared.map_err(|e| (Fault::CannotCall, e))?;
    os.run_program(folder, &config.program)
        .map_err(|e| (Fault::RaisedError, e))
}

/// Writes the log so far (or of the finished game) to `journal`.
fn store_log(
    os: &mut Os,
    journal: &VarPath,
    game: &Game,
    result: Option<GameResult>,
) -> Result<(), OsError> {
    let model = match game.layout.screen.0 {
        160 => protocol::Model::Ti89,
        _ => protocol::Model::Ti92Plus,
    };
    let log = GameLog {
        model,
        names: [game.name(0), game.name(1)],
        moves: &game.moves[..game.count as usize],
        result,
    };
    let mut bytes = [0u8; 13 + 3 + 32 + 42];
    let len = log.encode(&mut bytes).map_err(|_| OsError::BAD_ARGUMENT)?;
    os.store_data(journal, &bytes[..len], b"c4l")
}

/// Draws everything the arbiter owns: names, board, pieces, the last move marked. The AIs'
/// zones are left alone.
fn redraw(os: &mut Os, game: &Game) {
    let moves = &game.moves[..game.count as usize];
    ui::draw_game(os, &game.layout, [game.name(0), game.name(1)], moves);
}

fn show_turn(os: &mut Os, game: &Game, seat: Player) {
    let mut who = Line::new();
    who.text(b"AI ").number(index(seat) as i32 + 1);
    let mut moves = Line::new();
    moves.text(b"move ").number(i32::from(game.count) + 1);
    ui::show_lines(os, &game.layout, &[moves.as_bytes(), who.as_bytes()]);
}

fn show_result(os: &mut Os, game: &Game, result: GameResult) {
    let (mut first, mut second) = (Line::new(), Line::new());
    result_lines(result, &mut first, &mut second);
    ui::show_lines(os, &game.layout, &[first.as_bytes(), second.as_bytes()]);
}

/// Returns at once when `attente` is 0 in the arbiter's folder (an exact or whole float
/// zero), else waits for a key.
fn finish(os: &mut Os, home: &Name) {
    let mut buf = [0u8; 16];
    let attente = read_value(os, &VarPath::in_folder(home, &ATTENTE), &mut buf);
    if attente != PValue::Integer(0) {
        os.wait_key();
    }
}
