//! The CPU harness runs 68000 fixtures (assembled at test time by binutils) and gets the
//! expected results: calls with arguments, relocations applied as AMS does, programs that
//! draw through the jump table, read keys, use the heap and the error frames.

use emu_tests::fixture;
use ti_emulator::ReadMemory;
use ti_emulator::{Failure, Machine};
use ti_files::Model;

fn machine_with(name: &str, model: Model) -> Option<Machine> {
    if !fixture::require_binutils(name) {
        return None;
    }
    let image = fixture::assemble_fixture(name).expect("fixture builds");
    let mut m = Machine::new(model);
    m.load(&image).expect("fixture loads");
    Some(m)
}

#[test]
fn sums_an_array_passed_by_pointer() {
    let Some(mut m) = machine_with("sum", Model::Ti89) else {
        return;
    };
    let words: Vec<u8> = [5i16, -2, 300, 7, -1000]
        .iter()
        .flat_map(|w| w.to_be_bytes())
        .collect();
    let p = m.alloc_bytes(&words).unwrap();
    let out = m.call("sum_words", &[p, 5]).unwrap();
    assert_eq!(out.d0 as i32, 5 - 2 + 300 + 7 - 1000);
    assert!(
        out.counters.cycles > 100 && out.counters.instructions > 20,
        "{out:?}"
    );
    // The same call again costs the same: the counters are per call.
    let again = m.call("sum_words", &[p, 5]).unwrap();
    assert_eq!(again.counters, out.counters);
}

#[test]
fn writes_results_into_a_buffer() {
    let Some(mut m) = machine_with("sum", Model::V200) else {
        return;
    };
    let out = m.alloc(2 * 20).unwrap();
    m.call("fill_squares", &[out, 20]).unwrap();
    let bytes = m.read_bytes(out, 40).unwrap();
    let got: Vec<u16> = bytes
        .chunks(2)
        .map(|c| u16::from_be_bytes([c[0], c[1]]))
        .collect();
    let want: Vec<u16> = (0..20u16).map(|i| i * i).collect();
    assert_eq!(got, want);
}

#[test]
fn applies_the_relocation_table_as_ams_does() {
    let Some(mut m) = machine_with("reloc", Model::Ti92Plus) else {
        return;
    };
    let p = m.program().unwrap().clone();
    assert_eq!(
        p.relocations, 4,
        "abs.l table_ptr, counter twice, and .long table in .data"
    );
    assert!(p.base >= ti_emulator::map::HEAP_START, "loaded in the heap");
    assert_eq!(m.call("table_sum", &[]).unwrap().d0, 1234);
    assert_eq!(m.call("bump", &[]).unwrap().d0, 1);
    assert_eq!(
        m.call("bump", &[]).unwrap().d0,
        2,
        ".data is writable and keeps its value"
    );
}

#[test]
fn loads_straight_from_variable_data_like_a_89z() {
    if !fixture::require_binutils("variable data") {
        return;
    }
    let image = fixture::assemble_fixture("reloc").unwrap();
    let data = image.to_variable_data().unwrap();
    let mut m = Machine::new(Model::Ti89);
    let loaded = m.load_variable_data(&data, None).unwrap();
    assert_eq!(loaded.relocations, 4);
    assert_eq!(loaded.body_len as usize, image.body.len());
    let off = image.exports["table_sum"];
    assert_eq!(m.call_offset("table_sum", off, &[]).unwrap().d0, 1234);
}

#[test]
fn hello_draws_through_the_jump_table_and_reads_a_key() {
    for (model, line) in [
        (Model::Ti89, "Model: TI-89"),
        (Model::Ti92Plus, "Model: TI-92 Plus or V200"),
        (Model::V200, "Model: TI-92 Plus or V200"),
    ] {
        let Some(mut m) = machine_with("hello", model) else {
            return;
        };
        m.push_keys(&[264]); // ESC
        let out = m.run_program().unwrap();
        assert_eq!(out.d0, 264, "the key code comes back");
        assert_eq!(m.transcript().drawn(), ["Hello from the 68000", line]);
        assert_eq!(
            m.transcript().names(),
            ["ClrScr", "DrawStr", "DrawStr", "ngetchx"]
        );
        let shot = m.screenshot();
        assert_eq!((shot.width(), shot.height()), model.screen_size());
        assert!(
            shot.dark_pixels() > 100,
            "text was drawn:\n{}",
            shot.text_rows(0, 20)
        );
        assert_eq!(m.keys_left(), 0);
    }
}

#[test]
fn screen_dump_is_a_png() {
    let Some(mut m) = machine_with("hello", Model::Ti89) else {
        return;
    };
    m.push_keys(&[13]);
    m.run_program().unwrap();
    let png = m.screenshot().to_png(2);
    assert_eq!(&png[1..4], b"PNG");
    let dir = std::env::temp_dir().join(format!("cpu-png-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("hello.png");
    m.save_screen_png(&path, 2).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), png);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn er_catch_receives_a_throw_from_a_nested_call() {
    let Some(mut m) = machine_with("errors", Model::Ti89) else {
        return;
    };
    assert_eq!(m.call("try_throw", &[910]).unwrap().d0, 910);
    assert_eq!(
        m.call("try_throw", &[0]).unwrap().d0,
        0,
        "no throw: ER_success"
    );
    assert_eq!(m.call("try_aline", &[]).unwrap().d0, 40, "A-line ER_throw");
    let names = m.transcript().names();
    assert_eq!(
        names,
        [
            "ER_catch",
            "ER_throwVar",
            "ER_catch",
            "ER_success",
            "ER_catch",
            "ER_throw"
        ]
    );
}

#[test]
fn uncaught_throw_names_the_error() {
    let Some(mut m) = machine_with("errors", Model::Ti89) else {
        return;
    };
    let e = m.call("throw_uncaught", &[]).unwrap_err();
    assert!(matches!(e, Failure::UncaughtError { code: 670, .. }), "{e}");
    assert!(e.to_string().contains("670 (MEMORY)"), "{e}");
}

#[test]
fn heap_round_trip_leaves_nothing() {
    let Some(mut m) = machine_with("heap", Model::Ti89) else {
        return;
    };
    let before = m.heap_avail();
    assert_eq!(m.call("roundtrip", &[300]).unwrap().d0, 300 + 0x42);
    assert_eq!(m.heap_avail(), before);
    assert_eq!(
        m.transcript().names(),
        [
            "HeapAlloc",
            "HLock",
            "HeapSize",
            "HeapDeref",
            "HeapUnlock",
            "HeapFree"
        ]
    );
}

/// An allocation may move unlocked blocks (AMS compacts the heap): the data goes along, a
/// pointer kept from before reads garbage, as on a calculator.
#[test]
fn unlocked_blocks_move_when_the_program_allocates() {
    let Some(mut m) = machine_with("heap", Model::Ti89) else {
        return;
    };
    let before = m.heap_avail();
    let d0 = m.call("stale_pointer", &[]).unwrap().d0;
    assert_eq!(d0 & 0xFF, 0x42, "the block's data moved with it: {d0:#x}");
    assert_ne!(
        d0 >> 8,
        0x42,
        "the kept pointer still saw the data: {d0:#x}"
    );
    assert_eq!(m.heap_avail(), before);
}

#[test]
fn heap_mistakes_are_caught() {
    let Some(mut m) = machine_with("heap", Model::Ti89) else {
        return;
    };
    let e = m.call("double_free", &[]).unwrap_err();
    assert!(
        e.to_string().contains("HeapFree") && e.to_string().contains("not allocated"),
        "{e}"
    );
    let Some(mut m) = machine_with("heap", Model::Ti89) else {
        return;
    };
    let e = m.call("overrun", &[]).unwrap_err();
    assert!(
        e.to_string().contains("HeapFreePtr") && e.to_string().contains("past its end"),
        "{e}"
    );
    let Some(mut m) = machine_with("heap", Model::Ti89) else {
        return;
    };
    let e = m.run_program().unwrap_err();
    assert!(matches!(e, Failure::Leaks { count: 1, .. }), "{e}");
    assert!(e.to_string().contains("100 bytes, from HeapAlloc"), "{e}");
}
