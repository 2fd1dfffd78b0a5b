//! The ladders of AIs, checked with bounded matches on fixed seeds (deterministic: the same
//! games every run). Bigger runs, with every pair of levels: `ti68k ladder tictactoe --pairs 200
//! --all`, `ti68k ladder othello --pairs 200 --all`, `ti68k ladder entropy --pairs 200 --all`
//! (figures in docs/games.md).

use calc::entropy::{Level, Variant};
use calc::othello::search::Level as OthelloLevel;
use ti68k::play::ladder::Tally;
use ti68k::play::othello::Player as O;
use ti68k::play::tictactoe::Player as T;
use ti68k::play::{entropy, othello, tictactoe};

const SEED: u32 = 1;

fn stronger(name: &str, t: &Tally) {
    assert!(t.a_is_stronger(), "{name}: {t}");
}

#[test]
fn tictactoe_ladder() {
    stronger(
        "seed003 vs random",
        &tictactoe::play_match(T::Seed003, T::Random, 100, SEED),
    );
    stronger(
        "minimax3 vs seed003",
        &tictactoe::play_match(T::Minimax(3), T::Seed003, 100, SEED),
    );
    // Depths 5 and 9 never lose (calc/tests/tictactoe.rs proves it for 9 and 5); against the
    // lower levels they win some games and lose none.
    for high in [T::Minimax(5), T::Minimax(9)] {
        for low in [T::Random, T::Seed003, T::Minimax(3)] {
            let t = tictactoe::play_match(high, low, 50, SEED);
            assert!(t.a_never_lost(), "{high} vs {low}: {t}");
        }
        stronger(
            &format!("{high} vs seed003"),
            &tictactoe::play_match(high, T::Seed003, 50, SEED),
        );
    }
    let t = tictactoe::play_match(T::Minimax(9), T::Minimax(5), 20, SEED);
    assert!(t.a_never_lost() && t.losses == 0, "{t}");
}

#[test]
fn othello_ladder() {
    let pairs = 30;
    stronger(
        "seed vs random",
        &othello::play_match(O::Seed, O::Random, pairs, SEED),
    );
    let ladder = [
        O::Seed,
        O::Search(OthelloLevel::EASY),
        O::Search(OthelloLevel::MEDIUM),
        O::Search(OthelloLevel::HARD),
    ];
    for w in ladder.windows(2) {
        let t = othello::play_match(w[1], w[0], pairs, SEED);
        stronger(&format!("{} vs {}", w[1], w[0]), &t);
        assert!(t.margin().low() > 0.0, "{t}");
    }
}

/// The node budgets of the calculator's Othello levels (`calc::othello::player`) against the
/// same levels without them: a sample here; the figures of docs/playing.md#othello come from
/// `budget_cost_of_the_othello_program_levels` (`--ignored`).
#[test]
fn othello_program_levels() {
    use calc::othello::player::Ai;
    for w in [Ai::Seed, Ai::Easy, Ai::Medium, Ai::Hard].windows(2) {
        let t = othello::play_match(O::Program(w[1]), O::Program(w[0]), 10, SEED);
        assert!(t.score().mean > 0.5, "{:?} vs {:?}: {t}", w[1], w[0]);
    }
    let t = othello::play_match(O::Program(Ai::Hard), O::Unbounded(Ai::Hard), 3, SEED);
    assert_eq!(t.games(), 6, "{t}");
}

/// What the budgets cost: each budgeted level against its unbounded plan, 100 pairs of games
/// (several minutes), with 95 % intervals of the score and the disc margin per pair.
#[test]
#[ignore = "several minutes: the figures of docs/playing.md#othello"]
fn budget_cost_of_the_othello_program_levels() {
    use calc::othello::player::Ai;
    for ai in [Ai::Medium, Ai::Hard] {
        let t = othello::play_match(O::Program(ai), O::Unbounded(ai), 100, SEED);
        println!("{ai:?} budgeted vs unbounded: {t}");
    }
    let t = othello::play_match(
        O::Program(Ai::Hard),
        O::Search(OthelloLevel::HARD),
        100,
        SEED,
    );
    println!("program Hard vs the engine's hard level (exact from 14, 2^16 entries): {t}");
}

/// The hard level's midgame budget: raised with the faster search of issue 16 from 3,072 to
/// 5,120 nodes (+10 discs a pair of games, docs/playing.md#othello); 6,144, which the fourth
/// round's speed would also fit within 10 s on the 68000, against it: 500 pairs of games (half
/// a minute), with 95 % intervals.
#[test]
#[ignore = "half a minute: the figures of docs/playing.md#othello"]
fn othello_hard_budget_change() {
    use calc::othello::player::{Ai, Plan};
    let larger = Plan {
        search_nodes: 6144,
        ..Ai::Hard.plan().expect("a searching level")
    };
    let t = othello::play_match(O::Planned(larger), O::Program(Ai::Hard), 500, SEED);
    println!("the hard level at 6,144 nodes vs the program's Hard (5,120): {t}");
}

#[test]
fn entropy_ladder() {
    let t = entropy::play_match(Level::Hard, Level::Easy, Variant::New, 20, SEED);
    stronger("hard vs easy", &t);
    assert!(t.margin().low() > 0.0, "{t}");
    let t = entropy::play_match(Level::Expert, Level::Hard, Variant::New, 20, SEED);
    stronger("expert vs hard", &t);
    assert!(t.margin().low() > 0.0, "{t}");
    let t = entropy::play_match(Level::Hard, Level::Easy, Variant::Classic, 10, SEED);
    stronger("classic hard vs easy", &t);
    assert!(t.margin().low() > 0.0, "{t}");
}
