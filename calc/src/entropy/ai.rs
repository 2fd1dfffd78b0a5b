//! The computer players of New Entropy: easy (random), hard (the seed's), and expert (looks one
//! draw further, taking the expectation over the bag).
//!
//! - Easy (seed's `RND_attaque` / `RND_defense`): a uniformly random empty cell; a uniformly
//!   random attack (leaving the piece is one of them).
//! - Hard (seed's `IA_attaque` / `IA_defense`): the attack with the highest evaluated score
//!   (the score with the seed's +1 "IA" flag); the placement whose best counter-attack scores
//!   least. Ties are broken uniformly at random.
//! - Expert: the same two decisions, but each resulting board is valued by what happens on the
//!   next turn: for each colour still in the bag (weighted by how many are left), the hard
//!   defender's placement and the hard attacker's reply. On the last turn of a round it plays
//!   like hard. In the classic variant (any piece may slide) the expert plays like hard: the
//!   lookahead would cost hundreds of times more there.
//!
//! Every decision reports the number of board evaluations it made (its node count).
//! Randomness comes only from the caller's [`Rng`], and only to break ties.

use super::board::{Board, Cells, Colour, CELLS};
use super::lookahead::expected_values;
use super::rules::Attack;
use super::score::{evaluate, LineScores, Variant};
use crate::rng::Rng;

/// A computer level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Random legal moves.
    Easy,
    /// The seed's greedy attack and counter-attack-minimising defence.
    Hard,
    /// Hard plus one draw of lookahead, in expectation over the bag (New Entropy).
    Expert,
}

/// A decision and what it cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision<T> {
    /// The move.
    pub choice: T,
    /// Its value for the level (0 for easy).
    pub value: u32,
    /// Board evaluations made.
    pub evaluations: u32,
}

/// The running best of a choice among options, ties broken uniformly (reservoir sampling: the
/// k-th tied option replaces the choice with probability 1/k).
struct Best<T> {
    value: u32,
    choice: Option<T>,
    ties: u32,
    maximise: bool,
}

impl<T: Copy> Best<T> {
    fn new(maximise: bool) -> Best<T> {
        Best {
            value: if maximise { 0 } else { u32::MAX },
            choice: None,
            ties: 0,
            maximise,
        }
    }

    fn offer(&mut self, value: u32, choice: T, rng: &mut Rng) {
        let better = if self.maximise {
            value > self.value
        } else {
            value < self.value
        };
        if better || self.choice.is_none() {
            self.value = value;
            self.choice = Some(choice);
            self.ties = 1;
        } else if value == self.value {
            self.ties += 1;
            if rng.below(self.ties) == 0 {
                self.choice = Some(choice);
            }
        }
    }
}

/// The cells the piece on (or placed at) `at` may end on: `at` itself and its slides (none
/// for a cell out of range).
pub fn destinations(board: &Board, at: u8) -> u64 {
    if at as usize >= CELLS {
        return 0;
    }
    (1 << at) | board.slides(at as usize)
}

/// Calls `f` with every legal attack after a placement on `at`, in a fixed order: New Entropy,
/// staying then the slides by increasing cell; classic, passing then every piece's slides.
pub fn for_each_attack(board: &Board, at: u8, variant: Variant, mut f: impl FnMut(Attack)) {
    match variant {
        Variant::New => {
            for to in Cells(destinations(board, at)) {
                f(Attack {
                    from: at,
                    to: to as u8,
                });
            }
        }
        Variant::Classic => {
            f(Attack::stay(at));
            for from in Cells(board.occupied()) {
                for to in Cells(board.slides(from)) {
                    f(Attack {
                        from: from as u8,
                        to: to as u8,
                    });
                }
            }
        }
    }
}

/// The seed's value of every attack: `f(attack, evaluated score)`. Returns the evaluations.
fn value_attacks(board: &Board, at: u8, variant: Variant, mut f: impl FnMut(Attack, u32)) -> u32 {
    let mut n = 0;
    match variant {
        Variant::New => {
            let mut base = *board;
            let Ok(piece) = base.take(at as usize) else {
                return 0;
            };
            let lines = LineScores::of(&base);
            for to in Cells(destinations(&base, at)) {
                let (r, c) = lines.sums_with(&base, to, piece);
                n += 1;
                f(
                    Attack {
                        from: at,
                        to: to as u8,
                    },
                    evaluate(variant, r, c),
                );
            }
        }
        Variant::Classic => {
            let lines = LineScores::of(board);
            n += 1;
            f(
                Attack::stay(at),
                evaluate(variant, lines.row_sum, lines.column_sum),
            );
            for from in Cells(board.occupied()) {
                for to in Cells(board.slides(from)) {
                    let (r, c) = lines.sums_moved(board, from, to);
                    n += 1;
                    f(
                        Attack {
                            from: from as u8,
                            to: to as u8,
                        },
                        evaluate(variant, r, c),
                    );
                }
            }
        }
    }
    n
}

/// Hard-defence value of every empty cell for `piece`: the best counter-attack's evaluated
/// score, `f(cell, value)`. Returns the evaluations.
fn value_placements(
    board: &Board,
    piece: Colour,
    variant: Variant,
    mut f: impl FnMut(usize, u32),
) -> u32 {
    let mut n = 0;
    match variant {
        Variant::New => {
            // Where the piece ends decides the board: score every end cell once.
            let lines = LineScores::of(board);
            let mut end = [0u32; CELLS];
            for q in Cells(board.empty()) {
                let (r, c) = lines.sums_with(board, q, piece);
                end[q] = evaluate(variant, r, c);
                n += 1;
            }
            for p in Cells(board.empty()) {
                let best = Cells(destinations(board, p as u8))
                    .map(|q| end[q])
                    .max()
                    .unwrap_or(0);
                f(p, best);
            }
        }
        Variant::Classic => {
            for p in Cells(board.empty()) {
                let mut b = *board;
                if b.put(p, piece).is_err() {
                    continue;
                }
                let mut best = 0;
                n += value_attacks(&b, p as u8, variant, |_, v| best = best.max(v));
                f(p, best);
            }
        }
    }
    n
}

/// The level's placement of `piece` on `board` (the defender's move). `bag` holds the pieces
/// left after `piece` was drawn (used by the expert). `None` only when the board is full.
pub fn choose_placement(
    level: Level,
    board: &Board,
    piece: Colour,
    bag: &[u8; 7],
    variant: Variant,
    rng: &mut Rng,
) -> Option<Decision<u8>> {
    let empty = board.empty();
    if empty == 0 {
        return None;
    }
    let mut best = Best::new(false);
    let evaluations = match (level, variant) {
        (Level::Easy, _) => {
            let i = rng.below(empty.count_ones());
            let cell = Cells(empty).nth(i as usize)? as u8;
            return Some(Decision {
                choice: cell,
                value: 0,
                evaluations: 0,
            });
        }
        (Level::Hard, _) | (Level::Expert, Variant::Classic) => {
            value_placements(board, piece, variant, |p, v| best.offer(v, p as u8, rng))
        }
        (Level::Expert, Variant::New) => {
            let mut values = [0u32; CELLS];
            let n = expected_values(board, piece, empty, bag, &mut values);
            for p in Cells(empty) {
                let v = Cells(destinations(board, p as u8))
                    .map(|q| values[q])
                    .max()
                    .unwrap_or(0);
                best.offer(v, p as u8, rng);
            }
            n
        }
    };
    best.choice.map(|choice| Decision {
        choice,
        value: best.value,
        evaluations,
    })
}

/// The level's attack after the defender placed on `at` (the attacker's move). `bag` holds the
/// pieces left (used by the expert). `None` only when `at` holds no piece.
pub fn choose_attack(
    level: Level,
    board: &Board,
    at: u8,
    bag: &[u8; 7],
    variant: Variant,
    rng: &mut Rng,
) -> Option<Decision<Attack>> {
    board.get(at as usize)?;
    let mut best = Best::new(true);
    let evaluations = match (level, variant) {
        (Level::Easy, _) => {
            let mut count = 0;
            for_each_attack(board, at, variant, |_| count += 1);
            let k = rng.below(count);
            let mut i = 0;
            let mut pick = Attack::stay(at);
            for_each_attack(board, at, variant, |a| {
                if i == k {
                    pick = a;
                }
                i += 1;
            });
            return Some(Decision {
                choice: pick,
                value: 0,
                evaluations: 0,
            });
        }
        (Level::Hard, _) | (Level::Expert, Variant::Classic) => {
            value_attacks(board, at, variant, |a, v| best.offer(v, a, rng))
        }
        (Level::Expert, Variant::New) => {
            let mut base = *board;
            let piece = base.take(at as usize).ok()?;
            let ends = destinations(&base, at);
            let mut values = [0u32; CELLS];
            let n = expected_values(&base, piece, ends, bag, &mut values);
            for q in Cells(ends) {
                best.offer(
                    values[q],
                    Attack {
                        from: at,
                        to: q as u8,
                    },
                    rng,
                );
            }
            n
        }
    };
    best.choice.map(|choice| Decision {
        choice,
        value: best.value,
        evaluations,
    })
}

/// Help for a human defender: the cells the level would choose among (all tied best), as a
/// mask. Easy has no preference: every empty cell.
pub fn help_placements(
    level: Level,
    board: &Board,
    piece: Colour,
    bag: &[u8; 7],
    variant: Variant,
) -> u64 {
    let mut values = [u32::MAX; CELLS];
    match (level, variant) {
        (Level::Easy, _) => return board.empty(),
        (Level::Hard, _) | (Level::Expert, Variant::Classic) => {
            value_placements(board, piece, variant, |p, v| values[p] = v);
        }
        (Level::Expert, Variant::New) => {
            let mut ends = [0u32; CELLS];
            expected_values(board, piece, board.empty(), bag, &mut ends);
            for p in Cells(board.empty()) {
                values[p] = Cells(destinations(board, p as u8))
                    .map(|q| ends[q])
                    .max()
                    .unwrap_or(0);
            }
        }
    }
    let min = values.iter().copied().min().unwrap_or(u32::MAX);
    Cells(board.empty())
        .filter(|&p| values[p] == min)
        .fold(0, |m, p| m | 1 << p)
}

/// Help for a human attacker (New Entropy): the cells where the level would leave the piece
/// placed on `at` (all tied best), as a mask. In the classic variant: the destination cells of
/// the best attacks.
pub fn help_attacks(level: Level, board: &Board, at: u8, bag: &[u8; 7], variant: Variant) -> u64 {
    if board.get(at as usize).is_none() {
        return 0;
    }
    let mut mask = 0u64;
    let mut top = 0u32;
    let mut offer = |a: Attack, v: u32| {
        if v > top || mask == 0 {
            top = v;
            mask = 1 << a.to;
        } else if v == top {
            mask |= 1 << a.to;
        }
    };
    match (level, variant) {
        (Level::Easy, _) => {
            let mut all = 0u64;
            for_each_attack(board, at, variant, |a| all |= 1 << a.to);
            return all;
        }
        (Level::Hard, _) | (Level::Expert, Variant::Classic) => {
            value_attacks(board, at, variant, &mut offer);
        }
        (Level::Expert, Variant::New) => {
            let mut base = *board;
            let Ok(piece) = base.take(at as usize) else {
                return 0;
            };
            let ends = destinations(&base, at);
            let mut values = [0u32; CELLS];
            expected_values(&base, piece, ends, bag, &mut values);
            for q in Cells(ends) {
                offer(
                    Attack {
                        from: at,
                        to: q as u8,
                    },
                    values[q],
                );
            }
        }
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entropy::rules::{Game, Phase};

    /// Plays `turns` turns of hard against hard on bag `seed`; returns the game.
    fn game_after(variant: Variant, seed: u32, turns: u32) -> Game {
        let mut g = Game::new(variant, seed);
        let mut rng = Rng::new(seed);
        let mut done = 0;
        while done < turns {
            let bag = g.bag().counts();
            match g.phase() {
                Phase::Place { piece, .. } => {
                    let d =
                        choose_placement(Level::Hard, g.board(), piece, &bag, variant, &mut rng)
                            .unwrap();
                    g.place(d.choice).unwrap();
                }
                Phase::Attack { at, .. } => {
                    let d =
                        choose_attack(Level::Hard, g.board(), at, &bag, variant, &mut rng).unwrap();
                    g.attack(d.choice).unwrap();
                    done += 1;
                }
                Phase::Over => break,
            }
        }
        g
    }

    #[test]
    fn every_level_makes_legal_moves_and_help_contains_them() {
        for variant in [Variant::New, Variant::Classic] {
            let g = game_after(variant, 4, 12);
            let Phase::Place { piece, .. } = g.phase() else {
                panic!("placement expected")
            };
            let bag = g.bag().counts();
            for level in [Level::Easy, Level::Hard, Level::Expert] {
                let mut rng = Rng::new(9);
                let d = choose_placement(level, g.board(), piece, &bag, variant, &mut rng).unwrap();
                assert!(g.board().empty() & (1 << d.choice) != 0);
                let help = help_placements(level, g.board(), piece, &bag, variant);
                assert!(help & (1 << d.choice) != 0, "{level:?} {variant:?}");
                let mut b = *g.board();
                b.put(d.choice as usize, piece).unwrap();
                let a = choose_attack(level, &b, d.choice, &bag, variant, &mut rng).unwrap();
                assert!(a.choice.is_legal(&b, d.choice, variant));
                let help = help_attacks(level, &b, d.choice, &bag, variant);
                assert!(help & (1 << a.choice.to) != 0, "{level:?} {variant:?}");
            }
        }
    }

    #[test]
    fn hard_attack_takes_the_best_score() {
        // Red at (0, 0) and (0, 2); a red piece placed at (3, 1) can slide up to (0, 1) and make
        // red-red-red (7 in the row).
        let mut b = Board::new();
        b.put(0, Colour::Red).unwrap();
        b.put(2, Colour::Red).unwrap();
        b.put(22, Colour::Red).unwrap();
        let d =
            choose_attack(Level::Hard, &b, 22, &[7; 7], Variant::New, &mut Rng::new(1)).unwrap();
        assert_eq!(d.choice, Attack { from: 22, to: 1 });
        // (row sum 7 + 1) x (column sum 0 + 1).
        assert_eq!(d.value, 8);
    }

    #[test]
    fn hard_defence_minimises_the_counter_attack() {
        // With red on (0, 0) and (0, 2), a red piece must not be placed where it can reach
        // (0, 1): the defence's value is the attacker's best, and it is below 8.
        let mut b = Board::new();
        b.put(0, Colour::Red).unwrap();
        b.put(2, Colour::Red).unwrap();
        let d = choose_placement(
            Level::Hard,
            &b,
            Colour::Red,
            &[7; 7],
            Variant::New,
            &mut Rng::new(1),
        )
        .unwrap();
        assert!(d.value < 8, "{d:?}");
        let reach = destinations(&b, d.choice);
        assert_eq!(reach & (1 << 1), 0);
    }

    #[test]
    fn expert_on_the_last_turn_values_boards_like_hard() {
        let g = game_after(Variant::New, 6, 48);
        let Phase::Place { piece, .. } = g.phase() else {
            panic!("placement expected")
        };
        let bag = g.bag().counts();
        assert_eq!(bag, [0; 7]);
        let mut b = *g.board();
        let cell = Cells(b.empty()).next().unwrap() as u8;
        b.put(cell as usize, piece).unwrap();
        let hard =
            choose_attack(Level::Hard, &b, cell, &bag, Variant::New, &mut Rng::new(1)).unwrap();
        let expert = choose_attack(
            Level::Expert,
            &b,
            cell,
            &bag,
            Variant::New,
            &mut Rng::new(1),
        )
        .unwrap();
        assert_eq!(hard.value, expert.value);
    }
}
