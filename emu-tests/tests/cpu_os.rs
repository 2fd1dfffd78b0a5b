//! The high-level AMS beyond the basics: drawing primitives land in the LCD memory, timers
//! follow emulated time, key polling works and, with no key, fails with a hint.

use emu_tests::fixture;
use ti_emulator::{Failure, Machine};
use ti_files::Model;

fn os_machine() -> Option<Machine> {
    if !fixture::require_binutils("cpu_os") {
        return None;
    }
    let mut m = Machine::new(Model::Ti92Plus);
    m.load(&fixture::assemble_fixture("os").unwrap()).unwrap();
    Some(m)
}

#[test]
fn drawing_primitives_reach_the_lcd() {
    let Some(mut m) = os_machine() else { return };
    assert_eq!(
        m.call("draw", &[]).unwrap().d0,
        1,
        "FontSetSys returns F_6x8, the default"
    );
    let s = m.screenshot();
    assert!(s.get(0, 0), "DrawPix");
    assert!((0..=20).all(|x| s.get(x, 10)) && !s.get(21, 10), "DrawLine");
    let square = (30..40).all(|y| (30..40).all(|x| s.get(x, y)));
    assert!(square && !s.get(40, 35) && !s.get(29, 35), "ScrRectFill");
    assert_eq!(s.text_rows(50, 55), "..................................................#.#\n..................................................#.#\n...................................................#\n..................................................#.#\n..................................................#.#\n", "DrawChar 'X' in the 3x5 font");
    assert_eq!(m.transcript().drawn(), ["X"]);
    assert_eq!(
        m.transcript().names(),
        [
            "FontSetSys",
            "DrawPix",
            "DrawLine",
            "ScrRectFill",
            "DrawChar"
        ]
    );
    // Drawing 'X' again with A_XOR erases it.
    m.call("draw", &[]).unwrap();
    assert!(!m.screenshot().get(50, 50));
}

#[test]
fn ellipses_are_outlines_clipped_and_xored() {
    let Some(mut m) = os_machine() else { return };
    m.call("circle", &[1]).unwrap();
    let s = m.screenshot();
    for (x, y) in [(106, 60), (94, 60), (100, 66), (100, 54)] {
        assert!(s.get(x, y), "circle point ({x}, {y})");
    }
    assert!(!s.get(100, 60) && !s.get(107, 60), "an outline of radius 6");
    assert!(
        s.get(100, 33) && s.get(100, 27) && s.get(90, 30),
        "ellipse 10 x 3"
    );
    assert!(!s.get(110, 30) && !s.get(106, 32), "clipped at x = 105");
    let lit = (0..240)
        .flat_map(|x| (0..128).map(move |y| (x, y)))
        .filter(|&(x, y)| s.get(x, y))
        .count();
    assert!(lit > 40, "{lit} pixels");
    // A_XOR twice gives the screen back: every point is drawn once.
    m.call("circle", &[2]).unwrap();
    m.call("circle", &[2]).unwrap();
    assert_eq!(m.screenshot(), s);
    m.call("circle", &[0]).unwrap();
    assert!(!m.screenshot().get(106, 60), "A_REVERSE erases");
}

#[test]
fn timers_follow_emulated_cycles() {
    let Some(mut m) = os_machine() else { return };
    let out = m.call("wait_ticks", &[4]).unwrap();
    let ticks = out.d0;
    assert!((4..=5).contains(&ticks), "FiftyMsecTick = {ticks}");
    // 4 ticks of 50 ms at 12 MHz = 2.4 M cycles.
    let c = out.counters.cycles;
    assert!((1_800_000..=3_000_000).contains(&c), "{c} cycles");
    assert_eq!(m.transcript().count("OSRegisterTimer"), 1);
}

#[test]
fn key_polling_gets_the_scripted_key_or_a_hint() {
    let Some(mut m) = os_machine() else { return };
    m.push_keys(&[338]);
    assert_eq!(m.call("poll_key", &[]).unwrap().d0, 338);
    m.set_budget(500_000);
    let e = m.call("poll_key", &[]).unwrap_err();
    assert!(matches!(e, Failure::CycleBudget { .. }), "{e}");
    assert!(e.to_string().contains("polled kbhit"), "{e}");
}
