//! Othello on the 68000: the calls of `t_oth` (calc/programs/src/bin/test/t_oth.rs) and the same
//! calls of the core natively. A position is the bitboard pair from the side to move's view
//! and that side's colour (seed 002's AI reads the colour and the move number).

use calc::budget::NodeLimit;
use calc::othello::obf::Obf;
use calc::othello::search::{self, Level};
use calc::othello::tt::Entry;
use calc::othello::{ai, solver, Board, Colour, Position, Square};
use calc::rng::Rng;

use super::{call, slots};
use ti_emulator::{Failure, Machine};

/// A position and the colour of its side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    /// The discs, from the side to move's view.
    pub position: Position,
    /// The side to move.
    pub colour: Colour,
}

impl Game {
    /// The standard start.
    pub fn start() -> Game {
        Game {
            position: Position::initial(),
            colour: Colour::Black,
        }
    }

    /// The position of an OBF line (the FFO files).
    pub fn from_obf(line: &str) -> Game {
        let obf = Obf::parse(line).expect("an OBF line");
        Game {
            position: obf.position(),
            colour: obf.board.to_move(),
        }
    }

    /// The game after `sq` (a legal move) is played.
    pub fn after(&self, sq: u8) -> Game {
        Game {
            position: self.position.play(sq).expect("a legal move"),
            colour: self.colour.other(),
        }
    }

    /// The game after a pass.
    pub fn passed(&self) -> Game {
        Game {
            position: self.position.pass(),
            colour: self.colour.other(),
        }
    }

    /// Plays random legal moves (passing when the side to move has none) until `empties`
    /// squares are left or the game is over; `None` if it ended first.
    pub fn played_down_to(&self, empties: u32, rng: &mut Rng) -> Option<Game> {
        let mut g = *self;
        while g.position.empty_count() > empties {
            if g.position.is_over() {
                return None;
            }
            let moves = g.position.moves();
            if moves == 0 {
                g = g.passed();
                continue;
            }
            let n = rng.below(moves.count_ones());
            let sq = calc::othello::Squares(moves).nth(n as usize)?;
            g = g.after(sq.index());
        }
        (!g.position.is_over()).then_some(g)
    }
}

/// What an AI returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The square (0..63); `None`: no legal move (or, for the solver, stopped by its budget:
    /// see `stopped`).
    pub best: Option<u8>,
    /// The score (search units for the search, final disc difference for the solver).
    pub score: i32,
    /// Nodes searched.
    pub nodes: u64,
    /// Search: the last finished depth; seed 002: 0.
    pub depth: u8,
    /// Search: the exact disc difference when it solved the position.
    pub exact: Option<i32>,
    /// Solver: stopped by its node budget.
    pub stopped: bool,
    /// Seed 002: the generator's next draw after the call.
    pub next_draw: u32,
}

const NONE: Choice = Choice {
    best: None,
    score: 0,
    nodes: 0,
    depth: 0,
    exact: None,
    stopped: false,
    next_draw: 0,
};

/// An AI of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ai {
    /// Seed 002's player.
    Seed,
    /// The searching AI at a level, under a node budget (0: none).
    Search(Level, u32),
    /// The exact solver under a node budget (0: none).
    Solve(u32),
}

/// The searching levels with their names.
pub fn levels() -> Vec<(&'static str, Level)> {
    vec![
        ("search easy", Level::EASY),
        ("search medium", Level::MEDIUM),
        ("search hard", Level::HARD),
    ]
}

fn budget(limit: u32) -> NodeLimit {
    NodeLimit(if limit == 0 { u64::MAX } else { limit.into() })
}

/// `ai`'s move in `game`, natively, with a fresh table of `table_len` entries.
pub fn native_choose(game: &Game, ai: Ai, seed: u32, table_len: usize) -> Choice {
    let mut table = vec![Entry::default(); table_len];
    match ai {
        Ai::Seed => {
            let mut rng = Rng::new(seed);
            let board = Board::from_position(&game.position, game.colour);
            let best = ai::choose_move(&board, &mut rng);
            Choice {
                best: best.map(Square::index),
                next_draw: rng.next_u32(),
                ..NONE
            }
        }
        Ai::Search(level, limit) => {
            let d = search::choose_move(&game.position, level, &mut table, &mut budget(limit));
            Choice {
                best: d.best.map(Square::index),
                score: d.score,
                nodes: d.nodes,
                depth: d.depth,
                exact: d.exact,
                ..NONE
            }
        }
        Ai::Solve(limit) => match solver::solve(&game.position, &mut table, &mut budget(limit)) {
            Ok(s) => Choice {
                best: s.best.map(Square::index),
                score: s.score,
                nodes: s.nodes,
                ..NONE
            },
            Err(stopped) => Choice {
                nodes: stopped.nodes,
                stopped: true,
                ..NONE
            },
        },
    }
}

/// Sets the position of `t_oth`.
pub fn set_position(m: &mut Machine, game: &Game) -> Result<(), Failure> {
    let p = game.position;
    m.call(
        "oth_set",
        &[
            (p.player >> 32) as u32,
            p.player as u32,
            (p.opponent >> 32) as u32,
            p.opponent as u32,
            u32::from(game.colour == Colour::White),
        ],
    )?;
    Ok(())
}

/// `ai`'s move in the position set, on the 68000, and the cycles of the call.
pub fn emulated_choose(m: &mut Machine, ai: Ai, seed: u32) -> Result<(Choice, u64), Failure> {
    let square = |d0: u32| d0.checked_sub(1).map(|s| s as u8);
    let nodes = |s: &[u32; 4]| u64::from(s[2]) << 32 | u64::from(s[1]);
    match ai {
        Ai::Seed => {
            let (d0, cycles) = call(m, "oth_seed", &[seed])?;
            let s = slots(m)?;
            let choice = Choice {
                best: square(d0),
                next_draw: s[2],
                ..NONE
            };
            Ok((choice, cycles))
        }
        Ai::Search(level, limit) => {
            let args = [u32::from(level.depth), u32::from(level.exact_from), limit];
            let (d0, cycles) = call(m, "oth_search", &args)?;
            let s = slots(m)?;
            let choice = Choice {
                best: square(d0),
                score: s[0] as i32,
                nodes: nodes(&s),
                depth: s[3] as u8,
                exact: (s[3] & 0x100 != 0).then_some((s[3] >> 16) as u8 as i8 as i32),
                ..NONE
            };
            Ok((choice, cycles))
        }
        Ai::Solve(limit) => {
            let (d0, cycles) = call(m, "oth_solve", &[limit])?;
            let s = slots(m)?;
            let stopped = d0 == u32::MAX;
            let choice = Choice {
                best: if stopped { None } else { square(d0) },
                score: s[0] as i32,
                nodes: nodes(&s),
                stopped,
                ..NONE
            };
            Ok((choice, cycles))
        }
    }
}

/// The table length the loaded `t_oth` lends.
pub fn table_len(m: &mut Machine) -> Result<usize, Failure> {
    Ok(m.call("oth_table_len", &[])?.d0 as usize)
}

/// The generator of the cycle report's Othello positions (`examples/ai_cycles.rs`, and the
/// profiles of `examples/profiles.rs`): [`report_midgames`] draws from it first, then the
/// report plays the FFO positions on with it.
pub fn report_rng() -> Rng {
    Rng::new(0xA1_0711)
}

/// The report's 8 midgame positions, 8 to 40 discs played at random, drawn from `rng`
/// ([`report_rng`]).
pub fn report_midgames(rng: &mut Rng) -> Vec<Game> {
    let mut midgame = Vec::new();
    while midgame.len() < 8 {
        let played = 8 + rng.below(33);
        if let Some(g) = Game::start().played_down_to(60 - played, rng) {
            midgame.push(g);
        }
    }
    midgame
}

/// `count` positions (the game not over) reached by random play from the start, after 0 to
/// `max_discs_played` discs (passes are played as they come), from `seed`.
pub fn random_positions(seed: u32, count: usize, max_discs_played: u32) -> Vec<Game> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let played = rng.below(max_discs_played + 1);
        if let Some(g) = Game::start().played_down_to(60 - played, &mut rng) {
            out.push(g);
        }
    }
    out
}
