//! `fautif`: a deliberately faulty contest AI, for the arbiter's tests (PedroM has no TI-BASIC,
//! so the faults are played by this program). Install it as `joueur` in an AI folder and put
//! the fault's number in the whole number `faute` of that folder (an exact integer or a whole
//! float, programs::contest):
//!
//! | `faute` | what it does |
//! | --- | --- |
//! | 0 or absent | plays correctly: the leftmost column that is not full |
//! | 1 | its first move stores the string "4" in `colonne` (wrong type) |
//! | 2 | its first move is column 8 (out of range) |
//! | 3 | always plays column 1, also once it is full |
//! | 4 | gives a 20-character name (too long on every model) |
//! | 5 | called with -1, leaves 4 in `colonne` |
//! | 6 | its first move deletes `colonne` (missing variable) |
//! | 7 | its first move raises an OS error (210, data type) |
//! | 8 | called to name itself, deletes `nom` |
//! | 9 | its first move panics (a trap: the build setting `trap-error` raises AMS error 9) |
//!
//! It names itself `fautif` (`faute` 4 aside) and keeps the columns played so far in the
//! custom-data variable `coups` of its folder.
#![no_std]
#![no_main]

use calc::connect4::protocol::Request;
use calc::connect4::Board;
use programs::contest::{read_value, read_whole, COLONNE, NOM, READ_BUFFER};
use programs::os::{Name, Os, VarPath};

programs::entry!(main);

/// `coups` (module doc).
const COUPS: Name = Name::lit(b"coups");
/// `faute` (module doc).
const FAUTE: Name = Name::lit(b"faute");

fn main(mut os: Os) {
    let colonne = VarPath::current(&COLONNE);
    let nom = VarPath::current(&NOM);
    let coups = VarPath::current(&COUPS);
    let fault = read_whole(&mut os, &VarPath::current(&FAUTE)).unwrap_or(0);
    let mut colonne_buf = [0u8; READ_BUFFER];
    let mut nom_buf = [0u8; READ_BUFFER];
    let Ok(request) = Request::decode(
        read_value(&mut os, &colonne, &mut colonne_buf),
        read_value(&mut os, &nom, &mut nom_buf),
    ) else {
        os.raise_error(40);
    };
    // The columns played so far, as ASCII digits 1..7 (Board::from_move_bytes).
    let mut moves = [0u8; 42];
    let mut count = 0;
    match request {
        Request::NewGame { .. } => {
            let name: &[u8] = if fault == 4 {
                b"fautif-with-a-long-name"
            } else {
                b"fautif"
            };
            if fault == 8 {
                let _ = os.delete_var(&nom);
            } else {
                let _ = os.store_string(&nom, &name[..name.len().min(20)]);
            }
            if fault == 5 && colonne_is(&request, -1) {
                let _ = os.store_integer(&colonne, 4);
                return;
            }
            if colonne_is(&request, -1) {
                let _ = os.store_data(&coups, &moves[..0], b"c4f");
                return;
            }
        }
        Request::OpponentMoved(col) => {
            let mut saved = [0u8; 64];
            if let Ok(bytes) = os.read_data(&coups, b"c4f", &mut saved) {
                count = bytes.len().min(41);
                moves[..count].copy_from_slice(&bytes[..count]);
            }
            moves[count] = b'1' + col;
            count += 1;
        }
        Request::GameOver(_) => {
            let _ = os.delete_var(&coups);
            return;
        }
    }
    let first_move = count <= 1;
    let board = Board::from_move_bytes(&moves[..count]).unwrap_or_default();
    let column = match fault {
        3 => 1,
        2 if first_move => 8,
        _ => (0..7u8).find(|&c| board.can_play(c)).map_or(1, |c| c + 1),
    };
    match fault {
        1 if first_move => {
            let _ = os.store_string(&colonne, b"4");
        }
        6 if first_move => {
            let _ = os.delete_var(&colonne);
        }
        7 if first_move => os.raise_error(210),
        9 if first_move => panic!("fautif: fault 9"),
        _ => {
            let _ = os.store_integer(&colonne, i32::from(column));
        }
    }
    if (1..=7).contains(&column) && count < 42 {
        moves[count] = b'0' + column;
        count += 1;
    }
    let _ = os.store_data(&coups, &moves[..count], b"c4f");
}

/// Whether the request came with `colonne` = `value` (-1: name yourself as player 2).
fn colonne_is(request: &Request, value: i32) -> bool {
    match request {
        Request::NewGame { seat, .. } => {
            (*seat == calc::connect4::Player::Second && value == -1)
                || (*seat == calc::connect4::Player::First && value == 0)
        }
        _ => false,
    }
}
