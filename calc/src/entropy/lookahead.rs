//! The expert's lookahead (New Entropy): the value of each cell where the piece may end, the
//! expectation over the next piece drawn of the hard defender's placement against the hard
//! attacker's best reply (docs/games.md#new-entropy).
//!
//! Computed as the plain definition would (`tests::plain` below, the first version), with the
//! same values and the same count of evaluations, but with less work:
//!
//! - the hard attacker's best reply to a placement on `p` is the best end cell among the cells
//!   the piece reaches, and those are the run of empty cells holding `p` in its row together
//!   with the run in its column: so the best of each run is found once, not once per `p`;
//! - the score of a line with a colour added on one of its cells does not depend on where the
//!   expert's own piece went when that piece is on another line: such line scores are computed
//!   once on the board before it, for every empty cell and every colour left in the bag; only
//!   the row and the column of the expert's piece are scored again.

use super::board::{Board, Cells, Colour, CELLS, SIZE};
use super::score::{evaluate, line_score, LineScores, Variant};

/// The expert's value of every cell where the piece may end: `out[q]` for every empty `q` of
/// `base` in `ends`. `bag` holds the counts of the colours left (the next piece's); on the
/// last turn (an empty bag) a cell's value is the board's own evaluation. Returns the
/// evaluations (one per board scored, as the plain definition counts them).
pub fn expected_values(
    base: &Board,
    piece: Colour,
    ends: u64,
    bag: &[u8; 7],
    out: &mut [u32; CELLS],
) -> u32 {
    let variant = Variant::New;
    let mut n = 0;
    let lines = LineScores::of(base);
    let empty = base.empty();
    if bag.iter().all(|&c| c == 0) {
        for q in Cells(ends & empty) {
            let (r, c) = lines.sums_with(base, q, piece);
            out[q] = evaluate(variant, r, c);
            n += 1;
        }
        return n;
    }
    // The score of each empty cell's row and column with each colour left added on it.
    let mut row_with = [[0u16; 7]; CELLS];
    let mut column_with = [[0u16; 7]; CELLS];
    for cell in Cells(empty) {
        let (r, k) = (cell / SIZE, cell % SIZE);
        let (mut row, mut column) = (base.row(r), base.column(k));
        for (i, &count) in bag.iter().enumerate() {
            if count > 0 {
                row[k] = i as u8 + 1;
                column[r] = i as u8 + 1;
                row_with[cell][i] = line_score(&row) as u16;
                column_with[cell][i] = line_score(&column) as u16;
            }
        }
    }
    for q in Cells(ends & empty) {
        let mut next = *base;
        if next.put(q, piece).is_err() {
            continue;
        }
        let (rq, kq) = (q / SIZE, q % SIZE);
        let mut rows = lines.rows;
        let mut columns = lines.columns;
        rows[rq] = line_score(&next.row(rq)) as u16;
        columns[kq] = line_score(&next.column(kq)) as u16;
        let row_sum = lines.row_sum - u32::from(lines.rows[rq]) + u32::from(rows[rq]);
        let column_sum = lines.column_sum - u32::from(lines.columns[kq]) + u32::from(columns[kq]);
        // The empty cells, and each one's run of empty cells in its row and in its column.
        let mut free = [0u8; CELLS];
        let mut count_free = 0;
        for cell in Cells(next.empty()) {
            free[count_free] = cell as u8;
            count_free += 1;
        }
        let free = &free[..count_free];
        let (row_run, column_run) = runs(next.empty());
        let mut total = 0u32;
        for (i, &count) in bag.iter().enumerate() {
            if count == 0 {
                continue;
            }
            let colour = i as u8 + 1;
            // The best end cell of each run, for the hard attacker.
            let mut best_row = [0u32; RUNS];
            let mut best_column = [0u32; RUNS];
            for &cell in free {
                let cell = usize::from(cell);
                let (r, k) = (cell / SIZE, cell % SIZE);
                let row_score = if r == rq {
                    let mut row = next.row(r);
                    row[k] = colour;
                    line_score(&row)
                } else {
                    u32::from(row_with[cell][i])
                };
                let column_score = if k == kq {
                    let mut column = next.column(k);
                    column[r] = colour;
                    line_score(&column)
                } else {
                    u32::from(column_with[cell][i])
                };
                let v = evaluate(
                    variant,
                    row_sum - u32::from(rows[r]) + row_score,
                    column_sum - u32::from(columns[k]) + column_score,
                );
                n += 1;
                let (a, b) = (usize::from(row_run[cell]), usize::from(column_run[cell]));
                best_row[a] = best_row[a].max(v);
                best_column[b] = best_column[b].max(v);
            }
            // The hard defender's placement: the least of the attacker's best replies.
            let mut worst = u32::MAX;
            for &p in free {
                let p = usize::from(p);
                let reply =
                    best_row[usize::from(row_run[p])].max(best_column[usize::from(column_run[p])]);
                worst = worst.min(reply);
            }
            if free.is_empty() {
                worst = 0;
            }
            total += u32::from(count) * worst;
        }
        out[q] = total;
    }
    n
}

/// The most runs of empty cells in one direction (4 a line, numbered from 1).
const RUNS: usize = 4 * SIZE + 1;

/// For each cell of `free`, the number of its run of consecutive free cells in its row, and
/// in its column (runs are numbered from 0 in each direction).
fn runs(free: u64) -> ([u8; CELLS], [u8; CELLS]) {
    let mut row_run = [0u8; CELLS];
    let mut column_run = [0u8; CELLS];
    let (mut rows, mut columns) = (0u8, 0u8);
    for a in 0..SIZE {
        let (mut in_row, mut in_column) = (false, false);
        for b in 0..SIZE {
            let across = a * SIZE + b;
            if free & (1 << across) != 0 {
                if !in_row {
                    rows += 1;
                }
                row_run[across] = rows;
                in_row = true;
            } else {
                in_row = false;
            }
            let down = b * SIZE + a;
            if free & (1 << down) != 0 {
                if !in_column {
                    columns += 1;
                }
                column_run[down] = columns;
                in_column = true;
            } else {
                in_column = false;
            }
        }
    }
    (row_run, column_run)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entropy::ai::destinations;
    use crate::entropy::{Game, Phase};
    use crate::Rng;

    /// The plain definition (the first version): for each end cell and each colour, the hard
    /// defender's values of every placement on the board after it, each from the best of the
    /// cells it reaches.
    fn plain(base: &Board, piece: Colour, ends: u64, bag: &[u8; 7], out: &mut [u32; CELLS]) -> u32 {
        let variant = Variant::New;
        let mut n = 0;
        let lines = LineScores::of(base);
        let last = bag.iter().all(|&c| c == 0);
        for q in Cells(ends & base.empty()) {
            if last {
                let (r, c) = lines.sums_with(base, q, piece);
                out[q] = evaluate(variant, r, c);
                n += 1;
                continue;
            }
            let mut next = *base;
            next.put(q, piece).unwrap();
            let mut total = 0u32;
            for (i, &count) in bag.iter().enumerate() {
                if count == 0 {
                    continue;
                }
                let next_lines = LineScores::of(&next);
                let mut end = [0u32; CELLS];
                for e in Cells(next.empty()) {
                    let (r, c) = next_lines.sums_with(&next, e, Colour::ALL[i]);
                    end[e] = evaluate(variant, r, c);
                    n += 1;
                }
                let worst = Cells(next.empty())
                    .map(|p| {
                        Cells(destinations(&next, p as u8))
                            .map(|e| end[e])
                            .max()
                            .unwrap_or(0)
                    })
                    .min()
                    .unwrap_or(0);
                total += count as u32 * worst;
            }
            out[q] = total;
        }
        n
    }

    #[test]
    fn the_same_values_and_evaluations_as_the_plain_definition() {
        let mut rng = Rng::new(0xE4);
        for game_seed in 0..12u32 {
            let mut game = Game::new(Variant::New, game_seed);
            // Random play, checking every 7th turn of both rounds (and the last ones).
            let mut turn = 0;
            while let Phase::Place { piece, .. } | Phase::Attack { piece, .. } = game.phase() {
                let bag = game.bag().counts();
                if turn % 7 == game_seed % 7 || game.turn() >= 47 {
                    let board = *game.board();
                    let ends = rng.next_u32() as u64 | (u64::from(rng.next_u32()) << 32);
                    let (mut fast, mut slow) = ([0u32; CELLS], [0u32; CELLS]);
                    let a = expected_values(&board, piece, ends, &bag, &mut fast);
                    let b = plain(&board, piece, ends, &bag, &mut slow);
                    assert_eq!((a, fast), (b, slow), "game {game_seed}, turn {turn}");
                }
                match game.phase() {
                    Phase::Place { .. } => {
                        let empty = game.board().empty();
                        let i = rng.below(empty.count_ones()) as usize;
                        game.place(Cells(empty).nth(i).unwrap() as u8).unwrap();
                    }
                    Phase::Attack { at, .. } => {
                        let to = Cells(destinations(game.board(), at)).next().unwrap() as u8;
                        game.attack(crate::entropy::Attack { from: at, to })
                            .unwrap();
                        turn += 1;
                    }
                    Phase::Over => break,
                }
            }
        }
    }
}
