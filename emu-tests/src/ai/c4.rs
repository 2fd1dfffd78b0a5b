//! Connect Four on the 68000: the calls of `t_c4` (calc/programs/src/bin/test/t_c4.rs) and the
//! same calls of the core natively. Positions are lists of columns (0..6) played from the
//! empty board.

use calc::budget::Unlimited;
use calc::connect4::ai::{self, choose_lending, Ai};
use calc::connect4::eval::Standard;
use calc::connect4::search::Entry;
use calc::connect4::solver::{self, Solver};
use calc::connect4::Board;
use calc::connect4::{book, expert};
use calc::rng::Rng;

use super::{accept, call, slots};
use ti_emulator::{Failure, Machine};

/// The sizes of the tables the program lends to the AIs (native calls use the same).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tables {
    /// Entries of the engine's table.
    pub engine: usize,
    /// Entries of the solver's table.
    pub solver: usize,
}

impl Tables {
    /// The sizes the loaded `t_c4` uses.
    pub fn of(m: &mut Machine) -> Result<Tables, Failure> {
        Ok(Tables {
            engine: m.call("c4_table_len", &[])?.d0 as usize,
            solver: m.call("c4_solver_len", &[])?.d0 as usize,
        })
    }
}

/// What an AI of the ladder returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The column, `None` when the game is over.
    pub column: Option<u8>,
    /// The AI's value of it.
    pub score: i16,
    /// Nodes searched.
    pub nodes: u32,
    /// Nodes the expert's exact solver searched (0 for the other players).
    pub solver_nodes: u32,
    /// The generator's next draw after the call.
    pub next_draw: u32,
}

/// What the exact solver returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The score of every column (`analyse`), or of the position alone in `scores[0]`
    /// (`solve`).
    pub scores: [Option<i8>; 7],
    /// Nodes searched.
    pub nodes: u64,
}

/// The board after `moves`.
pub fn board(moves: &[u8]) -> Board {
    let mut board = Board::new();
    for &column in moves {
        board.play(column).expect("a legal move");
    }
    board
}

/// The ladder's players the tests and the report measure, with their names: random,
/// win/block, Min-Max 3, 5, 9, the engine under 1,000 and 20,000 nodes (`Ai::STRONG`) and the
/// expert (the opening book, then the engine and near the end the exact solver) under 2,000
/// nodes (`p4ia`'s) and 20,000 (the report's deepest; the contest's `Ai::EXPERT` is 9,000).
pub fn ladder() -> Vec<(&'static str, Ai)> {
    vec![
        ("random", Ai::Random),
        ("win/block", Ai::WinBlock),
        ("minimax 3", Ai::EASY),
        ("minimax 5", Ai::MEDIUM),
        ("minimax 9", Ai::HARD),
        ("alpha-beta 1000", Ai::AlphaBeta(1000)),
        ("alpha-beta 20000", Ai::STRONG),
        ("expert 2000", Ai::Expert(2000)),
        ("expert 20000", Ai::Expert(20_000)),
    ]
}

/// `ai`'s move after `moves`, natively.
pub fn native_choose(moves: &[u8], ai: Ai, seed: u32, tables: &Tables) -> Choice {
    // As t_c4: a table for the engine, and a solver table for the expert.
    let len = if matches!(ai, Ai::AlphaBeta(_) | Ai::Expert(_)) {
        tables.engine
    } else {
        0
    };
    let solver_len = if matches!(ai, Ai::Expert(_)) {
        tables.solver
    } else {
        0
    };
    let mut table = vec![Entry::EMPTY; len];
    let mut solver_table = vec![solver::Entry::EMPTY; solver_len];
    let mut rng = Rng::new(seed);
    let c = choose_lending(
        ai,
        &board(moves),
        &mut rng,
        &mut table,
        &mut solver_table,
        Unlimited,
        Standard,
    );
    Choice {
        column: c.column,
        score: c.score,
        nodes: c.nodes,
        solver_nodes: c.solver_nodes,
        next_draw: rng.next_u32(),
    }
}

/// Sets the position of `t_c4` to the board after `moves`.
pub fn set_position(m: &mut Machine, moves: &[u8]) -> Result<(), Failure> {
    m.call("c4_reset", &[])?;
    for &column in moves {
        accept(m, "c4_play", &[u32::from(column)])?;
    }
    Ok(())
}

/// `ai`'s move in the position set, on the 68000, and the cycles of the call.
pub fn emulated_choose(m: &mut Machine, ai: Ai, seed: u32) -> Result<(Choice, u64), Failure> {
    let (d0, cycles) = call(m, "c4_choose", &[u32::from(ai.code()), seed])?;
    if d0 == u32::MAX {
        return Err(Failure::Setup(format!(
            "t_c4 knows no AI of code {}",
            ai.code()
        )));
    }
    let s = slots(m)?;
    let choice = Choice {
        column: d0.checked_sub(1).map(|c| c as u8),
        score: s[0] as u16 as i16,
        nodes: s[1],
        solver_nodes: s[3],
        next_draw: s[2],
    };
    Ok((choice, cycles))
}

/// The exact score of the position after `moves` (weak: win, draw or loss), natively, with a
/// fresh table.
pub fn native_solve(moves: &[u8], weak: bool, tables: &Tables) -> Solved {
    let mut table = vec![solver::Entry::EMPTY; tables.solver];
    let mut solver = Solver::new(&mut table);
    let score = solver.solve(&board(moves), weak);
    let mut scores = [None; 7];
    scores[0] = Some(score);
    Solved {
        scores,
        nodes: solver.nodes(),
    }
}

/// The same on the 68000, and the cycles of the call.
pub fn emulated_solve(m: &mut Machine, weak: bool) -> Result<(Solved, u64), Failure> {
    let (d0, cycles) = call(m, "c4_solve", &[u32::from(weak)])?;
    let s = slots(m)?;
    let mut scores = [None; 7];
    scores[0] = Some(d0 as u8 as i8);
    let solved = Solved {
        scores,
        nodes: u64::from(s[1]) << 32 | u64::from(s[0]),
    };
    Ok((solved, cycles))
}

/// The exact score of every column after `moves`, natively, with a fresh table.
pub fn native_analyse(moves: &[u8], weak: bool, tables: &Tables) -> Solved {
    let mut table = vec![solver::Entry::EMPTY; tables.solver];
    let mut solver = Solver::new(&mut table);
    let scores = solver.analyse(&board(moves), weak);
    Solved {
        scores,
        nodes: solver.nodes(),
    }
}

/// The same on the 68000, and the cycles of the call.
pub fn emulated_analyse(m: &mut Machine, weak: bool) -> Result<(Solved, u64), Failure> {
    let (_, cycles) = call(m, "c4_analyse", &[u32::from(weak)])?;
    let s = slots(m)?;
    let mut scores = [None; 7];
    for (i, score) in scores.iter_mut().enumerate() {
        let byte = (s[i / 4] >> (8 * (3 - i % 4))) as u8;
        *score = (byte != 0x80).then_some(byte as i8);
    }
    let solved = Solved {
        scores,
        nodes: u64::from(s[3]) << 32 | u64::from(s[2]),
    };
    Ok((solved, cycles))
}

/// The positions of the cycle report (`examples/ai_cycles.rs`) and of the profiles
/// (`examples/profiles.rs`): 8 positions of random play, 4 to 28 moves in.
pub fn report_positions() -> Vec<Vec<u8>> {
    random_positions_between(0xA1_C4, 8, 4, 28)
}

/// The solver's positions of the cycle report and of the profiles: every 100th line of Pons'
/// End-Easy set (`calc/tests/data/connect4/Test_L3_R1`), each "moves score".
pub fn report_solver_positions() -> Vec<String> {
    let path = testkit::repo_root().join("calc/tests/data/connect4/Test_L3_R1");
    let set = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("Pons' End-Easy set {}: {e}", path.display()));
    set.lines().step_by(100).map(str::to_owned).collect()
}

/// `count` positions reached by random play from the empty board (each 0 to `max_moves`
/// moves long, the game not over), from `seed`.
pub fn random_positions(seed: u32, count: usize, max_moves: u32) -> Vec<Vec<u8>> {
    random_positions_between(seed, count, 0, max_moves)
}

/// Like [`random_positions`], each position `min_moves` to `max_moves` moves long.
pub fn random_positions_between(
    seed: u32,
    count: usize,
    min_moves: u32,
    max_moves: u32,
) -> Vec<Vec<u8>> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let length = min_moves + rng.below(max_moves - min_moves + 1);
        let mut board = Board::new();
        let mut moves = Vec::new();
        while moves.len() < length as usize && board.outcome().is_none() {
            let column = rng.below(7) as u8;
            if board.play(column).is_ok() {
                moves.push(column);
            }
        }
        if board.outcome().is_none() && moves.len() == length as usize {
            out.push(moves);
        }
    }
    out
}

/// `count` positions of the opening book (`calc::connect4::book`), seeded: games where one side
/// plays the book's moves and the other random ones, each position taken where the book side
/// is to move and the book has the position; both sides, every depth of the book.
pub fn book_positions(seed: u32, count: usize) -> Vec<Vec<u8>> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let book_side = rng.below(2) as u8;
        let stop = rng.below(u32::from(book::max_ply()) + 1) as usize;
        let mut board = Board::new();
        let mut moves = Vec::new();
        loop {
            let in_book = book::book_move(&board);
            if board.moves() % 2 == book_side && moves.len() >= stop {
                if in_book.is_some() {
                    out.push(moves);
                }
                break;
            }
            let column = match in_book {
                Some(m) if board.moves() % 2 == book_side => m.column,
                None if board.moves() % 2 == book_side => break,
                _ => ai::random_column(&board, &mut rng).expect("a game in play"),
            };
            board.play(column).expect("a legal move");
            moves.push(column);
        }
    }
    out
}

/// How the expert's exact solve ends in a position (`calc::connect4::expert`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExpertPath {
    /// The solver proves a win: its move, no engine.
    Win,
    /// The solver proves a draw or a loss: the engine's move, checked for a draw.
    DrawOrLoss,
    /// The solver gives up within the budget: the engine's move.
    GivesUp,
}

/// Which [`ExpertPath`] the expert under `nodes` takes after `moves` (natively, the solver
/// table of `tables`), `None` where it does not solve (the book, or too many empty cells).
pub fn expert_path(moves: &[u8], nodes: u32, tables: &Tables) -> Option<ExpertPath> {
    let board = board(moves);
    if book::book_move(&board).is_some() || 42 - board.moves() > expert::SOLVE_EMPTIES {
        return None;
    }
    let mut table = vec![solver::Entry::EMPTY; tables.solver];
    let mut solver = Solver::new(&mut table);
    Some(
        match solver.best_within(&board, true, u64::from(expert::solve_nodes(nodes))) {
            // A win found by a search (not an immediate one).
            Some(best) if best.score > 0 && solver.nodes() > 0 => ExpertPath::Win,
            Some(best) if best.score > 0 => return None,
            Some(_) => ExpertPath::DrawOrLoss,
            None => ExpertPath::GivesUp,
        },
    )
}

/// One position of seeded random play (from `seed`) for each [`ExpertPath`] of the expert
/// under `nodes`, in that order: `min_moves` to `max_moves` moves long.
pub fn expert_paths(
    seed: u32,
    nodes: u32,
    tables: &Tables,
    min_moves: u32,
    max_moves: u32,
) -> Vec<Vec<u8>> {
    let wanted = [ExpertPath::Win, ExpertPath::DrawOrLoss, ExpertPath::GivesUp];
    let mut found: [Option<Vec<u8>>; 3] = [None, None, None];
    let mut rng = Rng::new(seed);
    for _ in 0..10_000 {
        if found.iter().all(Option::is_some) {
            break;
        }
        let candidates = random_positions_between(rng.next_u32(), 1, min_moves, max_moves);
        let moves = &candidates[0];
        if let Some(path) = expert_path(moves, nodes, tables) {
            let i = wanted.iter().position(|&w| w == path).expect("a path");
            found[i].get_or_insert_with(|| moves.clone());
        }
    }
    found
        .into_iter()
        .map(|f| f.expect("random play reaches every path of the expert"))
        .collect()
}

/// Columns "1".."7" (Pons' notation) as 0..6.
pub fn columns(moves: &str) -> Vec<u8> {
    moves.bytes().map(|b| b - b'1').collect()
}
