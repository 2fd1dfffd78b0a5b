//! The New Entropy part of the benchmark: evaluations and time per decision of the hard and
//! expert levels over a fixed game, and the engine's fingerprint.

use super::{fmt_mean, fmt_seconds, BenchError, Measure, Options, Report, Section};
use calc::entropy::ai::{choose_attack, choose_placement, Level};
use calc::entropy::{Game, Phase, Variant};
use calc::Rng;
use std::time::Instant;

/// This section.
pub const SECTION: Section = Section {
    name: "entropy",
    by_default: true,
    run,
};

/// Bag seed of the benchmark's game and of the fingerprint position.
pub const BAG_SEED: u32 = 2026;

/// Turns played (hard against hard) before the fingerprint decision.
pub const FINGERPRINT_TURNS: u32 = 20;

/// Mean (evaluations, seconds) per decision of `level` for placements and attacks over one
/// game on bag `BAG_SEED` in which `level` plays both sides.
fn per_decision(level: Level, variant: Variant) -> [(f64, f64); 2] {
    let mut game = Game::new(variant, BAG_SEED);
    let mut rng = Rng::new(1);
    let mut sums = [(0u64, 0f64, 0u32); 2];
    loop {
        let bag = game.bag().counts();
        let t = Instant::now();
        match game.phase() {
            Phase::Place { piece, .. } => {
                let Some(d) = choose_placement(level, game.board(), piece, &bag, variant, &mut rng)
                else {
                    break;
                };
                sums[0].0 += d.evaluations as u64;
                sums[0].1 += t.elapsed().as_secs_f64();
                sums[0].2 += 1;
                if game.place(d.choice).is_err() {
                    break;
                }
            }
            Phase::Attack { at, .. } => {
                let Some(d) = choose_attack(level, game.board(), at, &bag, variant, &mut rng)
                else {
                    break;
                };
                sums[1].0 += d.evaluations as u64;
                sums[1].1 += t.elapsed().as_secs_f64();
                sums[1].2 += 1;
                if game.attack(d.choice).is_err() {
                    break;
                }
            }
            Phase::Over => break,
        }
    }
    sums.map(|(e, s, n)| (e as f64 / n.max(1) as f64, s / n.max(1) as f64))
}

/// The fingerprint: evaluations of the expert's placement after `FINGERPRINT_TURNS` turns of
/// hard against hard on bag `BAG_SEED` (New Entropy), and of the hard placement there.
pub fn fingerprint_evaluations() -> (u32, u32) {
    let variant = Variant::New;
    let mut game = Game::new(variant, BAG_SEED);
    let mut rng = Rng::new(1);
    let mut turns = 0;
    while turns < FINGERPRINT_TURNS {
        let bag = game.bag().counts();
        match game.phase() {
            Phase::Place { piece, .. } => {
                if let Some(d) =
                    choose_placement(Level::Hard, game.board(), piece, &bag, variant, &mut rng)
                {
                    let _ = game.place(d.choice);
                }
            }
            Phase::Attack { at, .. } => {
                if let Some(d) =
                    choose_attack(Level::Hard, game.board(), at, &bag, variant, &mut rng)
                {
                    let _ = game.attack(d.choice);
                }
                turns += 1;
            }
            Phase::Over => break,
        }
    }
    let bag = game.bag().counts();
    let Phase::Place { piece, .. } = game.phase() else {
        return (0, 0);
    };
    let expert = choose_placement(Level::Expert, game.board(), piece, &bag, variant, &mut rng)
        .map_or(0, |d| d.evaluations);
    let hard = choose_placement(Level::Hard, game.board(), piece, &bag, variant, &mut rng)
        .map_or(0, |d| d.evaluations);
    (expert, hard)
}

fn run(_options: &Options, report: &mut Report) -> Result<(), BenchError> {
    fn decisions(
        report: &mut Report,
        name: &str,
        level: Level,
        variant: Variant,
    ) -> Result<(), BenchError> {
        let [place, attack] = per_decision(level, variant);
        report.line(format_args!(
            "entropy {name}: placement {} evaluations, {}; attack {} evaluations, {} (mean per decision, one game)",
            fmt_mean(place.0),
            fmt_seconds(place.1),
            fmt_mean(attack.0),
            fmt_seconds(attack.1)
        ))?;
        for (what, (work, seconds)) in [("placement", place), ("attack", attack)] {
            report.measure(Measure {
                section: SECTION.name,
                name: format!("{name} {what}"),
                positions: None,
                correct: None,
                work,
                unit: "evaluations",
                seconds: Some(seconds),
                reference: None,
            })?;
        }
        Ok(())
    }
    decisions(report, "hard", Level::Hard, Variant::New)?;
    decisions(report, "expert", Level::Expert, Variant::New)?;
    decisions(report, "classic hard", Level::Hard, Variant::Classic)?;
    let (expert, hard) = fingerprint_evaluations();
    report.line(format_args!(
        "entropy fingerprint: expert placement after {FINGERPRINT_TURNS} turns of bag {BAG_SEED}: {expert} evaluations (hard: {hard})"
    ))?;
    report.measure(Measure::count(
        SECTION.name,
        "fingerprint",
        f64::from(expert),
        "evaluations",
    ))?;
    Ok(())
}
