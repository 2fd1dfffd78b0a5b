//! The seed's Othello board: 100 cells numbered 0..99, the 8x8 board inside a border ring.
//!
//! This is the representation of seed 002 (after Dr Samuel's checkers program): a cell holds
//! -1 (border), 0 (empty), 1 (white) or 2 (black); the eight neighbours of cell `i` are
//! `i ± 1`, `i ± 9`, `i ± 10`, `i ± 11`, and the border stops every walk without a bounds
//! test. It is the reference for the rules (legal moves, flips, passes, end of game) and what
//! the seed's AI and the calculator programs use; the searches use the bitboard form
//! ([`super::bitboard::Position`]), and the perft fixtures check that both give the same
//! moves.

use super::bitboard::Position;
use super::square::{Square, Squares};

/// The value of a border cell.
pub const BORDER: i8 = -1;
/// The value of an empty cell.
pub const EMPTY: i8 = 0;
/// The value of a white disc.
pub const WHITE: i8 = 1;
/// The value of a black disc.
pub const BLACK: i8 = 2;

/// The eight mailbox directions.
pub const DIRECTIONS: [i8; 8] = [1, -1, 10, -10, 11, -11, 9, -9];

/// A side. Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Black, the first player.
    Black,
    /// White.
    White,
}

impl Colour {
    /// The other side.
    pub const fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// This side's cell value in the mailbox.
    pub const fn cell(self) -> i8 {
        match self {
            Colour::Black => BLACK,
            Colour::White => WHITE,
        }
    }
}

/// How the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// This side is to move and has a legal move.
    ToMove(Colour),
    /// This side is to move, has no legal move but the other side has: it must pass.
    MustPass(Colour),
    /// Neither side can move: the game is over with these disc counts.
    Over {
        /// Black discs.
        black: u8,
        /// White discs.
        white: u8,
    },
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The square is not empty.
    Occupied,
    /// The disc would flip nothing: not a legal move.
    FlipsNothing,
    /// A pass was asked for while the side to move has a legal move.
    MustMove,
    /// The game is over.
    GameOver,
}

impl core::fmt::Display for MoveError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            MoveError::Occupied => "the square is not empty",
            MoveError::FlipsNothing => "the disc would flip nothing there",
            MoveError::MustMove => "cannot pass: a legal move exists",
            MoveError::GameOver => "the game is over",
        })
    }
}

impl core::error::Error for MoveError {}

/// The seed's 100-cell board and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [i8; 100],
    to_move: Colour,
}

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}

impl Board {
    /// The standard start: d4 and e5 white, d5 and e4 black, black to move.
    pub fn new() -> Board {
        Board::from_position(&Position::initial(), Colour::Black)
    }

    /// The board of a bitboard position, `to_move` being the side whose discs are
    /// `position.player`.
    pub fn from_position(position: &Position, to_move: Colour) -> Board {
        let mut cells = [BORDER; 100];
        for sq in Squares(!0) {
            let bit = sq.bit();
            cells[sq.mailbox() as usize] = if position.player & bit != 0 {
                to_move.cell()
            } else if position.opponent & bit != 0 {
                to_move.other().cell()
            } else {
                EMPTY
            };
        }
        Board { cells, to_move }
    }

    /// The bitboard position from the side to move's view.
    pub fn position(&self) -> Position {
        let me = self.to_move.cell();
        let (mut player, mut opponent) = (0, 0);
        for sq in Squares(!0) {
            match self.cells[sq.mailbox() as usize] {
                v if v == me => player |= sq.bit(),
                EMPTY => {}
                _ => opponent |= sq.bit(),
            }
        }
        Position { player, opponent }
    }

    /// The 100 cells (border -1, empty 0, white 1, black 2).
    pub const fn cells(&self) -> &[i8; 100] {
        &self.cells
    }

    /// The disc on `sq`, if any.
    pub const fn disc(&self, sq: Square) -> Option<Colour> {
        match self.cells[sq.mailbox() as usize] {
            BLACK => Some(Colour::Black),
            WHITE => Some(Colour::White),
            _ => None,
        }
    }

    /// The side to move.
    pub const fn to_move(&self) -> Colour {
        self.to_move
    }

    /// The number of discs of `colour`.
    pub fn count(&self, colour: Colour) -> u32 {
        let v = colour.cell();
        self.cells.iter().filter(|&&c| c == v).count() as u32
    }

    /// The number of the move about to be played: 1 for the first move of a game (4 discs on
    /// the board), 60 for the last possible one. Passes are not moves.
    pub fn move_number(&self) -> u32 {
        self.count(Colour::Black) + self.count(Colour::White) - 3
    }

    /// The number of discs the side to move would flip by playing mailbox cell `cell`, walking
    /// the eight directions as the seed does: 0 when the cell is not empty or flips nothing.
    pub fn flips_at(&self, cell: usize) -> u32 {
        if cell >= 100 || self.cells[cell] != EMPTY {
            return 0;
        }
        let me = self.to_move.cell();
        let them = self.to_move.other().cell();
        let mut total = 0;
        for d in DIRECTIONS {
            let mut i = cell as isize + d as isize;
            let mut run = 0;
            // The border ring (and only it) stops a walk: a cell next to the board's edge has
            // its border neighbour in every outward direction, so `i` stays in 0..100.
            while self.cells[i as usize] == them {
                run += 1;
                i += d as isize;
            }
            if self.cells[i as usize] == me {
                total += run;
            }
        }
        total
    }

    /// The number of discs the side to move would flip by playing `sq` (0: illegal).
    pub fn flips(&self, sq: Square) -> u32 {
        self.flips_at(sq.mailbox() as usize)
    }

    /// The legal moves of the side to move, found by scanning the cells in increasing order as
    /// the seed does, returned as a bitboard of squares.
    pub fn legal_moves(&self) -> u64 {
        let mut moves = 0;
        for cell in 11..89 {
            if self.flips_at(cell) != 0 {
                if let Some(sq) = Square::from_mailbox(cell as u8) {
                    moves |= sq.bit();
                }
            }
        }
        moves
    }

    /// How the game stands.
    pub fn status(&self) -> Status {
        if self.legal_moves() != 0 {
            return Status::ToMove(self.to_move);
        }
        let mut other = *self;
        other.to_move = self.to_move.other();
        if other.legal_moves() != 0 {
            Status::MustPass(self.to_move)
        } else {
            Status::Over {
                black: self.count(Colour::Black) as u8,
                white: self.count(Colour::White) as u8,
            }
        }
    }

    /// Plays `sq` for the side to move, flipping the flanked discs; returns how many flipped.
    pub fn play(&mut self, sq: Square) -> Result<u32, MoveError> {
        let cell = sq.mailbox() as usize;
        if self.cells[cell] != EMPTY {
            return Err(MoveError::Occupied);
        }
        let flipped = self.flips_at(cell);
        if flipped == 0 {
            return Err(MoveError::FlipsNothing);
        }
        let me = self.to_move.cell();
        let them = self.to_move.other().cell();
        for d in DIRECTIONS {
            let mut i = cell as isize + d as isize;
            while self.cells[i as usize] == them {
                i += d as isize;
            }
            if self.cells[i as usize] == me {
                let mut j = cell as isize + d as isize;
                while j != i {
                    self.cells[j as usize] = me;
                    j += d as isize;
                }
            }
        }
        self.cells[cell] = me;
        self.to_move = self.to_move.other();
        Ok(flipped)
    }

    /// Passes: allowed only when the side to move has no legal move and the game is not over.
    pub fn pass(&mut self) -> Result<(), MoveError> {
        match self.status() {
            Status::ToMove(_) => Err(MoveError::MustMove),
            Status::Over { .. } => Err(MoveError::GameOver),
            Status::MustPass(_) => {
                self.to_move = self.to_move.other();
                Ok(())
            }
        }
    }

    /// The board after `moves` (square indices, 0 = a1 .. 63 = h8) from the start, the passes
    /// played where they are forced (so a game's moves need no pass marks); `None` if a move is
    /// not legal. The small way (the calculator's game program); `player::replay` is the same
    /// on bitboards, the fast way.
    pub fn from_moves(moves: &[u8]) -> Option<Board> {
        let mut board = Board::new();
        for &m in moves {
            board.play(Square::new(m)?).ok()?;
            if let Status::MustPass(_) = board.status() {
                board.pass().ok()?;
            }
        }
        Some(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name.as_bytes()).unwrap()
    }

    #[test]
    fn start_position() {
        let b = Board::new();
        assert_eq!(b.disc(sq("d4")), Some(Colour::White));
        assert_eq!(b.disc(sq("e4")), Some(Colour::Black));
        assert_eq!(b.status(), Status::ToMove(Colour::Black));
        assert_eq!(b.move_number(), 1);
        assert_eq!(b.legal_moves(), Position::initial().moves());
        assert_eq!(b.position(), Position::initial());
    }

    #[test]
    fn play_flips_and_refuses() {
        let mut b = Board::new();
        assert_eq!(b.play(sq("d4")), Err(MoveError::Occupied));
        assert_eq!(b.play(sq("a1")), Err(MoveError::FlipsNothing));
        assert_eq!(b.pass(), Err(MoveError::MustMove));
        assert_eq!(b.play(sq("d3")), Ok(1));
        assert_eq!(b.disc(sq("d4")), Some(Colour::Black));
        assert_eq!(b.to_move(), Colour::White);
        assert_eq!((b.count(Colour::Black), b.count(Colour::White)), (4, 1));
    }

    #[test]
    fn shortest_game_ends_with_a_wipe_out() {
        // A 9-move game (the shortest possible) in which black takes every disc.
        let mut b = Board::new();
        for m in ["e6", "f4", "e3", "f6", "g5", "d6", "e7", "f5", "c5"] {
            b.play(sq(m)).unwrap();
        }
        assert_eq!(
            b.status(),
            Status::Over {
                black: 13,
                white: 0
            }
        );
        assert_eq!(b.pass(), Err(MoveError::GameOver));
    }
}
