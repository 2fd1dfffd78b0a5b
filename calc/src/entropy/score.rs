//! Scoring (docs/requirements.md#new-entropy): palindromes in every row and column, and the round's
//! score.
//!
//! A segment of a line (length 2 to 7) counts its length when its cells, compared from both
//! ends inwards, are equal and not empty; the centre of an odd segment is never compared, so it
//! may be empty (green/blue/empty/blue/green counts 5). Every segment counts, overlapping ones
//! too. This is the seed's loop: two indices start at the ends and move inwards while the cells
//! they point at are equal and not empty; the segment counts when they meet or cross.
//!
//! The round's score is the sum over the rows times the sum over the columns (New Entropy) or
//! their sum (classic Entropy). The seed's AI evaluates boards with 1 added to each factor (its
//! "IA" flag), so that an empty direction does not zero the product.

use super::board::{Board, Cells, Colour, CELLS, SIZE};

/// The rule variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// New Entropy (the seed): the attacker slides only the piece just placed; the round's
    /// score is the product of the row and column sums.
    New,
    /// Classic Entropy (Eric Solomon, 1977; CodeCup 2023): the attacker slides any piece; the
    /// round's score is the sum of the row and column sums.
    Classic,
}

/// True when the segment of `line` starting at `start`, `len` cells long, is a palindrome by
/// the seed's rule (`false` if it does not fit in the line).
pub fn is_palindrome(line: &[u8], start: usize, len: usize) -> bool {
    if len < 2 || start + len > line.len() {
        return false;
    }
    let (mut i, mut j) = (start, start + len - 1);
    while i < j && line[i] == line[j] && line[i] != 0 {
        i += 1;
        j -= 1;
    }
    i >= j
}

/// The palindrome score of one line of 7 cells (0 = empty).
pub fn line_score(line: &[u8; SIZE]) -> u32 {
    let mut total = 0;
    for len in 2..=SIZE {
        for start in 0..=SIZE - len {
            if is_palindrome(line, start, len) {
                total += len as u32;
            }
        }
    }
    total
}

/// The line scores of a board, kept so that placing one piece only rescores its row and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineScores {
    /// Score of each row.
    pub rows: [u16; SIZE],
    /// Score of each column.
    pub columns: [u16; SIZE],
    /// Sum of the row scores.
    pub row_sum: u32,
    /// Sum of the column scores.
    pub column_sum: u32,
}

impl LineScores {
    /// The scores of every line of `board`.
    pub fn of(board: &Board) -> LineScores {
        let rows: [u16; SIZE] = core::array::from_fn(|r| line_score(&board.row(r)) as u16);
        let columns: [u16; SIZE] = core::array::from_fn(|c| line_score(&board.column(c)) as u16);
        LineScores {
            rows,
            columns,
            row_sum: rows.iter().map(|&x| x as u32).sum(),
            column_sum: columns.iter().map(|&x| x as u32).sum(),
        }
    }

    /// (row sum, column sum) of `board` (whose lines these are) with `colour` added on the
    /// empty `cell` (the sums unchanged for a cell out of range).
    pub fn sums_with(&self, board: &Board, cell: usize, colour: Colour) -> (u32, u32) {
        if cell >= CELLS {
            return (self.row_sum, self.column_sum);
        }
        let (r, c) = (cell / SIZE, cell % SIZE);
        let mut row = board.row(r);
        row[c] = colour.code();
        let mut column = board.column(c);
        column[r] = colour.code();
        (
            self.row_sum - self.rows[r] as u32 + line_score(&row),
            self.column_sum - self.columns[c] as u32 + line_score(&column),
        )
    }

    /// (row sum, column sum) of `board` (whose lines these are) with the piece on `from` moved
    /// to the empty `to`.
    pub fn sums_moved(&self, board: &Board, from: usize, to: usize) -> (u32, u32) {
        let mut b = *board;
        let Ok(colour) = b.take(from) else {
            return (self.row_sum, self.column_sum);
        };
        if b.put(to, colour).is_err() {
            return (self.row_sum, self.column_sum);
        }
        let (mut rs, mut cs) = (self.row_sum, self.column_sum);
        let (fr, fc, tr, tc) = (from / SIZE, from % SIZE, to / SIZE, to % SIZE);
        for r in [fr, tr] {
            rs = rs - self.rows[r] as u32 + line_score(&b.row(r));
            if fr == tr {
                break;
            }
        }
        for c in [fc, tc] {
            cs = cs - self.columns[c] as u32 + line_score(&b.column(c));
            if fc == tc {
                break;
            }
        }
        (rs, cs)
    }
}

/// The round's score from the row and column sums.
pub const fn combine(variant: Variant, rows: u32, columns: u32) -> u32 {
    match variant {
        Variant::New => rows * columns,
        Variant::Classic => rows + columns,
    }
}

/// The seed's evaluation from the sums: the product with 1 added to each factor (New Entropy),
/// or the sum (classic, where nothing can zero it).
pub const fn evaluate(variant: Variant, rows: u32, columns: u32) -> u32 {
    match variant {
        Variant::New => (rows + 1) * (columns + 1),
        Variant::Classic => rows + columns,
    }
}

/// The score of `board` at the end of a round.
pub fn round_score(board: &Board, variant: Variant) -> u32 {
    let s = LineScores::of(board);
    combine(variant, s.row_sum, s.column_sum)
}

/// The seed's AI score of `board` (its "IA" flag).
pub fn ai_score(board: &Board, variant: Variant) -> u32 {
    let s = LineScores::of(board);
    evaluate(variant, s.row_sum, s.column_sum)
}

/// The empty cells of `board` as an iterator (for callers that score every placement).
pub fn empty_cells(board: &Board) -> Cells {
    Cells(board.empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entropy::board::cell;

    #[test]
    fn incremental_sums_match_full_rescoring() {
        let mut rng = crate::Rng::new(5);
        let mut b = Board::new();
        for _ in 0..40 {
            let s = LineScores::of(&b);
            let empties = b.empty();
            let i = rng.below(empties.count_ones()) as usize;
            let at = Cells(empties).nth(i).unwrap();
            let colour = Colour::ALL[rng.below(7) as usize];
            let (r, c) = s.sums_with(&b, at, colour);
            b.put(at, colour).unwrap();
            let full = LineScores::of(&b);
            assert_eq!((r, c), (full.row_sum, full.column_sum));
            // Move it somewhere it can slide to, and compare again.
            if let Some(to) = Cells(b.slides(at)).next() {
                let (r, c) = full.sums_moved(&b, at, to);
                let mut m = b;
                m.take(at).unwrap();
                m.put(to, colour).unwrap();
                let moved = LineScores::of(&m);
                assert_eq!((r, c), (moved.row_sum, moved.column_sum));
            }
        }
        assert_eq!(round_score(&Board::new(), Variant::New), 0);
        assert_eq!(ai_score(&Board::new(), Variant::New), 1);
        let mut b = Board::new();
        b.put(cell(0, 0), Colour::Red).unwrap();
        b.put(cell(0, 1), Colour::Red).unwrap();
        assert_eq!(round_score(&b, Variant::New), 0); // rows 2, columns 0
        assert_eq!(ai_score(&b, Variant::New), 3);
        assert_eq!(round_score(&b, Variant::Classic), 2);
    }
}
