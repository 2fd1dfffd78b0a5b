//! The contest's `colonne`/`nom` protocol (docs/requirements.md#connect-four-contest): the values
//! the arbiter writes before it runs an AI, typed.
//!
//! | colonne on entry | nom on entry | [`Request`] |
//! | --- | --- | --- |
//! | -1 | 1 (TI-89) or 2 (TI-92 Plus / V200) | `NewGame { seat: Second, model }` |
//! | 0 | 1 or 2 | `NewGame { seat: First, model }` |
//! | 1..7 | unused | `OpponentMoved(column - 1)` |
//! | 8 | "N" or "D" | `GameOver(End::Won { disqualification })` |
//! | 9 | "N" or "D" | `GameOver(End::Lost { disqualification })` |
//! | 10 | unused | `GameOver(End::Draw)` |
//!
//! A variable's content is given as a [`Value`]: the calculator programs read the variable and
//! say what it holds (a calculator number is a float: an integral one is `Integer`).

use super::board::Player;

/// The calculator model, as the arbiter gives it in `nom` at the start of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Model {
    /// `nom` = 1: TI-89 (and Titanium), 160x100 screen.
    Ti89,
    /// `nom` = 2: TI-92 Plus or Voyage 200, 240x128 screen.
    Ti92Plus,
}

impl Model {
    /// The value of `nom` for this model (1 or 2).
    pub fn code(self) -> i32 {
        match self {
            Model::Ti89 => 1,
            Model::Ti92Plus => 2,
        }
    }

    /// The model of a `nom` value 1 or 2.
    pub fn from_code(code: i32) -> Option<Model> {
        match code {
            1 => Some(Model::Ti89),
            2 => Some(Model::Ti92Plus),
            _ => None,
        }
    }
}

/// What a variable holds, as far as the protocol cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value<'a> {
    /// The variable does not exist.
    Missing,
    /// A number with a whole value (an exact integer, or a float such as `4.` that TI-BASIC
    /// stores in approximate mode). A whole number beyond 32 bits is given saturated
    /// (`i32::MAX` or `i32::MIN`): out of range for every check, and logged as such.
    Integer(i32),
    /// A number that is not whole.
    Number,
    /// A string (its characters, without quotes or terminator).
    Str(&'a [u8]),
    /// A string too long for the reader's buffer: only its length (in characters) is known.
    LongStr(u32),
    /// Anything else (a list, an expression, a program...).
    Other,
}

/// How a finished game ended, as the AI is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// colonne = 8: this AI won; by the opponent's disqualification when `disqualification`.
    Won {
        /// `nom` = "D" (true) or "N".
        disqualification: bool,
    },
    /// colonne = 9: this AI lost; it was disqualified when `disqualification`.
    Lost {
        /// `nom` = "D" (true) or "N".
        disqualification: bool,
    },
    /// colonne = 10: a draw.
    Draw,
}

/// What the arbiter asks of an AI, decoded from `colonne` and `nom`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    /// A new game: name yourself; as [`Player::First`] also play the first move.
    NewGame {
        /// Which player this AI is.
        seat: Player,
        /// The calculator model.
        model: Model,
    },
    /// The opponent just played this column (0-based): answer with a column.
    OpponentMoved(u8),
    /// The game is over.
    GameOver(End),
}

/// Why the values on entry are not a valid request (the arbiter broke the protocol).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequestError {
    /// `colonne` is not an integer from -1 to 10.
    BadColonne,
    /// `nom` is not 1 or 2 at the start of a game.
    BadModel,
    /// `nom` is not "N" or "D" at the end of a won or lost game.
    BadEndKind,
}

impl core::fmt::Display for RequestError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            RequestError::BadColonne => "colonne is not an integer from -1 to 10",
            RequestError::BadModel => {
                "nom is not 1 (TI-89) or 2 (TI-92 Plus, Voyage 200) at the start of a game"
            }
            RequestError::BadEndKind => "nom is not \"N\" or \"D\" at the end of a game",
        })
    }
}

impl core::error::Error for RequestError {}

impl Request {
    /// Decodes the values of `colonne` and `nom` found on entry.
    pub fn decode(colonne: Value, nom: Value) -> Result<Request, RequestError> {
        let Value::Integer(c) = colonne else {
            return Err(RequestError::BadColonne);
        };
        let model = || match nom {
            Value::Integer(n) => Model::from_code(n).ok_or(RequestError::BadModel),
            _ => Err(RequestError::BadModel),
        };
        let kind = || match nom {
            Value::Str(b"N") => Ok(false),
            Value::Str(b"D") => Ok(true),
            _ => Err(RequestError::BadEndKind),
        };
        match c {
            -1 => Ok(Request::NewGame {
                seat: Player::Second,
                model: model()?,
            }),
            0 => Ok(Request::NewGame {
                seat: Player::First,
                model: model()?,
            }),
            1..=7 => Ok(Request::OpponentMoved(c as u8 - 1)),
            8 => Ok(Request::GameOver(End::Won {
                disqualification: kind()?,
            })),
            9 => Ok(Request::GameOver(End::Lost {
                disqualification: kind()?,
            })),
            10 => Ok(Request::GameOver(End::Draw)),
            _ => Err(RequestError::BadColonne),
        }
    }
}

/// What the arbiter writes into `nom` before a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NomIn {
    /// The model's number (1 or 2), at the start of a game.
    Model(Model),
    /// The string "N" (a normal end).
    Normal,
    /// The string "D" (an end by disqualification).
    Disqualified,
    /// Left as it is (the AI must not rely on it).
    Unused,
}

/// One call of an AI by the arbiter: which AI, and the values to write first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Call {
    /// The AI to run (its player number).
    pub seat: Player,
    /// The value of `colonne` (-1..=10).
    pub colonne: i8,
    /// The value of `nom`.
    pub nom: NomIn,
}

impl Call {
    /// The request this call makes, as the AI decodes it.
    pub fn request(&self) -> Request {
        let nom = match self.nom {
            NomIn::Model(m) => Value::Integer(m.code()),
            NomIn::Normal => Value::Str(b"N"),
            NomIn::Disqualified => Value::Str(b"D"),
            NomIn::Unused => Value::Missing,
        };
        // A call made by the referee always decodes.
        Request::decode(Value::Integer(self.colonne as i32), nom)
            .unwrap_or(Request::GameOver(End::Draw))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_every_row_of_the_table() {
        let m = Value::Integer(2);
        assert_eq!(
            Request::decode(Value::Integer(-1), m),
            Ok(Request::NewGame {
                seat: Player::Second,
                model: Model::Ti92Plus
            })
        );
        assert_eq!(
            Request::decode(Value::Integer(0), Value::Integer(1)),
            Ok(Request::NewGame {
                seat: Player::First,
                model: Model::Ti89
            })
        );
        assert_eq!(
            Request::decode(Value::Integer(7), Value::Missing),
            Ok(Request::OpponentMoved(6))
        );
        assert_eq!(
            Request::decode(Value::Integer(8), Value::Str(b"D")),
            Ok(Request::GameOver(End::Won {
                disqualification: true
            }))
        );
        assert_eq!(
            Request::decode(Value::Integer(9), Value::Str(b"N")),
            Ok(Request::GameOver(End::Lost {
                disqualification: false
            }))
        );
        assert_eq!(
            Request::decode(Value::Integer(10), Value::Other),
            Ok(Request::GameOver(End::Draw))
        );
    }

    #[test]
    fn refuses_bad_entries() {
        for (c, n, e) in [
            (Value::Integer(11), Value::Missing, RequestError::BadColonne),
            (Value::Integer(-2), Value::Missing, RequestError::BadColonne),
            (Value::Number, Value::Missing, RequestError::BadColonne),
            (Value::Str(b"3"), Value::Missing, RequestError::BadColonne),
            (Value::Integer(0), Value::Integer(3), RequestError::BadModel),
            (Value::Integer(-1), Value::Str(b"1"), RequestError::BadModel),
            (
                Value::Integer(8),
                Value::Str(b"X"),
                RequestError::BadEndKind,
            ),
        ] {
            assert_eq!(Request::decode(c, n), Err(e));
        }
    }
}
