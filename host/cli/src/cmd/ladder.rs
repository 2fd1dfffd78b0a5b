//! `ti68k ladder`: native matches along a game's ladder of AIs, with fixed seeds, printing each
//! match's tally and 95 % confidence intervals (see `ti68k::play::ladder`).

use clap::{Args, ValueEnum};
use std::io::Write;
use ti68k::play::ladder::Tally;
use ti68k::play::{entropy, othello, tictactoe};

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
    #[arg(long, default_value_t = 100)]
    pairs: u32,
    /// The match seed (openings, bags, tie-breaks all derive from it).
    #[arg(long, default_value_t = 1)]
    seed: u32,
    /// Play every pair of levels, not only neighbours on the ladder.
    #[arg(long)]
    all: bool,
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

fn report(out: &mut dyn Write, a: &str, b: &str, tally: &Tally) -> std::io::Result<()> {
    let verdict = if tally.a_is_stronger() {
        "stronger (95 %)"
    } else if tally.a_never_lost() {
        "never lost"
    } else {
        "not shown stronger"
    };
    writeln!(out, "{a} vs {b}: {tally} -> {a} {verdict}")
}

/// Runs the matches.
pub fn run(args: LadderArgs) -> anyhow::Result<()> {
    let stdout = std::io::stdout();
    let out = &mut stdout.lock();
    match args.game {
        Game::Tictactoe => {
            let l = tictactoe::LADDER;
            for (a, b) in matches(l.len(), args.all) {
                let t = tictactoe::play_match(l[a], l[b], args.pairs, args.seed);
                report(out, &l[a].to_string(), &l[b].to_string(), &t)?;
            }
        }
        Game::Othello => {
            let l = othello::LADDER;
            for (a, b) in matches(l.len(), args.all) {
                let t = othello::play_match(l[a], l[b], args.pairs, args.seed);
                report(out, &l[a].to_string(), &l[b].to_string(), &t)?;
            }
        }
        Game::Entropy | Game::EntropyClassic => {
            let variant = if matches!(args.game, Game::Entropy) {
                calc::entropy::Variant::New
            } else {
                calc::entropy::Variant::Classic
            };
            let l = entropy::LADDER;
            for (a, b) in matches(l.len(), args.all) {
                let t = entropy::play_match(l[a], l[b], variant, args.pairs, args.seed);
                report(out, &format!("{:?}", l[a]), &format!("{:?}", l[b]), &t)?;
            }
        }
    }
    Ok(())
}
