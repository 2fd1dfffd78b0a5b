//! Tuned weights for the engine, as `joueur` reads them from its folder and `ti68k evolve`
//! writes them (docs/tournaments.md#ti68k-evolve).
//!
//! A [`Tuning`] is the engine's heuristic weights ([`Weights`]) and a number of opening plies
//! played at random (so that training games between deterministic engines differ: the draws
//! come from the game's seed, so two players given the same seed open the same way in either
//! colour). On the calculator it is the custom variable `poids` (type `c4w`) of the AI's
//! folder, [`TUNING_LEN`] bytes, checked by [`Tuning::decode`]: a wrong version, length or a
//! weight out of range is an error (the program raises error 40 and the arbiter disqualifies
//! it), never a crash. No `poids`: the built-in weights, the contest behaviour unchanged.
//!
//! [`Tuned`] is the ladder's player with a tuning, as a [`Strategy`]: the same moves natively
//! and on the 68000.

use super::ai::{self, Ai, CONTEST_NAME_LEN};
use super::board::Board;
use super::eval::{Heuristic, Weights};
use super::search;
use super::solver;
use super::strategy::Strategy;
use crate::budget::Unlimited;
use crate::Rng;

/// The version byte of an encoded tuning.
pub const TUNING_VERSION: u8 = 1;

/// Length of an encoded tuning: version, random plies, then the [`Weights::COUNT`] weights as
/// big-endian 16-bit signed numbers (the 68000's order).
pub const TUNING_LEN: usize = 2 + 2 * Weights::COUNT;

/// The most opening plies a tuning may play at random (beyond, games are noise).
pub const MAX_RANDOM_PLIES: u8 = 12;

/// Why bytes are not a tuning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TuningError {
    /// Not [`TUNING_LEN`] bytes.
    Length,
    /// The version byte is not [`TUNING_VERSION`].
    Version,
    /// More than [`MAX_RANDOM_PLIES`] random plies.
    RandomPlies,
    /// A weight beyond ±[`Weights::LIMIT`] (its index in [`Weights::NAMES`]).
    Weight(u8),
}

impl core::fmt::Display for TuningError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            TuningError::Length => write!(f, "a tuning is {TUNING_LEN} bytes"),
            TuningError::Version => write!(f, "a tuning starts with version {TUNING_VERSION}"),
            TuningError::RandomPlies => {
                write!(f, "at most {MAX_RANDOM_PLIES} opening plies at random")
            }
            TuningError::Weight(i) => write!(
                f,
                "weight {} is beyond ±{}",
                Weights::NAMES[*i as usize % Weights::COUNT],
                Weights::LIMIT
            ),
        }
    }
}

impl core::error::Error for TuningError {}

/// The engine's weights and the opening plies played at random (module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tuning {
    /// The heuristic's weights.
    pub weights: Weights,
    /// While fewer stones than this are on the board, the player plays a random column.
    pub random_plies: u8,
}

impl Tuning {
    /// The built-in weights, no random opening.
    pub const DEFAULT: Tuning = Tuning {
        weights: Weights::DEFAULT,
        random_plies: 0,
    };

    /// Checks the ranges (as [`Tuning::decode`] does).
    pub fn check(&self) -> Result<(), TuningError> {
        if self.random_plies > MAX_RANDOM_PLIES {
            return Err(TuningError::RandomPlies);
        }
        for (i, w) in self.weights.to_array().iter().enumerate() {
            if w.unsigned_abs() > Weights::LIMIT as u16 {
                return Err(TuningError::Weight(i as u8));
            }
        }
        Ok(())
    }

    /// The bytes of the variable `poids` (module doc).
    pub fn encode(&self) -> [u8; TUNING_LEN] {
        let mut out = [0u8; TUNING_LEN];
        out[0] = TUNING_VERSION;
        out[1] = self.random_plies;
        for (i, w) in self.weights.to_array().iter().enumerate() {
            out[2 + 2 * i..4 + 2 * i].copy_from_slice(&w.to_be_bytes());
        }
        out
    }

    /// Reads bytes written by [`Tuning::encode`], checking every field.
    pub fn decode(bytes: &[u8]) -> Result<Tuning, TuningError> {
        if bytes.len() != TUNING_LEN {
            return Err(TuningError::Length);
        }
        if bytes[0] != TUNING_VERSION {
            return Err(TuningError::Version);
        }
        let mut w = [0i16; Weights::COUNT];
        for (i, slot) in w.iter_mut().enumerate() {
            *slot = i16::from_be_bytes([bytes[2 + 2 * i], bytes[3 + 2 * i]]);
        }
        let tuning = Tuning {
            weights: Weights::from_array(w),
            random_plies: bytes[1],
        };
        tuning.check()?;
        Ok(tuning)
    }
}

/// The ladder's `ai` playing with a [`Tuning`] (module doc), with the transposition table its
/// engine borrows. Its name is the level's contest name, as with the built-in weights.
pub struct Tuned<'t> {
    ai: Ai,
    heuristic: Heuristic,
    random_plies: u8,
    table: &'t mut [search::Entry],
    solver_table: &'t mut [solver::Entry],
    name: [u8; CONTEST_NAME_LEN],
    name_len: u8,
}

impl<'t> Tuned<'t> {
    /// `ai` with `tuning`, searching with `table`. With [`Tuning::DEFAULT`] it plays as the
    /// ladder's `ai` ([`super::strategy::Ladder`]), move for move.
    pub fn new(ai: Ai, tuning: Tuning, table: &'t mut [search::Entry]) -> Tuned<'t> {
        Tuned::lending(ai, tuning, table, &mut [])
    }

    /// [`Tuned::new`], the expert also borrowing `solver_table` for its exact solves near the
    /// end ([`ai::choose_lending`]; `joueur` lends one); with [`Tuning::DEFAULT`] it plays as
    /// [`super::strategy::Ladder::lending`] with the same tables.
    pub fn lending(
        ai: Ai,
        tuning: Tuning,
        table: &'t mut [search::Entry],
        solver_table: &'t mut [solver::Entry],
    ) -> Tuned<'t> {
        let mut name = [0u8; CONTEST_NAME_LEN];
        let name_len = ai.contest_name(&mut name).len() as u8;
        Tuned {
            ai,
            heuristic: Heuristic::of(tuning.weights),
            random_plies: tuning.random_plies,
            table,
            solver_table,
            name,
            name_len,
        }
    }
}

impl Strategy for Tuned<'_> {
    fn name(&self) -> &[u8] {
        &self.name[..self.name_len as usize]
    }

    fn choose(&mut self, board: &Board, rng: &mut Rng) -> u8 {
        let column = if board.moves() < self.random_plies {
            ai::random_column(board, rng)
        } else {
            ai::choose_lending(
                self.ai,
                board,
                rng,
                self.table,
                self.solver_table,
                Unlimited,
                self.heuristic,
            )
            .column
        };
        // The game is not over and has a legal move, so there is always a column.
        column.unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::connect4::strategy::{self, Ladder};

    #[test]
    fn a_tuning_round_trips_and_bad_bytes_are_refused() {
        let t = Tuning {
            weights: Weights::from_array([2, -5, 30, 1000, -1000, 0]),
            random_plies: 4,
        };
        let bytes = t.encode();
        assert_eq!(bytes[0], TUNING_VERSION);
        assert_eq!(&bytes[2..4], &[0, 2]);
        assert_eq!(Tuning::decode(&bytes), Ok(t));
        assert_eq!(Tuning::decode(&bytes[..5]), Err(TuningError::Length));
        let mut v = bytes;
        v[0] = 9;
        assert_eq!(Tuning::decode(&v), Err(TuningError::Version));
        let mut p = bytes;
        p[1] = MAX_RANDOM_PLIES + 1;
        assert_eq!(Tuning::decode(&p), Err(TuningError::RandomPlies));
        let mut w = bytes;
        w[10..12].copy_from_slice(&1001i16.to_be_bytes());
        assert_eq!(Tuning::decode(&w), Err(TuningError::Weight(4)));
    }

    #[test]
    fn the_default_tuning_plays_the_ladder_s_moves() {
        for level in [Ai::AlphaBeta(1000), Ai::Expert(2000)] {
            for seed in 1..4u32 {
                let mut t1 = [search::Entry::EMPTY; 64];
                let mut t2 = [search::Entry::EMPTY; 64];
                let mut t3 = [search::Entry::EMPTY; 64];
                let mut ladder = Ladder::new(level, &mut t1);
                let mut tuned = Tuned::new(level, Tuning::DEFAULT, &mut t2);
                let mut opponent = Ladder::new(Ai::WinBlock, &mut t3);
                let a = strategy::play([&mut ladder, &mut opponent], [seed, seed + 7]);
                let mut t3 = [search::Entry::EMPTY; 64];
                let mut opponent = Ladder::new(Ai::WinBlock, &mut t3);
                let b = strategy::play([&mut tuned, &mut opponent], [seed, seed + 7]);
                assert_eq!(a.moves[..a.count as usize], b.moves[..b.count as usize]);
                assert_eq!(tuned.name(), ladder.name());
            }
        }
    }

    #[test]
    fn random_plies_open_the_game_from_the_seed() {
        let tuning = Tuning {
            random_plies: 4,
            ..Tuning::DEFAULT
        };
        let mut games = std::vec::Vec::new();
        for seed in 1..6u32 {
            let mut t1 = [search::Entry::EMPTY; 64];
            let mut t2 = [search::Entry::EMPTY; 64];
            let mut a = Tuned::new(Ai::AlphaBeta(1000), tuning, &mut t1);
            let mut b = Tuned::new(Ai::AlphaBeta(1000), tuning, &mut t2);
            let g = strategy::play([&mut a, &mut b], [seed, seed]);
            let again = {
                let mut t1 = [search::Entry::EMPTY; 64];
                let mut t2 = [search::Entry::EMPTY; 64];
                let mut a = Tuned::new(Ai::AlphaBeta(1000), tuning, &mut t1);
                let mut b = Tuned::new(Ai::AlphaBeta(1000), tuning, &mut t2);
                strategy::play([&mut a, &mut b], [seed, seed])
            };
            assert_eq!(g.moves, again.moves);
            games.push(g.moves[..4].to_vec());
        }
        games.sort();
        games.dedup();
        assert!(games.len() > 1, "the seeds give different openings");
    }
}
