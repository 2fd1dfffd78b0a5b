//! The Connect Four board as two 64-bit bitboards, and the rules.
//!
//! Layout (the classic one of Pons' tutorial): column `c` (0 = leftmost) owns bits
//! `7c .. 7c+6`; bit `7c + r` is row `r` (0 = bottom) of that column, and bit `7c + 6` is a
//! sentinel that is always 0, so that shifts never carry one column into the next. A position is
//! `mask` (every stone) and `current` (the stones of the side to move); `current + mask` is a
//! unique 49-bit key. Playing is two xors and an add; the cells where a player would complete
//! four are found with a dozen shifts (see `winning_cells`).
//!
//! Columns are 0-based (`0..7`) in this API; the move strings of the public test sets and the
//! contest's `colonne` variable are 1-based and are converted at the edges ([`Board::from_moves`]).

/// Number of columns.
pub const WIDTH: u8 = 7;
/// Number of rows.
pub const HEIGHT: u8 = 6;
/// Number of cells, hence the maximum number of moves in a game.
pub const CELLS: u8 = WIDTH * HEIGHT;

/// Bits per column (HEIGHT plus the sentinel).
const COL_BITS: u32 = HEIGHT as u32 + 1;

/// The bottom cell of every column.
pub(crate) const BOTTOM: u64 = {
    let mut m = 0u64;
    let mut c = 0;
    while c < WIDTH as u32 {
        m |= 1u64 << (c * COL_BITS);
        c += 1;
    }
    m
};

/// Every playable cell (the sentinels excluded).
pub(crate) const FULL: u64 = BOTTOM * ((1u64 << HEIGHT) - 1);

/// Every cell of column `col` (0-based). `col` must be below [`WIDTH`].
#[inline]
pub(crate) const fn column_mask(col: u8) -> u64 {
    ((1u64 << HEIGHT) - 1) << (col as u32 * COL_BITS)
}

/// The top cell of column `col`.
#[inline]
const fn top_cell(col: u8) -> u64 {
    1u64 << (HEIGHT as u32 - 1 + col as u32 * COL_BITS)
}

/// The empty cells that would complete a four for the owner of `stones`, given all stones
/// `mask` (occupied cells and sentinels are removed from the answer).
#[inline]
pub(crate) fn winning_cells(stones: u64, mask: u64) -> u64 {
    let p = stones;
    // Vertical: three stones directly below.
    let mut r = (p << 1) & (p << 2) & (p << 3);
    // The three other directions: shift 7 (horizontal), 6 and 8 (the two diagonals).
    r |= line_cells(p, COL_BITS);
    r |= line_cells(p, COL_BITS - 1);
    r |= line_cells(p, COL_BITS + 1);
    r & (FULL ^ mask)
}

/// Cells that complete four along one direction of shift `s`: three stones on one side, or two
/// on one side and one on the other.
#[inline]
fn line_cells(p: u64, s: u32) -> u64 {
    let mut r;
    let a = (p << s) & (p << (2 * s));
    r = a & (p << (3 * s));
    r |= a & (p >> s);
    let b = (p >> s) & (p >> (2 * s));
    r |= b & (p << s);
    r |= b & (p >> (3 * s));
    r
}

/// True when `stones` holds four in a row somewhere.
#[inline]
pub(crate) fn has_four(stones: u64) -> bool {
    let p = stones;
    // Vertical.
    let m = p & (p >> 1);
    if m & (m >> 2) != 0 {
        return true;
    }
    // The other three directions, each shift a constant: a loop over the shift made them
    // 64-bit shifts by a variable, library calls on the 68000 (`__lshrdi3`).
    pairs_of_pairs(p, COL_BITS - 1)
        || pairs_of_pairs(p, COL_BITS)
        || pairs_of_pairs(p, COL_BITS + 1)
}

/// True when `p` holds four in a row along the direction of shift `s` (inlined, so that `s`
/// is a constant in each use).
#[inline(always)]
fn pairs_of_pairs(p: u64, s: u32) -> bool {
    let m = p & (p >> s);
    m & (m >> (2 * s)) != 0
}

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The first player: the "O" pieces of the contest, player 1.
    First,
    /// The second player: the "X" pieces, player 2.
    Second,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// The contest's player number: 1 for [`Player::First`], 2 for [`Player::Second`].
    pub fn number(self) -> u8 {
        match self {
            Player::First => 1,
            Player::Second => 2,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This player made four in a row.
    Win(Player),
    /// The board is full without a four.
    Draw,
}

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveError {
    /// The column index is not in `0..7`.
    OutOfRange,
    /// The column already holds six stones.
    ColumnFull,
    /// The game is already over (someone has four in a row, or the board is full).
    GameOver,
}

impl core::fmt::Display for MoveError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            MoveError::OutOfRange => "no such column: columns are 1 to 7",
            MoveError::ColumnFull => "the column is full",
            MoveError::GameOver => "the game is over",
        })
    }
}

impl core::error::Error for MoveError {}

/// Why a move string was refused by [`Board::from_moves`]: what was wrong and at which
/// character (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    /// Index of the offending character in the string.
    pub index: u8,
    /// What was wrong with it.
    pub kind: ParseErrorKind,
}

/// What was wrong in a move string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParseErrorKind {
    /// Not a digit `1`..`7`.
    NotAColumn,
    /// The move is illegal there (column full, or the game was already over).
    Illegal(MoveError),
    /// More than 42 moves.
    TooLong,
}

impl core::fmt::Display for ParseError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let at = u32::from(self.index) + 1;
        match self.kind {
            ParseErrorKind::NotAColumn => write!(f, "character {at} is not a column 1 to 7"),
            ParseErrorKind::Illegal(e) => write!(f, "move {at} cannot be played: {e}"),
            ParseErrorKind::TooLong => f.write_str("more than 42 moves"),
        }
    }
}

impl core::error::Error for ParseError {}

/// A Connect Four position. Small and `Copy`: searches copy it rather than undo moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    /// Stones of the side to move.
    current: u64,
    /// All stones.
    mask: u64,
    /// Number of stones on the board (plies played).
    moves: u8,
}

impl Board {
    /// The empty board, first player to move.
    pub const fn new() -> Board {
        Board {
            current: 0,
            mask: 0,
            moves: 0,
        }
    }

    /// The position after the moves of `moves`, a string of columns `1`..`7` (the convention
    /// of the public test sets and of the contest). Refuses a bad character, an illegal move
    /// or a move after the end of the game, saying at which character.
    pub fn from_moves(moves: &str) -> Result<Board, ParseError> {
        Board::from_move_bytes(moves.as_bytes())
    }

    /// [`Board::from_moves`] on bytes (ASCII digits `1`..`7`).
    pub fn from_move_bytes(moves: &[u8]) -> Result<Board, ParseError> {
        let mut board = Board::new();
        for (i, &ch) in moves.iter().enumerate() {
            let index = if i > u8::MAX as usize {
                u8::MAX
            } else {
                i as u8
            };
            if i >= CELLS as usize {
                return Err(ParseError {
                    index,
                    kind: ParseErrorKind::TooLong,
                });
            }
            if !(b'1'..=b'7').contains(&ch) {
                return Err(ParseError {
                    index,
                    kind: ParseErrorKind::NotAColumn,
                });
            }
            board.play(ch - b'1').map_err(|e| ParseError {
                index,
                kind: ParseErrorKind::Illegal(e),
            })?;
        }
        Ok(board)
    }

    /// Number of stones on the board.
    #[inline]
    pub fn moves(&self) -> u8 {
        self.moves
    }

    /// The player whose turn it is (even the game is over).
    #[inline]
    pub fn to_move(&self) -> Player {
        if self.moves & 1 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The stones of the side to move, as a bitboard (layout in the module doc).
    #[inline]
    pub fn current_stones(&self) -> u64 {
        self.current
    }

    /// The stones of the side that just moved.
    #[inline]
    pub fn opponent_stones(&self) -> u64 {
        self.current ^ self.mask
    }

    /// All stones.
    #[inline]
    pub fn mask(&self) -> u64 {
        self.mask
    }

    /// The stones of `player`.
    #[inline]
    pub fn stones(&self, player: Player) -> u64 {
        if player == self.to_move() {
            self.current
        } else {
            self.current ^ self.mask
        }
    }

    /// A unique key of the position (49 bits): equal keys mean equal positions.
    #[inline]
    pub fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// Who holds the cell at `col` (0..7), `row` (0 = bottom, 0..6); `None` if it is empty or
    /// off the board.
    pub fn cell(&self, col: u8, row: u8) -> Option<Player> {
        if col >= WIDTH || row >= HEIGHT {
            return None;
        }
        let bit = 1u64 << (col as u32 * COL_BITS + row as u32);
        if self.mask & bit == 0 {
            None
        } else if self.current & bit != 0 {
            Some(self.to_move())
        } else {
            Some(self.to_move().other())
        }
    }

    /// Number of stones in column `col` (0 if `col` is out of range).
    pub fn height(&self, col: u8) -> u8 {
        if col >= WIDTH {
            return 0;
        }
        (self.mask & column_mask(col)).count_ones() as u8
    }

    /// True when column `col` is in range and not full (whether or not the game is over).
    #[inline]
    pub fn can_play(&self, col: u8) -> bool {
        col < WIDTH && self.mask & top_cell(col) == 0
    }

    /// How the game has ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        // Only the side that just moved can have a four.
        if has_four(self.opponent_stones()) {
            Some(Outcome::Win(self.to_move().other()))
        } else if self.moves >= CELLS {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// Plays column `col` for the side to move, checking that the move is legal.
    pub fn play(&mut self, col: u8) -> Result<(), MoveError> {
        if col >= WIDTH {
            return Err(MoveError::OutOfRange);
        }
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        if !self.can_play(col) {
            return Err(MoveError::ColumnFull);
        }
        self.play_col(col);
        Ok(())
    }

    /// Plays column `col` without checks (the column must be playable).
    #[inline]
    pub(crate) fn play_col(&mut self, col: u8) {
        self.play_bit((self.mask + (1u64 << (col as u32 * COL_BITS))) & column_mask(col));
    }

    /// Plays the move given as its single cell bit (one of [`Board::playable`]'s bits).
    #[inline]
    pub(crate) fn play_bit(&mut self, bit: u64) {
        self.current ^= self.mask;
        self.mask |= bit;
        self.moves += 1;
    }

    /// The cells where the side to move may play (one per non-full column).
    #[inline]
    pub(crate) fn playable(&self) -> u64 {
        (self.mask + BOTTOM) & FULL
    }

    /// True when playing column `col` (which must be playable) wins at once for the side to move.
    pub fn is_winning_move(&self, col: u8) -> bool {
        self.can_play(col) && self.playable() & column_mask(col) & self.winning_cells() != 0
    }

    /// The empty cells where the side to move would complete four.
    #[inline]
    pub(crate) fn winning_cells(&self) -> u64 {
        winning_cells(self.current, self.mask)
    }

    /// The empty cells where the side that just moved would complete four.
    #[inline]
    pub(crate) fn opponent_winning_cells(&self) -> u64 {
        winning_cells(self.current ^ self.mask, self.mask)
    }

    /// True when the side to move can win with its next move.
    #[inline]
    pub fn can_win_next(&self) -> bool {
        self.winning_cells() & self.playable() != 0
    }

    /// The moves that do not lose at once: if the opponent threatens a playable cell, only that
    /// cell (none at all if there are two); never a cell just below an opponent's winning cell.
    /// Assumes the side to move cannot win at once (check [`Board::can_win_next`] first). The
    /// engine finds them on its own numbers; this is its tests' reference.
    #[cfg(test)]
    pub(crate) fn non_losing_moves(&self) -> u64 {
        let mut possible = self.playable();
        let opp_win = self.opponent_winning_cells();
        let forced = possible & opp_win;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(opp_win >> 1)
    }

    /// The cells of a four in a row of the side that just moved, as `(column, row)` pairs
    /// (0-based, row 0 at the bottom) from one end to the other: what a game shows at its end.
    /// `None` when there is none (the game goes on, or ended in a draw). When the last stone
    /// made more than one four, one of them.
    pub fn four(&self) -> Option<[(u8, u8); 4]> {
        let p = self.opponent_stones();
        for s in [1, COL_BITS, COL_BITS - 1, COL_BITS + 1] {
            let m = p & (p >> s);
            let starts = m & (m >> (2 * s));
            if starts != 0 {
                let first = starts.trailing_zeros();
                let mut cells = [(0u8, 0u8); 4];
                for (k, cell) in cells.iter_mut().enumerate() {
                    let bit = first + k as u32 * s;
                    *cell = ((bit / COL_BITS) as u8, (bit % COL_BITS) as u8);
                }
                return Some(cells);
            }
        }
        None
    }

    /// Writes the position into `out` as six rows of seven characters, top row first, `O` for
    /// the first player, `X` for the second, `.` for empty, each row ended by `\n` (48 bytes).
    pub fn render(&self, out: &mut [u8; 48]) {
        let mut i = 0;
        let mut row = HEIGHT;
        while row > 0 {
            row -= 1;
            for col in 0..WIDTH {
                out[i] = match self.cell(col, row) {
                    Some(Player::First) => b'O',
                    Some(Player::Second) => b'X',
                    None => b'.',
                };
                i += 1;
            }
            out[i] = b'\n';
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn four_names_the_cells_of_the_last_four() {
        // Vertical in column 1 (0-based 0): 1 2 1 2 1 2 1.
        let b = Board::from_moves("1212121").unwrap();
        assert_eq!(b.four(), Some([(0, 0), (0, 1), (0, 2), (0, 3)]));
        // Horizontal on the bottom row: columns 1-4 (0-based 0-3).
        let b = Board::from_moves("1122334").unwrap();
        assert_eq!(b.four(), Some([(0, 0), (1, 0), (2, 0), (3, 0)]));
        // Rising diagonal from column 1 bottom to column 4, row 3.
        let b = Board::from_moves("12233434474").unwrap();
        assert_eq!(b.four(), Some([(0, 0), (1, 1), (2, 2), (3, 3)]));
        // Falling diagonal, the mirror image: column 4, row 3 down to column 7, row 0.
        let b = Board::from_moves("76655454414").unwrap();
        assert_eq!(b.four(), Some([(3, 3), (4, 2), (5, 1), (6, 0)]));
        assert_eq!(Board::from_moves("4455").unwrap().four(), None);
    }

    use super::*;

    #[test]
    fn parse_and_cells() {
        let b = Board::from_moves("4453").unwrap();
        assert_eq!(b.moves(), 4);
        assert_eq!(b.to_move(), Player::First);
        assert_eq!(b.cell(3, 0), Some(Player::First));
        assert_eq!(b.cell(3, 1), Some(Player::Second));
        assert_eq!(b.cell(4, 0), Some(Player::First));
        assert_eq!(b.cell(2, 0), Some(Player::Second));
        assert_eq!(b.cell(3, 2), None);
        assert_eq!(b.height(3), 2);
        let mut out = [0u8; 48];
        b.render(&mut out);
        assert_eq!(&out[40..], b"..XOO..\n");
    }

    #[test]
    fn parse_errors_say_where() {
        let e = Board::from_moves("44a").unwrap_err();
        assert_eq!(e.index, 2);
        assert_eq!(e.kind, ParseErrorKind::NotAColumn);
        let e = Board::from_moves("1111111").unwrap_err();
        assert_eq!(e.index, 6);
        assert_eq!(e.kind, ParseErrorKind::Illegal(MoveError::ColumnFull));
        // First player wins vertically on its 4th stone (index 6); the 8th character is refused.
        let e = Board::from_moves("12121212").unwrap_err();
        assert_eq!(e.index, 7);
        assert_eq!(e.kind, ParseErrorKind::Illegal(MoveError::GameOver));
        assert_eq!(
            Board::from_moves("0").unwrap_err().kind,
            ParseErrorKind::NotAColumn
        );
        assert_eq!(
            Board::from_moves("8").unwrap_err().kind,
            ParseErrorKind::NotAColumn
        );
    }

    /// Bits of the cells `(col, row)`.
    fn cells(list: &[(u8, u8)]) -> u64 {
        list.iter()
            .map(|&(c, r)| 1u64 << (c as u32 * COL_BITS + r as u32))
            .fold(0, |a, b| a | b)
    }

    #[test]
    fn fours_in_every_direction() {
        assert!(has_four(cells(&[(2, 1), (2, 2), (2, 3), (2, 4)])));
        assert!(has_four(cells(&[(3, 5), (4, 5), (5, 5), (6, 5)])));
        assert!(has_four(cells(&[(0, 0), (1, 1), (2, 2), (3, 3)])));
        assert!(has_four(cells(&[(3, 5), (4, 4), (5, 3), (6, 2)])));
        // Three in a line, and lines broken by the column sentinel, are not fours.
        assert!(!has_four(cells(&[(0, 0), (1, 1), (2, 2), (4, 4)])));
        assert!(!has_four(cells(&[(0, 3), (0, 4), (0, 5), (1, 0)])));
        assert!(!has_four(cells(&[(0, 5), (1, 0), (1, 1), (1, 2)])));
        // Through the games: vertical, horizontal.
        let b = Board::from_moves("1212121").unwrap();
        assert_eq!(b.outcome(), Some(Outcome::Win(Player::First)));
        let b = Board::from_moves("1122334").unwrap();
        assert_eq!(b.outcome(), Some(Outcome::Win(Player::First)));
        let b = Board::from_moves("71122334").unwrap();
        assert_eq!(b.outcome(), Some(Outcome::Win(Player::Second)));
        assert_eq!(Board::from_moves("121212").unwrap().outcome(), None);
    }

    /// Depth-first search for a 42-move game without a four (first one in column order).
    fn drawn_game(b: Board, moves: &mut [u8; 42]) -> bool {
        if b.moves() == CELLS {
            return true;
        }
        for col in 0..WIDTH {
            let mut c = b;
            if c.play(col).is_ok() && matches!(c.outcome(), None | Some(Outcome::Draw)) {
                moves[b.moves() as usize] = col;
                if drawn_game(c, moves) {
                    return true;
                }
            }
        }
        false
    }

    #[test]
    fn full_board_is_a_draw() {
        let mut moves = [0u8; 42];
        assert!(drawn_game(Board::new(), &mut moves));
        let mut b = Board::new();
        for &m in &moves {
            assert_eq!(b.outcome(), None);
            b.play(m).unwrap();
        }
        assert_eq!(b.outcome(), Some(Outcome::Draw));
        assert_eq!(b.play(0), Err(MoveError::GameOver));
        let text: [u8; 42] = core::array::from_fn(|i| moves[i] + b'1');
        assert!(Board::from_move_bytes(&text).is_ok());
        let mut long = [b'1'; 43];
        long[..42].copy_from_slice(&text);
        assert_eq!(
            Board::from_move_bytes(&long).unwrap_err().kind,
            ParseErrorKind::TooLong
        );
    }

    #[test]
    fn winning_move_detection() {
        let b = Board::from_moves("121212").unwrap();
        assert!(b.is_winning_move(0));
        assert!(!b.is_winning_move(1));
        assert!(b.can_win_next());
        assert!(!b.is_winning_move(9));
        let mut c = b;
        assert_eq!(c.play(9), Err(MoveError::OutOfRange));
        c.play(0).unwrap();
        assert_eq!(c.play(2), Err(MoveError::GameOver));
    }
}
