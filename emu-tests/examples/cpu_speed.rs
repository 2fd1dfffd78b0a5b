//! Reports the CPU harness's speed in emulated 68000 cycles per host second: it runs a tight
//! loop (the `spin` fixture) and the array sum for a fixed number of iterations and prints the
//! cycles, instructions and the rate. It measures; it asserts nothing.
//!
//! `cargo run --release -p emu-tests --example cpu_speed` (needs binutils-m68k-linux-gnu).

use std::time::Instant;

use emu_tests::fixture;
use ti_emulator::Machine;
use ti_files::Model;

fn main() {
    let image = match fixture::assemble_fixture("sum") {
        Ok(i) => i,
        Err(e) => {
            eprintln!("cpu_speed: cannot build the fixture: {e}");
            std::process::exit(1);
        }
    };
    let mut m = Machine::new(Model::Ti89);
    m.load(&image).expect("fixture loads");
    let words: Vec<u8> = (0..4000u16).flat_map(|w| w.to_be_bytes()).collect();
    let p = m.alloc_bytes(&words).expect("room for the array");
    let mut rows = Vec::new();
    for (label, name, args) in [
        ("spin (register loop)", "spin", vec![2_000_000u32]),
        ("sum_words (memory loop)", "sum_words", vec![p, 4000]),
    ] {
        let reps = if name == "spin" { 3 } else { 300 };
        let (mut cycles, mut instructions) = (0u64, 0u64);
        let start = Instant::now();
        for _ in 0..reps {
            let out = m.call(name, &args).expect("the call runs");
            cycles += out.counters.cycles;
            instructions += out.counters.instructions;
        }
        let secs = start.elapsed().as_secs_f64();
        rows.push((label, cycles, instructions, secs));
    }
    println!(
        "68000 CPU harness speed (m68k crate, cycle-exact, {} build)",
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        }
    );
    for (label, cycles, instructions, secs) in rows {
        println!(
            "  {label:<26} {cycles:>11} cycles {instructions:>10} instructions in {secs:.3} s: {:.1} M cycles/s, {:.2} M instructions/s ({:.2}x a 12 MHz calculator)",
            cycles as f64 / secs / 1e6,
            instructions as f64 / secs / 1e6,
            cycles as f64 / secs / 12e6
        );
    }
}
