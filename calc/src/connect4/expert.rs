//! The expert's move after the opening book: the exact solver when few enough cells are empty
//! for it to finish within the move's time, the engine otherwise.
//!
//! A move of `Ai::Expert(nodes)` may cost, on the 68000, what `nodes` engine nodes cost,
//! whether it solves or not: the move's budget, counted in thousands of cycles with
//! [`ENGINE_COST`] per engine node and [`SOLVER_COST`] per solver node ([`MOVE_COST`] per unit
//! of `nodes`: 108 million cycles, 9.0 s at 12 MHz, at the contest's 9,000 nodes). With a
//! solver table lent (`solver_table` not empty) and at most [`SOLVE_EMPTIES`] empty cells, the
//! expert first solves the position (win, draw or loss) within [`solve_nodes`] solver nodes
//! (at most [`SOLVE_PERCENT`] % of the budget), on that table cleared, and spends the rest of
//! the budget on the engine:
//!
//! - a proven win: the solver's winning move, without the engine;
//! - a proven draw: the engine's move, with half of what is left, if it is the solver's own
//!   or the other half proves that it keeps the draw; else the solver's drawing move (the
//!   engine's choice, which may lose, is never played unproven where a proven draw is at hand);
//! - a proven loss, or no proof within its nodes: the engine's move with all that is left
//!   (against a fallible opponent the engine's lines are the best hope).
//!
//! Without a solver table, or with more empty cells, the engine alone under `nodes` (what
//! `expertN` means: N engine nodes), the whole budget. Both costs are measured averages rounded
//! up (the engine's as it was when the budget was set; it is cheaper now, [`ENGINE_COST`]), so
//! a move's cost on the 68000 is about its budget at most (a short move may
//! pass it by a few per cent: the call's start and the tables' clearing are not counted, and
//! short solves cost more a node; docs/solver.md, "The expert near the end").
//! Every step is a pure function of the position, the budget and the tables' lengths (both
//! tables are cleared first), so the calculator plays the native moves.

use super::ai::Choice;
use super::board::{Board, CELLS};
use super::eval::Evaluate;
use super::search::{self, Limits};
use super::solver::{self, Solver};
use crate::budget::Budget;

/// The most empty cells at which the expert asks the solver first: beyond it the solver
/// seldom finishes within a move's budget (docs/solver.md, "In games"), and the engine plays.
pub const SOLVE_EMPTIES: u8 = 26;

/// Thousands of 68000 cycles per engine node the move's budget is written in: 12, the
/// engine's cost in the expert's use when the budget was set (11,566 cycles a node for
/// `expert20000` in `cargo run --release -p emu-tests --example ai_cycles -- connect-four`,
/// docs/profiling.md), rounded up. The engine now costs less (7,840 for `expert20000`, 8,957
/// for `expert2000`), so a move costs less than its budget; 12 is kept because it sets the
/// solve's share of a move ([`solve_nodes`]), and with 10 (9,184 rounded up, the cost then) only
/// 10,000 nodes of the budgets from 8,000 to 12,000 met every target, against 8,500 to 10,000
/// with 12 (docs/solver.md#the-expert-in-joueur). (41 until the budget followed the engine's
/// first speed-up: the Board engine's cost.)
pub const ENGINE_COST: u32 = 12;

/// Thousands of 68000 cycles per solver node in the positions the expert solves: 16,300 in its
/// longest solve of `emu-tests/tests/ai_c4.rs` (6,752 nodes, 26 empty cells; 14,304 on Pons'
/// End-Easy positions, docs/profiling.md), rounded up like [`ENGINE_COST`], so that a long
/// solve costs at most its share of the budget (16 would let it cost 2 % more).
/// (26 until the budget followed the solver's speed-up.)
pub const SOLVER_COST: u32 = 17;

/// Thousands of 68000 cycles a move may cost per unit of its `nodes` (module doc): an engine
/// node's, so that a move that solves costs no more than one of the engine alone. (An engine
/// node and half a solver node until the costs were the measured ones: at 12,000 and 17,000
/// cycles a node that budget is 20,000 cycles a unit, within 10 s at 12 MHz only up to 5,000
/// nodes, and no budget up to 5,000 won every game of the targets with the tables
/// `joueur` can lend; at 12,000 a unit 7,000 nodes did, within 7 s, before the engine's nodes
/// of depth 1 searched their moves unordered. docs/solver.md, "The budget with the solves".)
pub const MOVE_COST: u32 = ENGINE_COST;

/// The share of a move's budget, in per cent, its first solve may spend at most (module doc):
/// 72, as when the solve's cap was `3 * nodes / 2` nodes of 26,000 cycles in a budget of 54,000
/// cycles a node (39 of 54 parts); the engine keeps at least the other 28 %.
pub const SOLVE_PERCENT: u32 = 72;

/// The solver nodes the expert under `nodes` spends at most on its first solve of a move:
/// [`SOLVE_PERCENT`] % of the move's budget at [`SOLVER_COST`] a node (module doc).
pub fn solve_nodes(nodes: u32) -> u32 {
    let budget = u64::from(nodes.max(1)) * u64::from(MOVE_COST);
    let solve = budget * u64::from(SOLVE_PERCENT) / 100 / u64::from(SOLVER_COST);
    solve.clamp(1, u64::from(u32::MAX)) as u32
}

/// The expert's move in a position in play that the book does not hold: see the module doc.
/// `nodes` (at least 1) sets the move's budget; `table` is the engine's table,
/// `solver_table` the solver's (empty: no solve).
pub fn choose<B: Budget, E: Evaluate>(
    board: &Board,
    nodes: u32,
    table: &mut [search::Entry],
    solver_table: &mut [solver::Entry],
    budget: B,
    eval: E,
) -> Choice {
    let nodes = nodes.max(1);
    if solver_table.is_empty() || CELLS - board.moves() > SOLVE_EMPTIES {
        return engine_choice(board, nodes, table, budget, eval);
    }
    let mut solver = Solver::new(solver_table);
    solver.reset();
    let solved = solver.best_within(board, true, u64::from(solve_nodes(nodes)));
    let spent = |solver: &Solver| solver.nodes().min(u64::from(u32::MAX)) as u32;
    // What the solve left of the move's budget (about 28 % of it or more).
    let left = nodes
        .saturating_mul(MOVE_COST)
        .saturating_sub(spent(&solver) * SOLVER_COST);
    let mut choice = match solved.map(|b| (b.score, b.column)) {
        Some((1, Some(column))) => Choice {
            column: Some(column),
            score: 0,
            nodes: 0,
            solver_nodes: 0,
        },
        Some((0, Some(draw))) => {
            let mut choice = engine_choice(
                board,
                left / (ENGINE_COST + SOLVER_COST),
                table,
                budget,
                eval,
            );
            let check = left.saturating_sub(choice.nodes * ENGINE_COST) / SOLVER_COST;
            let keeps = choice.column.is_some_and(|c| {
                let mut child = *board;
                child.play_col(c);
                // The opponent's value after the move: not a win keeps the draw.
                c == draw
                    || matches!(solver.solve_within(&child, true, u64::from(check)), Some(v) if v <= 0)
            });
            if !keeps {
                choice.column = Some(draw);
            }
            choice
        }
        _ => engine_choice(board, left / ENGINE_COST, table, budget, eval),
    };
    choice.solver_nodes = spent(&solver);
    choice
}

/// The engine's move under a budget of `nodes` (at least 1) in a game in play.
pub(super) fn engine_choice<B: Budget, E: Evaluate>(
    board: &Board,
    nodes: u32,
    table: &mut [search::Entry],
    budget: B,
    eval: E,
) -> Choice {
    let limits = Limits {
        depth: 42,
        nodes: nodes.max(1),
    };
    let r = search::search_evaluated(board, limits, table, budget, eval);
    Choice {
        column: r.column,
        score: r.score,
        nodes: r.nodes,
        solver_nodes: 0,
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::budget::Unlimited;
    use crate::connect4::eval::Standard;
    use std::vec;

    /// The weak value of `board` for its side to move, by a solver with a large table.
    fn value(board: &Board) -> i8 {
        let mut table = vec![solver::Entry::EMPTY; 1 << 16];
        Solver::new(&mut table).solve(board, true)
    }

    /// The expert's choice with the calculator's tables (512 and 1,024 entries).
    fn expert(board: &Board, nodes: u32, lend: bool) -> Choice {
        let mut table = vec![search::Entry::EMPTY; 512];
        let mut solver_table = vec![solver::Entry::EMPTY; if lend { 1024 } else { 0 }];
        choose(
            board,
            nodes,
            &mut table,
            &mut solver_table,
            Unlimited,
            Standard,
        )
    }

    #[test]
    fn a_proven_win_is_played_without_the_engine() {
        // Pons' End-Easy positions the side to move wins.
        for moves in [
            "7422341735647741166133573473242566",
            "67152117737262713366376314254",
        ] {
            let board = Board::from_moves(moves).unwrap();
            assert_eq!(value(&board), 1, "{moves}");
            let c = expert(&board, 2000, true);
            assert_eq!((c.nodes, c.score), (0, 0), "{moves}");
            assert!(c.solver_nodes > 0, "{moves}");
            let mut child = board;
            child.play_col(c.column.unwrap());
            assert!(child.outcome().is_some() || value(&child) == -1, "{moves}");
        }
    }

    #[test]
    fn a_draw_or_a_loss_goes_to_the_engine_and_a_draw_is_kept() {
        // A drawn and a lost End-Easy position.
        for moves in [
            "23163416124767223154467471272416755633",
            "2252576253462244111563365343671351441",
        ] {
            let board = Board::from_moves(moves).unwrap();
            let v = value(&board);
            let c = expert(&board, 2000, true);
            assert!(c.solver_nodes > 0, "{moves}");
            let mut child = board;
            child.play_col(c.column.unwrap());
            if v == 0 {
                assert!(child.outcome().is_some() || value(&child) == 0, "{moves}");
            }
        }
    }

    #[test]
    fn without_a_solver_table_or_its_nodes_the_engine_plays() {
        // 26 empty cells: the solver gives up within 2 nodes; the engine then has the rest.
        let board = Board::from_moves("4344433346366342").unwrap();
        let engine = engine_choice(
            &board,
            1000,
            &mut [search::Entry::EMPTY; 512],
            Unlimited,
            Standard,
        );
        let alone = expert(&board, 1000, false);
        assert_eq!(
            (alone.column, alone.nodes, alone.solver_nodes),
            (engine.column, engine.nodes, 0)
        );
        let given_up = expert(&board, 1, true);
        assert!(
            given_up.solver_nodes > 0 && given_up.solver_nodes <= 8,
            "{given_up:?}"
        );
        assert!(given_up.nodes >= 1 && board.can_play(given_up.column.unwrap()));
    }
}
