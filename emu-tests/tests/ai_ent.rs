//! Every AI of New Entropy on the 68000: `t_ent`, built by the cross build and run in the CPU
//! harness, returns the same move, value, evaluation count and generator state as the core
//! run natively: the easy, hard and expert levels, as defender (placement) and attacker, in
//! New Entropy and in the classic variant, on positions of seeded games with several seeds.
//! The default run is a bounded sample; `--ignored` runs a larger set. The cycles per move
//! are printed (`--nocapture`); the report of every game is `cargo run --release -p emu-tests
//! --example ai_cycles`.

mod programs;

use calc::entropy::{Level, Variant};
use emu_tests::ai::{ent, Costs};
use emu_tests::diff::Differential;
use ti_emulator::Machine;

const GAME: &str = "new entropy";

/// Checks every level with each seed on each position (the expert on every `expert_step`-th).
fn check_all(
    d: &mut Differential,
    costs: &mut Costs,
    positions: &[ent::Position],
    seeds: &[u32],
    expert_step: usize,
) {
    for (name, level) in ent::levels() {
        for (i, position) in positions.iter().enumerate() {
            if level == Level::Expert && i % expert_step != 0 {
                continue;
            }
            let place = ent::waits_for_placement(position);
            let label = format!(
                "{}{name} {}",
                if position.variant == Variant::Classic {
                    "classic "
                } else {
                    ""
                },
                if place { "placement" } else { "attack" }
            );
            for &seed in seeds {
                let mut cycles = 0;
                let choice = d
                    .check(
                        &format!("{label} seed {seed} in {position:?}"),
                        || ent::native_choose(position, level, seed),
                        |m: &mut Machine| {
                            ent::set_position(m, position)?;
                            let (choice, c) = ent::emulated_choose(m, place, level, seed)?;
                            cycles = c;
                            Ok(choice)
                        },
                    )
                    .unwrap_or_else(|e| panic!("{e}"));
                costs.add(GAME, &label, cycles, u64::from(choice.evaluations));
            }
        }
    }
}

fn start(test: &str) -> Option<Differential> {
    let built = programs::build_program(test, "t_ent", |_| {})?;
    let mut m = programs::session(&built);
    m.set_budget(10_000_000_000);
    Some(Differential::new(m))
}

#[test]
fn ent_ais_match_native_on_a_sample() {
    let Some(mut d) = start("ent_ais_match_native_on_a_sample") else {
        return;
    };
    let mut costs = Costs::default();
    let new = ent::random_positions(0xE27_0001, 16, Variant::New, 97);
    check_all(&mut d, &mut costs, &new, &[1, 2], 4);
    let classic = ent::random_positions(0xE27_0002, 6, Variant::Classic, 97);
    check_all(&mut d, &mut costs, &classic, &[1], 1);
    println!("{}\n{}", d.summary(), costs.table());
}

#[test]
#[ignore = "the large set: several minutes"]
fn ent_ais_match_native_on_many_positions() {
    let Some(mut d) = start("ent_ais_match_native_on_many_positions") else {
        return;
    };
    let mut costs = Costs::default();
    let new = ent::random_positions(0xE27_0011, 120, Variant::New, 97);
    check_all(&mut d, &mut costs, &new, &[1, 2, 3], 2);
    let classic = ent::random_positions(0xE27_0012, 30, Variant::Classic, 97);
    check_all(&mut d, &mut costs, &classic, &[1, 2], 1);
    println!("{}\n{}", d.summary(), costs.table());
}
