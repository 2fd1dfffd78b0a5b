//! The Connect Four ladder, measured by native matches with fixed seeds: each level must beat
//! the one below it (random < win/block < Min-Max 3 < 5 < 9 < alpha-beta < solver).
//!
//! Each match is played in pairs of games from one seed with the colours swapped, every game
//! starting with a few random moves (the engine is deterministic: the openings give variety).
//! The statement checked for each step of the ladder: the stronger player scores above 50 % and
//! the sign test rejects "not stronger" at p < 0.01. For the solver, which is perfect, the
//! statement is exact: in every pair it scores at least as much as the engine from the same
//! opening, and it scores above 50 % overall.
//!
//! The expert (the opening book, then the engine under 20,000 nodes, and near the end the exact
//! solver on the 1,024-entry table `t_c4` lends) plays every seed-style
//! player from the empty board, where its book applies (the seed players' random tie-breaks
//! vary the games), and must beat each the same way ([`expert_ci`]). It is not in the round
//! robin: against the engine alone it is not shown stronger in games (docs/solver.md, "In
//! games"), its book moves being mostly the engine's own.
//!
//! CI runs [`ladder_ci`] and [`expert_ci`] (the seeds and pair counts below). The bigger run, every pair of levels
//! (round robin), is
//! `C4_LADDER_PAIRS=100 cargo test --release -p ti68k --test connect4_ladder -- --ignored --nocapture`.

use calc::connect4::ai::Ai;
use std::time::Instant;
use ti68k::play::connect4::{play_game, C4Player, Tables};
use ti68k::play::{run_match, Tally};

fn ai(a: Ai) -> C4Player {
    C4Player::Ai(a)
}

/// Plays a match, prints its line and returns the tally from `a`'s side.
fn measure(a: C4Player, b: C4Player, pairs: u32, seed: u32, opening: u8, t: &mut Tables) -> Tally {
    let start = Instant::now();
    let tally = run_match(pairs, seed, |game_seed, a_first| {
        let (first, second) = if a_first { (a, b) } else { (b, a) };
        play_game(first, second, game_seed, opening, t).0
    });
    println!(
        "{:>15} vs {:<15} seed {seed:>3}, {pairs} pairs, opening {opening}: {} in {:.1} s",
        a.name(),
        b.name(),
        tally.summary(),
        start.elapsed().as_secs_f64()
    );
    tally
}

/// The steps of the ladder: (stronger, weaker, pairs, seed, opening plies).
const STEPS: [(C4Player, C4Player, u32, u32, u8); 5] = [
    (
        C4Player::Ai(Ai::WinBlock),
        C4Player::Ai(Ai::Random),
        10,
        1,
        0,
    ),
    (C4Player::Ai(Ai::EASY), C4Player::Ai(Ai::WinBlock), 10, 2, 0),
    (C4Player::Ai(Ai::MEDIUM), C4Player::Ai(Ai::EASY), 40, 3, 2),
    (C4Player::Ai(Ai::HARD), C4Player::Ai(Ai::MEDIUM), 20, 4, 2),
    (C4Player::Ai(Ai::STRONG), C4Player::Ai(Ai::HARD), 40, 5, 2),
];

/// The expert's opponents: (player, pairs, seed), from the empty board. Min-Max 5 needs 40
/// pairs: the book's proven wins as the first player (6 after `43`, 2 after `45`) lead to
/// positions where the engine behind the book, at 20,000 nodes, sometimes lost to it before
/// the expert solved the ends of games; it now scores 52-0-28 there (docs/solver.md#in-games).
const EXPERT_OPPONENTS: [(Ai, u32, u32); 5] = [
    (Ai::Random, 10, 11),
    (Ai::WinBlock, 10, 12),
    (Ai::EASY, 10, 13),
    (Ai::MEDIUM, 40, 14),
    (Ai::HARD, 40, 15),
];

#[test]
fn expert_ci() {
    let mut t = Tables::new();
    for (weak, pairs, seed) in EXPERT_OPPONENTS {
        let tally = measure(ai(Ai::EXPERT), ai(weak), pairs, seed, 0, &mut t);
        assert!(
            tally.score() > 0.5 && tally.p_value() < 0.01,
            "expert vs {}: {}",
            ai(weak).name(),
            tally.summary()
        );
    }
}

#[test]
fn ladder_ci() {
    let mut t = Tables::new();
    for (strong, weak, pairs, seed, opening) in STEPS {
        let tally = measure(strong, weak, pairs, seed, opening, &mut t);
        assert!(
            tally.score() > 0.5,
            "{} vs {}: {}",
            strong.name(),
            weak.name(),
            tally.summary()
        );
        assert!(
            tally.p_value() < 0.01,
            "{} vs {}: {}",
            strong.name(),
            weak.name(),
            tally.summary()
        );
    }
    solver_dominates(10, 6, 8, &mut t);
}

/// The solver against the engine: in each pair it scores at least as much as the engine.
fn solver_dominates(pairs: u32, seed: u32, opening: u8, t: &mut Tables) {
    let engine = ai(Ai::STRONG);
    let mut rng = calc::Rng::new(seed);
    let mut total = 0.0;
    let start = Instant::now();
    for _ in 0..pairs {
        let game_seed = rng.next_u32();
        let (r1, moves) = play_game(C4Player::Solver, engine, game_seed, opening, t);
        let (r2, _) = play_game(engine, C4Player::Solver, game_seed, opening, t);
        let solver_points = r1.for_a(true).points() + r2.for_a(false).points();
        assert!(
            solver_points >= 1.0,
            "solver below the engine from opening {:?}",
            &moves[..opening as usize]
        );
        total += solver_points;
    }
    println!(
        "solver vs {}: {total} of {} points in {pairs} pairs (opening {opening}, seed {seed}) in {:.1} s",
        engine.name(),
        2 * pairs,
        start.elapsed().as_secs_f64()
    );
    assert!(total > pairs as f64, "the solver must score above 50 %");
}

#[test]
#[ignore = "the big run: minutes; C4_LADDER_PAIRS pairs per match (default 100)"]
fn ladder_round_robin() {
    let pairs: u32 = std::env::var("C4_LADDER_PAIRS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    let levels = [
        ai(Ai::Random),
        ai(Ai::WinBlock),
        ai(Ai::EASY),
        ai(Ai::MEDIUM),
        ai(Ai::HARD),
        ai(Ai::STRONG),
    ];
    let mut t = Tables::new();
    for (i, &strong) in levels.iter().enumerate().skip(1) {
        for (j, &weak) in levels.iter().enumerate().take(i) {
            let tally = measure(strong, weak, pairs, 100 + (i * 10 + j) as u32, 2, &mut t);
            assert!(tally.score() > 0.5, "{} vs {}", strong.name(), weak.name());
        }
    }
    solver_dominates(pairs / 10, 7, 10, &mut t);
}

/// `puiss4`'s engine levels (AlphaB and Expert, run by `p4ia`) searched 2,000 nodes a move;
/// after issue 16's faster engine they search 6,000 within the menu's 7 s at 12 MHz
/// (docs/playing.md#connect-four). The new budget against the old one, both with `p4ia`'s
/// 512-entry table: `pairs` pairs of games from 4 random moves (the colours swapped in a pair),
/// with the 95 % interval of the score per pair.
fn puiss4_budget_match(pairs: u32, seed: u32) -> ti68k::play::ladder::Tally {
    use calc::connect4::search::Entry;
    use ti68k::play::ladder::{game_seed, Tally};
    let mut t = Tables {
        engine: vec![Entry::EMPTY; 512],
        ..Tables::new()
    };
    let (new, old) = (ai(Ai::AlphaBeta(6000)), ai(Ai::AlphaBeta(2000)));
    let mut tally = Tally::default();
    for i in 0..pairs {
        let s = game_seed(seed, i, 0);
        let first = play_game(new, old, s, 4, &mut t).0.for_a(true);
        let second = play_game(old, new, s, 4, &mut t).0.for_a(false);
        tally.add_pair(first, second, None);
    }
    tally
}

/// The larger budget is stronger: 500 pairs (a few seconds); the figures of
/// docs/playing.md#connect-four (`--nocapture` prints them).
#[test]
fn puiss4_engine_budget_change() {
    let start = Instant::now();
    let tally = puiss4_budget_match(500, 7);
    println!(
        "AlphaB 6,000 nodes vs 2,000 (p4ia's table), 500 pairs from 4 random moves: {tally} ({:.0} s)",
        start.elapsed().as_secs_f64()
    );
    assert!(tally.a_is_stronger(), "{tally}");
}
