//! New Entropy on the calculator in the 68000 CPU harness: the cross-built `entropy` with its
//! AI `entia`, played with a scripted keyboard on the TI-89 and on the Voyage 200 (their own
//! screens and arrow codes), and `entia` checked against the core.
//!
//! - `entia` answers every question (placement, attack, the help's cells) at every level, in
//!   both variants, exactly as `calc::entropy::ai` does natively with the same seed (the move,
//!   its value's evaluations, the help's cells); the cycles of each level are printed
//!   (`--nocapture`): the figures of docs/playing.md#new-entropy.
//! - A person plays through every menu: names typed in, the levels of attack and defence, the
//!   pause, the rules shown, the variant; two computers play a whole New Entropy game and a
//!   whole classic one; two people play a whole game with the help on and slides; a game is
//!   resigned, one left with ESC and resumed; a person attacks against the computer's defence
//!   at each level. Every end screen shows what `calc` gives the game's moves (read back from
//!   the settings variable and played again natively): each side's points, the winner and the
//!   last round's score, and the wins of the tally saved. The classic game is set up with the
//!   keys of the PedroM scenario (emu_tests::games::entropy::Computers).

mod games;
mod programs;

use calc::entropy::ai::{help_attacks, help_placements};
use calc::entropy::moves::{attack_code, OPENING};
use calc::entropy::rules::Attack;
use calc::entropy::{Game, Level, Phase, Variant};
use emu_tests::ai::ent::{self, Move, Position};
use emu_tests::ai::Costs;
use emu_tests::games::entropy::{end_texts, last_game, tally_after, Computers, ATTACK};
use emu_tests::games::keys::{Key, Script};
use emu_tests::games::saved::{Settings, GAME_FIRST};
use games::{expect, print_move_cycles, screen, thinking_cycles, Calculator};
use ti_files::{Model, Value};

use Key::{Back, Clear, Down, Enter, Esc, Left, Quit, Right, Up, F};

/// Checks the end screen of the game `settings` saved (over): each side's points as `calc`
/// counts them, the wins shown (the tally saved), the winner's name and the last round's score
/// (emu_tests::games::entropy::end_texts). The game, played again by the core.
fn check_end(label: &str, screen: &ti_files::Screen, settings: &Settings) -> Game {
    let game = last_game(settings).unwrap_or_else(|| panic!("{label}: the moves are not a game"));
    let first = usize::from(settings.bytes[GAME_FIRST]);
    let names = [settings.name(0), settings.name(1)];
    let texts = end_texts(&game, first, [&names[0], &names[1]], settings.tally())
        .unwrap_or_else(|e| panic!("{label}: {e}"));
    for text in &texts {
        expect(label, screen, &[text]);
    }
    println!("{label}: {texts:?}");
    game
}

/// The bytes of a position's game, as `entropy` keeps them: the opening, then the moves.
fn move_bytes(position: &Position) -> Vec<u8> {
    let mut out = vec![u8::from(position.variant == Variant::Classic)];
    out.extend_from_slice(&position.bag_seed.to_be_bytes());
    let mut placed = 0;
    for m in &position.moves {
        out.push(match *m {
            Move::Place(cell) => {
                placed = cell;
                cell
            }
            Move::Attack(a) => attack_code(a, placed),
        });
    }
    out
}

/// `entia`'s request for `question` (0 the state, 1 place, 2 attack, 3 and 4 their help) at
/// `level` with `seed` in `position`, as custom data.
fn request(position: &Position, question: u8, level: Level, seed: u32) -> Vec<u8> {
    let mut data = vec![1, question];
    data.push(ent::level_code(level) as u8);
    data.extend_from_slice(&seed.to_be_bytes());
    let moves = move_bytes(position);
    data.push(moves.len() as u8);
    data.extend_from_slice(&moves);
    data.extend_from_slice(b"\0enq\0\xF8");
    data
}

/// Checks the state of `entia`'s reply against `game`.
fn check_state(label: &str, reply: &[u8], game: &Game) {
    let long =
        |at: usize| u32::from_be_bytes([reply[at], reply[at + 1], reply[at + 2], reply[at + 3]]);
    let lines = calc::entropy::score::LineScores::of(game.board());
    let (phase, player, piece, at) = match game.phase() {
        Phase::Place { player, piece } => (0, player, piece.code(), 0),
        Phase::Attack { player, piece, at } => (1, player, piece.code(), at),
        Phase::Over => (2, 0, 0, 0),
    };
    assert_eq!(
        (
            &reply[14..20],
            [long(22), long(26), long(30), long(34)],
            &reply[38..45],
            &reply[45..94]
        ),
        (
            &[phase, player, piece, at, game.round(), game.turn()][..],
            [
                game.scores()[0],
                game.scores()[1],
                lines.row_sum,
                lines.column_sum
            ],
            &game.bag().counts()[..],
            &game.board().codes()[..]
        ),
        "{label}: the state of the core"
    );
}

/// The help's cells of a reply.
fn reply_mask(reply: &[u8]) -> u64 {
    (0..7).fold(0u64, |m, i| m | u64::from(reply[7 + i]) << (8 * i))
}

/// `entia` answers like the core on `positions`: each level's move (with the seed of the
/// position's index) and evaluations, the game's state, and the help's cells; the expert on
/// every `expert_step`-th position. Prints the cycles of each level, and fails if a move takes
/// over 10 s at 12 MHz.
fn entia_checks(test: &str, positions: &[Position], expert_step: usize) {
    let Some(mut calc) = Calculator::with(test, Model::Ti89, &["entia"], ("entreq", "enq")) else {
        return;
    };
    calc.m.set_current_folder("games").unwrap();
    let mut costs = Costs::default();
    let ask = |calc: &mut Calculator, data: Vec<u8>, label: &str| -> (Vec<u8>, u64) {
        calc.store_settings(data);
        let out = calc
            .m
            .run("games\\entia", "")
            .unwrap_or_else(|e| panic!("{label}: {e}"));
        match calc.m.get_value("games\\entrep").unwrap() {
            Value::Opaque { data, .. } => (data, out.counters.cycles),
            other => panic!("{label}: {other:?}"),
        }
    };
    for (name, level) in ent::levels() {
        for (i, position) in positions.iter().enumerate() {
            if level == Level::Expert && i % expert_step != 0 {
                continue;
            }
            let game = position.game();
            let seed = 5000 + i as u32;
            let place = ent::waits_for_placement(position);
            let kind = match (game.variant(), place) {
                (Variant::New, true) => "placement",
                (Variant::New, false) => "attack",
                (Variant::Classic, true) => "classic placement",
                (Variant::Classic, false) => "classic attack",
            };
            let label = format!("{name} {kind} in {position:?}");
            let want = ent::native_choose(position, level, seed);
            let (reply, cycles) = ask(
                &mut calc,
                request(position, 1 + u8::from(!place), level, seed),
                &label,
            );
            assert_eq!(reply[0], 1, "{label}");
            check_state(&label, &reply, &game);
            let got = if place {
                Move::Place(reply[1])
            } else {
                Move::Attack(Attack {
                    from: reply[1],
                    to: reply[2],
                })
            };
            let evaluations = u32::from_be_bytes([reply[3], reply[4], reply[5], reply[6]]);
            assert_eq!(
                (Some(got), evaluations),
                (want.choice, want.evaluations),
                "{label}: the move and evaluations of the core"
            );
            costs.add(
                "new entropy (entia)",
                &format!("{name} {kind}"),
                cycles,
                u64::from(evaluations),
            );
            // The help's cells: those of the core.
            let bag = game.bag().counts();
            let want = match game.phase() {
                Phase::Place { piece, .. } => {
                    help_placements(level, game.board(), piece, &bag, game.variant())
                }
                Phase::Attack { at, .. } => {
                    help_attacks(level, game.board(), at, &bag, game.variant())
                }
                Phase::Over => unreachable!(),
            };
            let (reply, _) = ask(
                &mut calc,
                request(position, 3 + u8::from(!place), level, seed),
                &label,
            );
            assert_eq!(reply_mask(&reply), want, "{label}: the help's cells");
        }
    }
    println!("{}", costs.table());
    costs.assert_max_under(10_000);
}

/// Positions of both variants: `early` in the first four moves of a game (the most empty
/// cells: the expert's and the classic hard level's longest placements), `count` anywhere.
fn positions(seed: u32, early: usize, count: usize) -> Vec<Position> {
    let mut out = Vec::new();
    for (i, variant) in [Variant::New, Variant::Classic].into_iter().enumerate() {
        let seed = seed + 16 * i as u32;
        out.extend(ent::random_positions(seed, early, variant, 4));
        out.extend(ent::random_positions(seed + 1, count, variant, 97));
    }
    out
}

#[test]
fn entia_answers_like_the_core() {
    entia_checks(
        "entia_answers_like_the_core",
        &positions(0xE27_A001, 2, 6),
        2,
    );
}

/// The same on 120 positions, 20 of them early, the expert on every one (about 10 minutes):
/// the figures of docs/playing.md#new-entropy.
#[test]
#[ignore = "120 positions at every level: about 10 minutes"]
fn entia_answers_like_the_core_on_120_positions() {
    let positions = positions(0xE27_B001, 10, 50);
    entia_checks(
        "entia_answers_like_the_core_on_120_positions",
        &positions,
        1,
    );
}

/// The keys of two people playing a whole game from a new one, the cursor on `cursor`: the
/// defender places on the empty cells in order; the attacker slides the piece one cell right
/// when it can (every third turn), else leaves it. Returns the keys and the cursor after.
fn two_people(mut cursor: u8, turns: usize) -> (Vec<Key>, u8) {
    let mut keys = Vec::new();
    let mut occupied = [false; 49];
    for turn in 0..turns {
        if turn == 49 {
            occupied = [false; 49];
        }
        let target = (0..49u8).find(|&c| !occupied[usize::from(c)]).unwrap();
        keys.extend(std::iter::repeat_n(
            Right,
            usize::from((target + 49 - cursor) % 49),
        ));
        keys.push(Enter);
        // The attack: the cursor is on the piece placed.
        let at = target;
        let right = at + 1;
        if turn % 3 == 0 && at % 7 != 6 && !occupied[usize::from(right)] {
            keys.extend([Right, Enter]);
            occupied[usize::from(right)] = true;
            cursor = right;
        } else {
            keys.push(Enter);
            occupied[usize::from(at)] = true;
            cursor = at;
        }
    }
    (keys, cursor)
}

fn entropy(test: &str, model: Model) {
    let Some(mut calc) = Calculator::with(test, model, &["entropy", "entia"], ("entsave", "ens"))
    else {
        return;
    };

    // 1. The options: names typed in, the levels (1: easy attack, hard defence; 2: hard
    // attack, easy defence), the pause 0, the rules shown; player 1 a computer: two computers
    // play a whole game of New Entropy.
    let mut s = Script::new();
    s.press(&[F(2), Enter, Clear]).type_text("Ann");
    s.press(&[Enter, Down, Enter, Clear]).type_text("Bob");
    s.press(&[Enter, Down, Enter]); // Levels, help...
    let levels = s.keys.len();
    s.press(&[Left, Down, Down, Down, Left, Down, Down, Enter]); // 1 attack easy, 2 defence easy
    s.press(&[Down, Down, Back]); // the pause: 0
    s.press(&[Down, Enter]); // the rules
    let rules = s.keys.len();
    s.press(&[Enter]);
    let rules2 = s.keys.len();
    s.press(&[Enter, Down, Enter]); // Back
    s.press(&[Down, Right, Up, Enter]); // player 1: the computer; play
    let end = s.keys.len();
    s.press(&[Esc, Esc]);
    let p = calc.run("two computers", &s);
    let label = format!("{model}: two computers");
    expect(
        &label,
        screen(&p, 0),
        &["New Entropy", "new game", "Human", "Computer", "Quit"],
    );
    expect(
        &label,
        screen(&p, levels),
        &["Levels", "1 attack", "2 defence", "Hard", "Help"],
    );
    expect(&label, screen(&p, rules), &["defender", "ENTER: OK"]);
    expect(&label, screen(&p, rules2), &["Palindromes"]);
    let settings = calc.settings();
    assert_eq!(
        &settings.bytes[ATTACK..ATTACK + 6],
        &[0, 1, 1, 0, 0, 0],
        "the levels, the variant, the help"
    );
    assert_eq!([settings.name(0), settings.name(1)], ["Ann", "Bob"]);
    let game = check_end(&label, screen(&p, end), &settings);
    assert_eq!(game.variant(), Variant::New);
    print_move_cycles(&format!("{model} two computers"), &thinking_cycles(&calc.m));

    // 2. The classic rules (player 1's defence easy), set with the keys of the PedroM
    // scenario (emu_tests::games::entropy::Computers): two computers play a whole game; QUIT
    // from the menu.
    let classic = Computers {
        variant: Variant::Classic,
        levels: [[Level::Easy, Level::Easy], [Level::Hard, Level::Easy]],
    };
    let before = calc.settings();
    let mut s = Script::new();
    s.press(&classic.keys(&before));
    let end = s.keys.len();
    s.press(&[Esc, Quit]);
    let p = calc.run("classic", &s);
    let label = format!("{model}: classic, two computers");
    let settings = calc.settings();
    assert_eq!(
        &settings.bytes[ATTACK..ATTACK + 5],
        &[0, 1, 0, 0, 1],
        "the levels, the variant"
    );
    let game = check_end(&label, screen(&p, end), &settings);
    assert_eq!(game.variant(), Variant::Classic);
    assert_eq!(
        settings.tally(),
        tally_after(before.tally(), game.outcome(), 0)
    );
    print_move_cycles(&format!("{model} classic"), &thinking_cycles(&calc.m));

    // 3. The help on, New Entropy, two people: a whole game with slides.
    let mut s = Script::new();
    s.press(&[
        F(2),
        Down,
        Down,
        Enter,
        Down,
        Down,
        Down,
        Down,
        Right,
        Down,
        Enter,
    ]);
    s.press(&[Down, Left, Down, Down, Down, Enter]); // New; back
    s.press(&[Down, Left, Down, Left, Up, Up, Enter]); // two people; play
    let start = s.keys.len();
    let (keys, _) = two_people(24, 98);
    s.press(&keys);
    let end = s.keys.len();
    s.press(&[Esc, Quit]);
    let p = calc.run("two people", &s);
    let label = format!("{model}: two people");
    expect(
        &label,
        screen(&p, start),
        &["Ann", "Bob", "R1 turn 1", "Piece", "Arrows, ENTER"],
    );
    check_end(&label, screen(&p, end), &calc.settings());

    // 4. A game resigned after two turns (by Bob, who defends in the first round), then one
    // left with ESC after a placement.
    let mut s = Script::new();
    s.press(&[Enter]);
    let (keys, cursor) = two_people(24, 2);
    s.press(&keys).press(&[F(2), Enter]);
    let resigned = s.keys.len();
    s.press(&[Enter]);
    let (keys, _) = two_people(cursor, 1);
    let placed = keys.iter().position(|&k| k == Enter).unwrap() + 1;
    s.press(&keys[..placed]).press(&[Esc]);
    let left = s.keys.len();
    s.press(&[Quit]);
    let p = calc.run("resigned, left", &s);
    let label = format!("{model}: resigned, left");
    expect(&label, screen(&p, resigned), &["Ann wins", "(resigned)"]);
    expect(&label, screen(&p, left), &["resume"]);
    let settings = calc.settings();
    let moves = settings.game().expect("the game left is kept");
    assert_eq!(moves.len(), OPENING + 1, "its opening and one placement");

    // 5. The game resumed (Ann leaves the piece; Bob resigns); then Ann attacks against the
    // computer's defence at each level, and resigns.
    let mut s = Script::new();
    s.press(&[Enter]);
    let resumed = s.keys.len();
    s.press(&[Enter, F(2), Enter, Esc]);
    s.press(&[Down, Down, Right, Up, Up]); // player 2: the computer
    let mut quits = Vec::new();
    for (turns, steps) in [(4, &[][..]), (4, &[Right][..]), (2, &[Right][..])] {
        // Player 2's defence: easy, then one more each time.
        s.press(&[F(2), Down, Down, Enter, Down, Down, Down])
            .press(steps)
            .press(&[Down, Down, Enter, Esc, Enter]);
        s.repeat(Enter, turns).press(&[F(2), Enter]);
        quits.push(s.keys.len());
        s.press(&[Esc]);
    }
    s.press(&[Quit]);
    let p = calc.run("resumed, against the computer", &s);
    let label = format!("{model}: resumed, against the computer");
    expect(&label, screen(&p, resumed), &["R1 turn 1"]);
    for &q in &quits {
        expect(&label, screen(&p, q), &["Bob wins", "(resigned)"]);
    }
    assert_eq!(&calc.settings().bytes[ATTACK + 2..ATTACK + 4], &[0, 2]);
    print_move_cycles(
        &format!("{model} against the computer (easy, hard, expert)"),
        &thinking_cycles(&calc.m),
    );
}

#[test]
fn entropy_on_a_ti89() {
    entropy("entropy_on_a_ti89", Model::Ti89);
}

#[test]
fn entropy_on_a_voyage_200() {
    entropy("entropy_on_a_voyage_200", Model::V200);
}
