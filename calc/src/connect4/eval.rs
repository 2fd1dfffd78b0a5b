//! Static evaluation of a Connect Four position by its 69 four-cell windows.
//!
//! A window is four cells in a line (21 vertical, 24 horizontal, 12 + 12 diagonal). A window
//! that holds stones of one player only is "open" for that player; its weight grows with the
//! number of stones in it. Both evaluations here are built on [`window_counts`], which counts
//! the open windows of a player by number of stones with bit-sliced adds on the bitboards (no
//! loop over cells, no table, no division).
//!
//! Seed 004 (tic-tac-toe Min-Max) scores each of the 8 lines of a 3x3 board: +10 for one
//! computer piece, +30 for two, -10 / -30 for the opponent, nothing for a line holding both;
//! a finished game is worth 1000 minus the pieces on the board (won), -1000 plus them (lost),
//! 0 (draw). [`seed_eval`] adapts it to 7x6 (the adaptation is documented there).

use super::board::{Board, Outcome, Player, HEIGHT, WIDTH};

/// Valid start cells of the windows of one direction, as a bitboard, for a window going
/// `dc` columns and `dr` rows per step.
const fn starts(dc: i32, dr: i32) -> u64 {
    let mut m = 0u64;
    let mut c = 0i32;
    while c < WIDTH as i32 {
        let mut r = 0i32;
        while r < HEIGHT as i32 {
            let ec = c + 3 * dc;
            let er = r + 3 * dr;
            if ec >= 0 && ec < WIDTH as i32 && er >= 0 && er < HEIGHT as i32 {
                m |= 1u64 << (c * 7 + r);
            }
            r += 1;
        }
        c += 1;
    }
    m
}

/// The four directions: bit shift per step and the valid start cells.
const DIRECTIONS: [(u32, u64); 4] = [
    (1, starts(0, 1)),  // vertical
    (7, starts(1, 0)),  // horizontal
    (8, starts(1, 1)),  // diagonal rising to the right
    (6, starts(1, -1)), // diagonal falling to the right
];

/// Counts the windows that hold no stone of `opp` and exactly 1, 2, 3 stones of `own`
/// (indexes 0, 1, 2 of the answer). Windows with 4 stones (a finished game) are not counted.
pub fn window_counts(own: u64, opp: u64) -> [u32; 3] {
    let mut counts = [0u32; 3];
    for &(s, valid) in DIRECTIONS.iter() {
        let a = own;
        let b = own >> s;
        let c = own >> (2 * s);
        let d = own >> (3 * s);
        let blocked = opp | (opp >> s) | (opp >> (2 * s)) | (opp >> (3 * s));
        let open = valid & !blocked;
        // Bit-sliced sum a + b + c + d = ones + 2 twos + 4 fours.
        let s1 = a ^ b;
        let c1 = a & b;
        let s2 = c ^ d;
        let c2 = c & d;
        let ones = s1 ^ s2;
        let carry = s1 & s2;
        let twos = c1 ^ c2 ^ carry;
        let fours = (c1 & c2) | ((c1 ^ c2) & carry);
        let low = open & !fours;
        counts[0] += (low & ones & !twos).count_ones();
        counts[1] += (low & !ones & twos).count_ones();
        counts[2] += (low & ones & twos).count_ones();
    }
    counts
}

/// Worth of a won game in [`seed_eval`] before the piece count is taken off.
pub const SEED_WIN: i16 = 10_000;

/// Seed 004's evaluation adapted to 7x6, from `player`'s point of view.
///
/// The adaptation:
/// - the lines are the 69 four-cell windows of the 7x6 board (instead of the 8 lines of 3x3);
/// - a window scores 10, 30 or 90 for one, two or three stones of `player` alone in it, and
///   -10, -30, -90 for the opponent's; nothing if it holds both (the seed's 10 and 30 for one
///   and two pieces, continued by the same factor 3 for the third piece that 3x3 lines never
///   have without being won);
/// - a won game is worth `SEED_WIN - stones on the board` (10,000 instead of the seed's 1000,
///   because 69 windows can add up to 69 x 90 = 6,210 and a win must outweigh any position);
///   a lost one `-(SEED_WIN - stones)`, a draw 0 — the seed's rule that prefers the quickest win
///   and the slowest loss.
pub fn seed_eval(board: &Board, player: Player) -> i16 {
    let own = board.stones(player);
    let opp = board.stones(player.other());
    match board.outcome() {
        Some(Outcome::Win(w)) => {
            let v = SEED_WIN - board.moves() as i16;
            return if w == player { v } else { -v };
        }
        Some(Outcome::Draw) => return 0,
        None => {}
    }
    let mine = window_counts(own, opp);
    let theirs = window_counts(opp, own);
    let score = 10 * (mine[0] as i32 - theirs[0] as i32)
        + 30 * (mine[1] as i32 - theirs[1] as i32)
        + 90 * (mine[2] as i32 - theirs[2] as i32);
    score as i16
}

/// Largest magnitude [`engine_eval`] returns; proven results of the search lie beyond it.
pub const ENGINE_EVAL_MAX: i16 = 900;

/// The weights of [`engine_eval`]'s terms, which `ti68k evolve` tunes (docs/tournaments.md).
///
/// [`Weights::DEFAULT`] are the engine's own; [`engine_eval`] uses them as constants (the
/// multiplications compile to shifts on the 68000), [`weighted_eval`] takes any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Weights {
    /// An open window with 1, 2, 3 stones of one player.
    pub open: [i16; 3],
    /// An empty cell where a player would complete four (a threat).
    pub threat: i16,
    /// More for a threat on a row of its owner's parity (odd rows for the first player).
    pub parity: i16,
    /// The side to move's bonus.
    pub tempo: i16,
}

impl Weights {
    /// The engine's built-in weights: 1, 4, 16; 12; 8; 2.
    pub const DEFAULT: Weights = Weights {
        open: [1, 4, 16],
        threat: 12,
        parity: 8,
        tempo: 2,
    };

    /// How many weights there are.
    pub const COUNT: usize = 6;

    /// The largest magnitude a weight may have (a tuned set outside it is refused: with it,
    /// no sum of terms comes near `i32`'s limits).
    pub const LIMIT: i16 = 1000;

    /// The weights in a fixed order: open 1, 2, 3, threat, parity, tempo.
    pub fn to_array(self) -> [i16; Weights::COUNT] {
        [
            self.open[0],
            self.open[1],
            self.open[2],
            self.threat,
            self.parity,
            self.tempo,
        ]
    }

    /// The weights of [`Weights::to_array`]'s order.
    pub fn from_array(a: [i16; Weights::COUNT]) -> Weights {
        Weights {
            open: [a[0], a[1], a[2]],
            threat: a[3],
            parity: a[4],
            tempo: a[5],
        }
    }

    /// The names of the weights, in [`Weights::to_array`]'s order.
    pub const NAMES: [&'static str; Weights::COUNT] =
        ["open1", "open2", "open3", "threat", "parity", "tempo"];
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::DEFAULT
    }
}

/// A heuristic of the alpha-beta engine at its horizon, from the side to move's point of
/// view, in `-ENGINE_EVAL_MAX..=ENGINE_EVAL_MAX`: [`weighted_eval`] with some [`Weights`].
///
/// The engine evaluates on the board's lines with [`Evaluate::weights`] (tables built for
/// them at run time), so `evaluate` must be [`weighted_eval`] with those weights.
pub trait Evaluate {
    /// The value of `board` for the side to move.
    fn evaluate(&self, board: &Board) -> i16;

    /// The weights the heuristic evaluates with (within [`Weights::LIMIT`]).
    fn weights(&self) -> Weights;
}

/// The engine's own heuristic, [`engine_eval`] (the built-in weights as constants).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Standard;

impl Evaluate for Standard {
    #[inline]
    fn evaluate(&self, board: &Board) -> i16 {
        engine_eval(board)
    }

    #[inline]
    fn weights(&self) -> Weights {
        Weights::DEFAULT
    }
}

impl Evaluate for Weights {
    #[inline]
    fn evaluate(&self, board: &Board) -> i16 {
        weighted_eval(board, self)
    }

    #[inline]
    fn weights(&self) -> Weights {
        *self
    }
}

/// The engine's own heuristic or a tuned one, chosen at run time (the engine builds its
/// tables for either's weights: one instance of the search serves both).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heuristic {
    /// [`engine_eval`].
    Builtin,
    /// [`weighted_eval`] with these weights.
    Weighted(Weights),
}

impl Heuristic {
    /// [`Heuristic::Builtin`] for the built-in weights, else [`Heuristic::Weighted`].
    pub fn of(weights: Weights) -> Heuristic {
        if weights == Weights::DEFAULT {
            Heuristic::Builtin
        } else {
            Heuristic::Weighted(weights)
        }
    }
}

impl Evaluate for Heuristic {
    #[inline]
    fn evaluate(&self, board: &Board) -> i16 {
        match self {
            Heuristic::Builtin => engine_eval(board),
            Heuristic::Weighted(w) => weighted_eval(board, w),
        }
    }

    #[inline]
    fn weights(&self) -> Weights {
        match self {
            Heuristic::Builtin => Weights::DEFAULT,
            Heuristic::Weighted(w) => *w,
        }
    }
}

/// The terms of the engine's heuristic, counted for the side to move: open windows by stones
/// (own minus opponent's), threats, threats on the owner's parity rows.
struct Terms {
    open: [i32; 3],
    threats: i32,
    parity: i32,
}

#[inline(always)]
fn terms(board: &Board) -> Terms {
    let own = board.current_stones();
    let opp = board.opponent_stones();
    let mine = window_counts(own, opp);
    let theirs = window_counts(opp, own);
    let own_threats = board.winning_cells();
    let opp_threats = board.opponent_winning_cells();
    // Rows 1, 3, 5 counted from 1 are bit rows 0, 2, 4.
    const ODD_ROWS: u64 = 0x15 * super::board::BOTTOM;
    let (own_good, opp_good) = if board.to_move() == Player::First {
        (ODD_ROWS, !ODD_ROWS)
    } else {
        (!ODD_ROWS, ODD_ROWS)
    };
    Terms {
        open: [
            mine[0] as i32 - theirs[0] as i32,
            mine[1] as i32 - theirs[1] as i32,
            mine[2] as i32 - theirs[2] as i32,
        ],
        threats: own_threats.count_ones() as i32 - opp_threats.count_ones() as i32,
        parity: (own_threats & own_good).count_ones() as i32
            - (opp_threats & opp_good).count_ones() as i32,
    }
}

/// The heuristic of the alpha-beta engine, from the side to move's point of view, in
/// `-ENGINE_EVAL_MAX..=ENGINE_EVAL_MAX`.
///
/// Open windows weigh 1, 4 and 16 for one, two and three stones; on top of that, each empty
/// cell where a player would complete four (a threat) is worth 12 more, plus 8 if it is on a
/// row of the right parity for its owner (odd rows, counted from 1 at the bottom, for the first
/// player; even rows for the second: the zugzwang rule of Connect Four endgames), and the side
/// to move gets a small tempo bonus of 2. These are [`Weights::DEFAULT`], written as constants.
pub fn engine_eval(board: &Board) -> i16 {
    let t = terms(board);
    let score = t.open[0] + 4 * t.open[1] + 16 * t.open[2] + 2 + 12 * t.threats + 8 * t.parity;
    let max = ENGINE_EVAL_MAX as i32;
    score.clamp(-max, max) as i16
}

/// [`engine_eval`] with the weights `w` (the same terms; the same value for
/// [`Weights::DEFAULT`]).
pub fn weighted_eval(board: &Board, w: &Weights) -> i16 {
    let t = terms(board);
    let score = i32::from(w.open[0]) * t.open[0]
        + i32::from(w.open[1]) * t.open[1]
        + i32::from(w.open[2]) * t.open[2]
        + i32::from(w.tempo)
        + i32::from(w.threat) * t.threats
        + i32::from(w.parity) * t.parity;
    let max = ENGINE_EVAL_MAX as i32;
    score.clamp(-max, max) as i16
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts open windows the slow way, cell by cell, for comparison.
    fn slow_counts(board: &Board, player: Player) -> [u32; 3] {
        let mut counts = [0u32; 3];
        for (dc, dr) in [(0i32, 1i32), (1, 0), (1, 1), (1, -1)] {
            for c in 0..WIDTH as i32 {
                for r in 0..HEIGHT as i32 {
                    let (ec, er) = (c + 3 * dc, r + 3 * dr);
                    if !(0..WIDTH as i32).contains(&ec) || !(0..HEIGHT as i32).contains(&er) {
                        continue;
                    }
                    let (mut mine, mut theirs) = (0, 0);
                    for k in 0..4 {
                        match board.cell((c + k * dc) as u8, (r + k * dr) as u8) {
                            Some(p) if p == player => mine += 1,
                            Some(_) => theirs += 1,
                            None => {}
                        }
                    }
                    if theirs == 0 && (1..=3).contains(&mine) {
                        counts[mine - 1] += 1;
                    }
                }
            }
        }
        counts
    }

    #[test]
    fn window_count_totals() {
        // Every window is open and empty on the empty board: 69 windows, none with stones.
        assert_eq!(window_counts(0, 0), [0, 0, 0]);
        let one = Board::from_moves("4").unwrap();
        // The centre bottom cell lies in 1 vertical, 4 horizontal, 1 + 1 diagonal windows.
        assert_eq!(window_counts(one.stones(Player::First), 0), [7, 0, 0]);
    }

    #[test]
    fn window_counts_match_cell_by_cell_counting() {
        let mut rng = crate::Rng::new(5);
        for _ in 0..300 {
            let mut b = Board::new();
            let n = rng.below(30);
            for _ in 0..n {
                let col = rng.below(7) as u8;
                if b.outcome().is_none() && b.can_play(col) {
                    b.play(col).unwrap();
                }
            }
            for p in [Player::First, Player::Second] {
                let got = window_counts(b.stones(p), b.stones(p.other()));
                assert_eq!(got, slow_counts(&b, p), "{b:?}");
            }
        }
    }

    #[test]
    fn seed_eval_signs_and_terminal_values() {
        let b = Board::from_moves("4").unwrap();
        assert_eq!(seed_eval(&b, Player::First), 70);
        assert_eq!(seed_eval(&b, Player::Second), -70);
        let won = Board::from_moves("1212121").unwrap();
        assert_eq!(seed_eval(&won, Player::First), SEED_WIN - 7);
        assert_eq!(seed_eval(&won, Player::Second), -(SEED_WIN - 7));
        assert_eq!(engine_eval(&Board::new()), 2);
    }

    #[test]
    fn weighted_eval_with_the_default_weights_is_engine_eval() {
        let mut rng = crate::Rng::new(11);
        for _ in 0..500 {
            let mut b = Board::new();
            for _ in 0..rng.below(36) {
                let col = rng.below(7) as u8;
                if b.outcome().is_none() && b.can_play(col) {
                    b.play(col).unwrap();
                }
            }
            assert_eq!(
                weighted_eval(&b, &Weights::DEFAULT),
                engine_eval(&b),
                "{b:?}"
            );
            let w = Weights::from_array(Weights::DEFAULT.to_array());
            assert_eq!(w, Weights::DEFAULT);
        }
        let mut only_tempo = Weights::from_array([0; Weights::COUNT]);
        only_tempo.tempo = 7;
        assert_eq!(
            weighted_eval(&Board::from_moves("4").unwrap(), &only_tempo),
            7
        );
    }
}
