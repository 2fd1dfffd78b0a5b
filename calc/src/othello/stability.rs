//! Stable discs: discs that can never be flipped again, whatever is played.
//!
//! A disc is stable when, along each of its four lines (row, column, two diagonals), it cannot
//! be flanked: the line is full, or the disc touches the edge in that direction, or one of its
//! two neighbours on that line is a stable disc of the same colour. Starting from no stable
//! disc, that rule is applied until nothing changes. This finds every disc stable through
//! corners, edges and full lines (not the rarer ones protected by more subtle patterns), which
//! is what the endgame solver needs for its stability cutoff: the opponent's stable discs bound
//! what the side to move can still win.

/// Rows, columns and diagonals as masks.
const fn lines() -> [u64; 42] {
    let mut out = [0u64; 42];
    let mut n = 0;
    let mut i = 0;
    while i < 8 {
        out[n] = 0xFF << (8 * i); // row i
        out[n + 1] = 0x0101_0101_0101_0101 << i; // column i
        n += 2;
        i += 1;
    }
    // Diagonals (a1-h8 direction): column - row = d, d in -7..=7; anti-diagonals: column + row
    // = s, s in 0..=14. The single-square ones (corners) are left out: corners are edge
    // squares, safe on every diagonal anyway.
    let mut d: i32 = -7;
    while d <= 7 {
        let mut m = 0u64;
        let mut r = 0;
        while r < 8 {
            let c = r + d;
            if c >= 0 && c < 8 {
                m |= 1 << (r * 8 + c);
            }
            r += 1;
        }
        if d != -7 && d != 7 {
            out[n] = m;
            n += 1;
        }
        d += 1;
    }
    let mut s: i32 = 0;
    while s <= 14 {
        let mut m = 0u64;
        let mut r = 0;
        while r < 8 {
            let c = s - r;
            if c >= 0 && c < 8 {
                m |= 1 << (r * 8 + c);
            }
            r += 1;
        }
        if s != 0 && s != 14 {
            out[n] = m;
            n += 1;
        }
        s += 1;
    }
    out
}

const LINES: [u64; 42] = lines();
const NOT_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
const NOT_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
const EDGE_H: u64 = 0x8181_8181_8181_8181; // columns a and h
const EDGE_V: u64 = 0xFF00_0000_0000_00FF; // ranks 1 and 8
const EDGES: u64 = EDGE_H | EDGE_V;

/// The squares whose row, column, diagonal and anti-diagonal are full, per family.
fn full_lines(filled: u64) -> [u64; 4] {
    let mut full = [0u64; 4];
    for (i, &line) in LINES.iter().enumerate() {
        if filled & line == line {
            let family = if i < 16 {
                i & 1
            } else if i < 16 + 13 {
                2
            } else {
                3
            };
            full[family] |= line;
        }
    }
    full
}

/// The stable discs of `discs`, `filled` being all occupied squares.
pub fn stable(discs: u64, filled: u64) -> u64 {
    let [row, column, diag, anti] = full_lines(filled);
    let mut st = 0u64;
    loop {
        let h = row | EDGE_H | ((st << 1) & NOT_A) | ((st >> 1) & NOT_H);
        let v = column | EDGE_V | (st << 8) | (st >> 8);
        let d = diag | EDGES | ((st << 9) & NOT_A) | ((st >> 9) & NOT_H);
        let a = anti | EDGES | ((st << 7) & NOT_H) | ((st >> 7) & NOT_A);
        let next = st | (discs & h & v & d & a);
        if next == st {
            return st;
        }
        st = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_families() {
        assert_eq!(LINES.iter().filter(|l| l.count_ones() == 8).count(), 16 + 2);
        let [r, c, d, a] = full_lines(!0);
        assert_eq!(
            (r, c, d, a),
            (!0, !0, !0x0100_0000_0000_0080, !0x8000_0000_0000_0001)
        );
    }

    #[test]
    fn corner_and_edge_runs_are_stable() {
        // Black a1, b1, c1 and a2; white d1: a1, b1, c1, a2 stable; d1 is not.
        let black = 0b111 | 1 << 8;
        let white = 1 << 3;
        assert_eq!(stable(black, black | white), black);
        assert_eq!(stable(white, black | white), 0);
    }

    #[test]
    fn a_full_board_is_all_stable() {
        let black = 0x0F0F_0F0F_0F0F_0F0F;
        assert_eq!(stable(black, !0), black);
        assert_eq!(stable(!black, !0), !black);
    }
}
