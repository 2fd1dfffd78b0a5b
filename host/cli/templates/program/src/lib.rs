//! @NAME@: what the program computes, apart from the calculator (tested natively by
//! `cargo test`, and built into the calculator program by `ti68k build`).
#![no_std]

/// The x at which `len` characters, each `char_width` pixels wide, are centred on a screen
/// `width` pixels wide (0 when they do not fit).
pub fn centred(width: i16, len: usize, char_width: i16) -> i16 {
    let text = i16::try_from(len).unwrap_or(i16::MAX).saturating_mul(char_width);
    (width - text).max(0) / 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_centred_or_starts_at_the_left_edge() {
        assert_eq!(centred(160, 5, 8), 60);
        assert_eq!(centred(240, 5, 8), 100);
        assert_eq!(centred(160, 100, 8), 0);
    }
}
