//! The gate of the 68000 route: the core's Connect Four search, built by the project's cross
//! build (Rust -> wasm32 -> wasm2c -> GCC -m68000, program `testcore`) and run in the CPU
//! harness, returns the same column, score and node count as the same search run natively, on
//! fixed positions (benchmark openings and a sample of Pons' test sets), on seeded random
//! positions, and when several searches share one session. The runtime's 68000 arithmetic
//! helpers are checked the same way. Every calculator feature stands on this.
//!
//! The cycles per search node it prints are the route's speed figure (the harness counts
//! 68000 cycles exactly; 12 MHz calculators run 12,000 cycles per millisecond).

mod programs;

use calc::connect4::search::{search_depth, Entry};
use calc::connect4::Board;
use calc::rng::Rng;
use emu_tests::diff::Differential;
use ti_build::Built;
use ti_emulator::Machine;
use ti_files::Model;

/// What a search returns, compared field by field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Found {
    column: Option<u8>,
    score: i16,
    nodes: u32,
}

fn testcore(test: &str) -> Option<Built> {
    programs::build_program(test, "testcore", |_| {})
}

/// A machine with testcore loaded and its module instantiated (one session).
fn session(built: &Built) -> Machine {
    let mut m = Machine::new(Model::Ti89);
    m.load(&built.image).unwrap();
    m.call("w68k_open", &[]).unwrap();
    m
}

fn native(moves: &[u8], depth: u8, table_len: usize) -> Found {
    let mut board = Board::new();
    for &column in moves {
        board.play(column).unwrap();
    }
    let mut table = vec![Entry::EMPTY; table_len];
    let result = search_depth(&board, depth, &mut table);
    Found {
        column: result.column,
        score: result.score,
        nodes: result.nodes,
    }
}

/// The same search on the 68000; also returns its cycles.
fn emulated(
    m: &mut Machine,
    moves: &[u8],
    depth: u8,
) -> Result<(Found, u64), ti_emulator::Failure> {
    m.call("c4_reset", &[])?;
    for &column in moves {
        assert_eq!(
            m.call("c4_play", &[u32::from(column)])?.d0,
            0,
            "move {column} refused"
        );
    }
    let out = m.call("c4_search", &[u32::from(depth)])?;
    let nodes = m.call("c4_nodes", &[])?.d0;
    let column = match out.d0 >> 16 {
        0 => None,
        c => Some(c as u8 - 1),
    };
    let found = Found {
        column,
        score: out.d0 as u16 as i16,
        nodes,
    };
    Ok((found, out.counters.cycles))
}

/// Runs each (name, moves, depth) natively and on the 68000 in one session; returns the
/// total cycles and nodes of the 68000 searches.
fn compare_all(m: Machine, cases: &[(String, Vec<u8>, u8)]) -> (u64, u64) {
    let mut m = m;
    let table_len = m.call("c4_table_len", &[]).unwrap().d0 as usize;
    let mut d = Differential::new(m);
    let (mut cycles, mut nodes) = (0u64, 0u64);
    for (name, moves, depth) in cases {
        let mut spent = 0;
        let found = d
            .check(
                &format!("{name} depth {depth}"),
                || native(moves, *depth, table_len),
                |m| {
                    let (found, c) = emulated(m, moves, *depth)?;
                    spent = c;
                    Ok(found)
                },
            )
            .unwrap_or_else(|e| panic!("{e}"));
        cycles += spent;
        nodes += u64::from(found.nodes);
    }
    eprintln!("{}", d.summary());
    (cycles, nodes)
}

/// Moves "1".."7" to columns 0..6.
fn columns(moves: &str) -> Vec<u8> {
    moves.bytes().map(|b| b - b'1').collect()
}

#[test]
fn searches_match_native_on_fixed_positions() {
    let test = "searches_match_native_on_fixed_positions";
    let Some(built) = testcore(test) else { return };

    // Openings searched deep: the speed figure.
    let openings: Vec<(String, Vec<u8>, u8)> = [
        ("", 8),
        ("4", 8),
        ("4455", 7),
        ("3345", 8),
        ("44443333", 9),
        ("4321567", 8),
    ]
    .iter()
    .map(|&(moves, depth)| (format!("opening {moves:?}"), columns(moves), depth))
    .collect();
    let (cycles, nodes) = compare_all(session(&built), &openings);
    eprintln!(
        "{test}: openings: {nodes} nodes, {cycles} cycles, {} cycles per node",
        cycles / nodes
    );

    // A sample of Pons' six test sets, searched to depth 6.
    let text = std::fs::read_to_string(
        programs::repo_root().join("emu-tests/tests/data/connect4/gate_positions.txt"),
    )
    .unwrap();
    let sample: Vec<(String, Vec<u8>, u8)> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            (
                format!("{} {}", fields[2], fields[0]),
                columns(fields[0]),
                6,
            )
        })
        .collect();
    assert_eq!(sample.len(), 18);
    let (cycles, nodes) = compare_all(session(&built), &sample);
    eprintln!(
        "{test}: Pons sample: {nodes} nodes, {cycles} cycles, {} cycles per node",
        cycles / nodes
    );
}

#[test]
fn searches_match_native_on_random_positions() {
    let Some(built) = testcore("searches_match_native_on_random_positions") else {
        return;
    };
    let mut rng = Rng::new(0x6800_0001);
    let mut cases = Vec::new();
    while cases.len() < 40 {
        let length = rng.below(24);
        let mut board = Board::new();
        let mut moves = Vec::new();
        while moves.len() < length as usize && board.outcome().is_none() {
            let column = rng.below(7) as u8;
            if board.play(column).is_ok() {
                moves.push(column);
            }
        }
        if board.outcome().is_none() {
            let depth = 4 + rng.below(3) as u8;
            cases.push((format!("random #{} {moves:?}", cases.len()), moves, depth));
        }
    }
    compare_all(session(&built), &cases);
}

#[test]
fn repeated_searches_in_one_session_agree() {
    let Some(built) = testcore("repeated_searches_in_one_session_agree") else {
        return;
    };
    let mut m = session(&built);
    let first = emulated(&mut m, &columns("4455"), 7).unwrap().0;
    let other = emulated(&mut m, &columns("3345"), 6).unwrap().0;
    let again = emulated(&mut m, &columns("4455"), 7).unwrap().0;
    assert_eq!(first, again, "a second search of the same position differs");
    let table_len = m.call("c4_table_len", &[]).unwrap().d0 as usize;
    assert_eq!(other, native(&columns("3345"), 6, table_len));
    m.call("w68k_close", &[]).unwrap();
    assert!(
        m.heap_blocks()
            .iter()
            .all(|b| b.size != built.report.linear),
        "w68k_close left the linear memory allocated"
    );
}

/// Operands of mixed magnitudes: small, 16-bit, 32-bit, with random signs.
fn operand(rng: &mut Rng) -> u32 {
    match rng.below(4) {
        0 => rng.below(20),
        1 => rng.next_u32() & 0xFFFF,
        2 => rng.next_u32(),
        _ => 0u32.wrapping_sub(rng.below(70_000)),
    }
}

/// The operation table `testcore` exports: the same source file, compiled natively here.
#[path = "../../calc/programs/src/testentry/arith.rs"]
mod arith;

#[test]
fn arithmetic_helpers_match_native() {
    let Some(built) = testcore("arithmetic_helpers_match_native") else {
        return;
    };
    let mut d = Differential::new(session(&built));
    let mut rng = Rng::new(0x6800_0002);
    for op in 0..9 {
        for _ in 0..150 {
            let (a, b) = (operand(&mut rng), operand(&mut rng));
            d.check(
                &format!("arith32 op {op} ({a:#x}, {b:#x})"),
                || arith::op32(op, a, b),
                |m| Ok(m.call("arith32", &[op, a, b])?.d0),
            )
            .unwrap_or_else(|e| panic!("{e}"));
        }
    }
    for op in 0..12 {
        for _ in 0..150 {
            let a = (u64::from(operand(&mut rng)) << 32 | u64::from(operand(&mut rng)))
                >> rng.below(64);
            let b = (u64::from(operand(&mut rng)) << 32 | u64::from(operand(&mut rng)))
                >> rng.below(64);
            d.check(
                &format!("arith64 op {op} ({a:#x}, {b:#x})"),
                || arith::op64(op, a, b),
                |m| {
                    let low = m.call(
                        "arith64",
                        &[op, (a >> 32) as u32, a as u32, (b >> 32) as u32, b as u32],
                    )?;
                    let high = m.call("high_word", &[])?;
                    Ok(u64::from(high.d0) << 32 | u64::from(low.d0))
                },
            )
            .unwrap_or_else(|e| panic!("{e}"));
        }
    }
    eprintln!("{}", d.summary());
}

/// The same searches with every linear-memory access checked against the memory the runtime
/// backs (`ti68k build --bounds-checks`): an access beyond `__heap_base`, which the normal
/// build would let through, traps here. This checks the linear-memory budget itself. With the
/// checks, `testcore` built for speed is over the 32 KB its PC-relative references reach: it is
/// built for size here (the same stack).
#[test]
fn bounds_checked_searches_stay_in_linear_memory() {
    let test = "bounds_checked_searches_stay_in_linear_memory";
    let programs = ti_build::config::Programs::load(&programs::repo_root().join("calc/programs"))
        .unwrap_or_else(|e| panic!("{test}: {e}"));
    let mut config = programs.get("testcore").unwrap().clone();
    config.profile = "size".into();
    config.gcc_opt = "-Os".into();
    let Some(built) = programs::build_program(test, "testcore", |o| {
        o.bounds_checks = true;
        o.config = Some(config);
    }) else {
        return;
    };
    let cases: Vec<(String, Vec<u8>, u8)> = [("", 7), ("4455", 7), ("4321567", 6)]
        .iter()
        .map(|&(moves, depth)| (format!("checked {moves:?}"), columns(moves), depth))
        .collect();
    compare_all(session(&built), &cases);
}
