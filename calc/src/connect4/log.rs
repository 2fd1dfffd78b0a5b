//! The compact game log the arbiter writes and the replay program and the host read.
//!
//! Format, version 1 (all multi-byte numbers big-endian):
//!
//! | offset | bytes | content |
//! | --- | --- | --- |
//! | 0 | 3 | magic `C4L` |
//! | 3 | 1 | version (1) |
//! | 4 | 1 | model: 1 TI-89, 2 TI-92 Plus / V200 |
//! | 5 | 1 | result: 0 draw, 1 AI 1 won, 2 AI 2 won, 0xFF unfinished |
//! | 6 | 1 | end: `N` normal, `D` disqualification, `-` unfinished |
//! | 7 | 1 | disqualified AI (1 or 2), 0 if none |
//! | 8 | 1 | fault code ([`Fault::code`]: 1..=11, 13; 12 is reserved, never written), 0 if none |
//! | 9 | 4 | the offending value (column, name length, OS error number), 0 if none |
//! | 13 | 1 | length L1 of AI 1's name, then L1 bytes |
//! | . | 1 | length L2 of AI 2's name, then L2 bytes |
//! | . | 1 | number of moves M (0..=42), then M bytes, the columns 1..7 in order |
//!
//! The value of a fault: the column left for faults 4-6 (a whole number beyond 32 bits is
//! logged as 2147483647 or -2147483648), the name's length for 10, the OS error number for 11
//! (the AI raised it, or the OS did while starting it: 850 no such program) and 13 (the arbiter
//! could not write the call's values in the AI's folder), 0 for the others.
//!
//! At most [`MAX_LOG_LEN`] bytes. [`decode`] checks everything: the magic, the version, every
//! length, that the moves are legal and that the recorded result agrees with them (a normal end
//! must be the board's outcome; a disqualification leaves a game that is not over).

use super::board::{Board, Outcome, Player, CELLS};
use super::protocol::Model;
use super::referee::{Disqualification, Fault, GameResult};

/// The log format's version.
pub const LOG_VERSION: u8 = 1;

/// The longest log: header, two names of at most 255 bytes, 42 moves.
pub const MAX_LOG_LEN: usize = 13 + 1 + 255 + 1 + 255 + 1 + CELLS as usize;

const MAGIC: &[u8; 3] = b"C4L";

/// One logged game (borrowing its names and moves from the bytes it was decoded from).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameLog<'a> {
    /// The model the game was played on.
    pub model: Model,
    /// The names of AI 1 and AI 2 (empty if an AI was disqualified before naming itself).
    pub names: [&'a [u8]; 2],
    /// The columns played, 1..7, in order.
    pub moves: &'a [u8],
    /// How it ended; `None` if the log was written before the end.
    pub result: Option<GameResult>,
}

/// Why a log cannot be written or read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogError {
    /// The output buffer is too small (encode).
    BufferTooSmall,
    /// A name is longer than 255 bytes, or there are more than 42 moves (encode).
    TooLong,
    /// The bytes do not start with `C4L`.
    BadMagic,
    /// A version this code does not know.
    UnknownVersion(u8),
    /// The log ends in the middle of a field.
    Truncated,
    /// Bytes after the last field.
    TrailingBytes,
    /// A header field has a value outside its range (the byte offset).
    BadField(u8),
    /// Move number `n` (0-based) is not a legal column 1..7 there.
    IllegalMove(u8),
    /// The recorded result disagrees with the moves.
    InconsistentResult,
}

impl core::fmt::Display for LogError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            LogError::BufferTooSmall => f.write_str("the buffer is too small for the log"),
            LogError::TooLong => {
                f.write_str("a name is longer than 255 bytes, or more than 42 moves")
            }
            LogError::BadMagic => f.write_str("not a game log: it does not start with C4L"),
            LogError::UnknownVersion(v) => write!(
                f,
                "a game log of version {v}, which this program does not know"
            ),
            LogError::Truncated => f.write_str("the game log is cut short"),
            LogError::TrailingBytes => f.write_str("bytes after the end of the game log"),
            LogError::BadField(at) => {
                write!(f, "the game log's header has a bad value at byte {at}")
            }
            LogError::IllegalMove(n) => write!(
                f,
                "move {} of the game log is not a legal column",
                u32::from(*n) + 1
            ),
            LogError::InconsistentResult => {
                f.write_str("the game log's result disagrees with its moves")
            }
        }
    }
}

impl core::error::Error for LogError {}

impl<'a> GameLog<'a> {
    /// The position after the first `n` moves (all of them if `n` is larger).
    pub fn board_after(&self, n: usize) -> Board {
        let mut b = Board::new();
        for &m in self.moves.iter().take(n) {
            // Decoded logs hold legal moves only.
            let _ = b.play(m.wrapping_sub(1));
        }
        b
    }

    /// Writes the log into `out`; returns the number of bytes written.
    pub fn encode(&self, out: &mut [u8]) -> Result<usize, LogError> {
        if self.names[0].len() > 255 || self.names[1].len() > 255 || self.moves.len() > 42 {
            return Err(LogError::TooLong);
        }
        let len = 13 + 3 + self.names[0].len() + self.names[1].len() + self.moves.len();
        if out.len() < len {
            return Err(LogError::BufferTooSmall);
        }
        out[..3].copy_from_slice(MAGIC);
        out[3] = LOG_VERSION;
        out[4] = self.model.code() as u8;
        let (result, end, seat, fault, value) = match self.result {
            None => (0xFF, b'-', 0, 0, 0),
            Some(r) => match r {
                GameResult::Normal(_) => (r.result_colonne(), b'N', 0, 0, 0),
                GameResult::Disqualified(d) => (
                    r.result_colonne(),
                    b'D',
                    d.seat.number(),
                    d.fault.code(),
                    d.value,
                ),
            },
        };
        out[5] = result;
        out[6] = end;
        out[7] = seat;
        out[8] = fault;
        out[9..13].copy_from_slice(&value.to_be_bytes());
        let mut at = 13;
        for part in [self.names[0], self.names[1], self.moves] {
            out[at] = part.len() as u8;
            out[at + 1..at + 1 + part.len()].copy_from_slice(part);
            at += 1 + part.len();
        }
        Ok(at)
    }
}

/// Reads a log written by [`GameLog::encode`], checking it (module doc).
pub fn decode(bytes: &[u8]) -> Result<GameLog<'_>, LogError> {
    if bytes.len() < 4 {
        return Err(if bytes.len() < 3 || &bytes[..3] == MAGIC {
            LogError::Truncated
        } else {
            LogError::BadMagic
        });
    }
    if &bytes[..3] != MAGIC {
        return Err(LogError::BadMagic);
    }
    if bytes[3] != LOG_VERSION {
        return Err(LogError::UnknownVersion(bytes[3]));
    }
    if bytes.len() < 13 {
        return Err(LogError::Truncated);
    }
    let model = Model::from_code(bytes[4] as i32).ok_or(LogError::BadField(4))?;
    let mut at = 13;
    let mut part = || -> Result<&[u8], LogError> {
        let len = *bytes.get(at).ok_or(LogError::Truncated)? as usize;
        let p = bytes.get(at + 1..at + 1 + len).ok_or(LogError::Truncated)?;
        at += 1 + len;
        Ok(p)
    };
    let names = [part()?, part()?];
    let moves = part()?;
    if at != bytes.len() {
        return Err(LogError::TrailingBytes);
    }
    if moves.len() > CELLS as usize {
        return Err(LogError::BadField(at as u8));
    }
    let mut board = Board::new();
    for (i, &m) in moves.iter().enumerate() {
        if !(1..=7).contains(&m) || board.play(m - 1).is_err() {
            return Err(LogError::IllegalMove(i as u8));
        }
    }
    let value = i32::from_be_bytes([bytes[9], bytes[10], bytes[11], bytes[12]]);
    let result = match bytes[6] {
        b'-' => {
            if bytes[5] != 0xFF || bytes[7] != 0 || bytes[8] != 0 {
                return Err(LogError::InconsistentResult);
            }
            None
        }
        b'N' => {
            let outcome = board.outcome().ok_or(LogError::InconsistentResult)?;
            let r = GameResult::Normal(outcome);
            if r.result_colonne() != bytes[5] || bytes[7] != 0 || bytes[8] != 0 {
                return Err(LogError::InconsistentResult);
            }
            Some(r)
        }
        b'D' => {
            let seat = match bytes[7] {
                1 => Player::First,
                2 => Player::Second,
                _ => return Err(LogError::BadField(7)),
            };
            let fault = Fault::from_code(bytes[8]).ok_or(LogError::BadField(8))?;
            let r = GameResult::Disqualified(Disqualification { seat, fault, value });
            if r.result_colonne() != bytes[5] || board.outcome().is_some() {
                return Err(LogError::InconsistentResult);
            }
            Some(r)
        }
        _ => return Err(LogError::BadField(6)),
    };
    Ok(GameLog {
        model,
        names,
        moves,
        result,
    })
}

/// The outcome a normal end records, for callers building a [`GameLog`] by hand.
pub fn normal(outcome: Outcome) -> GameResult {
    GameResult::Normal(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> GameLog<'static> {
        GameLog {
            model: Model::Ti92Plus,
            names: [b"Alice", b"Bob"],
            moves: b"\x01\x02\x01\x02\x01\x02\x01",
            result: Some(normal(Outcome::Win(Player::First))),
        }
    }

    #[test]
    fn round_trip_and_layout() {
        let log = sample();
        let mut buf = [0u8; MAX_LOG_LEN];
        let n = log.encode(&mut buf).unwrap();
        assert_eq!(n, 13 + 1 + 5 + 1 + 3 + 1 + 7);
        assert_eq!(&buf[..9], b"C4L\x01\x02\x01N\x00\x00");
        assert_eq!(decode(&buf[..n]), Ok(log));
        assert_eq!(
            log.board_after(7).outcome(),
            Some(Outcome::Win(Player::First))
        );
        let dq = GameLog {
            moves: b"\x04",
            result: Some(GameResult::Disqualified(Disqualification {
                seat: Player::Second,
                fault: Fault::ColumnOutOfRange,
                value: 12,
            })),
            ..log
        };
        let n = dq.encode(&mut buf).unwrap();
        assert_eq!(decode(&buf[..n]), Ok(dq));
        let unfinished = GameLog {
            result: None,
            moves: b"\x04\x04",
            ..log
        };
        let n = unfinished.encode(&mut buf).unwrap();
        assert_eq!(decode(&buf[..n]), Ok(unfinished));
    }

    #[test]
    fn error_numbers_are_logged_and_the_reserved_code_is_refused() {
        let mut buf = [0u8; MAX_LOG_LEN];
        for (fault, value) in [(Fault::RaisedError, 210), (Fault::CannotCall, 980)] {
            let log = GameLog {
                moves: b"\x04",
                result: Some(GameResult::Disqualified(Disqualification {
                    seat: Player::Second,
                    fault,
                    value,
                })),
                ..sample()
            };
            let n = log.encode(&mut buf).unwrap();
            assert_eq!(buf[8], fault.code());
            assert_eq!(buf[9..13], value.to_be_bytes());
            assert_eq!(decode(&buf[..n]), Ok(log));
            buf[8] = 12;
            assert_eq!(decode(&buf[..n]), Err(LogError::BadField(8)));
        }
    }

    #[test]
    fn every_damage_is_an_error() {
        let mut buf = [0u8; MAX_LOG_LEN];
        let n = sample().encode(&mut buf).unwrap();
        let good = &buf[..n];
        // Every truncation is refused.
        for cut in 0..n {
            assert!(decode(&good[..cut]).is_err(), "cut at {cut}");
        }
        let mut v = [0u8; MAX_LOG_LEN];
        v[..n].copy_from_slice(good);
        assert_eq!(decode(&v[..n + 1]), Err(LogError::TrailingBytes));
        let mut bad = v;
        bad[0] = b'X';
        assert_eq!(decode(&bad[..n]), Err(LogError::BadMagic));
        let mut bad = v;
        bad[3] = 2;
        assert_eq!(decode(&bad[..n]), Err(LogError::UnknownVersion(2)));
        let mut bad = v;
        bad[5] = 2;
        assert_eq!(decode(&bad[..n]), Err(LogError::InconsistentResult));
        let mut bad = v;
        bad[n - 1] = 9;
        assert_eq!(decode(&bad[..n]), Err(LogError::IllegalMove(6)));
        assert_eq!(
            sample().encode(&mut [0u8; 10]),
            Err(LogError::BufferTooSmall)
        );
    }

    #[test]
    fn arbitrary_bytes_never_panic() {
        let mut rng = crate::Rng::new(11);
        let mut buf = [0u8; 64];
        for _ in 0..20_000 {
            let n = rng.below(64) as usize;
            for b in buf.iter_mut().take(n) {
                *b = rng.next_u32() as u8;
            }
            if rng.coin() {
                buf[..4].copy_from_slice(b"C4L\x01");
            }
            let _ = decode(&buf[..n]);
        }
    }
}
