//! Every AI of Othello on the 68000: `t_oth`, built by the cross build and run in the CPU
//! harness, returns the same move, score, node count (and generator state, depth, exact
//! result) as the core run natively: seed 002's player with several seeds, the searching AI
//! at its three levels and under a node budget, on positions of seeded random play; the
//! exact solver on FFO positions played on at random down to few empty squares (whose scores
//! it must agree on), and stopped by a node budget. The default run is a bounded sample;
//! `--ignored` runs a larger set. The cycles per move are printed (`--nocapture`); the report
//! of every game is `cargo run --release -p emu-tests --example ai_cycles`.

mod programs;

use calc::othello::search::Level;
use calc::rng::Rng;
use emu_tests::ai::oth::{self, Ai, Game};
use emu_tests::ai::Costs;
use emu_tests::diff::Differential;
use ti_emulator::Machine;

const GAME: &str = "othello";

struct Bench {
    d: Differential,
    costs: Costs,
    table_len: usize,
}

impl Bench {
    fn start(test: &str) -> Option<Bench> {
        let built = programs::build_program(test, "t_oth", |_| {})?;
        let mut m = programs::session(&built);
        m.set_budget(10_000_000_000);
        let table_len = oth::table_len(&mut m).unwrap();
        Some(Bench {
            d: Differential::new(m),
            costs: Costs::default(),
            table_len,
        })
    }

    fn check(&mut self, name: &str, ai: Ai, games: &[Game], seeds: &[u32]) -> Vec<oth::Choice> {
        let mut found = Vec::new();
        for game in games {
            for &seed in seeds {
                let mut cycles = 0;
                let choice = self
                    .d
                    .check(
                        &format!("{name} seed {seed} in {game:?}"),
                        || oth::native_choose(game, ai, seed, self.table_len),
                        |m: &mut Machine| {
                            oth::set_position(m, game)?;
                            let (choice, c) = oth::emulated_choose(m, ai, seed)?;
                            cycles = c;
                            Ok(choice)
                        },
                    )
                    .unwrap_or_else(|e| panic!("{e}"));
                self.costs.add(GAME, name, cycles, choice.nodes);
                found.push(choice);
            }
        }
        found
    }

    fn report(&self) {
        println!("{}\n{}", self.d.summary(), self.costs.table());
    }
}

/// FFO positions #1-#19 (`step`-th of them), each played on at random down to `empties`.
fn ffo_endgames(seed: u32, step: usize, empties: u32) -> Vec<Game> {
    let path = programs::repo_root().join("calc/tests/data/othello/fforum-1-19.obf");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let mut rng = Rng::new(seed);
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .step_by(step)
        .filter_map(|line| Game::from_obf(line).played_down_to(empties, &mut rng))
        .collect()
}

/// The exact solver (through the hard search, which solves 14 empties or fewer, and alone)
/// agrees with itself: the search's exact result is the solver's score.
fn check_endgames(b: &mut Bench, games: &[Game]) {
    assert!(games.iter().all(|g| g.position.empty_count() <= 14));
    let solved = b.check("solver", Ai::Solve(0), games, &[0]);
    let searched = b.check(
        "search hard (solving)",
        Ai::Search(Level::HARD, 0),
        games,
        &[0],
    );
    for ((game, s), e) in games.iter().zip(&solved).zip(&searched) {
        assert!(!s.stopped, "{game:?}");
        assert_eq!(e.exact, Some(s.score), "{game:?}");
    }
}

#[test]
fn oth_ais_match_native_on_a_sample() {
    let Some(mut b) = Bench::start("oth_ais_match_native_on_a_sample") else {
        return;
    };
    let games = oth::random_positions(0x0_7E11_0001, 16, 40);
    b.check("seed 002", Ai::Seed, &games, &[1, 2, 3]);
    let levels = oth::levels();
    b.check(levels[0].0, Ai::Search(levels[0].1, 0), &games[..6], &[0]);
    b.check(levels[1].0, Ai::Search(levels[1].1, 0), &games[..3], &[0]);
    b.check(levels[2].0, Ai::Search(levels[2].1, 0), &games[..1], &[0]);
    // Stopped by a budget in its second iteration: the move of the first.
    let budgeted = b.check(
        "search hard, 1,500 nodes",
        Ai::Search(Level::HARD, 1500),
        &games[6..8],
        &[0],
    );
    assert!(budgeted.iter().all(|c| c.best.is_some()));
    check_endgames(&mut b, &ffo_endgames(0x0_7E11_0002, 6, 8));
    let stopped = b.check(
        "solver, 1,500 nodes",
        Ai::Solve(1500),
        &ffo_endgames(0x0_7E11_0003, 19, 14),
        &[0],
    );
    assert!(stopped.iter().all(|c| c.stopped));
    b.report();
}

#[test]
#[ignore = "the large set: several minutes"]
fn oth_ais_match_native_on_many_positions() {
    let Some(mut b) = Bench::start("oth_ais_match_native_on_many_positions") else {
        return;
    };
    let games = oth::random_positions(0x0_7E11_0011, 60, 56);
    b.check("seed 002", Ai::Seed, &games, &[1, 2, 3, 4, 5]);
    for (i, (name, level)) in oth::levels().into_iter().enumerate() {
        let count = [30, 12, 4][i];
        b.check(name, Ai::Search(level, 0), &games[..count], &[0]);
    }
    b.check(
        "search hard, 5,000 nodes",
        Ai::Search(Level::HARD, 5000),
        &games[..10],
        &[0],
    );
    check_endgames(&mut b, &ffo_endgames(0x0_7E11_0012, 1, 10));
    check_endgames(&mut b, &ffo_endgames(0x0_7E11_0013, 4, 12));
    b.report();
}
