//! The integer operations `testcore` exports so that the CPU harness can check the 68000
//! runtime's arithmetic helpers (rt/arith.c) against native Rust. This one file is compiled into
//! both sides: into `testcore` for the 68000, and into the harness's test (emu-tests'
//! core_gate.rs includes it by path) for the native results, so the operation numbers cannot
//! drift apart. Division by zero gives 0 (checked here, so the helpers never see one).

/// 32-bit operation `op` on `a` and `b`: 0 mul, 1 udiv, 2 urem, 3 sdiv, 4 srem, 5 popcount,
/// 6 leading zeros, 7 trailing zeros, 8 parity; 0 for any other `op`.
pub fn op32(op: u32, a: u32, b: u32) -> u32 {
    match op {
        0 => a.wrapping_mul(b),
        1 => a.checked_div(b).unwrap_or(0),
        2 => a.checked_rem(b).unwrap_or(0),
        3 => (a as i32).checked_div(b as i32).unwrap_or(0) as u32,
        4 => (a as i32).checked_rem(b as i32).unwrap_or(0) as u32,
        5 => a.count_ones(),
        6 => a.leading_zeros(),
        7 => a.trailing_zeros(),
        8 => a.count_ones() & 1,
        _ => 0,
    }
}

/// 64-bit operation `op` on `a` and `b`: 0 mul, 1 udiv, 2 urem, 3 sdiv, 4 srem, 5 shift left,
/// 6 logical shift right, 7 arithmetic shift right (by `b & 63`), 8 popcount, 9 leading zeros,
/// 10 trailing zeros, 11 parity; 0 for any other `op`.
pub fn op64(op: u32, a: u64, b: u64) -> u64 {
    match op {
        0 => a.wrapping_mul(b),
        1 => a.checked_div(b).unwrap_or(0),
        2 => a.checked_rem(b).unwrap_or(0),
        3 => (a as i64).checked_div(b as i64).unwrap_or(0) as u64,
        4 => (a as i64).checked_rem(b as i64).unwrap_or(0) as u64,
        5 => a << (b & 63),
        6 => a >> (b & 63),
        7 => ((a as i64) >> (b & 63)) as u64,
        8 => u64::from(a.count_ones()),
        9 => u64::from(a.leading_zeros()),
        10 => u64::from(a.trailing_zeros()),
        11 => u64::from(a.count_ones() & 1),
        _ => 0,
    }
}
