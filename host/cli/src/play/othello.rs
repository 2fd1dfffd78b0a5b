//! Native Othello matches between the AIs, with fixed seeds.
//!
//! Each pair of games starts from the same opening (a few random moves from the standard start,
//! drawn from the match seed), once with each player taking black. The ladder, weakest first:
//! random, the seed's AI (tactical value ∓ flips), then the searching AI at its three levels
//! (depth 1 / exact from 8 empties, depth 3 / 12, depth 5 / 14).

use super::ladder::{game_seed, Outcome, Tally};
use calc::budget::Unlimited;
use calc::othello::player;
use calc::othello::search::{self, Level};
use calc::othello::tt::Entry;
use calc::othello::{ai, Board, Colour, Square, Squares, Status};
use calc::Rng;
use std::fmt;

/// An Othello player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A uniformly random legal move.
    Random,
    /// Seed 002's AI.
    Seed,
    /// The searching AI at a level.
    Search(Level),
    /// A level of the calculator program `othello` (`calc::othello::player`), with its node
    /// budgets and `othia`'s table size.
    Program(player::Ai),
    /// The same level's plan without its node budgets (same depth, same exact solve, same
    /// table size): what the budgets are measured against.
    Unbounded(player::Ai),
    /// A plan of the program's searching levels given in full (`othia`'s table size): to
    /// measure a change of a level's budgets.
    Planned(player::Plan),
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Random => write!(f, "random"),
            Player::Seed => write!(f, "seed002"),
            Player::Search(l) => write!(f, "search(d{},x{})", l.depth, l.exact_from),
            Player::Program(ai) => write!(f, "program {ai:?}"),
            Player::Unbounded(ai) => write!(f, "unbounded {ai:?}"),
            Player::Planned(p) => write!(
                f,
                "plan(d{},x{},{}/{} nodes)",
                p.depth, p.exact_from, p.search_nodes, p.solve_nodes
            ),
        }
    }
}

/// The ladder, weakest first.
pub const LADDER: [Player; 5] = [
    Player::Random,
    Player::Seed,
    Player::Search(Level::EASY),
    Player::Search(Level::MEDIUM),
    Player::Search(Level::HARD),
];

/// Entries of each searching player's transposition table (2^16: 1.5 MiB).
pub const TABLE_ENTRIES: usize = 1 << 16;

/// Entries of `othia`'s table (calc/programs/src/bin/othia.rs): the program's players use it.
pub const PROGRAM_TABLE_ENTRIES: usize = 1024;

/// Random moves from the start that make an opening.
pub const OPENING_PLIES: u32 = 4;

/// A player with its generator and table.
struct Seat {
    player: Player,
    rng: Rng,
    table: Vec<Entry>,
}

impl Seat {
    fn new(player: Player, seed: u32) -> Seat {
        Seat {
            player,
            rng: Rng::new(seed),
            table: match player {
                Player::Search(_) => vec![Entry::default(); TABLE_ENTRIES],
                Player::Program(_) | Player::Unbounded(_) | Player::Planned(_) => {
                    vec![Entry::default(); PROGRAM_TABLE_ENTRIES]
                }
                _ => Vec::new(),
            },
        }
    }

    fn choose(&mut self, board: &Board) -> Option<Square> {
        match self.player {
            Player::Random => random_move(board, &mut self.rng),
            Player::Seed => ai::choose_move(board, &mut self.rng),
            Player::Search(level) => {
                search::choose_move(&board.position(), level, &mut self.table, &mut Unlimited).best
            }
            Player::Program(ai) => {
                player::choose_with(ai, board, &mut self.rng, &mut self.table, |_| false).square
            }
            Player::Unbounded(ai) => match ai.unbounded() {
                Some(plan) => {
                    player::choose_planned(plan, board, &mut self.table, |_| false).square
                }
                None => ai::choose_move(board, &mut self.rng),
            },
            Player::Planned(plan) => {
                player::choose_planned(plan, board, &mut self.table, |_| false).square
            }
        }
    }
}

/// A uniformly random legal move.
pub fn random_move(board: &Board, rng: &mut Rng) -> Option<Square> {
    let moves = board.legal_moves();
    let k = rng.below(moves.count_ones());
    Squares(moves).nth(k as usize)
}

/// The opening of pair `seed`: `OPENING_PLIES` random moves from the start.
pub fn opening(seed: u32) -> Board {
    let mut board = Board::new();
    let mut rng = Rng::new(seed);
    for _ in 0..OPENING_PLIES {
        match random_move(&board, &mut rng) {
            Some(m) => {
                let _ = board.play(m);
            }
            None => break,
        }
    }
    board
}

/// Plays a game from `start` to the end; returns (black discs, white discs).
pub fn play_game(start: Board, black: Player, white: Player, seed: u32) -> (u8, u8) {
    let mut seats = [
        Seat::new(black, game_seed(seed, 0, 1)),
        Seat::new(white, game_seed(seed, 0, 2)),
    ];
    let mut board = start;
    loop {
        match board.status() {
            Status::Over { black, white } => return (black, white),
            Status::MustPass(_) => {
                let _ = board.pass();
            }
            Status::ToMove(side) => {
                let seat = &mut seats[if side == Colour::Black { 0 } else { 1 }];
                // A player that finds no move (cannot happen: the side has one) forfeits by
                // passing, which the rules refuse; stop the game as it stands.
                let Some(m) = seat.choose(&board) else {
                    let (b, w) = (board.count(Colour::Black), board.count(Colour::White));
                    return (b as u8, w as u8);
                };
                if board.play(m).is_err() {
                    let (b, w) = (board.count(Colour::Black), board.count(Colour::White));
                    return (b as u8, w as u8);
                }
            }
        }
    }
}

/// The final disc difference for `black` minus `white` with the empty squares to the winner.
pub fn margin(black: u8, white: u8) -> i32 {
    let (b, w) = (black as i32, white as i32);
    let e = 64 - b - w;
    match b.cmp(&w) {
        std::cmp::Ordering::Greater => b - w + e,
        std::cmp::Ordering::Less => b - w - e,
        std::cmp::Ordering::Equal => 0,
    }
}

fn outcome(m: i32) -> Outcome {
    match m.signum() {
        1 => Outcome::Win,
        -1 => Outcome::Loss,
        _ => Outcome::Draw,
    }
}

/// A match of `pairs` pairs of games between `a` and `b`: each pair from one opening, A black
/// then A white. The margin is A's disc difference summed over the pair.
pub fn play_match(a: Player, b: Player, pairs: u32, seed: u32) -> Tally {
    let mut tally = Tally::default();
    for i in 0..pairs {
        let s = game_seed(seed, i, 0);
        let start = opening(s);
        let (b1, w1) = play_game(start, a, b, s);
        let (b2, w2) = play_game(start, b, a, s);
        let (m1, m2) = (margin(b1, w1), -margin(b2, w2));
        tally.add_pair(outcome(m1), outcome(m2), Some((m1 + m2) as f64));
    }
    tally
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_ends_with_64_discs_or_a_wipe_out() {
        let (b, w) = play_game(opening(3), Player::Seed, Player::Random, 3);
        assert!(b + w <= 64 && b + w > 4);
        assert_eq!(margin(40, 20), 24);
        assert_eq!(margin(13, 0), 64);
        assert_eq!(margin(32, 32), 0);
    }
}
