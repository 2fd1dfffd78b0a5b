//! Connect Four on the host: reading positions given by the user.

use calc::connect4::{Board, MoveError, ParseErrorKind};

/// A move string the user gave could not be read.
#[derive(Debug, thiserror::Error)]
#[error("bad Connect Four move string {moves:?}: character {} {what}; give columns 1-7 in the order they were played, e.g. 4453", index + 1)]
pub struct BadMoves {
    /// The string given.
    pub moves: String,
    /// 0-based index of the offending character.
    pub index: usize,
    /// What is wrong with it.
    pub what: &'static str,
}

/// The position after `moves` (columns 1-7), with an error that says what is wrong and where.
pub fn parse_board(moves: &str) -> Result<Board, BadMoves> {
    Board::from_moves(moves).map_err(|e| BadMoves {
        moves: moves.to_string(),
        index: e.index as usize,
        what: match e.kind {
            ParseErrorKind::NotAColumn => "is not a column 1-7",
            ParseErrorKind::TooLong => "is one move too many (a game has at most 42)",
            ParseErrorKind::Illegal(MoveError::ColumnFull) => "plays into a full column",
            ParseErrorKind::Illegal(MoveError::GameOver) => "comes after the end of the game",
            ParseErrorKind::Illegal(MoveError::OutOfRange) => "is not a column 1-7",
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_moves_say_what_and_where() {
        let e = parse_board("4459").unwrap_err();
        assert_eq!(e.index, 3);
        assert!(
            e.to_string().contains("character 4 is not a column 1-7"),
            "{e}"
        );
        let e = parse_board("1111111").unwrap_err();
        assert!(
            e.to_string()
                .contains("character 7 plays into a full column"),
            "{e}"
        );
        assert!(parse_board("").is_ok());
    }
}
