//! The contest's variables on the calculator: their default names, and how a variable's
//! value becomes the core's [`protocol::Value`] (calc::connect4::protocol), for the arbiter and
//! for the AIs alike.
//!
//! A number is judged by its value, as the seed says ("une valeur numérique entière"): an exact
//! integer, or a float with a whole value (what a TI-BASIC AI stores in approximate mode), is
//! an integer; any other number is not.

use calc::connect4::protocol;

use crate::os::{Name, Os, Value, VarPath};

/// `colonne`, the column variable's default name.
pub const COLONNE: Name = Name::lit(b"colonne");

/// `nom`, the name variable's default name.
pub const NOM: Name = Name::lit(b"nom");

/// `joueur`, the AI program's default name.
pub const JOUEUR: Name = Name::lit(b"joueur");

/// Bytes enough to read any sensible name: a longer string is still known to be too long.
pub const READ_BUFFER: usize = 260;

/// Reads variable `path` as the protocol sees it. `buf` receives a string's bytes.
pub fn read_value<'b>(os: &mut Os, path: &VarPath, buf: &'b mut [u8]) -> protocol::Value<'b> {
    match os.read_var(path, buf) {
        Err(_) => protocol::Value::Missing,
        Ok(Value::Integer(v)) => protocol::Value::Integer(v),
        Ok(Value::LargeInteger) => protocol::Value::Number,
        Ok(Value::Float(f)) => match f.whole {
            Some(v) => protocol::Value::Integer(v),
            None => protocol::Value::Number,
        },
        Ok(Value::Str(s)) => protocol::Value::Str(s),
        // Longer than the buffer: its bytes are not all here, but its length is too long for
        // any name.
        Ok(Value::LongStr { tail, .. }) => protocol::Value::Str(tail),
        Ok(Value::Other(_)) => protocol::Value::Other,
    }
}
