//! The contest side of an AI: what `joueur()` does with the [`Request`] it finds in
//! `colonne`/`nom`, and the picture of the game it keeps between calls. The AI itself is a
//! [`Strategy`] (a name and a column for a position); this module is the protocol around it,
//! the same for every strategy (the toolkit's ladder, or a user's own AI).
//!
//! `joueur()` ends after each move, so its state lives in a variable of its folder between
//! calls: [`ContestGame::encode`] writes it as [`STATE_LEN`] bytes, [`ContestGame::decode`] reads
//! it back (versioned, checked: a damaged state is an error, never a panic). A call is:
//!
//! ```text
//! let request = Request::decode(colonne, nom)?;
//! let mut game = match request { NewGame { .. } => ContestGame::new(seed),
//!                                _ => ContestGame::decode(&saved)? };
//! match game.respond(request, &mut strategy)? {
//!     Answer::Name => write nom = strategy.name() (colonne stays -1),
//!     Answer::NameAndMove(c) => write nom = the name, colonne = c,
//!     Answer::Move(c) => write colonne = c,
//!     Answer::Done => delete the saved state,
//! }
//! save game.encode() unless Done
//! ```
//!
//! Columns in answers are the protocol's 1..7 (a strategy that returns a column it cannot play
//! gets it written as such: the arbiter disqualifies it). The random draws of a move come from
//! [`move_rng`] (the game's seed and the move number), so a game replays exactly from its
//! seed, natively as on the calculator.

use super::board::{Board, Player, CELLS};
use super::protocol::{Model, Request};
use super::strategy::{move_rng, Strategy};

/// Length of an encoded state.
pub const STATE_LEN: usize = 10 + CELLS as usize;

/// The version byte of the encoded state (2: the strategy is no longer part of it).
const STATE_VERSION: u8 = 2;

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

/// An AI's picture of a contest game: its seat, the model, the seed of its draws and the moves
/// so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContestGame {
    seed: u32,
    seat: Player,
    model: Model,
    moves: [u8; CELLS as usize],
    count: u8,
}

impl ContestGame {
    /// A game whose random choices derive from `seed` (take it from a timer for variety, or
    /// fix it to replay a game).
    pub fn new(seed: u32) -> ContestGame {
        ContestGame {
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

    /// The seed of the AI's draws.
    pub fn seed(&self) -> u32 {
        self.seed
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

    /// Handles one call: `strategy` chooses this AI's moves.
    pub fn respond<S: Strategy + ?Sized>(
        &mut self,
        request: Request,
        strategy: &mut S,
    ) -> Result<Answer, ContestError> {
        match request {
            Request::NewGame { seat, model } => {
                self.seat = seat;
                self.model = model;
                self.count = 0;
                match seat {
                    Player::Second => Ok(Answer::Name),
                    Player::First => Ok(Answer::NameAndMove(self.play_own(strategy)?)),
                }
            }
            Request::OpponentMoved(col) => {
                let mut board = self.board();
                if board.to_move() == self.seat || board.play(col).is_err() {
                    return Err(ContestError::BadOpponentMove);
                }
                self.push(col);
                Ok(Answer::Move(self.play_own(strategy)?))
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

    /// Asks the strategy for this AI's move, records it if it is legal and returns it (1..7,
    /// or what the strategy said: the arbiter disqualifies a column it cannot play).
    fn play_own<S: Strategy + ?Sized>(&mut self, strategy: &mut S) -> Result<u8, ContestError> {
        let board = self.board();
        if board.outcome().is_some() {
            return Err(ContestError::NoMove);
        }
        let col = strategy.choose(&board, &mut move_rng(self.seed, self.count));
        if board.can_play(col) {
            self.push(col);
        }
        Ok(col.saturating_add(1))
    }

    /// The state as bytes: version, 0, seat (1/2), model (1/2), seed (big-endian), move
    /// count, 0, then the moves (0-based columns), zero-padded.
    pub fn encode(&self) -> [u8; STATE_LEN] {
        let mut out = [0u8; STATE_LEN];
        out[0] = STATE_VERSION;
        out[2] = self.seat.number();
        out[3] = self.model.code() as u8;
        out[4..8].copy_from_slice(&self.seed.to_be_bytes());
        out[8] = self.count;
        out[10..].copy_from_slice(&self.moves);
        out
    }

    /// Reads a state written by [`ContestGame::encode`], checking every field and replaying
    /// the moves.
    pub fn decode(bytes: &[u8]) -> Result<ContestGame, ContestError> {
        let bad = ContestError::BadState;
        if bytes.len() != STATE_LEN || bytes[0] != STATE_VERSION {
            return Err(bad);
        }
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
        Ok(ContestGame {
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
    use crate::connect4::ai::Ai;
    use crate::connect4::protocol::{End, Value};
    use crate::connect4::search;
    use crate::connect4::strategy::{self, Ladder};

    #[test]
    fn a_game_through_the_protocol_is_the_game_played_directly() {
        let mut tables = [[search::Entry::EMPTY; 64]; 2];
        let [t1, t2] = &mut tables;
        let mut first = ContestGame::new(1);
        let mut second = ContestGame::new(2);
        let r = Request::decode(Value::Integer(-1), Value::Integer(1)).unwrap();
        let mut easy = Ladder::new(Ai::EASY, t2);
        assert_eq!(second.respond(r, &mut easy), Ok(Answer::Name));
        let r = Request::decode(Value::Integer(0), Value::Integer(1)).unwrap();
        let mut winblock = Ladder::new(Ai::WinBlock, t1);
        let Ok(Answer::NameAndMove(mut col)) = first.respond(r, &mut winblock) else {
            panic!("first player must name itself and play");
        };
        // Alternate through the saved states, as joueur() does between calls.
        let mut states = [first.encode(), second.encode()];
        let mut turn = 1;
        let mut board = Board::from_moves("").unwrap();
        let mut moves = [0u8; 42];
        let mut count = 0;
        board.play(col - 1).unwrap();
        moves[0] = col - 1;
        count += 1;
        while board.outcome().is_none() {
            let mut game = ContestGame::decode(&states[turn]).unwrap();
            let r = Request::decode(Value::Integer(col as i32), Value::Missing).unwrap();
            let answer = if turn == 0 {
                game.respond(r, &mut winblock)
            } else {
                game.respond(r, &mut easy)
            };
            let Ok(Answer::Move(c)) = answer else {
                panic!("expected a move");
            };
            board.play(c - 1).unwrap();
            moves[count] = c - 1;
            count += 1;
            assert_eq!(game.board(), board);
            states[turn] = game.encode();
            col = c;
            turn = 1 - turn;
        }
        let mut game = ContestGame::decode(&states[0]).unwrap();
        let end = Request::GameOver(End::Draw);
        assert_eq!(game.respond(end, &mut winblock), Ok(Answer::Done));
        // The same strategies and seeds played directly make the same moves.
        let direct = strategy::play([&mut winblock, &mut easy], [1, 2]);
        assert_eq!(direct.moves(), &moves[..count]);
    }

    #[test]
    fn damaged_states_are_errors() {
        let game = ContestGame::new(7);
        let good = game.encode();
        assert_eq!(ContestGame::decode(&good), Ok(game));
        assert_eq!(
            ContestGame::decode(&good[..10]),
            Err(ContestError::BadState)
        );
        let mut bad = good;
        bad[0] = 1;
        assert_eq!(
            ContestGame::decode(&bad),
            Err(ContestError::BadState),
            "version 1"
        );
        let mut bad = good;
        bad[8] = 43;
        assert_eq!(ContestGame::decode(&bad), Err(ContestError::BadState));
        let mut bad = good;
        bad[8] = 7;
        // Seven stones in column 1: illegal.
        assert_eq!(ContestGame::decode(&bad), Err(ContestError::BadState));
    }

    #[test]
    fn an_impossible_opponent_move_is_an_error() {
        let mut table = [search::Entry::EMPTY; 64];
        let mut random = Ladder::new(Ai::Random, &mut table);
        // Second player, column 1 full (six moves there), the opponent to move.
        let mut state = ContestGame::new(3).encode();
        state[2] = 2;
        state[8] = 6;
        let mut game = ContestGame::decode(&state).unwrap();
        assert_eq!(game.board().to_move(), Player::First);
        let full = game.respond(Request::OpponentMoved(0), &mut random);
        assert_eq!(full, Err(ContestError::BadOpponentMove));
        // A legal opponent move gets an answer; a second "opponent move" in a row does not.
        assert!(matches!(
            game.respond(Request::OpponentMoved(3), &mut random),
            Ok(Answer::Move(_))
        ));
        let mut first = game;
        first.seat = Player::First;
        let again = first.respond(Request::OpponentMoved(3), &mut random);
        assert_eq!(again, Err(ContestError::BadOpponentMove));
    }
}
