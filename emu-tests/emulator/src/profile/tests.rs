//! The profiler on a hand-assembled program whose calls are known: calls, returns, a loop of
//! calls, a tail call and a ROM call.

use super::*;
use ti_build::{CodeKind, FunctionSymbol, ProgramImage};
use ti_files::Model;

/// `bsr.w` from `at` to `target`.
fn bsr(at: u32, target: u32) -> [u8; 4] {
    let d = (target as i32 - (at as i32 + 2)) as i16;
    let [a, b] = d.to_be_bytes();
    [0x61, 0x00, a, b]
}

/// `bra.w` from `at` to `target`.
fn bra(at: u32, target: u32) -> [u8; 4] {
    let d = (target as i32 - (at as i32 + 2)) as i16;
    let [a, b] = d.to_be_bytes();
    [0x60, 0x00, a, b]
}

const NOP: [u8; 2] = [0x4E, 0x71];
const RTS: [u8; 2] = [0x4E, 0x75];

/// main (0x00): f twice, HeapAvail through the jump table, return.
/// f (0x20): g three times in a loop, then a tail call of h.
/// g (0x40): nop, return. h (0x50): nop, nop, return.
fn program() -> (ProgramImage, SymbolMap) {
    let mut body = vec![0u8; 0x60];
    let mut put = |at: usize, bytes: &[u8]| body[at..at + bytes.len()].copy_from_slice(bytes);
    put(0x00, &bsr(0x00, 0x20));
    put(0x04, &bsr(0x04, 0x20));
    // move.l (0xC8).w,a0 ; move.l (0x8F*4)(a0),a0 ; jsr (a0)
    put(
        0x08,
        &[0x20, 0x78, 0x00, 0xC8, 0x20, 0x68, 0x02, 0x3C, 0x4E, 0x90],
    );
    put(0x12, &RTS);
    put(0x20, &[0x70, 0x03]); // moveq #3,d0
    put(0x22, &bsr(0x22, 0x40));
    put(0x26, &[0x53, 0x80]); // subq.l #1,d0
    put(0x28, &[0x66, 0xF8]); // bne.s 0x22
    put(0x2A, &bra(0x2A, 0x50));
    put(0x40, &NOP);
    put(0x42, &RTS);
    put(0x50, &NOP);
    put(0x52, &NOP);
    put(0x54, &RTS);
    let image = ProgramImage {
        body,
        text_len: 0x60,
        exports: [("main".to_string(), 0)].into_iter().collect(),
        ..Default::default()
    };
    let f = |offset, size, kind, name: &str| FunctionSymbol {
        offset,
        size,
        kind,
        name: name.into(),
    };
    let symbols = SymbolMap {
        program: "calls".into(),
        text_len: 0x60,
        exports: image.exports.clone(),
        functions: vec![
            f(0x00, 0x14, CodeKind::Export, "main"),
            f(0x20, 0x0E, CodeKind::Rust, "f"),
            f(0x40, 0x04, CodeKind::Rust, "g"),
            f(0x50, 0x06, CodeKind::Helper, "h"),
        ],
    };
    (image, symbols)
}

fn cost<'a>(costs: &'a [FunctionCost], name: &str) -> &'a FunctionCost {
    costs
        .iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("{name} not in {costs:?}"))
}

#[test]
fn calls_returns_tail_calls_and_rom_calls_are_followed() {
    let (image, symbols) = program();
    let mut m = Machine::new(Model::Ti89);
    m.load(&image).unwrap();
    let (outcome, profile) = m.profile_call(&symbols, "main", &[]).unwrap();
    assert_eq!(outcome.d0, m.heap_avail());
    assert_eq!(profile.cycles, outcome.counters.cycles);
    assert_eq!(profile.instructions, outcome.counters.instructions);
    let costs = profile.functions();
    assert_eq!(cost(&costs, "main").calls, 1);
    assert_eq!(cost(&costs, "f").calls, 2);
    assert_eq!(cost(&costs, "g").calls, 6);
    assert_eq!(cost(&costs, "h").calls, 2, "tail calls");
    assert_eq!(cost(&costs, "ROM HeapAvail").calls, 1);
    assert_eq!(
        cost(&costs, "ROM HeapAvail").self_cycles,
        16,
        "the stub's rts"
    );
    // g: nop (4) + rts (16) per call.
    assert_eq!(cost(&costs, "g").self_cycles, 6 * 20);
    assert_eq!(cost(&costs, "g").total_cycles, 6 * 20);
    // h: nop, nop, rts.
    assert_eq!(cost(&costs, "h").self_cycles, 2 * 24);
    // Every cycle is some function's own, and main's total is all of them.
    let sum: u64 = costs.iter().map(|c| c.self_cycles).sum();
    assert_eq!(sum, profile.cycles);
    assert_eq!(cost(&costs, "main").total_cycles, profile.cycles);
    // f's total includes its calls of g but not h, which replaced it.
    assert_eq!(
        cost(&costs, "f").total_cycles,
        cost(&costs, "f").self_cycles + cost(&costs, "g").total_cycles
    );
    let callers = profile.callers("h");
    assert_eq!(callers.len(), 1);
    assert_eq!(callers[0].caller, "main");
    assert_eq!(profile.callers("g")[0].calls, 6);
    assert_eq!(profile.callers("main")[0].caller, "(harness)");

    let collapsed = profile.collapsed();
    assert!(collapsed.contains("main [export];f;g 120\n"), "{collapsed}");
    assert!(
        collapsed.contains("main [export];h [helper] 48\n"),
        "{collapsed}"
    );
    assert!(
        collapsed.contains("main [export];ROM HeapAvail [rom] 16\n"),
        "{collapsed}"
    );
    let table = profile.table(10, 2, 3);
    assert!(table.contains("Profile of calls: main"), "{table}");
    assert!(table.contains("Callers of the 2 hottest"), "{table}");
    let hot = profile.hot_instructions(1);
    assert_eq!(hot[0].function, "f");
    let svg = profile.flame_graph("calls").unwrap();
    assert!(svg.starts_with("<?xml"), "{}", &svg[..80]);
    assert!(svg.contains("h [helper]"));
}

#[test]
fn profiles_add_up_over_several_calls_and_stop() {
    let (image, symbols) = program();
    let mut m = Machine::new(Model::Ti89);
    m.load(&image).unwrap();
    m.start_profiling(&symbols).unwrap();
    let a = m.call("main", &[]).unwrap();
    let b = m.call("main", &[]).unwrap();
    let profile = m.stop_profiling().unwrap();
    assert_eq!(profile.cycles, a.counters.cycles + b.counters.cycles);
    assert_eq!(cost(&profile.functions(), "g").calls, 12);
    assert!(profile.table(5, 0, 0).contains("main x 2"));
    assert!(m.stop_profiling().is_none());
    // A map of another build is refused.
    let mut other = symbols.clone();
    other.text_len = 0x80;
    assert!(m.start_profiling(&other).is_err());
}

#[test]
fn thousands_are_grouped() {
    assert_eq!(thousands(0), "0");
    assert_eq!(thousands(999), "999");
    assert_eq!(thousands(1000), "1,000");
    assert_eq!(thousands(12_345_678), "12,345,678");
}
