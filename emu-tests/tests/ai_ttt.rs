//! Every AI of tic-tac-toe on the 68000: `t_ttt`, built by the cross build and run in the CPU
//! harness, returns the same cell, score (or reason), node count and generator state as the
//! core run natively: seed 003's player and seed 004's Min-Max at depths 3, 5 and 9, on
//! positions of seeded random play (either mark first) with several seeds. The default run is
//! a bounded sample (Min-Max 9 from two moves played); `--ignored` runs every position of the
//! game.
//!
//! The fast search the game `morpion` plays (`calc::tictactoe::fast`) is checked on **every**
//! position of the game at depths 3, 5 and 9 with two seeds: on the 68000 it gives the plain
//! search's cell, value and coin draws (computed natively), and every move takes less than a
//! second at 12 MHz. The cycles per move are printed (`--nocapture`); the report of every game
//! is `cargo run --release -p emu-tests --example ai_cycles`.

mod programs;

use emu_tests::ai::ttt::Player;
use emu_tests::ai::{ttt, Costs};
use emu_tests::diff::Differential;
use ti_emulator::Machine;

const GAME: &str = "tic-tac-toe";

/// Checks the AIs `keep` selects with each seed on each position (the plain Min-Max 9 only
/// from `deep_from` moves played), and returns the cycles of each.
fn check_all(
    d: &mut Differential,
    positions: &[ttt::Position],
    seeds: &[u32],
    deep_from: usize,
    keep: impl Fn(Player) -> bool,
) -> Costs {
    let mut costs = Costs::default();
    for (name, player) in ttt::ladder() {
        if !keep(player) {
            continue;
        }
        for position in positions {
            if player == Player::Minimax(9) && position.moves.len() < deep_from {
                continue;
            }
            for &seed in seeds {
                let mut cycles = 0;
                let choice = d
                    .check(
                        &format!("{name} seed {seed} in {position:?}"),
                        || ttt::native_choose(position, player, seed),
                        |m: &mut Machine| {
                            ttt::set_position(m, position)?;
                            let (choice, c) = ttt::emulated_choose(m, player, seed)?;
                            cycles = c;
                            Ok(choice)
                        },
                    )
                    .unwrap_or_else(|e| panic!("{e}"));
                costs.add(GAME, name, cycles, u64::from(choice.nodes));
            }
        }
    }
    println!("{}\n{}", d.summary(), costs.table());
    costs
}

fn start(test: &str) -> Option<Differential> {
    let built = programs::build_program(test, "t_ttt", |_| {})?;
    Some(Differential::new(programs::session(&built)))
}

#[test]
fn ttt_ais_match_native_on_a_sample() {
    let Some(mut d) = start("ttt_ais_match_native_on_a_sample") else {
        return;
    };
    let positions = ttt::random_positions(0x777_0001, 60);
    check_all(&mut d, &positions, &[1, 2, 3], 2, |_| true);
}

/// The hard level of `morpion` on the 68000: on every position of the game (4,520 with either
/// mark first, the game not over), at the seed's three depths and with two seeds, the fast
/// search gives the plain Min-Max's cell, value and coin draws, and no move takes a second at
/// 12 MHz.
#[test]
fn ttt_fast_minimax_is_seed_004_on_every_position() {
    let Some(mut d) = start("ttt_fast_minimax_is_seed_004_on_every_position") else {
        return;
    };
    let positions = ttt::all_positions();
    assert_eq!(positions.len(), 2 * (5478 - 958));
    let costs = check_all(&mut d, &positions, &[5, 6], 0, |p| {
        matches!(p, Player::Fast(_))
    });
    costs.assert_max_under(1000);
}

#[test]
#[ignore = "every position of the game: a few minutes"]
fn ttt_ais_match_native_on_every_position() {
    let Some(mut d) = start("ttt_ais_match_native_on_every_position") else {
        return;
    };
    let positions = ttt::all_positions();
    assert!(positions.len() > 4000, "{} positions", positions.len());
    // Min-Max 9 on the empty board visits 549,945 positions: beyond the harness's default
    // budget of 100 s of a 12 MHz calculator.
    d.machine.set_budget(6_000_000_000);
    check_all(&mut d, &positions, &[7, 8], 0, |_| true);
}
