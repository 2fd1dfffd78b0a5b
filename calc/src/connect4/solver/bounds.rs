//! Proven facts about a position's score that need no search: the moves worth searching, the
//! bounds every position obeys, and two static proofs (stacked threats, claimeven).
//!
//! Scores are for the side to move, in the convention of [`super`]: a win with the mover's
//! stone number `n` (counted from the start of the game) scores `22 - n`.

use super::super::board::{has_four, Board, BOTTOM, CELLS, FULL};

const CELLS_I: i32 = CELLS as i32;

/// The cells of rows 1, 3 and 5 (0-based rows 0, 2, 4).
const ODD_ROWS: u64 = BOTTOM * 0b01_0101;

/// The score when the side to move has no move that does not lose at once: the opponent wins
/// with its next stone.
#[inline]
pub fn lost_now(moves: i32) -> i32 {
    -(CELLS_I - moves) / 2
}

/// The lowest score of a position whose side to move has a move that does not lose at once:
/// the opponent wins with its stone after next at best.
#[inline]
pub fn floor(moves: i32) -> i32 {
    -(CELLS_I - 2 - moves) / 2
}

/// The highest score of a position whose side to move cannot win at once: a win with its
/// stone after next.
#[inline]
pub fn ceiling(moves: i32) -> i32 {
    (CELLS_I - 1 - moves) / 2
}

/// The moves that do not lose at once, given the opponent's winning cells `opp_win`: the
/// blocking move when the opponent threatens one playable cell, none when it threatens two,
/// never a cell just below an opponent's winning cell. (A move that wins at once is not among
/// them unless it blocks: the search is only called where the mover cannot win at once.)
#[inline]
pub fn non_losing(board: &Board, opp_win: u64) -> u64 {
    let possible = board.playable();
    let forced = possible & opp_win;
    let moves = if forced != 0 {
        if forced & (forced - 1) != 0 {
            return 0;
        }
        forced
    } else {
        possible
    };
    moves & !(opp_win >> 1)
}

/// The moves among `moves` (moves that do not lose at once) that win by a stacked threat: the
/// mover's winning cells are the two cells just above the move. The opponent cannot win at
/// once after it, so it must block the lower one, and the mover wins on the upper one with its
/// stone after next: the [`ceiling`] score, the best a position can have without an immediate
/// win.
#[inline]
pub fn stacked_threats(moves: u64, own_win: u64) -> u64 {
    moves & (own_win >> 1) & (own_win >> 2)
}

/// A ceiling on the score by the claimeven strategy, when it applies: the first player is to
/// move (an even number of stones) and every column holds an even number of stones. The
/// second player can then answer every move in the same column, just above, and so gets every
/// empty cell of rows 2, 4 and 6 while the first player gets those of rows 1, 3 and 5. If the
/// first player cannot make a four with its stones and the cells of rows 1, 3, 5, it cannot
/// win: the score is at most 0; if moreover the second player makes a four with its stones and
/// the cells of rows 2, 4, 6, the second player wins: at most -1.
#[inline(always)]
pub fn claimeven_ceiling(board: &Board) -> Option<i32> {
    if board.moves() & 1 != 0 || board.playable() & !ODD_ROWS != 0 {
        return None;
    }
    let empty = FULL & !board.mask();
    if has_four(board.current_stones() | (empty & ODD_ROWS)) {
        return None;
    }
    if has_four(board.opponent_stones() | (empty & !ODD_ROWS)) {
        Some(-1)
    } else {
        Some(0)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::super::{Entry, Solver};
    use super::*;
    use crate::Rng;
    use std::vec;

    #[test]
    fn bounds_of_the_empty_board() {
        assert_eq!(ceiling(0), 20);
        assert_eq!(floor(0), -20);
        assert_eq!(lost_now(0), -21);
        assert_eq!(ceiling(40), 0);
    }

    /// The positions of `games` games of random play, from `plies_from` stones on, that are
    /// not over, whose side to move cannot win at once, and that `keep` keeps.
    fn scan(
        seed: u32,
        games: usize,
        plies_from: u8,
        keep: impl Fn(&Board) -> bool,
    ) -> vec::Vec<Board> {
        let mut rng = Rng::new(seed);
        let mut out = vec::Vec::new();
        for _ in 0..games {
            let mut b = Board::new();
            while b.outcome().is_none() {
                if b.moves() >= plies_from && !b.can_win_next() && keep(&b) {
                    out.push(b);
                }
                let cols: vec::Vec<u8> = (0..7).filter(|&c| b.can_play(c)).collect();
                let Some(i) = rng.pick(cols.len()) else { break };
                b.play(cols[i]).unwrap();
            }
        }
        out
    }

    #[test]
    fn stacked_threats_agree_with_the_search() {
        // The reference is the search without the proofs (with them, the root would answer
        // by the proof under test).
        let mut table = vec![Entry::EMPTY; 1 << 16];
        let mut solver = Solver::without_proofs(&mut table);
        let found = scan(7, 3000, 12, |b| {
            let next = non_losing(b, b.opponent_winning_cells());
            next != 0 && stacked_threats(next, b.winning_cells()) != 0
        });
        for b in &found {
            assert_eq!(
                i32::from(solver.solve(b, false)),
                ceiling(b.moves() as i32),
                "{b:?}"
            );
        }
        assert!(found.len() >= 50, "{}", found.len());
    }

    #[test]
    fn claimeven_agrees_with_the_search() {
        let mut table = vec![Entry::EMPTY; 1 << 16];
        let mut solver = Solver::without_proofs(&mut table);
        let found = scan(11, 8000, 12, |b| claimeven_ceiling(b).is_some());
        let mut losses = 0;
        for b in &found {
            let c = claimeven_ceiling(b).unwrap();
            let exact = i32::from(solver.solve(b, false));
            assert!(exact <= c, "{b:?}: {exact} > {c}");
            losses += usize::from(c < 0);
        }
        assert!(found.len() >= 50 && losses >= 5, "{} {losses}", found.len());
    }

    #[test]
    fn claimeven_applies_only_to_even_columns_with_the_first_player_to_move() {
        assert_eq!(claimeven_ceiling(&Board::from_moves("4").unwrap()), None);
        assert_eq!(claimeven_ceiling(&Board::from_moves("41").unwrap()), None);
        // The empty board: the first player's odd rows hold fours (row 1), no ceiling.
        assert_eq!(claimeven_ceiling(&Board::new()), None);
    }
}
