//! Mean nodes and time per position of the Connect Four solver on a public test set, the way
//! `ti68k bench connect4` measures ours (table of 2^22 entries, `Solver::reset` before each
//! position, the solve alone timed), with nothing but `calc`: the same file builds against an
//! older `calc` (copied into `calc/examples/` of a checkout), which is how the solver's
//! before/after figures in docs/solver.md were measured.
//!
//! ```sh
//! cargo run --release -p calc --example connect4_sets -- calc/tests/data/connect4/Test_L1_R2 10
//! ```
//!
//! Arguments: the set's file (lines `MOVES SCORE`) and the step (every N-th position).

use calc::connect4::board::Board;
use calc::connect4::solver::{Entry, Solver};
use std::time::Instant;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let [_, path, step] = args.as_slice() else {
        return Err("usage: connect4_sets FILE STEP".into());
    };
    let step: usize = step
        .parse()
        .ok()
        .filter(|&s| s > 0)
        .ok_or("STEP must be a positive integer")?;
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut table = vec![Entry::EMPTY; 1 << 22];
    let mut solver = Solver::new(&mut table);
    let (mut positions, mut exact, mut nodes, mut seconds) = (0u64, 0u64, 0u64, 0f64);
    for (n, line) in text.lines().enumerate().step_by(step) {
        let bad = || format!("{path}:{}: expected `MOVES SCORE`", n + 1);
        let (moves, score) = line.split_once(' ').ok_or_else(bad)?;
        let want: i8 = score.trim().parse().map_err(|_| bad())?;
        let board = Board::from_moves(moves).map_err(|_| bad())?;
        solver.reset();
        let start = Instant::now();
        let got = solver.solve(&board, false);
        seconds += start.elapsed().as_secs_f64();
        nodes += solver.nodes();
        positions += 1;
        exact += u64::from(got == want);
    }
    if positions == 0 {
        return Err(format!("{path}: no positions"));
    }
    println!(
        "{positions} positions, {exact} exact, mean nodes {:.1}, mean time {:.1} us",
        nodes as f64 / positions as f64,
        seconds * 1e6 / positions as f64
    );
    Ok(())
}
