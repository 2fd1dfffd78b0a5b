//! New Entropy on the 68000: the calls of `t_ent` (calc/programs/src/bin/test/t_ent.rs) and the
//! same calls of the core natively. A position is a game's variant, its bag's seed and the
//! moves played since its start.

use calc::entropy::ai::Decision;
use calc::entropy::{choose_attack, choose_placement, Attack, Game, Level, Phase, Variant};
use calc::rng::Rng;

use super::{accept, call, slots};
use ti_emulator::{Failure, Machine};

/// A move of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// The defender places the drawn piece.
    Place(u8),
    /// The attacker moves.
    Attack(Attack),
}

/// A position: how the game was started and what was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The rules.
    pub variant: Variant,
    /// The bag's seed.
    pub bag_seed: u32,
    /// The moves, in order.
    pub moves: Vec<Move>,
}

impl Position {
    /// The game.
    pub fn game(&self) -> Game {
        let mut game = Game::new(self.variant, self.bag_seed);
        for m in &self.moves {
            match *m {
                Move::Place(cell) => game.place(cell),
                Move::Attack(a) => game.attack(a),
            }
            .expect("a legal move");
        }
        game
    }
}

/// What an AI returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move, `None` when the game does not wait for this kind of move.
    pub choice: Option<Move>,
    /// Its value for the level.
    pub value: u32,
    /// Board evaluations made.
    pub evaluations: u32,
    /// The generator's next draw after the call.
    pub next_draw: u32,
}

/// The levels with their names.
pub fn levels() -> Vec<(&'static str, Level)> {
    vec![
        ("easy", Level::Easy),
        ("hard", Level::Hard),
        ("expert", Level::Expert),
    ]
}

/// A level's code in the programs' settings and requests (0 easy, 1 hard, 2 expert).
pub fn level_code(level: Level) -> u32 {
    match level {
        Level::Easy => 0,
        Level::Hard => 1,
        Level::Expert => 2,
    }
}

fn choice<T: Copy>(d: Option<Decision<T>>, rng: &mut Rng, to_move: impl Fn(T) -> Move) -> Choice {
    Choice {
        choice: d.map(|d| to_move(d.choice)),
        value: d.map_or(0, |d| d.value),
        evaluations: d.map_or(0, |d| d.evaluations),
        next_draw: rng.next_u32(),
    }
}

/// The level's move (a placement or an attack, as the game waits for) in `position`,
/// natively.
pub fn native_choose(position: &Position, level: Level, seed: u32) -> Choice {
    let game = position.game();
    let mut rng = Rng::new(seed);
    let bag = game.bag().counts();
    match game.phase() {
        Phase::Place { piece, .. } => {
            let d = choose_placement(level, game.board(), piece, &bag, game.variant(), &mut rng);
            choice(d, &mut rng, Move::Place)
        }
        Phase::Attack { at, .. } => {
            let d = choose_attack(level, game.board(), at, &bag, game.variant(), &mut rng);
            choice(d, &mut rng, Move::Attack)
        }
        Phase::Over => choice::<u8>(None, &mut rng, Move::Place),
    }
}

/// Sets the position of `t_ent`.
pub fn set_position(m: &mut Machine, position: &Position) -> Result<(), Failure> {
    let classic = u32::from(position.variant == Variant::Classic);
    m.call("ent_new", &[classic, position.bag_seed])?;
    for mv in &position.moves {
        match *mv {
            Move::Place(cell) => accept(m, "ent_place", &[u32::from(cell)])?,
            Move::Attack(a) => accept(m, "ent_attack", &[u32::from(a.from), u32::from(a.to)])?,
        }
    }
    Ok(())
}

/// The level's move in the position set (a placement when `place`, else an attack), on the
/// 68000, and the cycles of the call.
pub fn emulated_choose(
    m: &mut Machine,
    place: bool,
    level: Level,
    seed: u32,
) -> Result<(Choice, u64), Failure> {
    let export = if place {
        "ent_place_ai"
    } else {
        "ent_attack_ai"
    };
    let (d0, cycles) = call(m, export, &[level_code(level), seed])?;
    let s = slots(m)?;
    let mv = match (d0, place) {
        (0, _) => None,
        (cell, true) => Some(Move::Place(cell as u8 - 1)),
        (packed, false) => Some(Move::Attack(Attack {
            from: (packed >> 8) as u8 - 1,
            to: packed as u8 - 1,
        })),
    };
    let choice = Choice {
        choice: mv,
        value: s[0],
        evaluations: s[1],
        next_draw: s[2],
    };
    Ok((choice, cycles))
}

/// Whether the game of `position` waits for a placement.
pub fn waits_for_placement(position: &Position) -> bool {
    matches!(position.game().phase(), Phase::Place { .. })
}

/// `count` positions of `variant` (the game not over) reached by the easy level on both
/// sides from a new game, 0 to `max_moves` moves in (both rounds), from `seed`; each game
/// has its own bag seed.
pub fn random_positions(
    seed: u32,
    count: usize,
    variant: Variant,
    max_moves: u32,
) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut position = Position {
            variant,
            bag_seed: rng.next_u32(),
            moves: Vec::new(),
        };
        let length = rng.below(max_moves + 1);
        let mut game = position.game();
        while position.moves.len() < length as usize {
            let bag = game.bag().counts();
            let mv = match game.phase() {
                Phase::Place { piece, .. } => {
                    choose_placement(Level::Easy, game.board(), piece, &bag, variant, &mut rng)
                        .map(|d| Move::Place(d.choice))
                }
                Phase::Attack { at, .. } => {
                    choose_attack(Level::Easy, game.board(), at, &bag, variant, &mut rng)
                        .map(|d| Move::Attack(d.choice))
                }
                Phase::Over => None,
            };
            let Some(mv) = mv else { break };
            match mv {
                Move::Place(cell) => game.place(cell),
                Move::Attack(a) => game.attack(a),
            }
            .expect("the AI's move is legal");
            position.moves.push(mv);
        }
        if game.phase() != Phase::Over {
            out.push(position);
        }
    }
    out
}
