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

use calc::tictactoe::{Board as TttBoard, Mark, Status};
use emu_tests::ai::{millis, thousands};
use emu_tests::games::keys::{Key, Script};
use emu_tests::games::saved::{FIRST, KINDS, PAUSE};
use games::{expect, expect_not, screen, thinking_cycles, Calculator};
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

/// Prints the cycles of the computer's moves of a run.
fn report(label: &str, cycles: &[u64]) {
    if cycles.is_empty() {
        return;
    }
    let worst = *cycles.iter().max().unwrap();
    let mean = cycles.iter().sum::<u64>() / cycles.len() as u64;
    println!(
        "{label}: {} computer moves, mean {} cycles ({:.1} ms), worst {} ({:.1} ms at 12 MHz)",
        cycles.len(),
        thousands(mean),
        millis(mean),
        thousands(worst),
        millis(worst)
    );
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
    report(&format!("{model} morpion hard"), &thinking_cycles(&calc.m));
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
    report(
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
