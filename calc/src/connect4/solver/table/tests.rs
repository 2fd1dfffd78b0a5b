//! The table's tests: bounds merged in one entry, replacement, growth, and the 32-bit
//! helpers against the 64-bit ones.

extern crate std;
use super::*;
use std::vec;
use std::vec::Vec;

/// The inverse of MIX modulo 2^64 (Newton's iteration).
fn inverse() -> u64 {
    let mut x = MIX;
    for _ in 0..6 {
        x = x.wrapping_mul(2u64.wrapping_sub(MIX.wrapping_mul(x)));
    }
    x
}

/// The key whose mixed value is `h`.
fn key_of(h: u64) -> u64 {
    h.wrapping_mul(inverse()) & KEY_MASK
}

#[test]
fn bounds_meet_in_one_entry() {
    let mut entries = vec![Entry::EMPTY; 1 << 10];
    let mut t = Table::new(&mut entries);
    assert_eq!(t.used(), 1 << 10);
    let k = 0x0123_4567_89AB;
    assert_eq!(t.probe(mix(k)), Known::NOTHING);
    t.store(mix(k), i32::MIN, 3, 0, 100);
    t.store(mix(k), -2, i32::MAX, 4, 10);
    let known = t.probe(mix(k));
    assert_eq!((known.lower, known.upper, known.hint), (-2, 3, 4));
    // A weaker bound does not replace a sharper one.
    t.store(mix(k), i32::MIN, 5, 0, 10);
    t.store(mix(k), -5, i32::MAX, 0, 10);
    let known = t.probe(mix(k));
    assert_eq!((known.lower, known.upper, known.hint), (-2, 3, 4));
    // The empty board's key (0) is a position like any other.
    assert_eq!(t.probe(mix(0)), Known::NOTHING);
    t.store(mix(0), 1, i32::MAX, 4, 1);
    assert_eq!(t.probe(mix(0)).lower, 1);
}

#[test]
fn a_full_bucket_drops_its_least_work() {
    let mut entries = vec![Entry::EMPTY; BUCKET * MIN_BUCKETS];
    let mut t = Table::new(&mut entries);
    // Keys of bucket 0: mixed values 1, 2, 3 (tags).
    let keys: Vec<u64> = (1..=BUCKET as u64 + 1).map(key_of).collect();
    for (i, &k) in keys.iter().enumerate().take(BUCKET) {
        assert_eq!(t.locate(mix(k)).unwrap().0, 0);
        t.store(mix(k), 1, i32::MAX, 0, 1 << (10 + i));
    }
    t.store(mix(keys[BUCKET]), 2, i32::MAX, 0, 1 << 20);
    assert_eq!(t.probe(mix(keys[BUCKET])).lower, 2);
    assert_eq!(t.probe(mix(keys[0])), Known::NOTHING);
    for &k in &keys[1..BUCKET] {
        assert_eq!(t.probe(mix(k)).lower, 1);
    }
}

#[test]
fn growing_keeps_every_entry() {
    let mut entries = vec![Entry::EMPTY; BUCKET * START_BUCKETS * 2];
    let mut t = Table::new(&mut entries);
    t.clear();
    assert_eq!(t.used(), BUCKET * START_BUCKETS);
    // Store keys until just before the table grows, remember what it knows, then grow it.
    let keys: Vec<u64> = (0..BUCKET * START_BUCKETS)
        .map(|i| key_of((i as u64).wrapping_mul(0x2545_F491_4F6C_DD1D) & KEY_MASK))
        .collect();
    for (i, &k) in keys[..keys.len() - 1].iter().enumerate() {
        t.store(
            mix(k),
            (i % 40) as i32 - 20,
            i32::MAX,
            (i % 7) as u8 + 1,
            1 << (i % 20),
        );
    }
    assert_eq!(t.used(), BUCKET * START_BUCKETS);
    let before: Vec<Known> = keys.iter().map(|&k| t.probe(mix(k))).collect();
    let known = before.iter().filter(|k| **k != Known::NOTHING).count();
    assert!(known > keys.len() / 2, "{known}");
    let last = keys[keys.len() - 1];
    t.store(mix(last), 5, 6, 1, 1);
    assert_eq!(t.used(), 2 * BUCKET * START_BUCKETS, "grown");
    for (&k, &was) in keys[..keys.len() - 1].iter().zip(&before) {
        assert_eq!(t.probe(mix(k)), was);
    }
    // Unknown keys are still unknown.
    assert_eq!(t.probe(mix(key_of(KEY_MASK))), Known::NOTHING);
    // A full-size table does not grow.
    t.clear();
    t.bits = t.max_bits.unwrap();
    for (i, &k) in keys.iter().enumerate() {
        t.store(mix(k), 0, 0, 0, i as u64);
    }
    assert_eq!(t.used(), 2 * BUCKET * START_BUCKETS);
}

#[test]
fn small_slices_are_not_used() {
    let mut entries = vec![Entry::EMPTY; BUCKET * MIN_BUCKETS - 1];
    let mut t = Table::new(&mut entries);
    assert_eq!(t.used(), 0);
    t.store(mix(5), 1, 1, 1, 1);
    assert_eq!(t.probe(mix(5)), Known::NOTHING);
}

#[test]
fn the_32_bit_helpers_agree_with_the_64_bit_ones() {
    let mut rng = crate::Rng::new(0x7AB1E);
    for _ in 0..200_000 {
        let h = ((u64::from(rng.next_u32()) << 32) | u64::from(rng.next_u32())) & KEY_MASK;
        for tag_bits in 5..=KEY_BITS {
            assert_eq!(bucket_of_32(h, tag_bits), (h >> tag_bits) as usize);
        }
        // Node counts of every size, small ones most often.
        let nodes = h >> (rng.next_u32() % 50);
        let want = (u64::BITS - nodes.leading_zeros()).clamp(1, 31);
        assert_eq!(work_of_32(nodes), want, "{nodes}");
    }
    for nodes in [0, 1, 2, 3, u64::from(u32::MAX), 1 << 32, u64::MAX] {
        let want = (u64::BITS - nodes.leading_zeros()).clamp(1, 31);
        assert_eq!(work_of_32(nodes), want, "{nodes}");
    }
}
