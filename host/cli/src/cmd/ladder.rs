//! `ti68k ladder`: native matches along a game's ladder of AIs, with fixed seeds, printing each
//! match's tally and 95 % confidence intervals (see `ti68k::play::ladder`), as text or as one
//! JSON object a match (`--json`, docs/cli.md#ladder).

use std::io::Write;

use clap::{Args, ValueEnum};
use serde::Serialize;
use ti68k::play::ladder::Tally;
use ti68k::play::{entropy, othello, tictactoe};

use super::output::{progress, Out};

/// The games with a ladder.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Game {
    /// Tic-tac-toe: random, seed 003, Min-Max 3 / 5 / 9.
    Tictactoe,
    /// Othello: random, seed 002, search easy / medium / hard.
    Othello,
    /// New Entropy: easy, hard, expert.
    Entropy,
    /// Classic Entropy: easy, hard, expert (plays like hard).
    EntropyClassic,
}

/// Matches between the AIs of a game.
#[derive(Args, Debug)]
pub struct LadderArgs {
    /// The game.
    #[arg(value_enum)]
    game: Game,
    /// Pairs of games per match (each pair: the same start, sides swapped).
    #[arg(long, default_value_t = 100, value_parser = pairs)]
    pairs: u32,
    /// The match seed (openings, bags, tie-breaks all derive from it).
    #[arg(long, default_value_t = 1)]
    seed: u32,
    /// Play every pair of levels, not only neighbours on the ladder.
    #[arg(long)]
    all: bool,
    /// Print one JSON object per match instead of text (fields: docs/cli.md#ladder).
    #[arg(long)]
    json: bool,
}

/// One match (the `--json` object).
#[derive(Serialize)]
struct MatchReport<'a> {
    game: &'a str,
    a: &'a str,
    b: &'a str,
    pairs: u32,
    seed: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    /// A's mean points per game, and the half width of its 95 % interval.
    score: f64,
    score_half_width: f64,
    /// The sign test's one-sided p-value of "A is not stronger".
    p_value: f64,
    /// A's mean margin per pair (discs, points), where the game has one.
    margin: Option<f64>,
    margin_half_width: Option<f64>,
    /// `stronger`, `never lost` or `not shown stronger`.
    verdict: &'a str,
}

/// `--pairs`: a whole number of at least one pair.
fn pairs(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(0) => Err("a match needs at least one pair of games".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("{text:?} is not a number of pairs")),
    }
}

fn matches(n: usize, all: bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for hi in 1..n {
        for lo in 0..hi {
            if all || lo + 1 == hi {
                out.push((hi, lo));
            }
        }
    }
    out
}

/// Runs the matches.
pub fn run(args: LadderArgs) -> anyhow::Result<()> {
    let mut out = Out::new();
    let game_name = match args.game {
        Game::Tictactoe => "tictactoe",
        Game::Othello => "othello",
        Game::Entropy => "entropy",
        Game::EntropyClassic => "entropy-classic",
    };
    let names: Vec<String> = match args.game {
        Game::Tictactoe => tictactoe::LADDER.iter().map(|p| p.to_string()).collect(),
        Game::Othello => othello::LADDER.iter().map(|p| p.to_string()).collect(),
        Game::Entropy | Game::EntropyClassic => entropy::LADDER
            .iter()
            .map(|&l| entropy::level_name(l).to_string())
            .collect(),
    };
    let pairs = matches(names.len(), args.all);
    let bar = progress(Some(pairs.len() as u64), args.json);
    for (a, b) in pairs {
        bar.set_message(format!("{} vs {}", names[a], names[b]));
        let tally = play(args.game, a, b, args.pairs, args.seed);
        bar.inc(1);
        let verdict = if tally.a_is_stronger() {
            "stronger"
        } else if tally.a_never_lost() {
            "never lost"
        } else {
            "not shown stronger"
        };
        bar.suspend(|| -> std::io::Result<()> {
            if args.json {
                let score = tally.score();
                let margin = (!tally.pair_margins.is_empty()).then(|| tally.margin());
                out.json(&MatchReport {
                    game: game_name,
                    a: &names[a],
                    b: &names[b],
                    pairs: args.pairs,
                    seed: args.seed,
                    wins: tally.wins,
                    draws: tally.draws,
                    losses: tally.losses,
                    score: score.mean,
                    score_half_width: score.half_width,
                    p_value: tally.p_value(),
                    margin: margin.map(|m| m.mean),
                    margin_half_width: margin.map(|m| m.half_width),
                    verdict,
                })
            } else {
                let verdict = if verdict == "stronger" {
                    "stronger (95 %)"
                } else {
                    verdict
                };
                writeln!(
                    out,
                    "{} vs {}: {tally} -> {} {verdict}",
                    names[a], names[b], names[a]
                )?;
                out.flush()
            }
        })?;
    }
    bar.finish_and_clear();
    Ok(())
}

/// Plays the match between rungs `a` and `b` of the game's ladder.
fn play(game: Game, a: usize, b: usize, pairs: u32, seed: u32) -> Tally {
    match game {
        Game::Tictactoe => {
            let l = tictactoe::LADDER;
            tictactoe::play_match(l[a], l[b], pairs, seed)
        }
        Game::Othello => {
            let l = othello::LADDER;
            othello::play_match(l[a], l[b], pairs, seed)
        }
        Game::Entropy | Game::EntropyClassic => {
            let variant = if matches!(game, Game::Entropy) {
                calc::entropy::Variant::New
            } else {
                calc::entropy::Variant::Classic
            };
            let l = entropy::LADDER;
            entropy::play_match(l[a], l[b], variant, pairs, seed)
        }
    }
}
