//! The contest side of an AI: what `joueur()` does with the [`Request`] it finds in
//! `colonne`/`nom`, and the picture of the game it keeps between calls.
//!
//! `joueur()` ends after each move, so its state lives in a variable of its folder between
//! calls: [`ContestAi::encode`] writes it as [`STATE_LEN`] bytes, [`ContestAi::decode`] reads it
//! back (versioned, checked: a damaged state is an error, never a panic). A call is:
//!
//! ```text
//! let request = Request::decode(colonne, nom)?;
//! let mut ai = match request { NewGame { .. } => ContestAi::new(level, seed),
//!                              _ => ContestAi::decode(&saved)? };
//! match ai.respond(request, &mut table)? {
//!     Answer::Name => write nom = the AI's name (colonne stays -1),
//!     Answer::NameAndMove(c) => write nom = the name, colonne = c,
//!     Answer::Move(c) => write colonne = c,
//!     Answer::Done => delete the saved state,
//! }
//! save ai.encode() unless Done
//! ```
//!
//! Columns in answers are the protocol's 1..7. The random draws of a move come from a generator
//! seeded by the game's seed and the move number, so a game replays exactly from its seed.

use super::ai::{self, Ai};
use super::board::{Board, Player, CELLS};
use super::protocol::{Model, Request};
use super::search;
use crate::Rng;

/// Length of an encoded state.
pub const STATE_LEN: usize = 10 + CELLS as usize;

/// The version byte of the encoded state.
const STATE_VERSION: u8 = 1;

/// What the AI must leave in the variables (module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Leave `colonne` at -1 and write the AI's name into `nom`.
    Name,
    /// Write the AI's name into `nom` and this column (1..7) into `colonne`.
    NameAndMove(u8),
    /// Write this column (1..7) into `colonne`.
    Move(u8),
    /// The game is over: nothing to write (clean up).
    Done,
}

/// Why the AI cannot answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContestError {
    /// The saved state is missing where a game is under way, or damaged.
    BadState,
    /// The opponent's column is not playable in this AI's picture of the game (the pictures
    /// differ: a lost or stale state).
    BadOpponentMove,
    /// The AI has no legal move (cannot happen in a game the arbiter still runs).
    NoMove,
}

impl core::fmt::Display for ContestError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            ContestError::BadState => "the AI's saved state is missing or damaged",
            ContestError::BadOpponentMove => {
                "the opponent's column cannot be played in this AI's picture of the game"
            }
            ContestError::NoMove => "the AI has no legal move",
        })
    }
}

impl core::error::Error for ContestError {}

/// An AI taking part in a contest game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContestAi {
    ai: Ai,
    seed: u32,
    seat: Player,
    model: Model,
    moves: [u8; CELLS as usize],
    count: u8,
}

impl ContestAi {
    /// An AI of level `ai` whose random choices derive from `seed` (take it from a timer for
    /// variety, or fix it to replay a game).
    pub fn new(ai: Ai, seed: u32) -> ContestAi {
        ContestAi {
            ai,
            seed,
            seat: Player::First,
            model: Model::Ti89,
            moves: [0; CELLS as usize],
            count: 0,
        }
    }

    /// The player this AI is in the current game.
    pub fn seat(&self) -> Player {
        self.seat
    }

    /// The model given at the start of the game.
    pub fn model(&self) -> Model {
        self.model
    }

    /// The AI's picture of the game.
    pub fn board(&self) -> Board {
        let mut b = Board::new();
        for &m in &self.moves[..self.count as usize] {
            // Every stored move was legal when it was stored.
            let _ = b.play(m);
        }
        b
    }

    /// Handles one call. `table` serves the engine levels (see [`ai::choose`]).
    pub fn respond(
        &mut self,
        request: Request,
        table: &mut [search::Entry],
    ) -> Result<Answer, ContestError> {
        match request {
            Request::NewGame { seat, model } => {
                self.seat = seat;
                self.model = model;
                self.count = 0;
                match seat {
                    Player::Second => Ok(Answer::Name),
                    Player::First => Ok(Answer::NameAndMove(self.play_own(table)?)),
                }
            }
            Request::OpponentMoved(col) => {
                let mut board = self.board();
                if board.to_move() == self.seat || board.play(col).is_err() {
                    return Err(ContestError::BadOpponentMove);
                }
                self.push(col);
                Ok(Answer::Move(self.play_own(table)?))
            }
            Request::GameOver(_) => {
                self.count = 0;
                Ok(Answer::Done)
            }
        }
    }

    fn push(&mut self, col: u8) {
        if let Some(slot) = self.moves.get_mut(self.count as usize) {
            *slot = col;
            self.count += 1;
        }
    }

    /// Chooses, records and returns this AI's move (1..7).
    fn play_own(&mut self, table: &mut [search::Entry]) -> Result<u8, ContestError> {
        let board = self.board();
        let mut rng = Rng::new(
            self.seed
                .wrapping_add((self.count as u32).wrapping_mul(0x9E37_79B9)),
        );
        let col = ai::choose(self.ai, &board, &mut rng, table)
            .column
            .ok_or(ContestError::NoMove)?;
        self.push(col);
        Ok(col + 1)
    }

    /// The state as bytes: version, level code, seat (1/2), model (1/2), seed (big-endian),
    /// move count, then the moves (0-based columns), zero-padded.
    pub fn encode(&self) -> [u8; STATE_LEN] {
        let mut out = [0u8; STATE_LEN];
        out[0] = STATE_VERSION;
        out[1] = self.ai.code();
        out[2] = self.seat.number();
        out[3] = self.model.code() as u8;
        out[4..8].copy_from_slice(&self.seed.to_be_bytes());
        out[8] = self.count;
        out[10..].copy_from_slice(&self.moves);
        out
    }

    /// Reads a state written by [`ContestAi::encode`], checking every field and replaying the
    /// moves.
    pub fn decode(bytes: &[u8]) -> Result<ContestAi, ContestError> {
        let bad = ContestError::BadState;
        if bytes.len() != STATE_LEN || bytes[0] != STATE_VERSION {
            return Err(bad);
        }
        let ai = Ai::from_code(bytes[1]).ok_or(bad)?;
        let seat = match bytes[2] {
            1 => Player::First,
            2 => Player::Second,
            _ => return Err(bad),
        };
        let model = Model::from_code(bytes[3] as i32).ok_or(bad)?;
        let seed = u32::from_be_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]);
        let count = bytes[8];
        if count > CELLS {
            return Err(bad);
        }
        let mut moves = [0u8; CELLS as usize];
        moves.copy_from_slice(&bytes[10..]);
        let mut board = Board::new();
        for &m in &moves[..count as usize] {
            board.play(m).map_err(|_| bad)?;
        }
        Ok(ContestAi {
            ai,
            seed,
            seat,
            model,
            moves,
            count,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect4::protocol::{End, Value};

    #[test]
    fn a_game_through_the_protocol() {
        let mut table = [search::Entry::EMPTY; 64];
        let mut first = ContestAi::new(Ai::WinBlock, 1);
        let mut second = ContestAi::new(Ai::EASY, 2);
        let r = Request::decode(Value::Integer(-1), Value::Integer(1)).unwrap();
        assert_eq!(second.respond(r, &mut table), Ok(Answer::Name));
        let r = Request::decode(Value::Integer(0), Value::Integer(1)).unwrap();
        let Ok(Answer::NameAndMove(mut col)) = first.respond(r, &mut table) else {
            panic!("first player must name itself and play");
        };
        // Alternate through the saved states, as joueur() does between calls.
        let mut states = [first.encode(), second.encode()];
        let mut turn = 1;
        let mut board = Board::from_moves("").unwrap();
        board.play(col - 1).unwrap();
        while board.outcome().is_none() {
            let mut ai = ContestAi::decode(&states[turn]).unwrap();
            let r = Request::decode(Value::Integer(col as i32), Value::Missing).unwrap();
            let Ok(Answer::Move(c)) = ai.respond(r, &mut table) else {
                panic!("expected a move");
            };
            board.play(c - 1).unwrap();
            assert_eq!(ai.board(), board);
            states[turn] = ai.encode();
            col = c;
            turn = 1 - turn;
        }
        let mut ai = ContestAi::decode(&states[0]).unwrap();
        let end = Request::GameOver(End::Draw);
        assert_eq!(ai.respond(end, &mut table), Ok(Answer::Done));
    }

    #[test]
    fn damaged_states_are_errors() {
        let ai = ContestAi::new(Ai::STRONG, 7);
        let good = ai.encode();
        assert_eq!(ContestAi::decode(&good), Ok(ai));
        assert_eq!(ContestAi::decode(&good[..10]), Err(ContestError::BadState));
        let mut bad = good;
        bad[0] = 9;
        assert_eq!(ContestAi::decode(&bad), Err(ContestError::BadState));
        let mut bad = good;
        bad[8] = 43;
        assert_eq!(ContestAi::decode(&bad), Err(ContestError::BadState));
        let mut bad = good;
        bad[8] = 7;
        // Seven stones in column 1: illegal.
        assert_eq!(ContestAi::decode(&bad), Err(ContestError::BadState));
    }

    #[test]
    fn an_impossible_opponent_move_is_an_error() {
        let mut table = [search::Entry::EMPTY; 64];
        // Second player, column 1 full (six moves there), the opponent to move.
        let mut state = ContestAi::new(Ai::Random, 3).encode();
        state[2] = 2;
        state[8] = 6;
        let mut ai = ContestAi::decode(&state).unwrap();
        assert_eq!(ai.board().to_move(), Player::First);
        let full = ai.respond(Request::OpponentMoved(0), &mut table);
        assert_eq!(full, Err(ContestError::BadOpponentMove));
        // A legal opponent move gets an answer; a second "opponent move" in a row does not.
        assert!(matches!(
            ai.respond(Request::OpponentMoved(3), &mut table),
            Ok(Answer::Move(_))
        ));
        let mut first = ai;
        first.seat = Player::First;
        let again = first.respond(Request::OpponentMoved(3), &mut table);
        assert_eq!(again, Err(ContestError::BadOpponentMove));
    }
}
