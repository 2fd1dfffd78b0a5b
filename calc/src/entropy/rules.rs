//! A game of New Entropy (or classic Entropy): two rounds of 49 turns, roles swapped.
//!
//! Player 0 attacks in the first round and defends in the second; player 1 the opposite. Each
//! turn a piece is drawn from the bag, the defender places it on an empty cell, and the
//! attacker either leaves it or slides it (New Entropy), or slides any piece or passes
//! (classic). After the 49th turn the attacker scores the board; the board is cleared and the
//! bag refilled for the second round. The higher total wins. A player may resign at any time.

use super::bag::Bag;
use super::board::{Board, Colour, CELLS};
use super::score::{round_score, Variant};

/// Turns in a round.
pub const TURNS: u8 = CELLS as u8;

/// An attacker's move: the piece on `from` goes to `to`; `from == to` leaves it (or, in the
/// classic variant, passes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Attack {
    /// The cell of the piece that moves.
    pub from: u8,
    /// Where it ends.
    pub to: u8,
}

impl Attack {
    /// Leave the piece on `cell` where it is.
    pub const fn stay(cell: u8) -> Attack {
        Attack {
            from: cell,
            to: cell,
        }
    }

    /// True when `self` is a legal attack on `board` after the defender placed on `placed`.
    pub fn is_legal(&self, board: &Board, placed: u8, variant: Variant) -> bool {
        let (from, to) = (self.from as usize, self.to as usize);
        if from >= CELLS || to >= CELLS || board.get(from).is_none() {
            return false;
        }
        if variant == Variant::New && self.from != placed {
            return false;
        }
        from == to || board.slides(from) & (1 << to) != 0
    }
}

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The defender (`player`) must place `piece`.
    Place {
        /// The defending player (0 or 1).
        player: u8,
        /// The piece drawn.
        piece: Colour,
    },
    /// The attacker (`player`) must move: `piece` was placed on `at`.
    Attack {
        /// The attacking player (0 or 1).
        player: u8,
        /// The piece just placed.
        piece: Colour,
        /// Its cell.
        at: u8,
    },
    /// The game is over.
    Over,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// This player scored more.
    Won(u8),
    /// Equal scores.
    Draw,
    /// This player resigned (the other wins).
    Resigned(u8),
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The game waits for the other kind of move (placement or attack), or is over.
    WrongPhase,
    /// The cell is out of range or not empty.
    BadCell,
    /// The attack is not allowed (see [`Attack::is_legal`]).
    BadAttack,
    /// The player number is not 0 or 1.
    NoSuchPlayer,
}

impl core::fmt::Display for GameError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            GameError::WrongPhase => "the game waits for the other kind of move, or is over",
            GameError::BadCell => "the cell is out of the board or not empty",
            GameError::BadAttack => "the piece cannot move there",
            GameError::NoSuchPlayer => "no such player: players are 0 and 1",
        })
    }
}

impl core::error::Error for GameError {}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    variant: Variant,
    bag: Bag,
    board: Board,
    round: u8,
    turn: u8,
    scores: [u32; 2],
    phase: Phase,
    outcome: Option<Outcome>,
}

impl Game {
    /// A new game whose bag draws from `bag_seed`.
    pub fn new(variant: Variant, bag_seed: u32) -> Game {
        let mut g = Game {
            variant,
            bag: Bag::new(bag_seed),
            board: Board::new(),
            round: 0,
            turn: 0,
            scores: [0; 2],
            phase: Phase::Over,
            outcome: None,
        };
        g.next_draw();
        g
    }

    fn next_draw(&mut self) {
        self.phase = match self.bag.draw() {
            Some(piece) => Phase::Place {
                player: self.defender(),
                piece,
            },
            None => Phase::Over, // cannot happen: 49 draws per refill
        };
    }

    /// The rule variant.
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The board.
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The bag (what is left in it).
    pub const fn bag(&self) -> &Bag {
        &self.bag
    }

    /// The round, 0 or 1.
    pub const fn round(&self) -> u8 {
        self.round
    }

    /// Turns played in this round (0..49).
    pub const fn turn(&self) -> u8 {
        self.turn
    }

    /// The attacker of this round.
    pub const fn attacker(&self) -> u8 {
        self.round
    }

    /// The defender of this round.
    pub const fn defender(&self) -> u8 {
        1 - self.round
    }

    /// Points scored so far by each player.
    pub const fn scores(&self) -> [u32; 2] {
        self.scores
    }

    /// What the game waits for.
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// How the game ended, once it has.
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The defender places the drawn piece on `cell`.
    pub fn place(&mut self, cell: u8) -> Result<(), GameError> {
        let Phase::Place { piece, .. } = self.phase else {
            return Err(GameError::WrongPhase);
        };
        self.board
            .put(cell as usize, piece)
            .map_err(|_| GameError::BadCell)?;
        self.phase = Phase::Attack {
            player: self.attacker(),
            piece,
            at: cell,
        };
        Ok(())
    }

    /// The attacker moves.
    pub fn attack(&mut self, attack: Attack) -> Result<(), GameError> {
        let Phase::Attack { at, .. } = self.phase else {
            return Err(GameError::WrongPhase);
        };
        if !attack.is_legal(&self.board, at, self.variant) {
            return Err(GameError::BadAttack);
        }
        if attack.from != attack.to {
            if let Ok(c) = self.board.take(attack.from as usize) {
                // Cannot fail: `to` was checked to be an empty cell the piece slides to.
                let _ = self.board.put(attack.to as usize, c);
            }
        }
        self.turn += 1;
        if self.turn < TURNS {
            self.next_draw();
            return Ok(());
        }
        self.scores[self.attacker() as usize] += round_score(&self.board, self.variant);
        if self.round == 0 {
            self.round = 1;
            self.turn = 0;
            self.board = Board::new();
            self.bag.refill();
            self.next_draw();
        } else {
            self.phase = Phase::Over;
            self.outcome = Some(match self.scores[0].cmp(&self.scores[1]) {
                core::cmp::Ordering::Greater => Outcome::Won(0),
                core::cmp::Ordering::Less => Outcome::Won(1),
                core::cmp::Ordering::Equal => Outcome::Draw,
            });
        }
        Ok(())
    }

    /// `player` resigns; the game ends at once.
    pub fn resign(&mut self, player: u8) -> Result<(), GameError> {
        if player > 1 {
            return Err(GameError::NoSuchPlayer);
        }
        if self.phase == Phase::Over {
            return Err(GameError::WrongPhase);
        }
        self.phase = Phase::Over;
        self.outcome = Some(Outcome::Resigned(player));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entropy::board::Cells;

    #[test]
    fn two_rounds_of_49_turns() {
        let mut g = Game::new(Variant::New, 9);
        let mut placements = 0;
        while let Phase::Place { player, .. } | Phase::Attack { player, .. } = g.phase() {
            match g.phase() {
                Phase::Place { .. } => {
                    assert_eq!(player, g.defender());
                    assert_eq!(g.attack(Attack::stay(0)), Err(GameError::WrongPhase));
                    let cell = Cells(g.board().empty()).next().unwrap();
                    g.place(cell as u8).unwrap();
                    placements += 1;
                }
                Phase::Attack { at, .. } => {
                    assert_eq!(player, g.attacker());
                    assert_eq!(g.place(0), Err(GameError::WrongPhase));
                    g.attack(Attack::stay(at)).unwrap();
                }
                Phase::Over => unreachable!(),
            }
        }
        assert_eq!(placements, 98);
        assert!(g.outcome().is_some());
        assert_eq!(g.resign(0), Err(GameError::WrongPhase));
    }

    #[test]
    fn classic_attacks_move_any_piece() {
        let mut g = Game::new(Variant::Classic, 1);
        g.place(24).unwrap();
        g.attack(Attack::stay(24)).unwrap();
        g.place(0).unwrap();
        // The piece on 24 (not the one just placed) slides right to 27.
        g.attack(Attack { from: 24, to: 27 }).unwrap();
        assert!(g.board().get(27).is_some() && g.board().get(24).is_none());
        assert!(g.board().get(0).is_some());
        let mut n = Game::new(Variant::New, 1);
        n.place(24).unwrap();
        n.attack(Attack::stay(24)).unwrap();
        n.place(0).unwrap();
        assert_eq!(
            n.attack(Attack { from: 24, to: 27 }),
            Err(GameError::BadAttack)
        );
    }

    #[test]
    fn attacks_are_checked() {
        let mut g = Game::new(Variant::New, 1);
        g.place(24).unwrap();
        assert_eq!(
            g.attack(Attack { from: 24, to: 0 }),
            Err(GameError::BadAttack)
        );
        assert_eq!(
            g.attack(Attack { from: 23, to: 22 }),
            Err(GameError::BadAttack)
        );
        g.attack(Attack { from: 24, to: 27 }).unwrap();
        assert!(g.board().get(27).is_some() && g.board().get(24).is_none());
        assert_eq!(g.place(27), Err(GameError::BadCell));
        g.resign(1).unwrap();
        assert_eq!(g.outcome(), Some(Outcome::Resigned(1)));
    }
}
