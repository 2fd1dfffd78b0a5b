//! `t_ent`: the test entry of New Entropy for the CPU harness. Every AI of the game, called
//! with scalar arguments, so the harness (emu-tests/tests/ai_ent.rs) can compare it with the
//! same Rust code run natively; its size minus `t_base`'s is the game's bytes of code.
//!
//! Exports (all arguments and results are u32; cells 0..48; levels 0 easy, 1 hard, 2 expert):
//! - `ent_new(classic, bag_seed)`: a new game (`calc::entropy::Game`) of New Entropy, or of
//!   classic Entropy when `classic` is not 0, whose bag draws from `bag_seed`;
//!   `ent_place(cell) -> 0 | 1` and `ent_attack(from, to) -> 0 | 1` play its moves (1 means
//!   the move was refused);
//! - `ent_place_ai(level, seed) -> cell + 1` (0: the game does not wait for a placement):
//!   `calc::entropy::choose_placement` of the drawn piece, with the bag's counts, drawing from
//!   `Rng::new(seed)`; slots: value, evaluations, the generator's next draw;
//! - `ent_attack_ai(level, seed) -> (from + 1) << 8 | (to + 1)` (0: the game does not wait
//!   for an attack): `calc::entropy::choose_attack`; the same slots;
//! - `out(i)`: result slot `i`.
#![no_std]
#![no_main]

use calc::entropy::ai::Decision;
use calc::entropy::{choose_attack, choose_placement, Attack, Game, Level, Phase, Variant};
use calc::rng::Rng;
use programs::os::{Os, ProgramCell};
use programs::testentry::{idle, Slots};

programs::entry!(main);

fn main(os: Os) {
    idle(os, b"t_ent: for the CPU harness");
}

/// The game being set up (none before the first `ent_new`).
static GAME: ProgramCell<Option<Game>> = ProgramCell::new(None);
static OUT: Slots = Slots::new();

/// Result slot `i`.
#[no_mangle]
pub extern "C" fn out(i: u32) -> u32 {
    OUT.get(i)
}

fn level(code: u32) -> Level {
    match code {
        0 => Level::Easy,
        1 => Level::Hard,
        _ => Level::Expert,
    }
}

fn report<T>(decision: &Option<Decision<T>>, rng: &mut Rng) {
    let (value, evaluations) = decision
        .as_ref()
        .map_or((0, 0), |d| (d.value, d.evaluations));
    OUT.set([value, evaluations, rng.next_u32(), 0]);
}

/// Starts a new game; see the file's documentation.
#[no_mangle]
pub extern "C" fn ent_new(classic: u32, bag_seed: u32) {
    let variant = if classic == 0 {
        Variant::New
    } else {
        Variant::Classic
    };
    *GAME.borrow_mut() = Some(Game::new(variant, bag_seed));
}

/// The defender places the drawn piece on `cell`: 0, or 1 when refused.
#[no_mangle]
pub extern "C" fn ent_place(cell: u32) -> u32 {
    let mut game = GAME.borrow_mut();
    let placed = match (game.as_mut(), u8::try_from(cell)) {
        (Some(g), Ok(cell)) => g.place(cell).is_ok(),
        _ => false,
    };
    u32::from(!placed)
}

/// The attacker slides the piece on `from` to `to` (equal: it stays): 0, or 1 when refused.
#[no_mangle]
pub extern "C" fn ent_attack(from: u32, to: u32) -> u32 {
    let mut game = GAME.borrow_mut();
    let moved = match (game.as_mut(), u8::try_from(from), u8::try_from(to)) {
        (Some(g), Ok(from), Ok(to)) => g.attack(Attack { from, to }).is_ok(),
        _ => false,
    };
    u32::from(!moved)
}

/// The level's placement of the drawn piece; see the file's documentation.
#[no_mangle]
pub extern "C" fn ent_place_ai(code: u32, seed: u32) -> u32 {
    let game = GAME.borrow_mut();
    let mut rng = Rng::new(seed);
    let decision = match game.as_ref().map(|g| (g, g.phase())) {
        Some((g, Phase::Place { piece, .. })) => choose_placement(
            level(code),
            g.board(),
            piece,
            &g.bag().counts(),
            g.variant(),
            &mut rng,
        ),
        _ => None,
    };
    report(&decision, &mut rng);
    decision.map_or(0, |d| u32::from(d.choice) + 1)
}

/// The level's attack; see the file's documentation.
#[no_mangle]
pub extern "C" fn ent_attack_ai(code: u32, seed: u32) -> u32 {
    let game = GAME.borrow_mut();
    let mut rng = Rng::new(seed);
    let decision = match game.as_ref().map(|g| (g, g.phase())) {
        Some((g, Phase::Attack { at, .. })) => choose_attack(
            level(code),
            g.board(),
            at,
            &g.bag().counts(),
            g.variant(),
            &mut rng,
        ),
        _ => None,
    };
    report(&decision, &mut rng);
    decision.map_or(0, |d| {
        (u32::from(d.choice.from) + 1) << 8 | (u32::from(d.choice.to) + 1)
    })
}
