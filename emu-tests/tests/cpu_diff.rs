//! The differential helper: the same functions natively and on the 68000, over many seeded
//! random inputs, give the same results; a wrong native model is reported with a readable
//! diff.

use calc::rng::Rng;
use emu_tests::diff::{DiffError, Differential};
use emu_tests::fixture;
use ti_emulator::Machine;
use ti_files::Model;

fn sum_machine() -> Option<Differential> {
    if !fixture::require_binutils("cpu_diff") {
        return None;
    }
    let mut m = Machine::new(Model::Ti89);
    m.load(&fixture::assemble_fixture("sum").unwrap()).unwrap();
    Some(Differential::new(m))
}

fn xorshift32(mut x: u32) -> u32 {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    x
}

#[test]
fn xorshift_and_mul16_match_native_on_random_inputs() {
    let Some(mut d) = sum_machine() else { return };
    let mut rng = Rng::new(68000);
    for _ in 0..500 {
        let (x, y) = (rng.next_u32(), rng.next_u32());
        d.check(
            &format!("xorshift32({x:#x})"),
            || xorshift32(x),
            |m| Ok(m.call("xorshift32", &[x])?.d0),
        )
        .unwrap();
        d.check(
            &format!("mul16({x:#x}, {y:#x})"),
            || (x & 0xFFFF) * (y & 0xFFFF),
            |m| Ok(m.call("mul16", &[x, y])?.d0),
        )
        .unwrap();
    }
    assert_eq!(d.passed, 1000);
    eprintln!("{}", d.summary());
}

#[test]
fn buffers_go_in_and_results_come_back() {
    let Some(mut d) = sum_machine() else { return };
    let mut rng = Rng::new(7);
    for len in [0u32, 1, 2, 17, 200] {
        let words: Vec<i16> = (0..len).map(|_| rng.next_u32() as i16).collect();
        d.check(
            &format!("sum_words(len {len})"),
            || words.iter().map(|&w| i32::from(w)).sum::<i32>(),
            |m| {
                let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_be_bytes()).collect();
                let p = m.alloc_bytes(&bytes)?;
                let out = m.call("sum_words", &[p, len])?;
                m.free(p)?;
                Ok(out.d0 as i32)
            },
        )
        .unwrap();
    }
}

#[test]
fn a_wrong_native_model_is_reported_with_a_diff() {
    let Some(mut d) = sum_machine() else { return };
    let x = 0x1234_5678;
    let e = d
        .check(
            "xorshift32 without the >>17 step",
            || (x ^ (x << 13)) ^ ((x ^ (x << 13)) << 5),
            |m| Ok(m.call("xorshift32", &[x])?.d0),
        )
        .unwrap_err();
    assert!(matches!(e, DiffError::Mismatch { .. }));
    let msg = e.to_string();
    assert!(msg.contains(&format!("+ {}", xorshift32(x))), "{msg}");
}
