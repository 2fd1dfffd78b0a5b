//! The tic-tac-toe position: who holds which cells, whose turn it is, and how the game stands.
//!
//! The board is two 9-bit masks (bit `i` = cell `i`, cells numbered 0..9 row by row from the
//! top left, as in seeds 003 and 004) and the mark to move. Playing a move checks everything
//! (cell in range and free, game not over), so no input can put the board in an impossible state.

/// One of the two marks. Which one moves first is chosen when the board is created.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// The cross.
    X,
    /// The nought.
    O,
}

impl Mark {
    /// The other mark.
    pub const fn other(self) -> Mark {
        match self {
            Mark::X => Mark::O,
            Mark::O => Mark::X,
        }
    }
}

/// How the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on; this mark is to move.
    ToMove(Mark),
    /// This mark has three in a row.
    Won(Mark),
    /// The board is full without three in a row.
    Draw,
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveError {
    /// The cell number is not in 0..9.
    NoSuchCell,
    /// The cell already holds a mark.
    Occupied,
    /// The game is already won or drawn.
    GameOver,
}

impl core::fmt::Display for MoveError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            MoveError::NoSuchCell => "no such cell: cells are numbered 0 to 8",
            MoveError::Occupied => "the cell already holds a mark",
            MoveError::GameOver => "the game is over",
        })
    }
}

impl core::error::Error for MoveError {}

/// The eight lines of three (rows, columns, diagonals), in the order of seed 003's `valid` table.
pub const LINES: [[u8; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// The eight lines as 9-bit masks.
pub const LINE_MASKS: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];

/// All nine cells.
pub const FULL: u16 = 0o777;

/// True if `mask` holds a whole line.
pub const fn has_line(mask: u16) -> bool {
    let mut i = 0;
    while i < LINE_MASKS.len() {
        if mask & LINE_MASKS[i] == LINE_MASKS[i] {
            return true;
        }
        i += 1;
    }
    false
}

/// A tic-tac-toe position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    x: u16,
    o: u16,
    to_move: Mark,
}

impl Board {
    /// The empty board with `first` to move.
    pub const fn new(first: Mark) -> Board {
        Board {
            x: 0,
            o: 0,
            to_move: first,
        }
    }

    /// The cells held by `mark`, as a 9-bit mask.
    pub const fn mask(&self, mark: Mark) -> u16 {
        match mark {
            Mark::X => self.x,
            Mark::O => self.o,
        }
    }

    /// The free cells, as a 9-bit mask.
    pub const fn free(&self) -> u16 {
        FULL & !(self.x | self.o)
    }

    /// The mark on `cell`, if any (`None` also for a cell number out of range).
    pub const fn get(&self, cell: u8) -> Option<Mark> {
        if cell >= 9 {
            return None;
        }
        let bit = 1 << cell;
        if self.x & bit != 0 {
            Some(Mark::X)
        } else if self.o & bit != 0 {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// The number of marks on the board.
    pub const fn pieces(&self) -> u32 {
        (self.x | self.o).count_ones()
    }

    /// The mark whose turn it is (also after the game ended: the one that would move next).
    pub const fn to_move(&self) -> Mark {
        self.to_move
    }

    /// The mark with three in a row, if any.
    pub const fn winner(&self) -> Option<Mark> {
        if has_line(self.x) {
            Some(Mark::X)
        } else if has_line(self.o) {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// How the game stands.
    pub const fn status(&self) -> Status {
        match self.winner() {
            Some(mark) => Status::Won(mark),
            None if self.free() == 0 => Status::Draw,
            None => Status::ToMove(self.to_move),
        }
    }

    /// True once the game is won or drawn.
    pub const fn is_over(&self) -> bool {
        !matches!(self.status(), Status::ToMove(_))
    }

    /// Plays `cell` for the mark to move.
    pub fn play(&mut self, cell: u8) -> Result<(), MoveError> {
        if cell >= 9 {
            return Err(MoveError::NoSuchCell);
        }
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        if self.free() & (1 << cell) == 0 {
            return Err(MoveError::Occupied);
        }
        self.put(cell);
        Ok(())
    }

    /// The board after the cells `moves` are played in turn from an empty board, `first` to
    /// move first (the first illegal move is the error).
    pub fn from_moves(first: Mark, moves: &[u8]) -> Result<Board, MoveError> {
        let mut board = Board::new(first);
        for &cell in moves {
            board.play(cell)?;
        }
        Ok(board)
    }

    /// The board after `cell` is played (the caller knows the move is legal).
    pub(crate) const fn with(mut self, cell: u8) -> Board {
        self.put(cell);
        self
    }

    const fn put(&mut self, cell: u8) {
        match self.to_move {
            Mark::X => self.x |= 1 << cell,
            Mark::O => self.o |= 1 << cell,
        }
        self.to_move = self.to_move.other();
    }

    /// True if `mark` would complete a line by taking the free `cell`.
    pub const fn completes_line(&self, mark: Mark, cell: u8) -> bool {
        cell < 9 && has_line(self.mask(mark) | (1 << cell))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_masks_match_lines() {
        for (line, mask) in LINES.iter().zip(LINE_MASKS) {
            let m = line.iter().fold(0u16, |m, &c| m | 1 << c);
            assert_eq!(m, mask);
        }
    }

    #[test]
    fn play_refuses_bad_moves() {
        let mut b = Board::new(Mark::X);
        assert_eq!(b.play(9), Err(MoveError::NoSuchCell));
        b.play(4).unwrap();
        assert_eq!(b.play(4), Err(MoveError::Occupied));
        assert_eq!(b.to_move(), Mark::O);
        for c in [0, 1, 8, 2] {
            b.play(c).unwrap();
        }
        // X: 4, 1, 2; O: 0, 8 — X has not won yet; X plays 7 to win the column 1-4-7.
        b.play(3).unwrap();
        b.play(7).unwrap();
        assert_eq!(b.status(), Status::Won(Mark::X));
        assert_eq!(b.play(5), Err(MoveError::GameOver));
    }

    #[test]
    fn full_board_without_line_is_a_draw() {
        let mut b = Board::new(Mark::X);
        for c in [0, 1, 2, 4, 3, 5, 7, 6, 8] {
            b.play(c).unwrap();
        }
        assert_eq!(b.status(), Status::Draw);
    }
}
