//! The contest's variables on the calculator: their default names, and how a variable's
//! value becomes the core's [`protocol::Value`] (calc::connect4::protocol), for the arbiter and
//! for the AIs alike; and `joueur.rs`, the contest AI around any
//! [`Strategy`](calc::connect4::strategy::Strategy).
//!
//! A number is judged by its value, as the seed says ("une valeur numérique entière"): an exact
//! integer, or a float with a whole value (what a TI-BASIC AI stores in approximate mode), is
//! a whole number; any other number is not. Every number the contest's programs read goes
//! through [`read_whole`] or [`read_value`], which read numbers the same way: `colonne` and
//! `nom` (the protocol), `attente` (the arbiter), `niveau`, `graine` (joueur) and `faute`
//! (fautif).

mod joueur;

pub use joueur::{joueur, joueur_with, ERROR_ARGUMENT, ERROR_UNDEFINED, ETAT, GRAINE};

use calc::connect4::protocol;
use calc::connect4::referee::{Disqualification, Fault, GameResult};
use calc::connect4::Outcome;

use crate::os::{Float, Name, Os, Value, VarPath};
use crate::ui::Line;

/// `colonne`, the column variable's default name.
pub const COLONNE: Name = Name::lit(b"colonne");

/// `nom`, the name variable's default name.
pub const NOM: Name = Name::lit(b"nom");

/// `joueur`, the AI program's default name.
pub const JOUEUR: Name = Name::lit(b"joueur");

/// Bytes enough to read any sensible name: a longer string is still known to be too long.
pub const READ_BUFFER: usize = 260;

/// The whole number `value` holds (module doc), `None` when it holds none: not a number, or
/// a number that is not whole. A whole number beyond the `i64` range is given saturated.
pub fn whole_number(value: &Value) -> Option<i64> {
    match *value {
        Value::Integer(v) | Value::Float(Float::Whole(v)) => Some(v),
        Value::LargeInteger(negative) | Value::Float(Float::LargeWhole(negative)) => {
            Some(if negative { i64::MIN } else { i64::MAX })
        }
        _ => None,
    }
}

/// The whole number in variable `path` (see [`whole_number`]); `None` when it is missing or
/// holds anything else.
pub fn read_whole(os: &mut Os, path: &VarPath) -> Option<i64> {
    let mut buf = [0u8; 16];
    os.read_var(path, &mut buf)
        .ok()
        .as_ref()
        .and_then(whole_number)
}

/// Reads variable `path` as the protocol sees it. `buf` receives a string's bytes.
pub fn read_value<'b>(os: &mut Os, path: &VarPath, buf: &'b mut [u8]) -> protocol::Value<'b> {
    let value = match os.read_var(path, buf) {
        Err(_) => return protocol::Value::Missing,
        Ok(value) => value,
    };
    if let Some(v) = whole_number(&value) {
        // Beyond 32 bits: saturated, out of range for every check (protocol::Value).
        return protocol::Value::Integer(v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32);
    }
    match value {
        Value::Float(_) => protocol::Value::Number,
        Value::Str(s) => protocol::Value::Str(s),
        // Longer than the buffer: its bytes are not all here, but its length is known.
        Value::LongStr { len, .. } => {
            protocol::Value::LongStr(u32::try_from(len).unwrap_or(u32::MAX))
        }
        _ => protocol::Value::Other,
    }
}

/// The two lines that tell a game's result on the arbiter's and `replay`'s screens: who won
/// ("AI 1 wins", "draw"), then how ("4 in a row", "board full", or the disqualifying fault).
pub fn result_lines(result: GameResult, first: &mut Line, second: &mut Line) {
    match result.winner() {
        Some(p) => first.text(b"AI ").number(p.number() as i32).text(b" wins"),
        None => first.text(b"draw"),
    };
    match result {
        GameResult::Normal(Outcome::Win(_)) => {
            second.text(b"4 in a row");
        }
        GameResult::Normal(Outcome::Draw) => {
            second.text(b"board full");
        }
        GameResult::Disqualified(d) => fault_text(second, &d),
    }
}

/// Why an AI was disqualified, in at most 10 characters (the arbiter's and `replay`'s
/// screens): the fault and its value (the column, the name's length, the OS error number).
pub fn fault_text(line: &mut Line, d: &Disqualification) {
    let (text, value): (&[u8], bool) = match d.fault {
        Fault::ColonneMissing => (b"no colonne", false),
        Fault::ColonneNotNumber => (b"not a num", false),
        Fault::ColonneNotInteger => (b"not an int", false),
        Fault::ColonneChanged => (b"-1 became ", true),
        Fault::ColumnOutOfRange => (b"column ", true),
        Fault::ColumnFull => (b"full col ", true),
        Fault::NomMissing => (b"no nom", false),
        Fault::NomNotString => (b"nom type", false),
        Fault::NameEmpty => (b"empty name", false),
        Fault::NameTooLong => (b"name len ", true),
        Fault::RaisedError => (b"error ", true),
        Fault::CannotCall => (b"setup ", true),
    };
    line.text(text);
    if value {
        line.number(d.value);
    }
}
