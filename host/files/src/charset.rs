//! The character set of the TI-89 / TI-92 Plus / Voyage 200 (one byte per character) and its
//! mapping to Unicode, used for variable names, strings and text variables.
//!
//! 0x20-0x7E are ASCII. The other codes are TI symbols: Greek letters at 0x80-0x94, math
//! symbols at 0x95-0x9F and a Latin-1-like upper half with a few replacements (0xAD is the
//! minus sign, 0xA8 the square root...). The table follows libticonv's `ti9x_charset`
//! (tilibs `libticonv/trunk/src/charset.cc`); codes 0x00-0x0A, 0x0C and 0x0D map to the same
//! control characters, so text with newlines survives the round trip. Two codes (x-bar,
//! y-bar) are a letter followed by U+0305 COMBINING OVERLINE in Unicode.
//!
//! A Unicode character with no TI equivalent (an emoji, a Chinese character, a euro sign) is
//! an error on encoding, never silently replaced.

/// Unicode scalar values of each TI character code. A second scalar (a combining mark) is
/// given for the two codes that need one.
const TABLE: [(u32, u32); 256] = build_table();

const fn build_table() -> [(u32, u32); 256] {
    let mut t = [(0u32, 0u32); 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u32, 0);
        i += 1;
    }
    // 0x0B and 0x0E-0x1F: symbols of the TI font (libticonv's choices).
    let low: [u32; 21] = [
        0x2934, // 0x0B
        0, 0, // 0x0C, 0x0D keep form feed and carriage return
        0x2693, 0x2713, 0x25FE, 0x25C2, 0x25B8, 0x25B4, 0x25BE, 0x2190, 0x2192, 0x2191, 0x2193,
        0x25C0, 0x25B6, 0x2B06, 0x222A, 0x2229, 0x2282, 0x2208,
    ];
    let mut k = 0;
    while k < low.len() {
        if low[k] != 0 {
            t[0x0B + k] = (low[k], 0);
        }
        k += 1;
    }
    t[0x7F] = (0x25C6, 0); // diamond (the ◆ key)
    let high: [u32; 32] = [
        0x3B1, 0x3B2, 0x393, 0x3B3, 0x394, 0x3B4, 0x3B5,
        0x3B6, // 0x80 α β Γ γ Δ δ ε ζ
        0x3B8, 0x3BB, 0x3BE, 0x3A0, 0x3C0, 0x3C1, 0x3A3,
        0x3C3, // 0x88 θ λ ξ Π π ρ Σ σ
        0x3C4, 0x3C6, 0x3C8, 0x3A9, 0x3C9, 0x1D5A4, 0x212F,
        0x1D48A, // 0x90 τ φ ψ Ω ω E e i
        0x2B3, 0x22BA, 0x78, 0x79, 0x2264, 0x2260, 0x2265,
        0x2220, // 0x98 r T x̄ ȳ ≤ ≠ ≥ ∠
    ];
    let mut k = 0;
    while k < 32 {
        t[0x80 + k] = (high[k], 0);
        k += 1;
    }
    t[0x9A] = (0x78, 0x305);
    t[0x9B] = (0x79, 0x305);
    t[0xA0] = (0x2026, 0); // …
    t[0xA8] = (0x221A, 0); // √
    t[0xAD] = (0x2212, 0); // − (the negation sign)
    t[0xB8] = (0x207A, 0); // ⁺
    t[0xBC] = (0x2202, 0); // ∂
    t[0xBD] = (0x222B, 0); // ∫
    t[0xBE] = (0x221E, 0); // ∞
    t
}

/// The Unicode text of TI-charset bytes. Never fails: every code has a meaning.
pub fn decode(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len());
    for &b in bytes {
        let (c, mark) = TABLE[b as usize];
        s.push(char::from_u32(c).unwrap_or('\u{FFFD}'));
        if mark != 0 {
            s.push(char::from_u32(mark).unwrap_or('\u{FFFD}'));
        }
    }
    s
}

/// A character that has no equivalent in the TI character set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("character {ch:?} (U+{code:04X}) at position {position} has no equivalent in the TI-89/92+/V200 character set")]
pub struct CharsetError {
    /// The character.
    pub ch: char,
    /// Its Unicode scalar value.
    pub code: u32,
    /// Its index (in characters) in the text being encoded.
    pub position: usize,
}

/// The TI-charset bytes of a Unicode text.
pub fn encode(text: &str) -> Result<Vec<u8>, CharsetError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i] as u32;
        if (c == 0x78 || c == 0x79) && chars.get(i + 1) == Some(&'\u{305}') {
            out.push(if c == 0x78 { 0x9A } else { 0x9B });
            i += 2;
            continue;
        }
        let code = if c < 256 && TABLE[c as usize] == (c, 0) {
            Some(c as u8)
        } else {
            (0..=255u8).find(|&b| TABLE[b as usize] == (c, 0))
        };
        match code {
            Some(b) => out.push(b),
            None => {
                return Err(CharsetError {
                    ch: chars[i],
                    code: c,
                    position: i,
                })
            }
        }
        i += 1;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_is_unchanged() {
        assert_eq!(encode("Hello, 42!\n").unwrap(), b"Hello, 42!\n");
        assert_eq!(decode(b"main\\x"), "main\\x");
    }

    #[test]
    fn every_code_survives_a_round_trip() {
        for b in 0..=255u8 {
            assert_eq!(encode(&decode(&[b])).unwrap(), [b], "code {b:#04x}");
        }
    }

    #[test]
    fn ti_symbols_map_to_unicode() {
        assert_eq!(decode(&[0x80, 0x8C, 0xAD, 0x9A]), "απ−x\u{305}");
        assert_eq!(encode("é≤θ").unwrap(), [0xE9, 0x9C, 0x88]);
    }

    #[test]
    fn unmappable_characters_are_errors() {
        let e = encode("ab€").unwrap_err();
        assert_eq!((e.ch, e.position), ('€', 2));
        assert!(e.to_string().contains("U+20AC"));
    }
}
