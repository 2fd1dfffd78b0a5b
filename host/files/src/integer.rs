//! Exact integers as AMS stores them: magnitude bytes least significant first, the number of
//! magnitude bytes, then the tag 0x1F (zero or positive) or 0x20 (negative); zero has no
//! magnitude bytes (GCC4TI `doc/System/Include/estack.h/top_estack.hsf`,
//! `archive/push_shortint.s`; docs/files.md#integers). Up to 255 magnitude bytes, so any integer
//! below 2^2040 in absolute value.

use core::fmt;
use core::str::FromStr;

/// Tag of a zero or positive integer.
pub const POSINT_TAG: u8 = 0x1F;
/// Tag of a negative integer.
pub const NEGINT_TAG: u8 = 0x20;
/// Most magnitude bytes an integer can have (the count is one byte).
pub const MAX_MAGNITUDE_BYTES: usize = 255;

/// An exact integer of any size the calculator can hold.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Integer {
    negative: bool,
    /// Least significant byte first, no high zero bytes; empty for zero.
    magnitude: Vec<u8>,
}

/// Why a number cannot be an [`Integer`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IntegerError {
    /// The text is not a decimal integer.
    #[error("{0:?} is not a decimal integer")]
    NotDecimal(String),
    /// The value needs more than 255 magnitude bytes.
    #[error(
        "integer too large for the calculator: it holds at most 255 bytes (2040 bits) of magnitude"
    )]
    TooLarge,
    /// The value does not fit the asked Rust type.
    #[error("integer {0} does not fit in a 64-bit integer")]
    OutOfRange(String),
}

impl Integer {
    /// Builds an integer from a sign and little-endian magnitude bytes (high zero bytes are
    /// dropped; negative zero is zero).
    pub fn from_magnitude(negative: bool, magnitude_le: &[u8]) -> Result<Integer, IntegerError> {
        let len = magnitude_le
            .iter()
            .rposition(|&b| b != 0)
            .map_or(0, |i| i + 1);
        if len > MAX_MAGNITUDE_BYTES {
            return Err(IntegerError::TooLarge);
        }
        Ok(Integer {
            negative: negative && len > 0,
            magnitude: magnitude_le[..len].to_vec(),
        })
    }

    /// Whether the value is below zero.
    pub fn is_negative(&self) -> bool {
        self.negative
    }

    /// The magnitude, least significant byte first, without high zero bytes.
    pub fn magnitude(&self) -> &[u8] {
        &self.magnitude
    }

    /// The value as an `i64`, if it fits.
    pub fn to_i64(&self) -> Result<i64, IntegerError> {
        if self.magnitude.len() > 8 {
            return Err(IntegerError::OutOfRange(self.to_string()));
        }
        let mut m = [0u8; 8];
        m[..self.magnitude.len()].copy_from_slice(&self.magnitude);
        let m = u64::from_le_bytes(m);
        if self.negative {
            0i64.checked_sub_unsigned(m)
        } else {
            i64::try_from(m).ok()
        }
        .ok_or_else(|| IntegerError::OutOfRange(self.to_string()))
    }

    /// The estack bytes: magnitude, count, tag (what follows the size word in a variable).
    pub fn to_estack(&self) -> Vec<u8> {
        let mut out = self.magnitude.clone();
        out.push(self.magnitude.len() as u8);
        out.push(if self.negative {
            NEGINT_TAG
        } else {
            POSINT_TAG
        });
        out
    }

    /// Reads estack bytes that are exactly one integer in canonical form (no high zero byte,
    /// no negative zero); `None` otherwise.
    pub fn from_estack(bytes: &[u8]) -> Option<Integer> {
        let (&tag, rest) = bytes.split_last()?;
        let (&count, magnitude) = rest.split_last()?;
        let negative = match tag {
            POSINT_TAG => false,
            NEGINT_TAG => true,
            _ => return None,
        };
        let canonical = magnitude.len() == count as usize
            && magnitude.last().is_none_or(|&b| b != 0)
            && !(negative && magnitude.is_empty());
        canonical.then(|| Integer {
            negative,
            magnitude: magnitude.to_vec(),
        })
    }
}

impl From<i64> for Integer {
    fn from(v: i64) -> Integer {
        let bytes = v.unsigned_abs().to_le_bytes();
        Integer::from_magnitude(v < 0, &bytes).expect("8 bytes always fit")
    }
}

impl fmt::Display for Integer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.magnitude.is_empty() {
            return f.write_str("0");
        }
        // Repeated division by 10 of the big-endian magnitude.
        let mut digits = Vec::new();
        let mut n: Vec<u8> = self.magnitude.iter().rev().copied().collect();
        while n.iter().any(|&b| b != 0) {
            let mut rem = 0u32;
            for b in n.iter_mut() {
                let cur = (rem << 8) | *b as u32;
                *b = (cur / 10) as u8;
                rem = cur % 10;
            }
            digits.push(b'0' + rem as u8);
        }
        if self.negative {
            digits.push(b'-');
        }
        digits.reverse();
        f.write_str(core::str::from_utf8(&digits).expect("ASCII digits"))
    }
}

impl fmt::Debug for Integer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Integer({self})")
    }
}

impl FromStr for Integer {
    type Err = IntegerError;
    fn from_str(s: &str) -> Result<Integer, IntegerError> {
        let t = s.trim();
        let (negative, digits) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t.strip_prefix('+').unwrap_or(t)),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(IntegerError::NotDecimal(s.to_string()));
        }
        // Multiply-add into a little-endian magnitude.
        let mut mag: Vec<u8> = Vec::new();
        for d in digits.bytes() {
            let mut carry = (d - b'0') as u32;
            for b in mag.iter_mut() {
                let cur = *b as u32 * 10 + carry;
                *b = cur as u8;
                carry = cur >> 8;
            }
            if carry > 0 {
                mag.push(carry as u8);
            }
            if mag.len() > MAX_MAGNITUDE_BYTES + 1 {
                return Err(IntegerError::TooLarge);
            }
        }
        Integer::from_magnitude(negative, &mag)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// docs/files.md#integers.
    #[test]
    fn estack_encodings() {
        let cases: [(i64, &[u8]); 5] = [
            (7, &[0x07, 0x01, 0x1F]),
            (3, &[0x03, 0x01, 0x1F]),
            (-1, &[0x01, 0x01, 0x20]),
            (0, &[0x00, 0x1F]),
            (300, &[0x2C, 0x01, 0x02, 0x1F]),
        ];
        for (v, bytes) in cases {
            let i = Integer::from(v);
            assert_eq!(i.to_estack(), bytes, "{v}");
            assert_eq!(Integer::from_estack(bytes), Some(i.clone()));
            assert_eq!(i.to_i64(), Ok(v));
            assert_eq!(i.to_string(), v.to_string());
        }
    }

    #[test]
    fn non_canonical_forms_are_not_integers() {
        assert_eq!(Integer::from_estack(&[0x00, 0x01, 0x1F]), None); // high zero byte
        assert_eq!(Integer::from_estack(&[0x00, 0x20]), None); // negative zero
        assert_eq!(Integer::from_estack(&[0x07, 0x02, 0x1F]), None); // wrong count
        assert_eq!(Integer::from_estack(&[0x07, 0x01, 0x23]), None);
    }

    #[test]
    fn big_integers_and_decimal_text() {
        let big: Integer = "-123456789012345678901234567890".parse().unwrap();
        assert_eq!(big.to_string(), "-123456789012345678901234567890");
        assert!(big.to_i64().is_err());
        assert_eq!(Integer::from_estack(&big.to_estack()), Some(big));
        assert_eq!(
            "i64".parse::<Integer>(),
            Err(IntegerError::NotDecimal("i64".into()))
        );
        assert_eq!(Integer::from(i64::MIN).to_i64(), Ok(i64::MIN));
        let huge = "9".repeat(700);
        assert_eq!(huge.parse::<Integer>(), Err(IntegerError::TooLarge));
    }
}
