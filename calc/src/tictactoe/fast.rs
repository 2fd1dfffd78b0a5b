//! Seed 004's Min-Max, answered fast: the same move, the same value and the same coin draws as
//! [`super::search::choose_move`] at every depth, from a search that skips what cannot change
//! them. This is what the calculator programs play; the plain search stays the reference.
//!
//! Why it is the same answer:
//! - Negamax: the seed's evaluation is antisymmetric (`evaluate(b, me) = -evaluate(b, other)`,
//!   finished or not), so the seed's `calcMin`/`calcMax` value of a position is, from the side
//!   to move, the negamax value with leaves `evaluate(b, b.to_move())`.
//! - Alpha-beta returns the exact negamax value of a position whenever that value lies inside
//!   its window, and a bound on the right side of the window otherwise (fail-soft).
//! - The root only needs, cell by cell in increasing order, whether the cell's value is greater
//!   than, equal to or smaller than the best so far, and the exact value when it is not smaller:
//!   those decide the seed's `(tmp > max) || (tmp == max && coin)` rule, and a coin is drawn only
//!   on equality. So each cell is searched with the window "at least the best so far": a cell
//!   that fails low is smaller (no coin, as in the seed), any other comes back exact.
//! - A side that can complete a line now gets `1000 - (pieces + 1)`, the largest value any
//!   position below can have (a later win has more pieces; an unfinished line sum is at most
//!   240): that cell is the value, without trying the others.
//! - With at least two plies left, a side facing one threat (and no win of its own) must block
//!   it: any other cell lets the opponent win at once, the smallest value possible there, which
//!   blocking never goes under; facing two threats it loses at once whatever it plays.
//!
//! `calc/tests/tictactoe.rs` checks the equality on every legal position (5,478 with each mark
//! first) at depths 3, 5 and 9 with several seeds; `emu-tests/tests/ai_ttt.rs` checks the 68000
//! build against the plain search run natively.

use super::board::{has_line, Board, FULL, LINE_MASKS};
use super::eval::line_sum;
use super::search::Choice;
use crate::rng::Rng;

/// Above every value of the seed's evaluation.
const INF: i16 = 10_000;

/// The cells in the order they are tried inside the search (the centre, the corners, the
/// edges: the usual strength order, which makes cut-offs come early). The root keeps the
/// seed's increasing order, which its coin draws depend on. (The loops over this table and
/// [`LINE_MASKS`] go through references: an array's by-value iterator costs a copy of the
/// array and a call per step in the size-optimised 68000 build.)
static ORDER: [u16; 9] = [
    1 << 4,
    1 << 0,
    1 << 2,
    1 << 6,
    1 << 8,
    1 << 1,
    1 << 3,
    1 << 5,
    1 << 7,
];

/// The free cells where the side holding `mine` would complete a line, as a 9-bit mask.
fn completing_cells(mine: u16, free: u16) -> u16 {
    let mut cells = 0;
    for &line in &LINE_MASKS {
        let gap = line & !mine;
        // Two of the line's cells held (one bit left), the third free.
        if gap & free != 0 && gap & (gap - 1) == 0 {
            cells |= gap;
        }
    }
    cells
}

/// The seed's value, from the side to move, of the position where it holds `me` and the
/// opponent (who just moved) `them`, with `pieces` marks on the board and `depth` plies left:
/// exact when it lies strictly between `alpha` and `beta`, else a bound beyond the nearer one.
/// `nodes` counts the positions visited (this call's included). The position is passed as two
/// masks, by value: on the 68000 they stay in registers.
fn negamax(
    me: u16,
    them: u16,
    pieces: i16,
    depth: u8,
    mut alpha: i16,
    beta: i16,
    nodes: &mut u32,
) -> i16 {
    *nodes += 1;
    // Only the side that just moved can have a line; the seed's values of finished games.
    if has_line(them) {
        return -(1000 - pieces);
    }
    let free = FULL & !(me | them);
    if free == 0 {
        return 0;
    }
    if depth == 0 {
        return line_sum(me, them);
    }
    if completing_cells(me, free) != 0 {
        return 1000 - (pieces + 1);
    }
    let mut candidates = free;
    if depth >= 2 {
        let threats = completing_cells(them, free);
        if threats != 0 {
            if threats & (threats - 1) != 0 {
                return -(1000 - (pieces + 2));
            }
            candidates = threats;
        }
    }
    let mut best = -INF;
    for &bit in &ORDER {
        if candidates & bit == 0 {
            continue;
        }
        let v = -negamax(them, me | bit, pieces + 1, depth - 1, -beta, -alpha, nodes);
        if v > best {
            best = v;
            if v > alpha {
                alpha = v;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// Seed 004's move for the mark to move at `depth` (1 to 9; 3, 5 and 9 are the seed's
/// levels), with the seed's coin rule on ties drawn from `rng`: exactly the cell, value and
/// draws of [`super::search::choose_move`] (module doc). `nodes` counts the positions this
/// search visits (the root not counted), far fewer than the plain search's.
/// `None` when the game is over or `depth` is 0.
pub fn choose_move(board: &Board, depth: u8, rng: &mut Rng) -> Option<Choice> {
    if board.is_over() || depth == 0 {
        return None;
    }
    let me = board.mask(board.to_move());
    let them = board.mask(board.to_move().other());
    let pieces = board.pieces() as i16 + 1;
    let free = board.free();
    let mut nodes = 0;
    let mut best: Option<(u8, i16)> = None;
    for cell in 0..9u8 {
        let bit = 1u16 << cell;
        if free & bit == 0 {
            continue;
        }
        // The child: the opponent to move, against `me` with this cell.
        let (child_me, child_them) = (them, me | bit);
        let v = match best {
            // The first cell is always taken: its exact value is needed.
            None => -negamax(
                child_me,
                child_them,
                pieces,
                depth - 1,
                -INF,
                INF,
                &mut nodes,
            ),
            // Values below the best so far fail low: the cell is passed over, no coin.
            Some((_, b)) => -negamax(
                child_me,
                child_them,
                pieces,
                depth - 1,
                -INF,
                1 - b,
                &mut nodes,
            ),
        };
        let take = match best {
            None => true,
            Some((_, b)) => v > b || (v == b && rng.coin()),
        };
        if take {
            best = Some((cell, v));
        }
    }
    best.map(|(cell, score)| Choice { cell, score, nodes })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tictactoe::search;

    use crate::tictactoe::Mark;

    #[test]
    fn completing_cells_finds_every_open_line() {
        // X: 0, 1, 3 (threatens 2 and 6); O: 4, 8.
        let b = Board::from_moves(Mark::X, &[0, 4, 1, 8, 3]).unwrap();
        assert_eq!(
            completing_cells(b.mask(Mark::X), b.free()),
            (1 << 2) | (1 << 6)
        );
        // O's line 0-4-8 is blocked by X at 0; O has nothing.
        assert_eq!(completing_cells(b.mask(Mark::O), b.free()), 0);
    }

    #[test]
    fn the_empty_board_agrees_with_the_plain_search() {
        for depth in [1, 2, 3, 5, 9] {
            for seed in 0..4 {
                let empty = Board::new(Mark::X);
                let plain = search::choose_move(&empty, depth, &mut Rng::new(seed)).unwrap();
                let mut rng = Rng::new(seed);
                let fast = choose_move(&empty, depth, &mut rng).unwrap();
                assert_eq!(
                    (fast.cell, fast.score),
                    (plain.cell, plain.score),
                    "depth {depth}"
                );
            }
        }
    }
}
