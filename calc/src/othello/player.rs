//! The computer players of the calculator's Othello program (`othello` and its AI `othia`,
//! docs/playing.md#othello): one [`Ai`] value names a player, [`choose_with`] picks its move.
//! Native tests, the host and the 68000 call the same function, so the program's moves are the
//! core's.
//!
//! From the weakest: seed 002's AI ([`super::ai`]), then the searching AI ([`super::search`])
//! at three levels. In `othia` on the 68000 a node of the midgame search costs about 19,000
//! cycles and one of the endgame solver about 14,000 (docs/profiling.md), so each searching
//! level carries node budgets that keep its worst move under 10 s at 12 MHz (120 million
//! cycles), measured in the CPU harness over a set of positions ([`Plan`]):
//!
//! - the endgame solver runs from [`Plan::exact_from`] empty squares down, under
//!   [`Plan::solve_nodes`]; when it runs out, a short midgame search ([`FALLBACK_DEPTH`]
//!   plies) decides the move;
//! - else the midgame search deepens to [`Plan::depth`] plies under [`Plan::search_nodes`];
//!   when it runs out, the move of its deepest finished iteration is played (the first
//!   iteration always finishes).
//!
//! A node budget stops a search at the same node everywhere, so a move is reproduced from the
//! position alone (the seed's AI also from the seed of its random ties).

use super::ai;
use super::bitboard::Position;
use super::board::{Board, Colour};
use super::search::{self, Level};
use super::solver;
use super::square::Square;
use super::tt::Entry;
use crate::Rng;

/// A computer player of the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ai {
    /// Seed 002's AI: tactical value minus (then plus) the flips; random ties.
    Seed,
    /// The searching AI, two plies.
    Easy,
    /// The searching AI, three plies.
    Medium,
    /// The searching AI, five plies under a node budget.
    Hard,
}

/// How a searching level spends a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Plies of the midgame search.
    pub depth: u8,
    /// Solve exactly from this many empty squares down.
    pub exact_from: u8,
    /// Nodes of the endgame solver before it gives up (0: no limit).
    pub solve_nodes: u64,
    /// Nodes of the midgame search (0: no limit).
    pub search_nodes: u64,
}

/// Plies of the midgame search after a solver that ran out of its budget: a short search
/// (a few hundred nodes at most), so that the two together stay within the level's time.
pub const FALLBACK_DEPTH: u8 = 2;

/// The node budget of that search (a bound it does not reach: a safety).
pub const FALLBACK_NODES: u64 = 1024;

impl Ai {
    /// Every player, weakest first.
    pub const ALL: [Ai; 4] = [Ai::Seed, Ai::Easy, Ai::Medium, Ai::Hard];

    /// The player's code in the program's settings and requests: 1 to 4 (0 is a person).
    pub const fn code(self) -> u8 {
        match self {
            Ai::Seed => 1,
            Ai::Easy => 2,
            Ai::Medium => 3,
            Ai::Hard => 4,
        }
    }

    /// The player of a [`Ai::code`].
    pub const fn from_code(code: u8) -> Option<Ai> {
        match code {
            1 => Some(Ai::Seed),
            2 => Some(Ai::Easy),
            3 => Some(Ai::Medium),
            4 => Some(Ai::Hard),
            _ => None,
        }
    }

    /// How a searching level spends a move; `None` for the seed's AI. The budgets come from
    /// the CPU harness's cycles (docs/playing.md#othello).
    pub const fn plan(self) -> Option<Plan> {
        match self {
            Ai::Seed => None,
            Ai::Easy => Some(Plan {
                depth: 2,
                exact_from: 8,
                solve_nodes: 0,
                search_nodes: 0,
            }),
            Ai::Medium => Some(Plan {
                depth: 3,
                exact_from: 9,
                solve_nodes: 6144,
                search_nodes: 0,
            }),
            Ai::Hard => Some(Plan {
                depth: 5,
                exact_from: 9,
                solve_nodes: 6144,
                search_nodes: 5120,
            }),
        }
    }

    /// The same plan without any node budget: the unbounded player the budgets are measured
    /// against.
    pub const fn unbounded(self) -> Option<Plan> {
        match self.plan() {
            Some(p) => Some(Plan {
                solve_nodes: 0,
                search_nodes: 0,
                ..p
            }),
            None => None,
        }
    }
}

/// What a player chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move; `None` when the side to move has none, or when `watch` stopped the search.
    pub square: Option<Square>,
    /// Nodes searched (solver and midgame).
    pub nodes: u64,
    /// The exact final disc difference for the side to move, when the solver finished.
    pub exact: Option<i32>,
    /// Whether `watch` stopped the search.
    pub stopped: bool,
}

/// The move of `ai` for the side to move of `board`; `rng` draws the seed's random ties;
/// `table` is the searches' transposition table (any length). `watch` is asked at every budget
/// check of the searches with the nodes of the current phase; `true` stops at once (a key
/// pressed): no move then.
pub fn choose_with<W: FnMut(u64) -> bool>(
    ai: Ai,
    board: &Board,
    rng: &mut Rng,
    table: &mut [Entry],
    watch: W,
) -> Choice {
    match ai.plan() {
        None => Choice {
            square: ai::choose_move(board, rng),
            nodes: 0,
            exact: None,
            stopped: false,
        },
        Some(plan) => choose_planned(plan, board, table, watch),
    }
}

/// The searching AI's move under `plan` (see the module doc).
pub fn choose_planned<W: FnMut(u64) -> bool>(
    plan: Plan,
    board: &Board,
    table: &mut [Entry],
    mut watch: W,
) -> Choice {
    let p = board.position();
    let mut choice = Choice {
        square: None,
        nodes: 0,
        exact: None,
        stopped: false,
    };
    if p.moves() == 0 {
        return choice;
    }
    let limit = |n: u64, max: u64| max != 0 && n >= max;
    let mut search_nodes = plan.search_nodes;
    let mut depth = plan.depth;
    if p.empty_count() <= u32::from(plan.exact_from) {
        let mut stopped = false;
        let mut budget = |n: u64| {
            stopped = watch(n);
            stopped || limit(n, plan.solve_nodes)
        };
        match solver::solve(&p, table, &mut budget) {
            Ok(s) => {
                choice.square = s.best;
                choice.nodes = s.nodes;
                choice.exact = Some(s.score);
                return choice;
            }
            Err(out) => {
                choice.nodes = out.nodes;
                if stopped {
                    choice.stopped = true;
                    return choice;
                }
                search_nodes = FALLBACK_NODES;
                depth = FALLBACK_DEPTH.min(plan.depth);
            }
        }
    }
    let level = Level {
        depth,
        exact_from: 0,
    };
    let mut stopped = false;
    let mut budget = |n: u64| {
        stopped = watch(n);
        stopped || limit(n, search_nodes)
    };
    let d = search::choose_move(&p, level, table, &mut budget);
    choice.nodes += d.nodes;
    if stopped {
        choice.stopped = true;
    } else {
        choice.square = d.best;
    }
    choice
}

/// The board after `moves` (square indices, 0 = a1 .. 63 = h8) from the start, the passes
/// played where they are forced; `None` if a move is not legal. (On bitboards: the mailbox's
/// move generation would cost the 68000 some 100,000 cycles a move; `Board::from_moves` is
/// the same on the mailbox, smaller.)
pub fn replay(moves: &[u8]) -> Option<Board> {
    let mut p = Position::initial();
    let mut colour = Colour::Black;
    let forced_pass = |p: &mut Position, colour: &mut Colour| {
        if p.moves() == 0 && p.pass().moves() != 0 {
            *p = p.pass();
            *colour = colour.other();
        }
    };
    for &m in moves {
        forced_pass(&mut p, &mut colour);
        if m >= 64 || p.moves() & (1u64 << m) == 0 {
            return None;
        }
        p = p.play(m)?;
        colour = colour.other();
    }
    forced_pass(&mut p, &mut colour);
    Some(Board::from_position(&p, colour))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::NodeLimit;
    use crate::othello::Status;

    /// A game between two players to the end, as square indices; passes forced.
    fn game(black: Ai, white: Ai, seed: u32) -> ([u8; 60], usize, Board) {
        let mut table = [Entry::default(); 256];
        let mut rng = Rng::new(seed);
        let mut moves = [0u8; 60];
        let mut n = 0;
        let mut board = Board::new();
        // The mailbox board, played move by move: replay's board must be the same.
        let mut mailbox = Board::new();
        while let Status::ToMove(c) = board.status() {
            let ai = if c == Colour::Black { black } else { white };
            let m = choose_with(ai, &board, &mut rng, &mut table, |_| false)
                .square
                .unwrap();
            moves[n] = m.index();
            n += 1;
            board = replay(&moves[..n]).unwrap();
            mailbox.play(m).unwrap();
            if let Status::MustPass(_) = mailbox.status() {
                mailbox.pass().unwrap();
            }
            assert_eq!(board, mailbox);
            assert_eq!(Board::from_moves(&moves[..n]), Some(board));
        }
        (moves, n, board)
    }

    #[test]
    fn codes_round_trip() {
        for ai in Ai::ALL {
            assert_eq!(Ai::from_code(ai.code()), Some(ai));
        }
        assert_eq!(Ai::from_code(0), None);
        assert_eq!(Ai::from_code(5), None);
    }

    #[test]
    fn games_end_and_replay() {
        let (moves, n, board) = game(Ai::Seed, Ai::Easy, 3);
        assert!(matches!(board.status(), Status::Over { .. }));
        assert_eq!(replay(&moves[..n]), Some(board));
        // A move that is not legal is refused.
        assert_eq!(replay(&[0]), None);
        assert_eq!(replay(&[64]), None);
        assert_eq!(Board::from_moves(&[0]), None);
        assert_eq!(Board::from_moves(&[64]), None);
    }

    #[test]
    fn unbudgeted_plan_is_the_engine() {
        // Easy has no budget: its move is the engine's at the same level.
        let (moves, n, _) = game(Ai::Seed, Ai::Seed, 11);
        let mut t1 = [Entry::default(); 256];
        let mut t2 = [Entry::default(); 256];
        for k in [10, 30, n - 6] {
            let b = replay(&moves[..k]).unwrap();
            let mine = choose_with(Ai::Easy, &b, &mut Rng::new(1), &mut t1, |_| false);
            let lvl = search::Level::EASY;
            let d = search::choose_move(&b.position(), lvl, &mut t2, &mut NodeLimit(u64::MAX));
            assert_eq!(mine.square, d.best, "after {k} moves");
            assert_eq!(mine.exact, d.exact);
            assert_eq!(mine.nodes, d.nodes);
        }
    }

    #[test]
    fn watch_stops_without_a_move() {
        let (moves, _, _) = game(Ai::Seed, Ai::Seed, 5);
        let b = replay(&moves[..20]).unwrap();
        let mut t = [Entry::default(); 256];
        let c = choose_with(Ai::Hard, &b, &mut Rng::new(1), &mut t, |n| n >= 1024);
        assert!(c.stopped);
        assert_eq!(c.square, None);
    }

    #[test]
    fn hard_keeps_to_its_budget() {
        let (moves, _, _) = game(Ai::Seed, Ai::Seed, 7);
        let mut t = [Entry::default(); 1024];
        let plan = Ai::Hard.plan().unwrap();
        for k in [8, 16, 24, 32] {
            let b = replay(&moves[..k]).unwrap();
            let c = choose_with(Ai::Hard, &b, &mut Rng::new(1), &mut t, |_| false);
            assert!(c.square.is_some());
            assert!(c.nodes < plan.search_nodes + 1024, "{} nodes", c.nodes);
        }
    }
}
