//! Othello on the calculator, in the 68000 CPU harness: the cross-built `othello` with its AI
//! `othia`, on the TI-89 and on the Voyage 200 (`othia_cpu.rs` measures `othia` alone).
//!
//! A person plays a whole game against the easy level with a scripted keyboard: the legal moves
//! shown (F4), a move pair taken back (F3) and played again, the computer's pass announced and
//! a move taken back across it, the computer's exact endgame announced, the end screen; the end
//! screen's count is the core's count of the final board. Then two computers, two people, a
//! game left and resumed, ESC while `othia` searches, a damaged settings variable, `othia`
//! missing.

mod games;
mod programs;

use calc::othello::player::{replay, Ai};
use calc::othello::{Board, Colour, Squares, Status};
use calc::Rng;
use emu_tests::ai::CYCLES_PER_MS;
use emu_tests::games::keys::{Key, Script};
use emu_tests::games::othello::{core_choice, path, CURSOR_START};
use games::{expect, expect_not, print_move_cycles, program_cycles, screen, Calculator};
use ti_files::Model;

use Key::{Down, Enter, Esc, Left, Right, F};

/// The game's geometry (calc/programs/src/othello/table.rs): the grid's corner and a cell.
fn grid(model: Model) -> (u32, u32, u32) {
    if model == Model::Ti89 {
        (1, 1, 10)
    } else {
        (3, 2, 13)
    }
}

/// Whether square `sq` shows the legal-move dot on `screen` (its centre dark, the disc's edge
/// light).
fn shows_dot(screen: &ti_files::Screen, model: Model, sq: u8) -> bool {
    let (x, y, cell) = grid(model);
    let (x0, y0) = (
        x + u32::from(sq % 8) * cell + 1,
        y + u32::from(sq / 8) * cell + 1,
    );
    let (cx, cy) = (x0 + (cell - 2) / 2, y0 + (cell - 2) / 2);
    screen.get(cx, cy) && !screen.get(x0 + 2, cy)
}

/// A game of a person (black, first: the legal move a generator from `seed` picks) against
/// `ai` (white) played natively as the program plays it: the moves, whether someone passed, and
/// the number of empties when the computer first solved the endgame exactly.
struct Planned {
    moves: Vec<u8>,
    /// After how many moves a side had to pass (the first pass).
    pass_after: Option<usize>,
    /// After how many moves the computer first moved from an exact solve.
    solved_after: Option<usize>,
    /// The exact final disc difference it found then (for white).
    exact: i32,
}

fn plan_game(ai: Ai, seed: u32) -> Planned {
    let mut rng = Rng::new(seed);
    let mut moves = Vec::new();
    let (mut pass_after, mut solved_after, mut exact) = (None, None, 0);
    loop {
        let board = replay(&moves).unwrap();
        let Status::ToMove(colour) = board.status() else {
            break;
        };
        let sq = if colour == Colour::Black {
            let legal = board.legal_moves();
            let k = rng.below(legal.count_ones()) as usize;
            Squares(legal).nth(k).unwrap().index()
        } else {
            let c = core_choice(ai, 0, &moves);
            if let (Some(e), None) = (c.exact, solved_after) {
                solved_after = Some(moves.len());
                exact = e;
            }
            c.square.unwrap().index()
        };
        moves.push(sq);
        let mut after = Board::new();
        for &m in &moves {
            if let Status::MustPass(_) = after.status() {
                after.pass().unwrap();
            }
            after.play(calc::othello::Square::new(m).unwrap()).unwrap();
        }
        if matches!(after.status(), Status::MustPass(_)) && pass_after.is_none() {
            pass_after = Some(moves.len());
        }
    }
    Planned {
        moves,
        pass_after,
        solved_after,
        exact,
    }
}

/// The end screen's score, "black-white", of the board after `moves`.
fn score(moves: &[u8]) -> String {
    let b = replay(moves).unwrap();
    format!("{}-{}", b.count(Colour::Black), b.count(Colour::White))
}

fn othello(test: &str, model: Model) {
    let Some(mut calc) = Calculator::with(test, model, &["othello", "othia"], ("othsave", "ots"))
    else {
        return;
    };
    let label = format!("{model}: first run");

    // 1. A person against the easy level (the second player's default, medium, one to the
    // left): a game with a pass and the computer's exact endgame, found natively.
    let game = (1..200)
        .map(|seed| plan_game(Ai::Easy, seed))
        .find(|g| {
            // White (the computer) passes, and the person moves after its exact solve.
            let white_passes = g.pass_after.is_some_and(|n| {
                n > 12 && replay(&g.moves[..n]).unwrap().to_move() == Colour::Black
            });
            let person_after_solve = g.solved_after.is_some_and(|n| {
                n + 1 < g.moves.len()
                    && replay(&g.moves[..n + 1]).unwrap().to_move() == Colour::Black
            });
            white_passes && person_after_solve
        })
        .expect("a game where the computer passes and solves the endgame");
    let mut s = Script::new();
    s.press(&[Down, Down, Left, F(1), F(4)]);
    let first_turn = 4;
    let mut cursor = CURSOR_START;
    // (prompt index, moves played before it) of the person's turns: where the keys of each of
    // the person's moves start.
    let mut turns = Vec::new();
    let undo_turn = 3;
    let mut undo_prompts = (0, 0);
    let mut person = 0;
    let pass_after = game.pass_after.unwrap();
    // The Enter of the person's last move, and (the Enter of the move before the computer's
    // pass, the prompt after F3 across the pass).
    let mut last_enter = 0;
    let mut pass_undo = (0, 0);
    let mut i = 0;
    while i < game.moves.len() {
        let board = replay(&game.moves[..i]).unwrap();
        if board.to_move() == Colour::Black {
            turns.push((s.keys.len(), i));
            if i == pass_after {
                // The computer passed: F3 takes back the person's move (the pair is that move
                // and the pass), and ENTER plays it again (the cursor is still on it).
                pass_undo.0 = last_enter;
                s.press(&[F(3)]);
                pass_undo.1 = s.keys.len();
                s.press(&[Enter]);
            }
            let keys = path(cursor, game.moves[i]);
            let enter_at = s.keys.len() + keys.len() - 1;
            s.press(&keys);
            last_enter = enter_at;
            cursor = game.moves[i];
            if person == undo_turn {
                // Take the move and the computer's reply back, and play it again: the screen
                // is the one before the move.
                undo_prompts.0 = enter_at;
                s.press(&[F(3)]);
                undo_prompts.1 = s.keys.len();
                s.press(&[Enter]);
            }
            person += 1;
        }
        i += 1;
    }
    let over = s.keys.len();
    s.press(&[Esc, Esc]);
    let p = calc.run("first run", &s);
    expect(
        &label,
        screen(&p, 0),
        &["Othello", "new game", "Human", "Medium 7s"],
    );
    expect(&label, screen(&p, 3), &["Easy 7s"]);
    expect(
        &label,
        screen(&p, first_turn),
        &["Player 1", "Player 2", "ENTER:play F3:undo F4:hint"],
    );
    // F4 shows the legal moves: a dot on each, none elsewhere.
    let start = Board::new().legal_moves();
    for sq in 0..64u8 {
        let legal = start & (1u64 << sq) != 0;
        assert_eq!(
            shows_dot(screen(&p, first_turn + 1), model, sq),
            legal,
            "{label}: the dot of square {sq}"
        );
        assert!(!shows_dot(screen(&p, first_turn), model, sq));
    }
    // The undo: the screen after F3 is the one the person moved from.
    assert_eq!(
        screen(&p, undo_prompts.0),
        screen(&p, undo_prompts.1),
        "{label}: F3 takes back the move pair"
    );
    assert_ne!(screen(&p, undo_prompts.0), screen(&p, undo_prompts.1 - 1));
    // The computer's pass is announced at the person's next turn; F3 there takes back the
    // person's move across the pass: the board is the one the person moved from, and after
    // the move played again, the pass is announced again.
    let &(at, _) = turns.iter().find(|(_, n)| *n == pass_after).unwrap();
    expect(&label, screen(&p, at), &["White passes"]);
    let (x, y, cell) = grid(model);
    let board_of = |n: usize| screen(&p, n).crop(x, y, 8 * cell + 1, 8 * cell + 1);
    assert_eq!(
        board_of(pass_undo.0),
        board_of(pass_undo.1),
        "{label}: F3 across the pass"
    );
    expect_not(&label, screen(&p, pass_undo.1), "White passes");
    expect(&label, screen(&p, pass_undo.1 + 1), &["White passes"]);
    // The computer's exact endgame is announced ("W exact ...") at the person's next turn.
    let solved = game.solved_after.unwrap();
    let &(at, _) = turns.iter().find(|(_, n)| *n == solved + 1).unwrap();
    let sign = if game.exact > 0 { "+" } else { "" };
    let exact = format!("W exact {sign}{}", game.exact);
    expect(&label, screen(&p, at), &[&exact]);
    // The end: the result and the core's disc count of the final board.
    let end = replay(&game.moves).unwrap();
    let (b, w) = (end.count(Colour::Black), end.count(Colour::White));
    let result = match b.cmp(&w) {
        std::cmp::Ordering::Greater => "Black wins!",
        std::cmp::Ordering::Less => "White wins!",
        std::cmp::Ordering::Equal => "Draw!",
    };
    expect(
        &label,
        screen(&p, over),
        &[result, &score(&game.moves), "ENTER:new game ESC:menu"],
    );
    report(&format!("{model} othello easy"), &mut calc);
    let saved = calc.settings();
    let tally = match b.cmp(&w) {
        std::cmp::Ordering::Greater => [1, 0, 0],
        std::cmp::Ordering::Less => [0, 1, 0],
        std::cmp::Ordering::Equal => [0, 0, 1],
    };
    assert_eq!(saved.tally(), tally);
    assert_eq!(saved.game(), None);
    println!(
        "{label}: {} moves, a pass after {pass_after}, solved with {} empties, {}",
        game.moves.len(),
        60 - solved,
        score(&game.moves)
    );

    // 2. Two computers, seed 002 (side 1, black) against the easy level: the moves saved are
    // a game to the end, the easy level's are the core's, the end screen's count the core's.
    let mut s = Script::new();
    s.press(&[Down, Right, F(1)]);
    let over = s.keys.len();
    s.press(&[Esc, Esc]);
    let p = calc.run("second run", &s);
    let label = format!("{model}: second run");
    expect(&label, screen(&p, 2), &["Seed 0.2s", "Easy 7s"]);
    let saved = calc.settings();
    let len = usize::from(saved.bytes[emu_tests::games::saved::GAME_LEN]);
    let at = emu_tests::games::saved::MOVES;
    let moves = saved.bytes[at..at + len].to_vec();
    let end = replay(&moves).expect("the saved moves are a game");
    assert!(matches!(end.status(), Status::Over { .. }), "{label}: over");
    for n in 0..moves.len() {
        if replay(&moves[..n]).unwrap().to_move() == Colour::White {
            let c = core_choice(Ai::Easy, 0, &moves[..n]);
            assert_eq!(
                c.square.map(|s| s.index()),
                Some(moves[n]),
                "{label}: move {n}"
            );
        }
    }
    expect(&label, screen(&p, over), &[&score(&moves)]);
    report(&format!("{model} othello seed 002 and easy"), &mut calc);

    // 3. Two people; a game left with ESC after two moves, found again and resumed.
    let mut s = Script::new();
    s.press(&[Down, Left, Down, Left, Left, F(1)]);
    s.press(&path(19, 19))
        .press(&path(19, 18))
        .press(&[Esc, Esc]);
    let p = calc.run("third run", &s);
    let label = format!("{model}: third run");
    expect_not(&label, screen(&p, 5), "Easy");
    expect(&label, screen(&p, p.len() - 1), &["resume"]);
    assert_eq!(calc.settings().game(), Some(&[19u8, 18][..]));
    let p = calc.run("fourth run", Script::new().press(&[Enter, Esc, Esc]));
    let label = format!("{model}: fourth run");
    expect(&label, screen(&p, 0), &["resume"]);
    expect(&label, screen(&p, 1), &["ENTER:play F3:undo F4:hint"]);
    // F3 with two people takes back one move.
    let p = calc.run("fifth run", Script::new().press(&[Enter, F(3), Esc, Esc]));
    expect(
        &format!("{model}: fifth run"),
        screen(&p, 2),
        &["ENTER:play"],
    );
    assert_eq!(calc.settings().game(), Some(&[19u8][..]));

    // 4. ESC while othia searches (the hard level, white to move in the middle of the first
    // run's game, a search of more than 2,048 nodes): the game is left at once, as it was.
    let k = (16..40)
        .find(|&k| {
            replay(&game.moves[..k]).unwrap().to_move() == Colour::White
                && core_choice(Ai::Hard, 0, &game.moves[..k]).nodes > 2048
        })
        .expect("a long search");
    let mut settings = calc.settings();
    settings.bytes[emu_tests::games::saved::KINDS + 1] = Ai::Hard.code();
    settings.bytes[emu_tests::games::saved::GAME_LEN] = k as u8;
    let at = emu_tests::games::saved::MOVES;
    settings.bytes[at..at + k].copy_from_slice(&game.moves[..k]);
    calc.store_settings(settings.to_variable("ots"));
    calc.m.answer_keys(&[Enter.code(model)]);
    calc.m.push_keys(&[Esc.code(model)]);
    calc.m.answer_keys(&[Esc.code(model)]);
    let p = calc.run_queued("seventh run");
    // The keys read: ENTER by the menu, ESC by othia (while it searched), ESC by the menu.
    assert_eq!(p.len(), 3);
    expect(&format!("{model}: seventh run"), screen(&p, 2), &["resume"]);
    let runs = calc.m.take_runs();
    let othia: Vec<_> = runs
        .iter()
        .filter(|r| r.program.ends_with("othia"))
        .collect();
    // Stopped at its first look at the keyboard (1,024 nodes, about 30 million cycles), far
    // from its whole search.
    assert!(
        othia.len() == 1 && othia[0].cycles < 2000 * 30_000,
        "{model}: othia stopped at once"
    );
    assert_eq!(
        calc.settings().game(),
        Some(&game.moves[..k]),
        "nothing played"
    );

    // 5. A damaged settings variable: a message, the defaults.
    let mut damaged = calc.settings().to_variable("ots");
    damaged[5] ^= 0x55;
    calc.store_settings(damaged);
    let p = calc.run("eighth run", Script::new().press(&[Enter, Esc]));
    let label = format!("{model}: eighth run");
    expect(&label, screen(&p, 0), &["othsave", "is damaged or old"]);
    expect(&label, screen(&p, 1), &["new game", "Medium 7s"]);

    // 6. Without othia beside it: a message, back to the menu.
    let mut settings = calc.settings();
    settings.bytes[emu_tests::games::saved::PLAYING] = 1;
    settings.bytes[emu_tests::games::saved::GAME_LEN] = 1;
    settings.bytes[emu_tests::games::saved::MOVES] = 19;
    settings.bytes[emu_tests::games::saved::KINDS + 1] = Ai::Easy.code();
    calc.store_settings(settings.to_variable("ots"));
    calc.m
        .set_value(
            "games\\othia",
            &ti_files::Value::Integer(ti_files::Integer::from(0)),
        )
        .unwrap();
    let p = calc.run("sixth run", Script::new().press(&[Enter, Enter, Esc]));
    let label = format!("{model}: sixth run");
    expect(
        &label,
        screen(&p, 1),
        &["othia is not here:", "send it beside othello"],
    );
    expect(&label, screen(&p, 2), &["resume"]);
}

/// Prints the cycles of the last run's computer moves (`othia`'s whole runs); fails if one is
/// over 10 s at 12 MHz.
fn report(label: &str, calc: &mut Calculator) {
    let runs = program_cycles(&mut calc.m, "othia");
    print_move_cycles(label, &runs);
    if let Some(&worst) = runs.iter().max() {
        assert!(worst < 10_000 * CYCLES_PER_MS, "{label}: over 10 s");
    }
}

#[test]
fn othello_is_played_on_a_ti89() {
    othello("othello_is_played_on_a_ti89", Model::Ti89);
}

#[test]
fn othello_is_played_on_a_voyage_200() {
    othello("othello_is_played_on_a_voyage_200", Model::V200);
}
