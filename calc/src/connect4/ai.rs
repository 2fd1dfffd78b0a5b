//! The AI ladder: one [`Ai`] value names a player, [`choose`] picks its move.
//!
//! From the weakest:
//! 1. [`Ai::Random`]: a uniformly random legal column.
//! 2. [`Ai::WinBlock`]: seed 003's order of checks — a column that wins at once if there is one
//!    (the first from the left), else a column that stops the opponent's immediate win (the first
//!    from the left), else a random legal column.
//! 3. [`Ai::Minimax`]: seed 004's Min-Max at depth 3, 5 or 9 ([`super::minimax`]).
//! 4. [`Ai::AlphaBeta`]: the engine ([`super::engine`]) with iterative deepening under a node
//!    budget: the strongest player that fits the calculator.
//!
//! Above them sits the exact solver ([`super::solver`]), a host-side player (its table and its
//! time on early positions are beyond the calculator).
//!
//! Every random choice draws from the caller's [`Rng`], so a game is reproduced from its seed.

use super::board::{column_mask, Board, WIDTH};
use super::engine::{self, Limits, NoStop};
use super::minimax;
use crate::Rng;

/// A player of the ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ai {
    /// A random legal move.
    Random,
    /// Win if possible, else block, else random (seed 003).
    WinBlock,
    /// Seed 004's Min-Max to this depth (3, 5, 9 are the seed's levels; 1..=42 accepted).
    Minimax(u8),
    /// The alpha-beta engine under this node budget per move.
    AlphaBeta(u32),
}

/// The node budget of the engine's standard level ([`Ai::STRONG`]).
pub const STRONG_NODES: u32 = 20_000;

impl Ai {
    /// Seed 004's easy level.
    pub const EASY: Ai = Ai::Minimax(3);
    /// Seed 004's medium level.
    pub const MEDIUM: Ai = Ai::Minimax(5);
    /// Seed 004's hard level.
    pub const HARD: Ai = Ai::Minimax(9);
    /// The engine at its standard budget.
    pub const STRONG: Ai = Ai::AlphaBeta(STRONG_NODES);

    /// A compact code of the player (for saved states and logs): `0` random, `1` win/block,
    /// `0x10 + depth` Min-Max, `0x80 | k` the engine with `k * 1000` nodes (k in 1..=127).
    pub fn code(self) -> u8 {
        match self {
            Ai::Random => 0,
            Ai::WinBlock => 1,
            Ai::Minimax(d) => 0x10 + d.clamp(1, 0x3F),
            Ai::AlphaBeta(n) => 0x80 | ((n / 1000).clamp(1, 127) as u8),
        }
    }

    /// The player of a [`Ai::code`], or `None` for a code that names none.
    pub fn from_code(code: u8) -> Option<Ai> {
        match code {
            0 => Some(Ai::Random),
            1 => Some(Ai::WinBlock),
            0x11..=0x4F => Some(Ai::Minimax(code - 0x10)),
            0x81..=0xFF => Some(Ai::AlphaBeta((code & 0x7F) as u32 * 1000)),
            _ => None,
        }
    }
}

/// A move chosen by [`choose`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The column (0-based), `None` if the game is over.
    pub column: Option<u8>,
    /// The player's own value of the move (0 for the random players; the Min-Max scale or the
    /// engine's score otherwise).
    pub score: i16,
    /// Nodes searched (0 for the random players).
    pub nodes: u32,
}

/// The move `ai` plays in `board`. `table` serves the engine (any length; 0 is allowed but
/// weakens it); the other players ignore it.
pub fn choose(ai: Ai, board: &Board, rng: &mut Rng, table: &mut [engine::Entry]) -> Choice {
    let none = Choice {
        column: None,
        score: 0,
        nodes: 0,
    };
    if board.outcome().is_some() {
        return none;
    }
    match ai {
        Ai::Random => Choice {
            column: random_column(board, rng),
            ..none
        },
        Ai::WinBlock => Choice {
            column: win_block_column(board, rng),
            ..none
        },
        Ai::Minimax(depth) => {
            let c = minimax::choose(board, depth, rng);
            Choice {
                column: c.column,
                score: c.score,
                nodes: c.nodes,
            }
        }
        Ai::AlphaBeta(nodes) => {
            let limits = Limits {
                depth: 42,
                nodes: nodes.max(1),
            };
            let r = engine::search(board, limits, table, NoStop);
            Choice {
                column: r.column,
                score: r.score,
                nodes: r.nodes,
            }
        }
    }
}

/// A uniformly random legal column, `None` if there is none.
pub fn random_column(board: &Board, rng: &mut Rng) -> Option<u8> {
    let mut legal = [0u8; WIDTH as usize];
    let mut n = 0;
    for col in 0..WIDTH {
        if board.can_play(col) {
            legal[n] = col;
            n += 1;
        }
    }
    rng.pick(n).map(|i| legal[i])
}

/// Seed 003's player: win, else block, else random.
pub fn win_block_column(board: &Board, rng: &mut Rng) -> Option<u8> {
    let playable = board.playable();
    let wins = playable & board.winning_cells();
    let blocks = playable & board.opponent_winning_cells();
    for set in [wins, blocks] {
        for col in 0..WIDTH {
            if set & column_mask(col) != 0 {
                return Some(col);
            }
        }
    }
    random_column(board, rng)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for ai in [
            Ai::Random,
            Ai::WinBlock,
            Ai::EASY,
            Ai::MEDIUM,
            Ai::HARD,
            Ai::STRONG,
            Ai::AlphaBeta(127_000),
        ] {
            assert_eq!(Ai::from_code(ai.code()), Some(ai));
        }
        assert_eq!(Ai::from_code(0x80), None);
        assert_eq!(Ai::from_code(0x05), None);
    }

    #[test]
    fn win_block_checks_every_win_before_any_block() {
        // O (to move) threatens nothing yet X threatens column 1; O can win in column 7.
        // O: 7,7,7 vertical (rows 0-2); X: 1,1,1.
        let b = Board::from_moves("717171").unwrap();
        let mut rng = Rng::new(0);
        assert_eq!(win_block_column(&b, &mut rng), Some(6));
        // Without its own win, O blocks.
        let b = Board::from_moves("71717").unwrap();
        assert_eq!(b.to_move(), crate::connect4::Player::Second);
        assert_eq!(win_block_column(&b, &mut rng), Some(6));
    }

    #[test]
    fn random_players_play_legal_moves_and_follow_the_seed() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        let board = Board::from_moves("111111").unwrap();
        for _ in 0..200 {
            let c = random_column(&board, &mut a).unwrap();
            assert_ne!(c, 0);
            assert_eq!(random_column(&board, &mut b), Some(c));
        }
    }

    #[test]
    fn every_level_plays_a_legal_move() {
        let mut table = [engine::Entry::EMPTY; 256];
        let board = Board::from_moves("44444").unwrap();
        for ai in [Ai::Random, Ai::WinBlock, Ai::EASY, Ai::AlphaBeta(2000)] {
            let c = choose(ai, &board, &mut Rng::new(9), &mut table);
            let col = c.column.unwrap();
            assert!(board.can_play(col), "{ai:?}");
        }
        let over = Board::from_moves("1212121").unwrap();
        assert_eq!(
            choose(Ai::Random, &over, &mut Rng::new(9), &mut table).column,
            None
        );
    }
}
