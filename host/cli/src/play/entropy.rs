//! Native New Entropy matches between the computer levels, on paired bags.
//!
//! A pair is two games with the same bag seed, so the same pieces come in the same order in
//! each round; the players swap roles between the games. Over a pair, each player attacks
//! both sequences of pieces against the other's defence: the difference of their attack totals
//! (the margin) measures the levels with the luck of the draw cancelled out. The ladder: easy <
//! hard < expert (classic Entropy: easy < hard; the expert plays like hard there).

use super::ladder::{game_seed, Outcome, Tally};
use calc::entropy::ai::{choose_attack, choose_placement, Level};
use calc::entropy::rules::Outcome as GameOutcome;
use calc::entropy::{Game, Phase, Variant};
use calc::Rng;

/// The ladder, weakest first.
pub const LADDER: [Level; 3] = [Level::Easy, Level::Hard, Level::Expert];

/// A level's name on the command line and in reports: `easy`, `hard`, `expert`.
pub fn level_name(level: Level) -> &'static str {
    match level {
        Level::Easy => "easy",
        Level::Hard => "hard",
        Level::Expert => "expert",
    }
}

/// Plays one game, `levels[p]` for player `p` (player 0 attacks first), bag seeded with
/// `bag_seed`; returns the two players' scores. Each player has its own generator (for ties).
pub fn play_game(levels: [Level; 2], variant: Variant, bag_seed: u32, seed: u32) -> [u32; 2] {
    let mut game = Game::new(variant, bag_seed);
    let mut rngs = [
        Rng::new(game_seed(seed, 0, 1)),
        Rng::new(game_seed(seed, 0, 2)),
    ];
    loop {
        match game.phase() {
            Phase::Place { player, piece } => {
                let p = player as usize & 1;
                let bag = game.bag().counts();
                let Some(d) =
                    choose_placement(levels[p], game.board(), piece, &bag, variant, &mut rngs[p])
                else {
                    break;
                };
                if game.place(d.choice).is_err() {
                    break;
                }
            }
            Phase::Attack { player, at, .. } => {
                let p = player as usize & 1;
                let bag = game.bag().counts();
                let Some(d) =
                    choose_attack(levels[p], game.board(), at, &bag, variant, &mut rngs[p])
                else {
                    break;
                };
                if game.attack(d.choice).is_err() {
                    break;
                }
            }
            Phase::Over => break,
        }
    }
    game.scores()
}

fn outcome(mine: u32, theirs: u32) -> Outcome {
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => Outcome::Win,
        std::cmp::Ordering::Less => Outcome::Loss,
        std::cmp::Ordering::Equal => Outcome::Draw,
    }
}

/// A match of `pairs` pairs of games between levels `a` and `b` on paired bags. The margin is
/// A's attack total minus B's over the pair (points).
pub fn play_match(a: Level, b: Level, variant: Variant, pairs: u32, seed: u32) -> Tally {
    let mut tally = Tally::default();
    for i in 0..pairs {
        let bag = game_seed(seed, i, 0);
        let g1 = play_game([a, b], variant, bag, game_seed(seed, i, 1));
        let g2 = play_game([b, a], variant, bag, game_seed(seed, i, 2));
        let margin = (g1[0] + g2[1]) as f64 - (g1[1] + g2[0]) as f64;
        tally.add_pair(outcome(g1[0], g1[1]), outcome(g2[1], g2[0]), Some(margin));
    }
    tally
}

/// The winner of a finished game as a player number, `None` for a draw or an unfinished game.
pub fn winner(game: &Game) -> Option<u8> {
    match game.outcome()? {
        GameOutcome::Won(p) => Some(p),
        GameOutcome::Resigned(p) => Some(1 - p),
        GameOutcome::Draw => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_bag_same_pieces_whatever_the_players() {
        // Easy against easy twice with different player seeds: scores differ, the game ends.
        let a = play_game([Level::Easy, Level::Easy], Variant::New, 5, 1);
        let b = play_game([Level::Easy, Level::Easy], Variant::New, 5, 1);
        assert_eq!(a, b);
        let t = play_match(Level::Hard, Level::Easy, Variant::New, 2, 9);
        assert_eq!(t.games(), 4);
    }
}
