//! The New Entropy board: 7 x 7 cells, each empty or holding a piece of one of 7 colours.
//!
//! Cells are numbered 0..49 row by row from the top left (`row * 7 + column`). The board also
//! keeps a 49-bit mask of its occupied cells, so that the searches find empty cells and slides
//! without scanning.

/// Rows and columns.
pub const SIZE: usize = 7;
/// Cells.
pub const CELLS: usize = SIZE * SIZE;
/// All 49 cells as a mask.
pub const ALL: u64 = (1 << CELLS) - 1;

/// A piece colour (docs/requirements.md#rules: red, green, orange, blue, yellow, white, black).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Colour {
    /// Red.
    Red = 1,
    /// Green.
    Green = 2,
    /// Orange.
    Orange = 3,
    /// Blue.
    Blue = 4,
    /// Yellow.
    Yellow = 5,
    /// White.
    White = 6,
    /// Black.
    Black = 7,
}

impl Colour {
    /// The seven colours in order.
    pub const ALL: [Colour; 7] = [
        Colour::Red,
        Colour::Green,
        Colour::Orange,
        Colour::Blue,
        Colour::Yellow,
        Colour::White,
        Colour::Black,
    ];

    /// The colour with code `code` (1..=7).
    pub const fn from_code(code: u8) -> Option<Colour> {
        match code {
            1..=7 => Some(Colour::ALL[code as usize - 1]),
            _ => None,
        }
    }

    /// The code 1..=7 (0 is an empty cell on the board).
    pub const fn code(self) -> u8 {
        self as u8
    }
}

/// A cell number 0..49 with its row and column.
pub const fn cell(row: usize, column: usize) -> usize {
    row * SIZE + column
}

/// Why a board operation was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The cell number is not in 0..49.
    NoSuchCell,
    /// The cell already holds a piece.
    Occupied,
    /// The cell holds no piece.
    Empty,
}

impl core::fmt::Display for BoardError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            BoardError::NoSuchCell => "no such cell: cells are numbered 0 to 48",
            BoardError::Occupied => "the cell already holds a piece",
            BoardError::Empty => "the cell holds no piece",
        })
    }
}

impl core::error::Error for BoardError {}

/// The board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [u8; CELLS],
    occupied: u64,
}

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}

impl Board {
    /// An empty board.
    pub const fn new() -> Board {
        Board {
            cells: [0; CELLS],
            occupied: 0,
        }
    }

    /// The colour codes of the 49 cells (0 = empty).
    pub const fn codes(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// The piece on `cell` (`None` if empty or out of range).
    pub const fn get(&self, cell: usize) -> Option<Colour> {
        if cell >= CELLS {
            return None;
        }
        Colour::from_code(self.cells[cell])
    }

    /// The occupied cells as a mask (bit `i` = cell `i`).
    pub const fn occupied(&self) -> u64 {
        self.occupied
    }

    /// The empty cells as a mask.
    pub const fn empty(&self) -> u64 {
        ALL & !self.occupied
    }

    /// Puts `colour` on the empty `cell`.
    pub fn put(&mut self, cell: usize, colour: Colour) -> Result<(), BoardError> {
        if cell >= CELLS {
            return Err(BoardError::NoSuchCell);
        }
        if self.occupied & (1 << cell) != 0 {
            return Err(BoardError::Occupied);
        }
        self.cells[cell] = colour.code();
        self.occupied |= 1 << cell;
        Ok(())
    }

    /// Takes the piece off `cell`.
    pub fn take(&mut self, cell: usize) -> Result<Colour, BoardError> {
        if cell >= CELLS {
            return Err(BoardError::NoSuchCell);
        }
        let c = Colour::from_code(self.cells[cell]).ok_or(BoardError::Empty)?;
        self.cells[cell] = 0;
        self.occupied &= !(1 << cell);
        Ok(c)
    }

    /// Row `row` (0..7) as 7 colour codes.
    pub fn row(&self, row: usize) -> [u8; SIZE] {
        core::array::from_fn(|c| self.cells[(row % SIZE) * SIZE + c])
    }

    /// Column `column` (0..7) as 7 colour codes.
    pub fn column(&self, column: usize) -> [u8; SIZE] {
        core::array::from_fn(|r| self.cells[r * SIZE + column % SIZE])
    }

    /// The cells a piece on `from` can slide to, in a straight line up, down, left or right
    /// over empty cells (stopping anywhere before the edge or the next piece). `from` itself is
    /// not included.
    pub fn slides(&self, from: usize) -> u64 {
        if from >= CELLS {
            return 0;
        }
        let (r, c) = (from / SIZE, from % SIZE);
        let mut out = 0;
        // (row step, column step)
        for (dr, dc) in [(0i32, 1i32), (0, -1), (1, 0), (-1, 0)] {
            let (mut rr, mut cc) = (r as i32 + dr, c as i32 + dc);
            while (0..SIZE as i32).contains(&rr) && (0..SIZE as i32).contains(&cc) {
                let i = rr as usize * SIZE + cc as usize;
                if self.occupied & (1 << i) != 0 {
                    break;
                }
                out |= 1 << i;
                rr += dr;
                cc += dc;
            }
        }
        out
    }
}

/// The cells of a 49-bit mask, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Cells(pub u64);

impl Iterator for Cells {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn put_take_and_errors() {
        let mut b = Board::new();
        b.put(24, Colour::Blue).unwrap();
        assert_eq!(b.put(24, Colour::Red), Err(BoardError::Occupied));
        assert_eq!(b.put(49, Colour::Red), Err(BoardError::NoSuchCell));
        assert_eq!(b.get(24), Some(Colour::Blue));
        assert_eq!(b.take(24), Ok(Colour::Blue));
        assert_eq!(b.take(24), Err(BoardError::Empty));
        assert_eq!(b.occupied(), 0);
    }

    #[test]
    fn slides_stop_at_pieces_and_edges() {
        let mut b = Board::new();
        // A piece in the centre of an empty board reaches its whole row and column: 12 cells.
        assert_eq!(b.slides(cell(3, 3)).count_ones(), 12);
        // Blockers at (3, 5) and (1, 3): to the right only (3, 4); upward only (2, 3).
        b.put(cell(3, 5), Colour::Red).unwrap();
        b.put(cell(1, 3), Colour::Red).unwrap();
        let s = b.slides(cell(3, 3));
        assert!(s & (1 << cell(3, 4)) != 0 && s & (1 << cell(3, 6)) == 0);
        assert!(s & (1 << cell(2, 3)) != 0 && s & (1 << cell(0, 3)) == 0);
        assert_eq!(s.count_ones(), 1 + 3 + 1 + 3);
        // A corner piece hemmed in cannot move.
        b.put(cell(0, 1), Colour::Red).unwrap();
        b.put(cell(1, 0), Colour::Red).unwrap();
        assert_eq!(b.slides(cell(0, 0)), 0);
    }
}
