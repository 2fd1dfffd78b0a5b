//! The referee of a contest game: which AI to call next and with what, the checks of every
//! answer, disqualifications, and the result codes
//! (docs/requirements.md#the-colonne-and-nom-protocol).
//!
//! Order of a game: AI 2 is called with colonne = -1 (it names itself), AI 1 with 0 (it names
//! itself and plays), then each AI with the other's last column, until a win, a draw or a
//! disqualification; then [`Referee::final_calls`] tells each AI the end (8 won, 9 lost, 10
//! draw, with "N" or "D"). The arbiter program loops:
//!
//! ```text
//! while let Some(call) = referee.call() {
//!     write call.colonne and call.nom into the AI's folder, run joueur(), read both back;
//!     if it raised an error: referee.fault(Fault::RaisedError, error number)
//!     (if writing colonne/nom failed first: referee.fault(Fault::CannotCall, error number))
//!     else referee.answer(colonne, nom)   // Ok(column played) or Err(fault): disqualified
//! }
//! for call in referee.final_calls() { ... }   // then store result_colonne() / result_nom()
//! ```
//!
//! Checks: on the naming call of AI 2, `colonne` must still be the integer -1; on AI 1's first
//! call and every later call, `colonne` must be an integer 1..7 naming a column that is not full;
//! on both naming calls `nom` must be a string of 1 to N characters (N given by the arbiter per
//! model). Anything else disqualifies the AI at once and the other wins by "D".

use super::board::{Board, Outcome, Player};
use super::protocol::{Call, Model, NomIn, Value};

/// Why an AI was disqualified. The discriminants are the log's codes ([`Fault::code`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Fault {
    /// `colonne` was deleted.
    ColonneMissing = 1,
    /// `colonne` is not a number (a string, a list...).
    ColonneNotNumber = 2,
    /// `colonne` is a number but not an integer.
    ColonneNotInteger = 3,
    /// Called with -1 to name itself, the AI changed `colonne` (the value it left is logged).
    ColonneChanged = 4,
    /// The column is not 1..7 (the value is logged).
    ColumnOutOfRange = 5,
    /// The column is full (logged).
    ColumnFull = 6,
    /// `nom` was deleted on a naming call.
    NomMissing = 7,
    /// `nom` is not a string on a naming call.
    NomNotString = 8,
    /// The name is empty.
    NameEmpty = 9,
    /// The name has more than N characters (its length is logged).
    NameTooLong = 10,
    /// `joueur()` raised an error, or the OS raised one while starting it (no such program):
    /// reported by the arbiter, with the OS error number as the value.
    RaisedError = 11,
    // Code 12 is reserved: it was meant for a time limit, which the arbiter does not have (the
    // calculator cannot stop a program that never returns). No log holds it.
    /// The arbiter could not prepare the call (create the AI's folder, or write `colonne` or
    /// `nom` there: a locked or archived variable, a name taken by another kind of variable, no
    /// memory left), so the AI did not run: reported by the arbiter, with the OS error number as
    /// the value. The game cannot go on; the called AI is disqualified, as what failed is in
    /// its folder.
    CannotCall = 13,
}

impl Fault {
    /// A stable code for logs (1..=11, 13; 12 is reserved).
    pub fn code(self) -> u8 {
        self as u8
    }

    /// The fault of a [`Fault::code`].
    pub fn from_code(code: u8) -> Option<Fault> {
        Some(match code {
            1 => Fault::ColonneMissing,
            2 => Fault::ColonneNotNumber,
            3 => Fault::ColonneNotInteger,
            4 => Fault::ColonneChanged,
            5 => Fault::ColumnOutOfRange,
            6 => Fault::ColumnFull,
            7 => Fault::NomMissing,
            8 => Fault::NomNotString,
            9 => Fault::NameEmpty,
            10 => Fault::NameTooLong,
            11 => Fault::RaisedError,
            13 => Fault::CannotCall,
            _ => return None,
        })
    }
}

/// A disqualification: who, why, and the offending value (the column, the name's length, the
/// OS error number; 0 when there is none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Disqualification {
    /// The AI disqualified.
    pub seat: Player,
    /// Why.
    pub fault: Fault,
    /// The offending value.
    pub value: i32,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Four in a row, or a full board.
    Normal(Outcome),
    /// An AI broke the rules; the other wins.
    Disqualified(Disqualification),
}

impl GameResult {
    /// The winner, `None` for a draw.
    pub fn winner(&self) -> Option<Player> {
        match self {
            GameResult::Normal(Outcome::Win(p)) => Some(*p),
            GameResult::Normal(Outcome::Draw) => None,
            GameResult::Disqualified(d) => Some(d.seat.other()),
        }
    }

    /// The arbiter's `colonne` result: 0 draw, 1 AI 1 won, 2 AI 2 won.
    pub fn result_colonne(&self) -> u8 {
        self.winner().map_or(0, |p| p.number())
    }

    /// The arbiter's `nom` result: `b'N'` normal end, `b'D'` disqualification.
    pub fn result_nom(&self) -> u8 {
        match self {
            GameResult::Normal(_) => b'N',
            GameResult::Disqualified(_) => b'D',
        }
    }
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Waiting to call AI 2 with -1.
    NameSecond,
    /// Waiting to call AI 1 with 0.
    FirstMove,
    /// Waiting to call the side to move with the last column.
    Play,
    /// Over.
    Over(GameResult),
}

/// The referee of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Referee {
    board: Board,
    model: Model,
    name_limit: u8,
    stage: Stage,
    last: u8,
}

impl Referee {
    /// A new game on `model`, names limited to `name_limit` characters.
    pub fn new(model: Model, name_limit: u8) -> Referee {
        Referee {
            board: Board::new(),
            model,
            name_limit,
            stage: Stage::NameSecond,
            last: 0,
        }
    }

    /// The position so far.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The next call to make, `None` once the game is over.
    pub fn call(&self) -> Option<Call> {
        match self.stage {
            Stage::NameSecond => Some(Call {
                seat: Player::Second,
                colonne: -1,
                nom: NomIn::Model(self.model),
            }),
            Stage::FirstMove => Some(Call {
                seat: Player::First,
                colonne: 0,
                nom: NomIn::Model(self.model),
            }),
            Stage::Play => Some(Call {
                seat: self.board.to_move(),
                colonne: self.last as i8 + 1,
                nom: NomIn::Unused,
            }),
            Stage::Over(_) => None,
        }
    }

    /// Checks the values the called AI left. `Ok(Some(column))` (0-based) when it played,
    /// `Ok(None)` after AI 2's naming call; `Err` when it is disqualified (the game is then over).
    /// Does nothing and returns `Ok(None)` once the game is over.
    pub fn answer(&mut self, colonne: Value, nom: Value) -> Result<Option<u8>, Disqualification> {
        let Some(call) = self.call() else {
            return Ok(None);
        };
        let checked = self.check(call, colonne, nom);
        match checked {
            Err((fault, value)) => Err(self.disqualify(call.seat, fault, value)),
            Ok(None) => {
                self.stage = Stage::FirstMove;
                Ok(None)
            }
            Ok(Some(col)) => {
                // The column was checked playable; the game was not over.
                let _ = self.board.play(col);
                self.last = col;
                self.stage = match self.board.outcome() {
                    Some(o) => Stage::Over(GameResult::Normal(o)),
                    None => Stage::Play,
                };
                Ok(Some(col))
            }
        }
    }

    /// The arbiter saw the call fail ([`Fault::RaisedError`], [`Fault::CannotCall`], with the
    /// OS error number as `value`): the called AI is disqualified.
    pub fn fault(&mut self, fault: Fault, value: i32) -> Option<Disqualification> {
        let call = self.call()?;
        Some(self.disqualify(call.seat, fault, value))
    }

    fn disqualify(&mut self, seat: Player, fault: Fault, value: i32) -> Disqualification {
        let d = Disqualification { seat, fault, value };
        self.stage = Stage::Over(GameResult::Disqualified(d));
        d
    }

    fn check(&self, call: Call, colonne: Value, nom: Value) -> Result<Option<u8>, (Fault, i32)> {
        if call.colonne <= 0 {
            self.check_name(nom)?;
        }
        let c = match colonne {
            Value::Integer(c) => c,
            Value::Missing => return Err((Fault::ColonneMissing, 0)),
            Value::Number => return Err((Fault::ColonneNotInteger, 0)),
            Value::Str(_) | Value::LongStr(_) | Value::Other => {
                return Err((Fault::ColonneNotNumber, 0))
            }
        };
        if call.colonne == -1 {
            return if c == -1 {
                Ok(None)
            } else {
                Err((Fault::ColonneChanged, c))
            };
        }
        if !(1..=7).contains(&c) {
            return Err((Fault::ColumnOutOfRange, c));
        }
        let col = c as u8 - 1;
        if !self.board.can_play(col) {
            return Err((Fault::ColumnFull, c));
        }
        Ok(Some(col))
    }

    fn check_name(&self, nom: Value) -> Result<(), (Fault, i32)> {
        match nom {
            Value::Str([]) => Err((Fault::NameEmpty, 0)),
            Value::Str(name) if name.len() > self.name_limit as usize => {
                Err((Fault::NameTooLong, name.len().min(i32::MAX as usize) as i32))
            }
            Value::Str(_) => Ok(()),
            Value::LongStr(len) => Err((Fault::NameTooLong, len.min(i32::MAX as u32) as i32)),
            Value::Missing => Err((Fault::NomMissing, 0)),
            _ => Err((Fault::NomNotString, 0)),
        }
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        match self.stage {
            Stage::Over(r) => Some(r),
            _ => None,
        }
    }

    /// The two calls that tell the AIs how the game ended (AI 1 first), once it is over.
    /// A disqualified AI is told it lost by "D"; an AI disqualified before it named itself
    /// is still told.
    pub fn final_calls(&self) -> Option<[Call; 2]> {
        let result = self.result()?;
        let nom = match result {
            GameResult::Normal(_) => NomIn::Normal,
            GameResult::Disqualified(_) => NomIn::Disqualified,
        };
        let tell = |seat: Player| {
            let colonne = match result.winner() {
                None => 10,
                Some(w) if w == seat => 8,
                Some(_) => 9,
            };
            let nom = if colonne == 10 { NomIn::Unused } else { nom };
            Call { seat, colonne, nom }
        };
        Some([tell(Player::First), tell(Player::Second)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> Referee {
        let mut r = Referee::new(Model::Ti89, 8);
        assert_eq!(r.answer(Value::Integer(-1), Value::Str(b"Bob")), Ok(None));
        r
    }

    #[test]
    fn a_normal_game() {
        let mut r = start();
        let call = r.call().unwrap();
        assert_eq!((call.seat, call.colonne), (Player::First, 0));
        assert_eq!(
            r.answer(Value::Integer(1), Value::Str(b"Alice")),
            Ok(Some(0))
        );
        for c in [2, 1, 2, 1, 2] {
            let call = r.call().unwrap();
            assert_eq!(call.nom, NomIn::Unused);
            r.answer(Value::Integer(c), Value::Missing).unwrap();
        }
        // O: 1,1,1 ; X: 2,2,2 -> O plays 1 and wins.
        assert_eq!(r.call().unwrap().colonne, 2);
        r.answer(Value::Integer(1), Value::Other).unwrap();
        let result = r.result().unwrap();
        assert_eq!(result.result_colonne(), 1);
        assert_eq!(result.result_nom(), b'N');
        let [one, two] = r.final_calls().unwrap();
        assert_eq!((one.colonne, one.nom), (8, NomIn::Normal));
        assert_eq!((two.colonne, two.nom), (9, NomIn::Normal));
        assert_eq!(r.call(), None);
    }

    #[test]
    fn every_fault_disqualifies_with_d() {
        let cases: [(Value, Value, Fault, i32); 9] = [
            (
                Value::Integer(0),
                Value::Str(b"A"),
                Fault::ColumnOutOfRange,
                0,
            ),
            (
                Value::Integer(8),
                Value::Str(b"A"),
                Fault::ColumnOutOfRange,
                8,
            ),
            (Value::Number, Value::Str(b"A"), Fault::ColonneNotInteger, 0),
            (
                Value::Str(b"4"),
                Value::Str(b"A"),
                Fault::ColonneNotNumber,
                0,
            ),
            (Value::Missing, Value::Str(b"A"), Fault::ColonneMissing, 0),
            (Value::Integer(4), Value::Str(b""), Fault::NameEmpty, 0),
            (
                Value::Integer(4),
                Value::Str(b"ninechars"),
                Fault::NameTooLong,
                9,
            ),
            (Value::Integer(4), Value::Integer(1), Fault::NomNotString, 0),
            (Value::Integer(4), Value::Missing, Fault::NomMissing, 0),
        ];
        for (colonne, nom, fault, value) in cases {
            let mut r = start();
            let d = r.answer(colonne, nom).unwrap_err();
            assert_eq!(
                d,
                Disqualification {
                    seat: Player::First,
                    fault,
                    value
                }
            );
            let result = r.result().unwrap();
            assert_eq!((result.result_colonne(), result.result_nom()), (2, b'D'));
            let [one, two] = r.final_calls().unwrap();
            assert_eq!((one.colonne, one.nom), (9, NomIn::Disqualified));
            assert_eq!((two.colonne, two.nom), (8, NomIn::Disqualified));
        }
        // The second player's naming call must leave -1.
        let mut r = Referee::new(Model::Ti92Plus, 8);
        let d = r.answer(Value::Integer(4), Value::Str(b"X")).unwrap_err();
        assert_eq!(
            (d.seat, d.fault, d.value),
            (Player::Second, Fault::ColonneChanged, 4)
        );
        assert_eq!(r.result().unwrap().result_colonne(), 1);
    }

    #[test]
    fn full_column_and_reported_faults() {
        let mut r = start();
        r.answer(Value::Integer(1), Value::Str(b"A")).unwrap();
        for _ in 0..5 {
            r.answer(Value::Integer(1), Value::Missing).unwrap();
        }
        let d = r.answer(Value::Integer(1), Value::Missing).unwrap_err();
        assert_eq!(
            (d.seat, d.fault, d.value),
            (Player::First, Fault::ColumnFull, 1)
        );
        let mut r = start();
        let d = r.fault(Fault::RaisedError, 210).unwrap();
        assert_eq!(
            (d.seat, d.fault, d.value),
            (Player::First, Fault::RaisedError, 210)
        );
        assert_eq!(r.fault(Fault::RaisedError, 9), None);
        let mut r = Referee::new(Model::Ti89, 8);
        let d = r.fault(Fault::CannotCall, 980).unwrap();
        assert_eq!(
            (d.seat, d.fault, d.value),
            (Player::Second, Fault::CannotCall, 980)
        );
        for code in 0..=14 {
            if let Some(f) = Fault::from_code(code) {
                assert_eq!(f.code(), code);
            } else {
                assert!(code == 0 || code == 12 || code == 14, "{code}");
            }
        }
    }

    #[test]
    fn long_names_and_huge_numbers_are_logged_with_their_values() {
        // A name longer than the reader's buffer: its real length is logged.
        let mut r = start();
        let d = r
            .answer(Value::Integer(4), Value::LongStr(300))
            .unwrap_err();
        assert_eq!((d.fault, d.value), (Fault::NameTooLong, 300));
        // A whole number beyond 32 bits (saturated by the reader) is out of range.
        let mut r = start();
        let d = r
            .answer(Value::Integer(i32::MAX), Value::Str(b"A"))
            .unwrap_err();
        assert_eq!((d.fault, d.value), (Fault::ColumnOutOfRange, i32::MAX));
        let mut r = start();
        let d = r.answer(Value::LongStr(300), Value::Str(b"A")).unwrap_err();
        assert_eq!(d.fault, Fault::ColonneNotNumber);
    }
}
