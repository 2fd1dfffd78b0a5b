//! The calculator programs of `calc/programs`, built by the project's cross build and run in the
//! CPU harness: `hello` on each model (its name and the model it reads at run time, drawn where
//! expected, the screen given back, no memory or error frame left), the same program with a
//! relocation table instead of PC-relative code, and the runtime's clean exits on a panic and
//! on a shadow-stack overflow.

mod programs;

use ti_emulator::{map, Machine};
use ti_files::Model;

/// Fills the screen with a pattern (what a program must give back) and returns it.
fn patterned_screen(m: &mut Machine) -> ti_files::Screen {
    let pattern: Vec<u8> = (0..map::LCD_SIZE).map(|i| (i * 37 % 251) as u8).collect();
    m.write_bytes(map::LCD, &pattern).unwrap();
    m.screenshot()
}

/// What hello draws on `model`: (x, y, text, font, attribute), with the centring of
/// src/bin/hello.rs (large font, 8 pixels a character, then medium, 6). The harness reads
/// DrawStr's and FontSetSys's arguments under the AMS convention (`short`s in 2-byte slots),
/// so this also checks how the OS layer pushes them.
fn expected_hello(model: Model) -> Vec<(i16, i16, String, u8, u16)> {
    let (width, height) = model.screen_size();
    let (width, height) = (width as i16, height as i16);
    let name = model.to_string();
    vec![
        (
            (width - 5 * 8) / 2,
            height / 2 - 16,
            "hello".to_string(),
            2,
            1,
        ),
        ((width - name.len() as i16 * 6) / 2, height / 2, name, 1, 1),
    ]
}

fn run_hello(test: &str, absolute: bool) {
    let Some(built) = programs::build_program(test, "hello", |o| {
        o.pcrel = Some(!absolute);
    }) else {
        return;
    };
    assert_eq!(built.image.relocations.is_empty(), !absolute);
    for model in Model::ALL {
        let mut m = Machine::new(model);
        m.load(&built.image).unwrap();
        let before = patterned_screen(&mut m);
        m.push_keys(&[13]);
        let outcome = m
            .run_program()
            .unwrap_or_else(|e| panic!("{model}: {e}\n{}", m.transcript()));
        let drawn: Vec<(i16, i16, String, u8, u16)> = m
            .transcript()
            .text
            .iter()
            .map(|t| (t.x, t.y, t.text.clone(), t.font, t.attr))
            .collect();
        assert_eq!(drawn, expected_hello(model), "{model}:\n{}", m.transcript());
        assert_eq!(m.keys_left(), 0, "{model}: hello did not wait for a key");
        assert_eq!(
            m.screenshot(),
            before,
            "{model}: the screen was not given back"
        );
        eprintln!(
            "{test}: {model}: {:?} in {} cycles",
            m.transcript().drawn(),
            outcome.counters.cycles
        );
    }
}

#[test]
fn hello_shows_its_name_and_the_model_on_every_model() {
    run_hello("hello_shows_its_name_and_the_model_on_every_model", false);
}

#[test]
fn hello_with_a_relocation_table_runs_the_same() {
    run_hello("hello_with_a_relocation_table_runs_the_same", true);
}

/// testcore, run as a program, panics on `p` and overflows its shadow stack on `s`.
#[test]
fn traps_end_the_program_cleanly_with_a_message() {
    let test = "traps_end_the_program_cleanly_with_a_message";
    let Some(built) = programs::build_program(test, "testcore", |_| {}) else {
        return;
    };
    let cases = [
        (b'p', Some("testcore: panic")),
        (b's', Some("testcore: stack overflow")),
        (b'x', None),
    ];
    for (key, message) in cases {
        let mut m = Machine::new(Model::Ti89);
        m.load(&built.image).unwrap();
        let before = patterned_screen(&mut m);
        m.push_keys(&[u16::from(key)]);
        // run_program also fails on a heap block or an error frame left behind.
        m.run_program()
            .unwrap_or_else(|e| panic!("key {}: {e}\n{}", key as char, m.transcript()));
        assert_eq!(m.status_line().message.as_deref(), message);
        let transcript = m.transcript();
        let shown: Vec<&str> = transcript
            .calls
            .iter()
            .filter(|c| c.name == "ST_helpMsg")
            .map(|c| c.detail.as_str())
            .collect();
        match message {
            Some(text) => {
                assert_eq!(shown, [format!("({text:?})")], "{transcript}");
                assert_eq!(transcript.count("ER_throwVar"), 1, "{transcript}");
                assert_eq!(transcript.count("ER_success"), 0, "{transcript}");
            }
            None => {
                assert!(shown.is_empty(), "{transcript}");
                assert_eq!(transcript.count("ER_success"), 1, "{transcript}");
            }
        }
        assert_eq!(
            transcript.count("HeapAllocPtr"),
            transcript.count("HeapFreePtr")
        );
        assert_eq!(m.screenshot(), before, "the screen was not given back");
    }
}
