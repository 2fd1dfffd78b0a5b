//! Move ordering: which child the search tries first.
//!
//! The move the table remembers as best (it refuted the position's last window) comes first.
//! The others by decreasing score: the number of cells where the mover would complete a four
//! after the move (its threats, Pons' ordering), less one when the move fills the cell just
//! below one of the mover's own winning cells (the opponent's reply there blocks it); centre
//! columns first among equals.
//!
//! The threats of each move are kept with it: they are the winning cells of the child's
//! opponent, which the child needs (`search.rs`), so no node computes them twice. Each move is
//! one `u64` (an 8-byte array of them is the list's only storage, zeroed once a node): from the
//! top, the ordering key (8 bits), the column (3 bits at 49), the threats (49 bits).

use super::super::board::{column_mask, winning_cells, Board, HEIGHT, WIDTH};

/// Columns from the centre outwards.
const CENTRE_FIRST: [u8; WIDTH as usize] = [3, 2, 4, 1, 5, 0, 6];

/// The cells of each column.
const COLUMNS: [u64; WIDTH as usize] = {
    let mut m = [0; WIDTH as usize];
    let mut c = 0;
    while c < WIDTH {
        m[c as usize] = column_mask(c);
        c += 1;
    }
    m
};

/// The bits of a move's threats (its cells).
const THREATS: u64 = (1 << 49) - 1;
/// Where a move's column starts.
const COLUMN_SHIFT: u32 = 49;
/// Where a move's ordering key starts: `key + 1` (threat counts less one are at least -1), or
/// 255 for the remembered move.
const KEY_SHIFT: u32 = 56;

/// The storage of a node's moves: one item per move (key, column, threats). A local array of
/// the caller's, filled by [`Moves::new`]: a list returned by value was zeroed by a call of
/// memset on the 68000 (some 750 cycles a node), or built and copied by one of memcpy.
pub type Items = [u64; WIDTH as usize];

/// The moves of one node, best first: for each, its column and its threats (the mover's
/// winning cells after it, its own cell excluded).
pub struct Moves<'a> {
    /// The moves of the node (cell bits, one per column at most).
    cells: u64,
    items: &'a mut Items,
    len: usize,
}

impl<'a> Moves<'a> {
    /// The moves of `moves` (cell bits, one per column at most) of `board`, ordered in
    /// `items` (whatever they hold); `hint` is the remembered best column + 1 (0 for none),
    /// `own_win` the mover's winning cells.
    #[inline]
    pub fn new(
        items: &'a mut Items,
        board: &Board,
        moves: u64,
        hint: u8,
        own_win: u64,
    ) -> Moves<'a> {
        let mut list = Moves {
            cells: moves,
            items,
            len: 0,
        };
        let own = board.current_stones();
        let mask = board.mask();
        if moves & (moves - 1) == 0 {
            // One move (a forced block, often): nothing to order.
            if moves != 0 {
                let col = column_of_cell(moves);
                let threats = winning_cells(own | moves, mask) & !moves;
                list.items[0] = (u64::from(col) << COLUMN_SHIFT) | threats;
                list.len = 1;
            }
            return list;
        }
        for &c in CENTRE_FIRST.iter() {
            let bit = moves & COLUMNS[c as usize];
            if bit == 0 {
                continue;
            }
            let wins = winning_cells(own | bit, mask);
            let key = if hint == c + 1 {
                255
            } else {
                // At least 0 as stored (the count less one is at least -1).
                wins.count_ones() + u32::from(own_win & (bit << 1) == 0)
            };
            let item =
                (u64::from(key) << KEY_SHIFT) | (u64::from(c) << COLUMN_SHIFT) | (wins & !bit);
            // Insertion after every move of a key at least as high (stable).
            let mut i = list.len;
            while i > 0 && key_of(list.items[i - 1]) < key {
                list.items[i] = list.items[i - 1];
                i -= 1;
            }
            list.items[i] = item;
            list.len += 1;
        }
        list
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// The `i`-th move: its cell bit, its column, and its threats (the winning cells of the
    /// side that has just moved, in the child).
    #[inline(always)]
    pub fn get(&self, i: usize) -> (u64, u8, u64) {
        let item = self.items[i];
        let col = ((item >> COLUMN_SHIFT) & 7) as u8;
        (self.cells & COLUMNS[col as usize], col, item & THREATS)
    }
}

/// The ordering key of a move's item.
#[inline]
fn key_of(item: u64) -> u32 {
    (item >> KEY_SHIFT) as u32
}

/// The column of the single cell `cell`.
#[cfg(not(target_pointer_width = "32"))]
#[inline]
fn column_of_cell(cell: u64) -> u8 {
    (cell.trailing_zeros() / (u32::from(HEIGHT) + 1)) as u8
}

/// The column of each bit of a board.
#[cfg(any(test, target_pointer_width = "32"))]
const COLUMN_OF_BIT: [u8; 64] = {
    let mut t = [0; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = (i / (HEIGHT as usize + 1)) as u8;
        i += 1;
    }
    t
};

/// [`column_of_cell`] for 32-bit targets: the trailing zeros of one word (of two words, a
/// library call) and a table instead of a division (a 64-bit product in wasm32).
#[cfg(any(test, target_pointer_width = "32"))]
#[inline]
fn column_of_cell_32(cell: u64) -> u8 {
    let low = cell as u32;
    let bit = if low != 0 {
        low.trailing_zeros()
    } else {
        32 + ((cell >> 32) as u32).trailing_zeros()
    };
    COLUMN_OF_BIT[bit as usize & 63]
}

#[cfg(target_pointer_width = "32")]
use column_of_cell_32 as column_of_cell;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_32_bit_column_of_a_cell_agrees() {
        for bit in 0..49 {
            let cell = 1u64 << bit;
            assert_eq!(
                column_of_cell_32(cell),
                (cell.trailing_zeros() / (u32::from(HEIGHT) + 1)) as u8
            );
        }
    }
}
