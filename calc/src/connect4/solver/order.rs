//! Move ordering: which child the search tries first.
//!
//! The move the table remembers as best (it refuted the position's last window) comes first.
//! The others by decreasing score: the number of cells where the mover would complete a four
//! after the move (its threats, Pons' ordering), less one when the move fills the cell just
//! below one of the mover's own winning cells (the opponent's reply there blocks it); centre
//! columns first among equals.

use super::super::board::{column_mask, winning_cells, Board, WIDTH};

/// Columns from the centre outwards.
const CENTRE_FIRST: [u8; WIDTH as usize] = [3, 2, 4, 1, 5, 0, 6];

/// The moves of one node, best first: cell bits and their columns.
pub struct Moves {
    bits: [u64; WIDTH as usize],
    cols: [u8; WIDTH as usize],
    len: usize,
}

impl Moves {
    /// The moves of `moves` (cell bits, one per column at most) of `board`, ordered; `hint` is
    /// the remembered best column + 1 (0 for none), `own_win` the mover's winning cells.
    #[inline]
    pub fn new(board: &Board, moves: u64, hint: u8, own_win: u64) -> Moves {
        let mut list = Moves {
            bits: [0; WIDTH as usize],
            cols: [0; WIDTH as usize],
            len: 0,
        };
        if moves & (moves - 1) == 0 {
            // One move (a forced block, often): nothing to order.
            if moves != 0 {
                list.bits[0] = moves;
                list.cols[0] = column_of_cell(moves);
                list.len = 1;
            }
            return list;
        }
        let mut keys = [0i32; WIDTH as usize];
        let own = board.current_stones();
        let mask = board.mask();
        for &c in CENTRE_FIRST.iter() {
            let bit = moves & column_mask(c);
            if bit == 0 {
                continue;
            }
            let key = if hint == c + 1 {
                i32::MAX
            } else {
                winning_cells(own | bit, mask).count_ones() as i32
                    - i32::from(own_win & (bit << 1) != 0)
            };
            // Insertion after every move of a key at least as high (stable).
            let mut i = list.len;
            while i > 0 && keys[i - 1] < key {
                keys[i] = keys[i - 1];
                list.bits[i] = list.bits[i - 1];
                list.cols[i] = list.cols[i - 1];
                i -= 1;
            }
            keys[i] = key;
            list.bits[i] = bit;
            list.cols[i] = c;
            list.len += 1;
        }
        list
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// The `i`-th move: its cell bit and column.
    #[inline]
    pub fn get(&self, i: usize) -> (u64, u8) {
        (self.bits[i], self.cols[i])
    }
}

/// The column of the single cell `cell`.
#[inline]
fn column_of_cell(cell: u64) -> u8 {
    (cell.trailing_zeros() / (u32::from(super::super::board::HEIGHT) + 1)) as u8
}
