//! The OBF text form of a position (Edax's, used by the FFO endgame test files): 64 squares
//! a1..h1, a2..h2, ..., h8 (`X` black, `O` white, `-` empty), a space, the side to move (`X`
//! or `O`), then optionally `; MOVE:SCORE` entries — exact final disc differences for the side
//! to move, best first.

use super::bitboard::Position;
use super::board::{Board, Colour};
use super::square::Square;

/// A parsed OBF line.
#[derive(Clone, Copy, Debug)]
pub struct Obf {
    /// The board (mailbox form).
    pub board: Board,
    /// The scores given for moves, by square index (`None`: not listed).
    pub scores: [Option<i8>; 64],
}

/// What is wrong with an OBF line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObfError {
    /// The line is shorter than 66 characters (64 squares, a space, the side).
    TooShort,
    /// A square character is not `X`, `O` or `-` (its index 0..64).
    BadSquare(u8),
    /// The side to move is not `X` or `O`.
    BadSide,
    /// A `MOVE:SCORE` entry is malformed (its 0-based entry number).
    BadEntry(u8),
}

impl core::fmt::Display for ObfError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ObfError::TooShort => {
                f.write_str("the line is too short: 64 squares, a space and the side to move")
            }
            ObfError::BadSquare(i) => {
                write!(f, "square {} is not X, O or -", i + 1)
            }
            ObfError::BadSide => f.write_str("the side to move is not X or O"),
            ObfError::BadEntry(i) => write!(f, "entry {} is not MOVE:SCORE", u32::from(*i) + 1),
        }
    }
}

impl core::error::Error for ObfError {}

impl Obf {
    /// Parses one line.
    pub fn parse(line: &str) -> Result<Obf, ObfError> {
        let bytes = line.as_bytes();
        if bytes.len() < 66 {
            return Err(ObfError::TooShort);
        }
        let (mut black, mut white) = (0u64, 0u64);
        for (i, &c) in bytes[..64].iter().enumerate() {
            match c {
                b'X' | b'x' | b'*' => black |= 1 << i,
                b'O' | b'o' => white |= 1 << i,
                b'-' | b'.' => {}
                _ => return Err(ObfError::BadSquare(i as u8)),
            }
        }
        let side = match bytes[65] {
            b'X' | b'x' | b'*' if bytes[64] == b' ' => Colour::Black,
            b'O' | b'o' if bytes[64] == b' ' => Colour::White,
            _ => return Err(ObfError::BadSide),
        };
        let position = match side {
            Colour::Black => Position {
                player: black,
                opponent: white,
            },
            Colour::White => Position {
                player: white,
                opponent: black,
            },
        };
        let mut scores = [None; 64];
        let rest = line.get(66..).unwrap_or("");
        for (n, entry) in rest
            .split(';')
            .map(str::trim)
            .filter(|e| !e.is_empty())
            .enumerate()
        {
            let bad = ObfError::BadEntry(n.min(255) as u8);
            let (mv, score) = entry.split_once(':').ok_or(bad)?;
            let sq = Square::parse(mv.trim().as_bytes()).ok_or(bad)?;
            let score: i8 = score.trim().parse().map_err(|_| bad)?;
            scores[sq.index() as usize] = Some(score);
        }
        Ok(Obf {
            board: Board::from_position(&position, side),
            scores,
        })
    }

    /// The position from the side to move's view.
    pub fn position(&self) -> Position {
        self.board.position()
    }

    /// The best listed score, if any move is listed.
    pub fn best_score(&self) -> Option<i8> {
        self.scores.iter().flatten().max().copied()
    }

    /// The listed moves that reach the best score, as a bitboard.
    pub fn best_moves(&self) -> u64 {
        let Some(best) = self.best_score() else {
            return 0;
        };
        let mut moves = 0;
        for (i, s) in self.scores.iter().enumerate() {
            if *s == Some(best) {
                moves |= 1 << i;
            }
        }
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_ffo_1() {
        let line = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; H7:+6; A2:+6; A3:+4; B1:-4; A4:-22; G2:-24;";
        let o = Obf::parse(line).unwrap();
        assert_eq!(o.board.to_move(), Colour::Black);
        assert_eq!(o.position().empty_count(), 14);
        assert_eq!(o.best_score(), Some(18));
        assert_eq!(o.best_moves(), Square::parse(b"g8").unwrap().bit());
        assert_eq!(
            o.scores[Square::parse(b"g2").unwrap().index() as usize],
            Some(-24)
        );
    }

    #[test]
    fn rejects_bad_lines() {
        assert_eq!(Obf::parse("XO").unwrap_err(), ObfError::TooShort);
        let mut l = "-".repeat(64);
        l.push_str(" Z");
        assert_eq!(Obf::parse(&l).unwrap_err(), ObfError::BadSide);
        let mut l = "-".repeat(63);
        l.push_str("Q X");
        assert_eq!(Obf::parse(&l).unwrap_err(), ObfError::BadSquare(63));
        let mut l = "-".repeat(64);
        l.push_str(" X; A9:+2");
        assert_eq!(Obf::parse(&l).unwrap_err(), ObfError::BadEntry(0));
    }
}
