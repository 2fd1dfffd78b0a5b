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

/// The palindrome score of one line of 7 cells (0 = empty): the sum of the lengths of its
/// segments that are palindromes by [`is_palindrome`]'s rule. Counted from each centre
/// outwards: a segment counts when every pair around its centre does, so growing a segment
/// from its centre stops at the first pair that differs or is empty (the same total as testing
/// the 21 segments one by one, with fewer comparisons: `tests::every_line_scores_as_its_segments`).
pub fn line_score(line: &[u8; SIZE]) -> u32 {
    let mut total = 0;
    for centre in 0..SIZE {
        // Odd lengths: the centre itself is never compared.
        let (mut i, mut j) = (centre, centre);
        while i > 0 && j + 1 < SIZE && line[i - 1] == line[j + 1] && line[j + 1] != 0 {
            i -= 1;
            j += 1;
            total += (j - i + 1) as u32;
        }
        // Even lengths, around the gap after the centre.
        let (mut i, mut j) = (centre + 1, centre);
        while i > 0 && j + 1 < SIZE && line[i - 1] == line[j + 1] && line[j + 1] != 0 {
            i -= 1;
            j += 1;
            total += (j - i + 1) as u32;
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
        let mut s = LineScores {
            rows: [0; SIZE],
            columns: [0; SIZE],
            row_sum: 0,
            column_sum: 0,
        };
        for i in 0..SIZE {
            let row = line_score(&board.row(i));
            let column = line_score(&board.column(i));
            s.rows[i] = row as u16;
            s.columns[i] = column as u16;
            s.row_sum += row;
            s.column_sum += column;
        }
        s
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
        let unchanged = (self.row_sum, self.column_sum);
        if from >= CELLS || to >= CELLS || from == to {
            return unchanged;
        }
        let colour = board.codes()[from];
        if colour == 0 || board.codes()[to] != 0 {
            return unchanged;
        }
        // Only the lines of `from` and `to` change; scored without copying the board.
        let (fr, fc, tr, tc) = (from / SIZE, from % SIZE, to / SIZE, to % SIZE);
        let (mut rs, mut cs) = unchanged;
        let mut row = board.row(fr);
        row[fc] = 0;
        if fr == tr {
            row[tc] = colour;
        } else {
            let mut other = board.row(tr);
            other[tc] = colour;
            rs = rs - self.rows[tr] as u32 + line_score(&other);
        }
        rs = rs - self.rows[fr] as u32 + line_score(&row);
        let mut column = board.column(fc);
        column[fr] = 0;
        if fc == tc {
            column[tr] = colour;
        } else {
            let mut other = board.column(tc);
            other[tr] = colour;
            cs = cs - self.columns[tc] as u32 + line_score(&other);
        }
        cs = cs - self.columns[fc] as u32 + line_score(&column);
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

    /// Every line of 7 cells of 8 values (empty and the 7 colours): the centre count equals the
    /// sum over the 21 segments.
    #[test]
    fn every_line_scores_as_its_segments() {
        for n in 0..8u32.pow(7) {
            let line: [u8; SIZE] = core::array::from_fn(|i| (n >> (3 * i) & 7) as u8);
            let mut by_segments = 0;
            for len in 2..=SIZE {
                for start in 0..=SIZE - len {
                    if is_palindrome(&line, start, len) {
                        by_segments += len as u32;
                    }
                }
            }
            assert_eq!(line_score(&line), by_segments, "{line:?}");
        }
    }

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
