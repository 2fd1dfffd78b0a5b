//! The AI contract: a Connect Four AI, as a user writes one (docs/tutorial.md).
//!
//! Implement [`Strategy`] — a name, and a column for a position — and the toolkit does the
//! rest: on the calculator, `programs::contest::joueur` turns it into a contest `joueur()`
//! (the `colonne`/`nom` protocol, the saved state, the "thinking" zone, the errors the arbiter
//! must see); on the computer, [`play`] plays it against another strategy with the same random
//! draws as on the calculator, and the command line's library runs matches and ladders of it.
//! The same source runs on both, move for move.
//!
//! ```
//! use calc::connect4::strategy::{self, Ladder, Strategy};
//! use calc::connect4::{ai::Ai, search::Entry, Board};
//! use calc::Rng;
//!
//! /// Plays the centremost legal column.
//! struct Centre;
//!
//! impl Strategy for Centre {
//!     fn name(&self) -> &[u8] {
//!         b"centre"
//!     }
//!     fn choose(&mut self, board: &Board, _rng: &mut Rng) -> u8 {
//!         [3, 2, 4, 1, 5, 0, 6].into_iter().find(|&c| board.can_play(c)).unwrap_or(0)
//!     }
//! }
//!
//! let mut table = [Entry::EMPTY; 64];
//! let mut random = Ladder::new(Ai::Random, &mut table);
//! let game = strategy::play([&mut Centre, &mut random], [1, 2]);
//! assert!(game.result.is_some());
//! ```
//!
//! What a strategy may rely on, and what it must keep to:
//! - `choose` is called only when the game is not over and it is this AI's turn
//!   ([`Board::to_move`]); it returns a 0-based column (0..=6). A full or missing column
//!   disqualifies the AI, on the calculator as here.
//! - Every random choice comes from the `rng` it is given, which is seeded from the game's
//!   seed and the move number: a game replays exactly from its seeds.
//! - On the calculator each move is a separate run of the program: the strategy is made anew
//!   for every call and sees the whole game in `board`; whatever it keeps in `self` between
//!   moves is lost there. Use `self` for scratch space (tables), not for memory.
//! - The name is at most [`NAME_LEN`] characters (a TI-89 shows 8).

use super::ai::{self, Ai, CONTEST_NAME_LEN};
use super::board::{Board, Player, CELLS};
use super::eval::Standard;
use super::referee::{Disqualification, Fault, GameResult};
use super::search;
use super::solver;
use super::Outcome;
use crate::budget::Unlimited;
use crate::Rng;

/// The longest name an AI may give on every model (the TI-89's limit; the TI-92 Plus and
/// Voyage 200 allow 12).
pub const NAME_LEN: usize = 8;

/// A Connect Four AI (module doc).
pub trait Strategy {
    /// The name the AI gives the arbiter: 1 to [`NAME_LEN`] characters.
    fn name(&self) -> &[u8];

    /// The column (0-based, 0..=6) to play in `board`, where it is this AI's turn and the game
    /// is not over. Random choices draw from `rng`.
    fn choose(&mut self, board: &Board, rng: &mut Rng) -> u8;
}

/// The generator of the draws of move `count` (the number of stones on the board) of a player
/// whose game seed is `seed`: the same on the calculator and on the computer.
pub fn move_rng(seed: u32, count: u8) -> Rng {
    Rng::new(seed.wrapping_add(u32::from(count).wrapping_mul(0x9E37_79B9)))
}

/// A player of the toolkit's ladder ([`Ai`]) as a strategy, with the transposition table its
/// engine levels borrow, and the table the expert's exact solves borrow (none: no solves).
pub struct Ladder<'t> {
    ai: Ai,
    table: &'t mut [search::Entry],
    solver_table: &'t mut [solver::Entry],
    name: [u8; CONTEST_NAME_LEN],
    name_len: u8,
}

impl<'t> Ladder<'t> {
    /// The ladder's `ai`, searching with `table` (any length; `joueur` lends 128 entries), with
    /// no solver table (the expert plays without its exact solves).
    pub fn new(ai: Ai, table: &'t mut [search::Entry]) -> Ladder<'t> {
        Ladder::lending(ai, table, &mut [])
    }

    /// [`Ladder::new`], the expert also borrowing `solver_table` for its exact solves near the
    /// end ([`ai::choose_lending`]), as `joueur` plays it.
    pub fn lending(
        ai: Ai,
        table: &'t mut [search::Entry],
        solver_table: &'t mut [solver::Entry],
    ) -> Ladder<'t> {
        let mut name = [0u8; CONTEST_NAME_LEN];
        let name_len = ai.contest_name(&mut name).len() as u8;
        Ladder {
            ai,
            table,
            solver_table,
            name,
            name_len,
        }
    }

    /// The player.
    pub fn ai(&self) -> Ai {
        self.ai
    }
}

impl Strategy for Ladder<'_> {
    fn name(&self) -> &[u8] {
        &self.name[..self.name_len as usize]
    }

    fn choose(&mut self, board: &Board, rng: &mut Rng) -> u8 {
        // The game is not over and has a legal move, so the ladder always has a column.
        ai::choose_lending(
            self.ai,
            board,
            rng,
            self.table,
            self.solver_table,
            Unlimited,
            Standard,
        )
        .column
        .unwrap_or(0)
    }
}

/// A game played by two strategies ([`play`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    /// The columns played, 0-based, in order.
    pub moves: [u8; CELLS as usize],
    /// How many.
    pub count: u8,
    /// How it ended: four in a row, a full board, or a disqualification for a column that
    /// cannot be played (`None` only if a strategy returned no move at all, which cannot
    /// happen).
    pub result: Option<GameResult>,
}

impl Game {
    /// The columns played, 0-based.
    pub fn moves(&self) -> &[u8] {
        &self.moves[..self.count as usize]
    }
}

/// Plays a game: `players[0]` moves first. Player `p`'s draws come from
/// [`move_rng`]`(seeds[p], stones on the board)`, as `joueur` draws them on the calculator. A
/// column that cannot be played ends the game with that player disqualified, as the arbiter
/// does.
pub fn play(players: [&mut dyn Strategy; 2], seeds: [u32; 2]) -> Game {
    let [first, second] = players;
    let mut game = Game {
        moves: [0; CELLS as usize],
        count: 0,
        result: None,
    };
    let mut board = Board::new();
    while board.outcome().is_none() {
        let seat = board.to_move();
        let (player, seed) = match seat {
            Player::First => (&mut *first, seeds[0]),
            Player::Second => (&mut *second, seeds[1]),
        };
        let col = player.choose(&board, &mut move_rng(seed, board.moves()));
        if !board.can_play(col) {
            let fault = if col < 7 {
                Fault::ColumnFull
            } else {
                Fault::ColumnOutOfRange
            };
            game.result = Some(GameResult::Disqualified(Disqualification {
                seat,
                fault,
                value: i32::from(col) + 1,
            }));
            return game;
        }
        let _ = board.play(col);
        game.moves[game.count as usize] = col;
        game.count += 1;
    }
    game.result = board.outcome().map(GameResult::Normal);
    game
}

/// Whether `first` won a game of [`play`] (for tallies: `Some(true)` a win for the first
/// player, `Some(false)` a win for the second, `None` a draw).
pub fn first_won(game: &Game) -> Option<bool> {
    match game.result? {
        GameResult::Normal(Outcome::Draw) => None,
        GameResult::Normal(Outcome::Win(p)) => Some(p == Player::First),
        GameResult::Disqualified(d) => Some(d.seat == Player::Second),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Leftmost;

    impl Strategy for Leftmost {
        fn name(&self) -> &[u8] {
            b"leftmost"
        }
        fn choose(&mut self, board: &Board, _rng: &mut Rng) -> u8 {
            (0..7).find(|&c| board.can_play(c)).unwrap_or(0)
        }
    }

    struct Stubborn;

    impl Strategy for Stubborn {
        fn name(&self) -> &[u8] {
            b"stubborn"
        }
        fn choose(&mut self, _board: &Board, _rng: &mut Rng) -> u8 {
            0
        }
    }

    #[test]
    fn winblock_beats_leftmost_and_games_replay_from_their_seeds() {
        let mut table = [search::Entry::EMPTY; 16];
        let mut winblock = Ladder::new(Ai::WinBlock, &mut table);
        assert_eq!(winblock.name(), b"winblock");
        let game = play([&mut Leftmost, &mut winblock], [5, 6]);
        assert_eq!(first_won(&game), Some(false), "{:?}", game.moves());
        assert_eq!(game, play([&mut Leftmost, &mut winblock], [5, 6]));
    }

    #[test]
    fn a_full_column_disqualifies() {
        let mut table = [search::Entry::EMPTY; 16];
        let mut random = Ladder::new(Ai::Random, &mut table);
        // Column 1 fills after six stones; the stubborn player then plays it again, unless
        // the game ended first.
        for seed in 0..20 {
            let game = play([&mut Stubborn, &mut random], [seed, seed + 1]);
            if let Some(GameResult::Disqualified(d)) = game.result {
                assert_eq!(
                    (d.seat, d.fault, d.value),
                    (Player::First, Fault::ColumnFull, 1)
                );
                return;
            }
        }
        panic!("the stubborn player always won before column 1 was full");
    }
}
