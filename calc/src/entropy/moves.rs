//! A game as the bytes of its moves, one byte a move: what the calculator's `entropy` keeps in
//! its settings and sends to `entia`, and what the tests read back to play the game again.
//! The opening (the variant, 0 New Entropy or 1 classic; the bag's seed, big-endian), then for
//! each turn the placement's cell (0..48) and the attack's byte ([`attack_code`]).

use super::board::SIZE;
use super::rules::{Attack, Game, Phase};
use super::score::Variant;

/// Bytes of the opening.
pub const OPENING: usize = 5;

/// The byte of an attack after a placement on `at`: `at` to leave the piece (or pass), else
/// the cell it slides to plus 49 times the direction it slides in (0 right, 1 left, 2 down,
/// 3 up). The piece that slid is the first one met from its end cell looking back along that
/// direction, so the byte names the attack on the board it is played on (fewer than 196
/// values: a whole game's moves fit the calculator's settings).
pub fn attack_code(attack: Attack, at: u8) -> u8 {
    if attack.from == attack.to {
        return at;
    }
    let same_row = usize::from(attack.from) / SIZE == usize::from(attack.to) / SIZE;
    let direction = match (same_row, attack.to > attack.from) {
        (true, true) => 0,
        (true, false) => 1,
        (false, true) => 2,
        (false, false) => 3,
    };
    attack.to + 49 * direction
}

/// The attack of byte `code` on `game`'s board (after the placement on `at`); `None` if no
/// piece slides so.
pub fn decode_attack(game: &Game, at: u8, code: u8) -> Option<Attack> {
    if code == at {
        return Some(Attack::stay(at));
    }
    let (to, direction) = (code % 49, code / 49);
    let (dr, dc) = [(0, -1), (0, 1), (-1, 0), (1, 0)].get(usize::from(direction))?;
    let (mut r, mut c) = (i16::from(to) / 7, i16::from(to) % 7);
    loop {
        r += dr;
        c += dc;
        if !(0..7).contains(&r) || !(0..7).contains(&c) {
            return None;
        }
        let cell = (r * 7 + c) as u8;
        if game.board().get(usize::from(cell)).is_some() {
            return Some(Attack { from: cell, to });
        }
    }
}

/// The game of `moves` (its opening, then its moves); `None` if they are not a game.
pub fn replay(moves: &[u8]) -> Option<Game> {
    let head = moves.get(..OPENING)?;
    let variant = match head[0] {
        0 => Variant::New,
        1 => Variant::Classic,
        _ => return None,
    };
    let mut game = Game::new(
        variant,
        u32::from_be_bytes([head[1], head[2], head[3], head[4]]),
    );
    for &mv in &moves[OPENING..] {
        match game.phase() {
            Phase::Place { .. } => game.place(mv).ok()?,
            Phase::Attack { at, .. } => game.attack(decode_attack(&game, at, mv)?).ok()?,
            Phase::Over => return None,
        }
    }
    Some(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entropy::ai::for_each_attack;
    use crate::entropy::board::Cells;
    use crate::entropy::Outcome;
    use crate::Rng;

    /// Random whole games of `variant`: every legal attack of every turn is coded and decoded
    /// to itself, and the game's bytes replay to the same game.
    fn round_trips(variant: Variant, seed: u32) {
        let mut rng = Rng::new(seed);
        let mut game = Game::new(variant, seed);
        let mut bytes = [0u8; OPENING + 4 * 49];
        bytes[0] = u8::from(variant == Variant::Classic);
        bytes[1..OPENING].copy_from_slice(&seed.to_be_bytes());
        let mut len = OPENING;
        loop {
            let mv = match game.phase() {
                Phase::Place { .. } => {
                    let empty = game.board().empty();
                    let n = rng.below(empty.count_ones());
                    let cell = Cells(empty).nth(n as usize).unwrap() as u8;
                    game.place(cell).unwrap();
                    cell
                }
                Phase::Attack { at, .. } => {
                    let mut all = [Attack::stay(at); 200];
                    let mut n = 0;
                    for_each_attack(game.board(), at, variant, |a| {
                        assert_eq!(decode_attack(&game, at, attack_code(a, at)), Some(a));
                        all[n] = a;
                        n += 1;
                    });
                    let a = all[rng.below(n as u32) as usize];
                    game.attack(a).unwrap();
                    attack_code(a, at)
                }
                Phase::Over => break,
            };
            assert!(mv < 196);
            bytes[len] = mv;
            len += 1;
        }
        assert_eq!(len, bytes.len());
        let again = replay(&bytes).unwrap();
        assert_eq!(again.scores(), game.scores());
        assert_eq!(again.board(), game.board());
        assert!(matches!(
            again.outcome(),
            Some(Outcome::Won(_) | Outcome::Draw)
        ));
        // Every shorter list of the moves is a game; one move more is not.
        assert!(replay(&bytes[..len - 1]).is_some());
        let mut longer = [0u8; OPENING + 4 * 49 + 1];
        longer[..len].copy_from_slice(&bytes);
        assert!(replay(&longer).is_none());
    }

    #[test]
    fn every_attack_codes_to_one_byte_and_back() {
        for seed in 1..6 {
            round_trips(Variant::New, seed);
            round_trips(Variant::Classic, 100 + seed);
        }
    }

    #[test]
    fn bytes_that_are_not_a_game_are_refused() {
        assert!(replay(&[0, 0, 0, 0]).is_none(), "a short opening");
        assert!(replay(&[2, 0, 0, 0, 1]).is_none(), "no such variant");
        assert!(replay(&[0, 0, 0, 0, 1, 49]).is_none(), "no such cell");
        assert!(
            replay(&[0, 0, 0, 0, 1, 24, 24, 24]).is_none(),
            "a full cell"
        );
        // A slide from nowhere: nothing left of cell 0 in its row.
        let game = replay(&[0, 0, 0, 0, 1, 24]).unwrap();
        assert_eq!(decode_attack(&game, 24, 49), None);
        assert_eq!(
            decode_attack(&game, 24, 27),
            Some(Attack { from: 24, to: 27 })
        );
        assert_eq!(decode_attack(&game, 24, 196), None);
    }
}
