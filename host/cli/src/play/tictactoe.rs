//! Native tic-tac-toe matches: the seeds' AIs against each other and against a random player,
//! with fixed seeds.
//!
//! The ladder (docs/requirements.md#tic-tac-toe): random < seed 003 (win, block, else random) <
//! Min-Max depth 3 (easy) < depth 5 (medium) ≤ depth 9 (hard). Depths 5 and 9 never lose (proved in
//! `calc/tests/tictactoe.rs`), so between them every game is drawn: "≤", not "<".

use super::ladder::{game_seed, Outcome, Tally};
use calc::tictactoe::{ai, search, Board, Mark, Status};
use calc::Rng;
use std::fmt;

/// A tic-tac-toe player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A uniformly random free cell.
    Random,
    /// Seed 003's win / block / random.
    Seed003,
    /// Seed 004's Min-Max at this depth (3 easy, 5 medium, 9 hard).
    Minimax(u8),
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Random => write!(f, "random"),
            Player::Seed003 => write!(f, "seed003"),
            Player::Minimax(d) => write!(f, "minimax{d}"),
        }
    }
}

/// The ladder, weakest first.
pub const LADDER: [Player; 5] = [
    Player::Random,
    Player::Seed003,
    Player::Minimax(search::EASY),
    Player::Minimax(search::MEDIUM),
    Player::Minimax(search::HARD),
];

/// The cell `player` chooses on `board` (`None` when the game is over).
pub fn choose(player: Player, board: &Board, rng: &mut Rng) -> Option<u8> {
    match player {
        Player::Random => {
            let free = board.free();
            if board.is_over() || free == 0 {
                return None;
            }
            let k = rng.below(free.count_ones());
            (0..9u8).filter(|c| free & (1 << c) != 0).nth(k as usize)
        }
        Player::Seed003 => ai::choose_move(board, rng).map(|(c, _)| c),
        Player::Minimax(depth) => search::choose_move(board, depth, rng).map(|c| c.cell),
    }
}

/// Plays one game, `first` moving first (as X), each player with its own generator; returns
/// how it ended.
pub fn play_game(first: Player, second: Player, seed: u32) -> Status {
    let mut board = Board::new(Mark::X);
    let mut rngs = [
        Rng::new(game_seed(seed, 0, 1)),
        Rng::new(game_seed(seed, 0, 2)),
    ];
    loop {
        let (player, rng) = match board.status() {
            Status::ToMove(Mark::X) => (first, &mut rngs[0]),
            Status::ToMove(Mark::O) => (second, &mut rngs[1]),
            done => return done,
        };
        let Some(cell) = choose(player, &board, rng) else {
            return board.status();
        };
        if board.play(cell).is_err() {
            return board.status();
        }
    }
}

fn outcome(status: Status, a: Mark) -> Outcome {
    match status {
        Status::Won(m) if m == a => Outcome::Win,
        Status::Won(_) => Outcome::Loss,
        _ => Outcome::Draw,
    }
}

/// A match of `pairs` pairs of games (A first, then B first) between `a` and `b`, seeded.
pub fn play_match(a: Player, b: Player, pairs: u32, seed: u32) -> Tally {
    let mut tally = Tally::default();
    for i in 0..pairs {
        let s = game_seed(seed, i, 0);
        let g1 = outcome(play_game(a, b, s), Mark::X);
        let g2 = outcome(play_game(b, a, s), Mark::O);
        tally.add_pair(g1, g2, None);
    }
    tally
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_end_and_are_reproducible() {
        for p in LADDER {
            let s = play_game(p, Player::Random, 7);
            assert!(!matches!(s, Status::ToMove(_)));
            assert_eq!(s, play_game(p, Player::Random, 7));
        }
    }
}
