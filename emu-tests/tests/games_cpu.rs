//! The games on the calculator, played in the 68000 CPU harness with a scripted keyboard: the
//! cross-built `morpion` (tic-tac-toe) and `puiss4` with its AI `p4ia` (Connect Four), on the
//! TI-89 and on the Voyage 200 (its own screen and arrow codes). Each test is a calculator
//! on which a person plays several sessions: every entry of the menus, each kind of player on
//! each side, a win, a loss and a draw, resigning, ESC in the middle of a game (also while the
//! computer thinks), the game resumed at the next run, the settings found again, a damaged
//! settings variable ignored with a message. The screens are checked with the harness's screen
//! oracle (the texts the person sees when pressing each key), the settings variable is read
//! back, and the cycles of the computer's moves are printed (`--nocapture`).

mod games;
mod programs;

use calc::connect4::ai::{self, Ai};
use calc::connect4::search::Entry;
use calc::connect4::Player;
use calc::tictactoe::{Board as TttBoard, Mark, Status};
use calc::Rng;
use emu_tests::ai::c4::{board as c4_board, book_positions, random_positions_between};
use emu_tests::ai::Costs;
use emu_tests::games::keys::{Key, Script};
use emu_tests::games::saved::{FIRST, KINDS, PAUSE};
use games::{
    expect, expect_not, print_move_cycles, program_cycles, screen, thinking_cycles, Calculator,
};
use ti_files::Model;

use Key::{Back, Clear, Down, Enter, Esc, Left, Quit, Right, Up, F};

/// The keypad digit that plays tic-tac-toe cell `cell` (7 8 9 on the top row).
fn digit(cell: u8) -> Key {
    Key::Char(b'0' + (2 - cell / 3) * 3 + cell % 3 + 1)
}

/// The keys of a tic-tac-toe game between two people playing `cells` in turn, and its end.
fn ttt_game(first: Mark, cells: &[u8]) -> (Vec<Key>, Status) {
    let board = TttBoard::from_moves(first, cells).expect("a game");
    (cells.iter().map(|&c| digit(c)).collect(), board.status())
}

fn morpion(test: &str, model: Model) {
    let Some(mut calc) = Calculator::with(test, model, &["morpion"], ("morpsave", "mrp")) else {
        return;
    };

    // 1. The first run: the defaults (a person as X against the hard computer); the options
    // (names typed in, the pause typed in); a game lost against the hard level, which answers
    // X's corner with the centre, blocks, and wins (its only best moves: seed 004's Min-Max 9).
    let mut s = Script::new();
    s.press(&[F(2), Enter, Clear]).type_text("Ann");
    let ann = s.keys.len();
    s.press(&[Enter, Down, Enter, Clear]).type_text("Bob");
    let bob = s.keys.len();
    s.press(&[Enter, Down, Back])
        .type_text("1")
        .press(&[Down, Enter]); // Back
    let play = s.keys.len();
    s.press(&[Enter]) // Play: a new game
        .press(&[digit(0), digit(1), digit(2), digit(3)]); // 9 (cell 2) is O's: ignored
    let end = s.keys.len();
    s.press(&[Esc, Esc]);
    let p = calc.run("first run", &s);
    let label = format!("{model}: first run");
    expect(
        &label,
        screen(&p, 0),
        &["Tic-Tac-Toe", "new game", "Human", "Hard", "Quit"],
    );
    expect(
        &label,
        screen(&p, 1),
        &["Options", "Player X", "Player O", "Back"],
    );
    expect(
        &label,
        screen(&p, ann),
        &["Ann", "Player O", "ENTER:OK ESC:undo"],
    );
    expect(&label, screen(&p, bob), &["Ann", "Bob", "Pause (1/10 s)"]);
    expect(&label, screen(&p, play), &["Tic-Tac-Toe", "new game"]);
    expect(
        &label,
        screen(&p, play + 1),
        &["Ann", "Bob", "Keys 1-9, or arrows+ENTER"],
    );
    expect(
        &label,
        screen(&p, end),
        &["O wins!", "ENTER:new game ESC:menu"],
    );
    print_move_cycles(&format!("{model} morpion hard"), &thinking_cycles(&calc.m));
    let saved = calc.settings();
    assert_eq!(saved.version, 1);
    assert_eq!((saved.name(0), saved.name(1)), ("Ann".into(), "Bob".into()));
    assert_eq!(saved.bytes[PAUSE], 1);
    assert_eq!(saved.tally(), [0, 1, 0], "O won");
    assert_eq!(saved.game(), None);

    // 2. The settings found again; two people: X wins a row, then a draw; a third game left in
    // the middle with ESC (the cursor keys play there), and QUIT from the menu.
    let (win, won) = ttt_game(Mark::X, &[0, 3, 1, 4, 2]);
    assert_eq!(won, Status::Won(Mark::X));
    let (draw, drawn) = ttt_game(Mark::X, &[4, 0, 2, 6, 3, 5, 7, 1, 8]);
    assert_eq!(drawn, Status::Draw);
    let mut s = Script::new();
    s.press(&[F(2), Esc]) // the options show the names
        .press(&[Down, Down, Right]) // O: Hard -> Human
        .press(&[Up, Up, Enter])
        .press(&win);
    let after_win = s.keys.len();
    s.press(&[Enter]).press(&draw);
    let after_draw = s.keys.len();
    s.press(&[Enter])
        // The cursor is on cell 8, the last played: left to 7, ENTER; O: up to 4, ENTER.
        .press(&[Left, Enter, Up, Enter, Esc, Quit]);
    let p = calc.run("second run", &s);
    let label = format!("{model}: second run");
    expect(&label, screen(&p, 0), &["new game", "Human", "Hard"]);
    expect(&label, screen(&p, 1), &["Ann", "Bob", "Back"]);
    expect(&label, screen(&p, 5), &["Human"]);
    expect_not(&label, screen(&p, 5), "Hard");
    expect(&label, screen(&p, after_win), &["X wins!"]);
    expect(&label, screen(&p, after_draw), &["Draw!"]);
    expect(&label, screen(&p, p.len() - 1), &["resume"]);
    let saved = calc.settings();
    assert_eq!(saved.tally(), [1, 1, 1]);
    assert_eq!(saved.game(), Some(&[7u8, 4][..]), "the game left is kept");

    // 3. The game resumed, then resigned (F2); the scores reset; two computers: simple against
    // easy, O first; then medium against hard (neither ever loses: a draw).
    let mut s = Script::new();
    s.press(&[Enter, F(2), Enter]) // resume, resign, yes
        .press(&[Esc]) // the end screen: back to the menu
        .press(&[Down, Down, Down, Down, Down, Enter]); // reset the scores
    let reset = s.keys.len();
    s.press(&[Enter]) // yes
        .press(&[Up, Up, Up, Up]) // X
        .press(&[Right, Down, Left, Left, Left, Down, Right]); // simple, easy, O first
    let demo = s.keys.len();
    s.press(&[F(1)]) // play
        .press(&[Enter]) // after the first game: another
        .press(&[Esc]) // after the second: the menu
        .press(&[Up, Up, Right, Right, Down, Right, Right]) // medium, hard
        .press(&[Up, Up, Enter]); // play it
    let perfect = s.keys.len();
    s.press(&[Esc]) // the menu
        .press(&[Up]) // Quit (wrapping around)
        .press(&[Enter]);
    let p = calc.run("third run", &s);
    let label = format!("{model}: third run");
    expect(&label, screen(&p, 0), &["resume"]);
    expect(&label, screen(&p, 1), &["Ann"]);
    expect(
        &label,
        screen(&p, 2),
        &["Resign this game?", "ENTER:yes ESC:no"],
    );
    expect(&label, screen(&p, 3), &["X resigns"]);
    expect(&label, screen(&p, reset), &["Reset the scores?"]);
    expect(&label, screen(&p, demo), &["Simple", "Easy", "O"]);
    let results = ["X wins!", "O wins!", "Draw!"];
    for n in [demo + 1, demo + 2] {
        let s = screen(&p, n);
        assert!(
            results
                .iter()
                .any(|r| ti_emulator::find_text(s, r).is_some()),
            "{label}: a result after a game of two computers:\n{s:?}"
        );
        expect(&label, s, &["Simple", "Easy"]);
    }
    expect(&label, screen(&p, perfect), &["Draw!", "Medium", "Hard"]);
    print_move_cycles(
        &format!("{model} morpion computers"),
        &thinking_cycles(&calc.m),
    );
    let saved = calc.settings();
    let [x, o, d] = saved.tally();
    assert_eq!(x + o + d, 3, "three games since the reset");
    assert!(d >= 1, "medium against hard is a draw");
    assert_eq!(saved.bytes[KINDS..KINDS + 2], [3, 4]);
    assert_eq!(saved.bytes[FIRST], 1);

    // 4. ESC while the computer thinks: the game stops at once and is kept.
    let mut s = Script::new();
    s.press(&[Enter]);
    calc.m.answer_keys(&s.codes(model));
    calc.m.push_keys(&[Key::Esc.code(model)]); // pressed during the computer's pause
    calc.m.answer_keys(&[Key::Esc.code(model)]);
    let p = calc.run_queued("fourth run");
    let label = format!("{model}: fourth run");
    expect(&label, screen(&p, p.len() - 1), &["resume"]);
    let saved = calc.settings();
    assert!(saved.game().is_some_and(|g| g.len() <= 1), "{saved:?}");

    // 5. A damaged settings variable: a message, then the defaults.
    let mut data = calc.m.get_variable("games\\morpsave").unwrap().data;
    data[3] ^= 0x40;
    calc.store_settings(data);
    let p = calc.run("fifth run", Script::new().press(&[Enter, Esc]));
    let label = format!("{model}: fifth run");
    expect(&label, screen(&p, 0), &["morpsave", "is damaged or old"]);
    expect(&label, screen(&p, 1), &["new game", "Human", "Hard"]);
    let saved = calc.settings();
    assert_eq!(saved.tally(), [0, 0, 0]);
    assert_eq!(saved.name(0), "Player X");
}

#[test]
fn morpion_is_played_on_a_ti89() {
    morpion("morpion_is_played_on_a_ti89", Model::Ti89);
}

#[test]
fn morpion_is_played_on_a_voyage_200() {
    morpion("morpion_is_played_on_a_voyage_200", Model::V200);
}

/// The levels of `puiss4`, as its menu names them, and the players they are (its table.rs).
fn puiss4_levels() -> Vec<(&'static str, Ai)> {
    vec![
        ("Random", Ai::Random),
        ("Win/block", Ai::WinBlock),
        ("MinMax3", Ai::Minimax(3)),
        ("MinMax5", Ai::Minimax(5)),
        ("AlphaB", Ai::AlphaBeta(ENGINE_NODES)),
        ("Expert", Ai::Expert(ENGINE_NODES)),
    ]
}

/// The node budget of `puiss4`'s engine levels (calc/programs/src/puiss4/table.rs).
const ENGINE_NODES: u32 = 6000;

/// Entries of the engine's table in `p4ia` (calc/programs/src/bin/p4ia.rs).
const P4IA_TABLE: usize = 512;

/// `p4ia`'s request for `ai` with `seed` after `moves` (0-based columns), as custom data.
fn p4ia_request(ai: Ai, seed: u32, moves: &[u8]) -> Vec<u8> {
    let mut data = vec![1, ai.code()];
    data.extend_from_slice(&seed.to_be_bytes());
    data.push(moves.len() as u8);
    data.extend(moves.iter().map(|c| b'1' + c));
    data.extend_from_slice(b"\0p4q\0\xF8");
    data
}

/// Every level of `puiss4`'s AI, run by `p4ia` in the harness, plays the move the core plays
/// natively (same seed, same table), on `random` positions of random play (0 to 30 moves) and
/// `book` positions of the opening book; and its worst move stays under 10 s at 12 MHz: the
/// budgets the menu promises. The cycles (p4ia's whole run: its start, the request, the search,
/// the reply) are printed.
fn p4ia_levels(test: &str, random: usize, book: usize) {
    let Some(mut calc) = Calculator::with(test, Model::Ti89, &["p4ia"], ("p4req", "p4q")) else {
        return;
    };
    // puiss4 runs p4ia with its folder current.
    calc.m.set_current_folder("games").unwrap();
    let mut positions = random_positions_between(0x9_4A1A, random, 0, 30);
    positions.extend(book_positions(0x9_4A1B, book));
    let mut costs = Costs::default();
    for (name, ai) in puiss4_levels() {
        for (i, moves) in positions.iter().enumerate() {
            let seed = 1000 + i as u32;
            let board = c4_board(moves);
            let mut table = vec![Entry::EMPTY; P4IA_TABLE];
            let want = ai::choose(ai, &board, &mut Rng::new(seed), &mut table);
            calc.store_settings(p4ia_request(ai, seed, moves));
            let outcome = calc.m.run("games\\p4ia", "");
            let out = outcome.unwrap_or_else(|e| panic!("{name} after {moves:?}: {e}"));
            let reply = match calc.m.get_value("games\\p4rep").unwrap() {
                ti_files::Value::Opaque { data, .. } => data,
                other => panic!("{other:?}"),
            };
            assert_eq!(reply[0], 1);
            assert_eq!(
                (
                    reply[1],
                    u32::from_be_bytes([reply[3], reply[4], reply[5], reply[6]])
                ),
                (want.column.map_or(0, |c| c + 1), want.nodes),
                "{name} after {moves:?}: the column and nodes of the core"
            );
            costs.add(
                "connect four (p4ia)",
                name,
                out.counters.cycles,
                u64::from(want.nodes),
            );
        }
    }
    println!("{}", costs.table());
    costs.assert_max_under(10_000);
}

#[test]
fn p4ia_plays_like_the_core_within_the_menus_times() {
    p4ia_levels("p4ia_plays_like_the_core_within_the_menus_times", 14, 4);
}

/// The same on 120 positions (a few minutes): the figures of docs/playing.md.
#[test]
#[ignore = "120 positions at every level: a few minutes"]
fn p4ia_levels_on_120_positions() {
    p4ia_levels("p4ia_levels_on_120_positions", 100, 20);
}

/// The keys of a Connect Four game where the people play `columns` (0-based) in turn.
fn c4_keys(columns: &[u8]) -> Vec<Key> {
    columns.iter().map(|&c| Key::Char(b'1' + c)).collect()
}

/// A game of two people that fills the board without a four (a draw), found by seeded random
/// play that never completes a four when another column is left.
fn c4_draw() -> Vec<u8> {
    for seed in 0.. {
        let mut rng = Rng::new(seed);
        let mut board = c4_board(&[]);
        let mut moves = Vec::new();
        while board.outcome().is_none() {
            let safe: Vec<u8> = (0..7)
                .filter(|&c| board.can_play(c) && !board.is_winning_move(c))
                .collect();
            let Some(&c) = safe.get(rng.below(safe.len() as u32) as usize) else {
                break;
            };
            board.play(c).unwrap();
            moves.push(c);
        }
        if moves.len() == 42 && board.outcome() == Some(calc::connect4::Outcome::Draw) {
            return moves;
        }
    }
    unreachable!()
}

/// The game of a person who plays the first column not full against `ai` (which moves second,
/// its moves chosen as `p4ia` chooses them: no random choice at this level): the person's keys
/// (digits, or the arrows then ENTER for the first move) and the columns of the whole game.
fn c4_against(ai: Ai, arrows_first: bool, model_cursor: u8) -> (Vec<Key>, Vec<u8>) {
    let mut board = c4_board(&[]);
    let mut moves = Vec::new();
    let mut keys = Vec::new();
    let mut table = vec![Entry::EMPTY; P4IA_TABLE];
    while board.outcome().is_none() {
        let col = if board.moves() % 2 == 0 {
            let c = (0..7).find(|&c| board.can_play(c)).unwrap();
            if arrows_first && moves.is_empty() {
                keys.extend(std::iter::repeat_n(Left, usize::from(model_cursor - c)));
                keys.push(Enter);
            } else {
                keys.push(Key::Char(b'1' + c));
            }
            c
        } else {
            let seed = 0; // unused at this level
            ai::choose(ai, &board, &mut Rng::new(seed), &mut table)
                .column
                .unwrap()
        };
        board.play(col).unwrap();
        moves.push(col);
    }
    (keys, moves)
}

fn puiss4(test: &str, model: Model) {
    let Some(mut calc) = Calculator::with(test, model, &["puiss4", "p4ia"], ("p4save", "p4s"))
    else {
        return;
    };

    // 1. The defaults: a person (player 1, first) against the expert, who wins; the person's
    // first move with the arrows, the others with the digits.
    let (keys, game) = c4_against(Ai::Expert(ENGINE_NODES), true, 3);
    let end = c4_board(&game);
    assert_eq!(
        end.outcome(),
        Some(calc::connect4::Outcome::Win(Player::Second))
    );
    let mut s = Script::new();
    s.press(&[Enter]).press(&keys);
    let over = s.keys.len();
    s.press(&[Esc, Esc]);
    let p = calc.run("first run", &s);
    let label = format!("{model}: first run");
    expect(
        &label,
        screen(&p, 0),
        &["Connect Four", "new game", "Human", "Expert 7s"],
    );
    expect(
        &label,
        screen(&p, 1),
        &["Player 1", "Player 2", "Keys 1-7, or arrows+ENTER"],
    );
    expect(
        &label,
        screen(&p, over),
        &["won!", "ENTER:new game ESC:menu"],
    );
    let falls = calc
        .m
        .transcript()
        .calls
        .iter()
        .filter(|c| c.name == "OSRegisterTimer" && c.detail.starts_with("(6, 1)"))
        .count();
    assert!(falls > 0, "{label}: the pieces fall a row a tick");
    report_p4ia(
        &format!("{model} puiss4 expert"),
        &mut calc,
        &[None, Some("Expert")],
    );
    let saved = calc.settings();
    assert_eq!(saved.tally(), [0, 1, 0]);
    assert_eq!(saved.game(), None);

    // 2. Two people: player 1 wins (a column), then a draw (the board full), then a game left
    // with ESC and QUIT.
    let win: Vec<u8> = vec![0, 1, 0, 1, 0, 1, 0];
    let draw = c4_draw();
    let mut s = Script::new();
    s.press(&[
        Down, Down, Left, Left, Left, Left, Left, Left, Up, Up, Enter,
    ])
    .press(&c4_keys(&win));
    let after_win = s.keys.len();
    s.press(&[Enter]).press(&c4_keys(&draw));
    let after_draw = s.keys.len();
    s.press(&[Enter])
        .press(&c4_keys(&[3, 3]))
        .press(&[Esc, Quit]);
    let p = calc.run("second run", &s);
    let label = format!("{model}: second run");
    expect(&label, screen(&p, 2), &["Expert 7s"]);
    expect(&label, screen(&p, 10), &["Human"]);
    expect_not(&label, screen(&p, 10), "Expert");
    expect(&label, screen(&p, after_win), &["won!"]);
    expect(&label, screen(&p, after_draw), &["Draw!"]);
    expect(&label, screen(&p, p.len() - 1), &["resume"]);
    let saved = calc.settings();
    assert_eq!(saved.tally(), [1, 1, 1]);
    assert_eq!(saved.game(), Some(&b"44"[..]));

    // 3. Resumed and resigned; the names and the pause; then two computers for each pair of
    // levels, each game its own run (the cycles of each level's moves).
    let mut s = Script::new();
    s.press(&[Enter, F(2), Enter, Esc]) // resume, resign, yes, menu
        .press(&[F(2), Enter, Clear])
        .type_text("Eve")
        .press(&[Enter, Down, Down, Back])
        .type_text("0") // no pause: one tick
        .press(&[Esc, Esc]);
    let p = calc.run("third run", &s);
    let label = format!("{model}: third run");
    expect(&label, screen(&p, 1), &["Player 1", "Player 2"]);
    expect(&label, screen(&p, 3), &["quits"]);
    expect(&label, screen(&p, p.len() - 2), &["Eve", "Pause (1/10 s)"]);
    let saved = calc.settings();
    assert_eq!(saved.tally(), [1, 2, 1]);
    assert_eq!((saved.name(0), saved.bytes[PAUSE]), ("Eve".into(), 0));
    for (a, b) in [(1u8, 2u8), (3, 4), (5, 6)] {
        let mut data = calc.m.get_variable("games\\p4save").unwrap().data;
        // The kinds, straight into the saved settings (the menu's cycling is tested above).
        let mut settings = emu_tests::games::saved::Settings::from_variable(&data, "p4s").unwrap();
        settings.bytes[KINDS] = a;
        settings.bytes[KINDS + 1] = b;
        data = settings.to_variable("p4s");
        calc.store_settings(data);
        let p = calc.run(
            "a game of two computers",
            Script::new().press(&[Enter, Esc, Esc]),
        );
        let names = puiss4_levels();
        let (na, nb) = (names[usize::from(a) - 1].0, names[usize::from(b) - 1].0);
        let label = format!("{model}: {na} against {nb}");
        let results = ["won!", "Draw!"];
        assert!(
            results
                .iter()
                .any(|r| ti_emulator::find_text(screen(&p, 1), r).is_some()),
            "{label}: a result:\n{:?}",
            screen(&p, 1)
        );
        report_p4ia(&label, &mut calc, &[Some(na), Some(nb)]);
    }

    // 4. ESC while p4ia thinks (the engine, from the empty board): the game is left at once.
    let mut settings = calc.settings();
    settings.bytes[KINDS] = 5;
    settings.bytes[KINDS + 1] = 0;
    calc.store_settings(settings.to_variable("p4s"));
    calc.m.answer_keys(&[Enter.code(model)]);
    calc.m.push_keys(&[Esc.code(model)]);
    calc.m.answer_keys(&[Esc.code(model)]);
    let p = calc.run_queued("fourth run");
    // The keys read: ENTER by the menu, ESC by p4ia (while it searched), ESC by the menu.
    assert_eq!(p.len(), 3);
    expect(&format!("{model}: fourth run"), screen(&p, 2), &["resume"]);
    let runs = calc.m.take_runs();
    assert!(runs.iter().any(|r| r.program.ends_with("p4ia")));
    assert_eq!(calc.settings().game(), Some(&b""[..]), "nothing played");

    // 5. Without p4ia beside it: a message, back to the menu.
    calc.m
        .set_value(
            "games\\p4ia",
            &ti_files::Value::Integer(ti_files::Integer::from(0)),
        )
        .unwrap();
    let p = calc.run("fifth run", Script::new().press(&[Enter, Enter, Esc]));
    let label = format!("{model}: fifth run");
    expect(
        &label,
        screen(&p, 1),
        &["p4ia is not here:", "send it beside puiss4"],
    );
    expect(&label, screen(&p, 2), &["resume"]);
}

/// Prints the cycles of each side's computer moves of the last run (`p4ia`'s runs, which
/// alternate between the sides, the side that moves first first; `None`: a person).
fn report_p4ia(label: &str, calc: &mut Calculator, sides: &[Option<&str>; 2]) {
    let runs = program_cycles(&mut calc.m, "p4ia");
    match sides {
        [Some(a), Some(b)] => {
            let (even, odd): (Vec<_>, Vec<_>) =
                runs.iter().enumerate().partition(|(i, _)| i % 2 == 0);
            print_move_cycles(
                &format!("{label}: {a}"),
                &even.iter().map(|(_, c)| **c).collect::<Vec<_>>(),
            );
            print_move_cycles(
                &format!("{label}: {b}"),
                &odd.iter().map(|(_, c)| **c).collect::<Vec<_>>(),
            );
        }
        [None, Some(a)] | [Some(a), None] => print_move_cycles(&format!("{label}: {a}"), &runs),
        [None, None] => {}
    }
}

#[test]
fn puiss4_is_played_on_a_ti89() {
    puiss4("puiss4_is_played_on_a_ti89", Model::Ti89);
}

#[test]
fn puiss4_is_played_on_a_voyage_200() {
    puiss4("puiss4_is_played_on_a_voyage_200", Model::V200);
}
