//! Variables and folders: names, typed values as the OS stores them, and the [`Os`] methods
//! that read, store and delete variables and make folders.
//!
//! A value crosses to the OS as its estack image (docs/files.md#variable-data-on-the-calculator):
//! an integer is its magnitude bytes (least significant first), their count, then tag 0x1F (≥ 0) or
//! 0x20 (< 0); a string is `00`, its bytes, `00`, tag 0x2D; a float is 9 bytes (exponent word and
//! 14 BCD digits) then tag 0x23; custom data (what TI-BASIC cannot make: the contest's saved states
//! and game logs) is its bytes, `00`, a short extension naming the kind of data (shown as the type
//! in VAR-LINK), `00`, tag 0xF8. Encoding and decoding are done here, in safe Rust; the C side
//! (vat.c) only moves bytes.

use super::{sys, Os};

/// The folder the OS stores variables in when no other is named.
pub const MAIN: Name = Name::lit(b"main");

/// A folder or variable name: 1 to 8 characters, lowercase ASCII letters, digits and `_`,
/// not starting with a digit (the OS keeps names in lowercase; uppercase letters given to
/// [`Name::new`] are lowered).
// Aligned: a byte array of alignment 1 is copied byte by byte by the 68000 build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(align(4))]
pub struct Name {
    bytes: [u8; 8],
    len: u8,
}

impl Name {
    /// A name written in the program, checked when the program is compiled (`const`): 1 to 8
    /// lowercase letters, digits and `_`, not starting with a digit. For names read at run
    /// time, [`Name::new`].
    pub const fn lit(text: &[u8]) -> Name {
        assert!(
            !text.is_empty() && text.len() <= 8,
            "a name has 1 to 8 characters"
        );
        assert!(
            !text[0].is_ascii_digit(),
            "a name does not start with a digit"
        );
        let mut bytes = [0u8; 8];
        let mut i = 0;
        while i < text.len() {
            let c = text[i];
            assert!(
                c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'_',
                "a name has lowercase letters, digits and _"
            );
            bytes[i] = c;
            i += 1;
        }
        Name {
            bytes,
            len: text.len() as u8,
        }
    }

    /// The name `text`, lowered, or `None` when it is not a valid name.
    pub fn new(text: &[u8]) -> Option<Name> {
        if text.is_empty() || text.len() > 8 || text[0].is_ascii_digit() {
            return None;
        }
        let mut name = Name {
            bytes: [0; 8],
            len: text.len() as u8,
        };
        for (slot, &c) in name.bytes.iter_mut().zip(text) {
            let c = c.to_ascii_lowercase();
            if !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'_') {
                return None;
            }
            *slot = c;
        }
        Some(name)
    }

    /// The name's bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len as usize]
    }
}

/// Where a variable is: a name in the current folder, or `folder\name`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(align(4))]
pub struct VarPath {
    bytes: [u8; 17],
    len: u8,
}

impl VarPath {
    /// `name` in the current folder.
    pub fn current(name: &Name) -> VarPath {
        let mut path = VarPath {
            bytes: [0; 17],
            len: name.len,
        };
        path.bytes[..name.as_bytes().len()].copy_from_slice(name.as_bytes());
        path
    }

    /// `folder\name`.
    pub fn in_folder(folder: &Name, name: &Name) -> VarPath {
        let f = folder.as_bytes();
        let n = name.as_bytes();
        let mut path = VarPath {
            bytes: [0; 17],
            len: (f.len() + 1 + n.len()) as u8,
        };
        path.bytes[..f.len()].copy_from_slice(f);
        path.bytes[f.len()] = b'\\';
        path.bytes[f.len() + 1..f.len() + 1 + n.len()].copy_from_slice(n);
        path
    }

    /// `name` or `folder\name` as text (uppercase letters are lowered); `None` when either
    /// part is not a valid name.
    pub fn parse(text: &[u8]) -> Option<VarPath> {
        match text.iter().position(|&c| c == b'\\') {
            Some(i) => Some(VarPath::in_folder(
                &Name::new(&text[..i])?,
                &Name::new(&text[i + 1..])?,
            )),
            None => Some(VarPath::current(&Name::new(text)?)),
        }
    }

    /// The path's bytes, as the OS reads them.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len as usize]
    }
}

/// Estack tags of the values this module knows (docs/files.md#tags).
mod tag {
    pub const POSINT: u8 = 0x1F;
    pub const NEGINT: u8 = 0x20;
    pub const FLOAT: u8 = 0x23;
    pub const STR: u8 = 0x2D;
    pub const OTH: u8 = 0xF8;
}

/// The largest custom-data payload [`Os::store_data`] writes (with its extension, at most
/// 1024 bytes make the variable).
pub const DATA_MAX: usize = 1016;

/// Splits custom data (`payload 00 ext 00 F8`) into its payload and extension; `None` when
/// `content` (a variable's whole data) is not custom data.
pub fn decode_data(content: &[u8]) -> Option<(&[u8], &[u8])> {
    let n = content.len();
    if n < 4 || content[n - 1] != tag::OTH || content[n - 2] != 0 {
        return None;
    }
    let ext_end = n - 2;
    let start = (0..ext_end).rev().find(|&i| content[i] == 0)?;
    let ext = &content[start + 1..ext_end];
    if ext.is_empty() || ext.len() > 4 {
        return None;
    }
    Some((&content[..start], ext))
}

/// A variable's value, as far as a program of this project needs to tell values apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value<'a> {
    /// An exact integer of at most 32 bits of magnitude (-4294967295..=4294967295).
    Integer(i64),
    /// An exact integer of more than 32 bits of magnitude; `true` when it is negative.
    LargeInteger(bool),
    /// A floating-point number (what TI-BASIC stores in approximate mode).
    Float(Float),
    /// A string: its bytes (the calculator's character set).
    Str(&'a [u8]),
    /// A string longer than the buffer it was read into: its length, and its last bytes (the
    /// whole buffer).
    LongStr {
        /// The string's length.
        len: usize,
        /// Its last bytes, with the terminating zero and tag.
        tail: &'a [u8],
    },
    /// Any other type (list, expression, program...): the tag of its data's last byte.
    Other(u8),
}

/// A floating-point value, reduced to what matters for whole numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Float {
    /// A whole number of at most 10 digits (every float with a whole value below 10^10).
    Whole(i64),
    /// A whole number of more than 10 digits; `true` when it is negative.
    LargeWhole(bool),
    /// Not a whole number (or not a number at all: the BCD digits are not decimal).
    NotWhole,
}

/// Why a variable could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// There is no such variable.
    Missing,
    /// The OS refused the path.
    BadPath,
}

/// Why custom data could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataError {
    /// There is no such variable.
    Missing,
    /// The OS refused the path.
    BadPath,
    /// The variable is larger than the buffer.
    TooLarge,
    /// The variable is not custom data of the expected extension.
    WrongType,
}

/// Reads the payload of a custom-data variable piece by piece ([`Os::data_reader`]). It holds
/// the variable's path, not its address: each read finds the variable again, so a variable
/// the OS moves between reads is still read right.
#[derive(Clone, Copy, Debug)]
pub struct DataReader {
    path: VarPath,
    len: usize,
}

impl DataReader {
    /// The payload's length when the reader was made.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the payload is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Reads `buf.len()` bytes at `offset` of the payload; `Err(DataError::TooLarge)` when
    /// they run past its end, `Missing` when the variable is gone.
    pub fn read_at(&self, offset: usize, buf: &mut [u8]) -> Result<(), DataError> {
        if offset > self.len || buf.len() > self.len - offset {
            return Err(DataError::TooLarge);
        }
        match sys::read_variable_at(self.path.as_bytes(), offset, buf) {
            -1 => Err(DataError::Missing),
            s if s < 0 => Err(DataError::BadPath),
            s if (s as usize) < offset + buf.len() => Err(DataError::TooLarge),
            _ => Ok(()),
        }
    }
}

/// An error number of the OS (AMS's numbering: 330 folder, 670 memory, 960 undefined
/// variable, 980 locked...; docs/rom-calls.md#errors), or [`OsError::BAD_ARGUMENT`] for a call this
/// layer refused before reaching the OS.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OsError(pub u16);

impl OsError {
    /// The call was refused before reaching the OS (a bad path, a value too large).
    pub const BAD_ARGUMENT: OsError = OsError(0xFFFE);

    fn check(code: i32) -> Result<(), OsError> {
        match code {
            0 => Ok(()),
            -2 => Err(OsError::BAD_ARGUMENT),
            c => Err(OsError(c as u16)),
        }
    }
}

/// Decodes a variable's data from its last bytes `tail` (up to the whole data) and the size
/// `size` of the whole data. Public for the tests of the encoders.
pub fn decode(tail: &[u8], size: usize) -> Value<'_> {
    let Some(&last) = tail.last() else {
        return Value::Other(0);
    };
    let whole = tail.len() == size;
    match last {
        tag::POSINT | tag::NEGINT => {
            let n = if tail.len() >= 2 {
                tail[tail.len() - 2] as usize
            } else {
                usize::MAX
            };
            if size != n + 2 || !whole {
                return Value::Other(last);
            }
            let negative = last == tag::NEGINT;
            if n > 4 {
                return Value::LargeInteger(negative);
            }
            let magnitude = tail[..n]
                .iter()
                .rev()
                .fold(0i64, |acc, &b| (acc << 8) | i64::from(b));
            Value::Integer(if negative { -magnitude } else { magnitude })
        }
        tag::STR => {
            if size < 3 {
                return Value::Other(last);
            }
            if !whole {
                return Value::LongStr {
                    len: size - 3,
                    tail,
                };
            }
            if tail[0] != 0 || tail[size - 2] != 0 {
                return Value::Other(last);
            }
            Value::Str(&tail[1..size - 2])
        }
        tag::FLOAT if size == 10 && whole => Value::Float(float_whole(&tail[..9])),
        other => Value::Other(other),
    }
}

/// What a float's 9 bytes (exponent word, 14 BCD digits) hold, as a whole number
/// (docs/files.md#floats).
fn float_whole(bytes: &[u8]) -> Float {
    let mut digits = [0u8; 14];
    for (i, b) in bytes[2..9].iter().enumerate() {
        digits[2 * i] = b >> 4;
        digits[2 * i + 1] = b & 0x0F;
    }
    if digits.iter().any(|&d| d > 9) {
        return Float::NotWhole;
    }
    if digits.iter().all(|&d| d == 0) {
        return Float::Whole(0);
    }
    let field = u16::from_be_bytes([bytes[0], bytes[1]]);
    let negative = field & 0x8000 != 0;
    let exponent = i32::from(field & 0x7FFF) - 0x4000;
    if exponent < 0 {
        return Float::NotWhole;
    }
    if exponent >= 10 {
        // 11 digits or more before the point: all 14 digits are whole from exponent 13 on.
        let fraction = digits.get(exponent as usize + 1..).unwrap_or(&[]);
        return if fraction.iter().any(|&d| d != 0) {
            Float::NotWhole
        } else {
            Float::LargeWhole(negative)
        };
    }
    let (integral, fraction) = digits.split_at(exponent as usize + 1);
    if fraction.iter().any(|&d| d != 0) {
        return Float::NotWhole;
    }
    let magnitude = integral.iter().fold(0i64, |n, &d| n * 10 + i64::from(d));
    Float::Whole(if negative { -magnitude } else { magnitude })
}

/// The estack image of the integer `value` into `out`; returns its length.
pub fn encode_integer(value: i32, out: &mut [u8; 6]) -> usize {
    let mut magnitude = value.unsigned_abs();
    let mut n = 0;
    while magnitude != 0 {
        out[n] = magnitude as u8;
        magnitude >>= 8;
        n += 1;
    }
    out[n] = n as u8;
    out[n + 1] = if value < 0 { tag::NEGINT } else { tag::POSINT };
    n + 2
}

/// The estack image of the string `text` into `out`; returns its length, or `None` when
/// `text` holds a zero byte (it would end the string) or `out` is too small.
pub fn encode_string(text: &[u8], out: &mut [u8]) -> Option<usize> {
    let len = text.len() + 3;
    if text.contains(&0) || out.len() < len {
        return None;
    }
    out[0] = 0;
    out[1..1 + text.len()].copy_from_slice(text);
    out[len - 2] = 0;
    out[len - 1] = tag::STR;
    Some(len)
}

impl Os {
    /// Reads variable `path` into `buf` (the last `buf.len()` bytes of its data are read: a
    /// longer string comes back as [`Value::LongStr`]).
    pub fn read_var<'b>(
        &mut self,
        path: &VarPath,
        buf: &'b mut [u8],
    ) -> Result<Value<'b>, ReadError> {
        let size = sys::read_variable(path.as_bytes(), buf);
        match size {
            -1 => Err(ReadError::Missing),
            s if s < 0 => Err(ReadError::BadPath),
            s => {
                let size = s as usize;
                let kept = size.min(buf.len());
                Ok(decode(&buf[..kept], size))
            }
        }
    }

    /// The whole data of variable `path` (its estack image, the tag last) copied into `buf`:
    /// `Ok(None)` when it is larger than `buf`. With [`Os::store_image`], a program puts back
    /// a variable it changes for a while.
    pub fn read_image<'b>(
        &mut self,
        path: &VarPath,
        buf: &'b mut [u8],
    ) -> Result<Option<&'b [u8]>, ReadError> {
        match sys::read_variable(path.as_bytes(), buf) {
            -1 => Err(ReadError::Missing),
            s if s < 0 => Err(ReadError::BadPath),
            s if s as usize > buf.len() => Ok(None),
            s => Ok(Some(&buf[..s as usize])),
        }
    }

    /// Stores the integer `value` in variable `path` (created, or replaced whatever its type).
    pub fn store_integer(&mut self, path: &VarPath, value: i32) -> Result<(), OsError> {
        let mut image = [0u8; 6];
        let len = encode_integer(value, &mut image);
        OsError::check(sys::store_variable(path.as_bytes(), &image[..len]))
    }

    /// Stores the string `text` in variable `path` (at most 64 bytes, no zero byte).
    pub fn store_string(&mut self, path: &VarPath, text: &[u8]) -> Result<(), OsError> {
        let mut image = [0u8; 67];
        let len = encode_string(text, &mut image).ok_or(OsError::BAD_ARGUMENT)?;
        OsError::check(sys::store_variable(path.as_bytes(), &image[..len]))
    }

    /// Stores a value given as its estack image (the tag last; at most 512 bytes).
    pub fn store_image(&mut self, path: &VarPath, image: &[u8]) -> Result<(), OsError> {
        OsError::check(sys::store_variable(path.as_bytes(), image))
    }

    /// Stores `payload` as custom data of extension `ext` (1 to 4 ASCII characters, shown as
    /// the variable's type) in variable `path`, creating or replacing it. At most
    /// [`DATA_MAX`] bytes.
    pub fn store_data(
        &mut self,
        path: &VarPath,
        payload: &[u8],
        ext: &[u8],
    ) -> Result<(), OsError> {
        // The payload goes as it is; only its end is built here: 0, the extension, 0, the tag.
        let mut tail = [0u8; 7];
        let len = ext.len() + 3;
        if ext.is_empty() || ext.len() > 4 || ext.contains(&0) || payload.len() + len > DATA_MAX + 8
        {
            return Err(OsError::BAD_ARGUMENT);
        }
        tail[1..1 + ext.len()].copy_from_slice(ext);
        tail[len - 1] = tag::OTH;
        OsError::check(sys::store_whole_variable(
            path.as_bytes(),
            payload,
            &tail[..len],
        ))
    }

    /// Reads custom data of extension `ext` from variable `path` into `buf`: the payload.
    /// Fails with a [`DataError`] when the variable is missing or holds something else.
    pub fn read_data<'b>(
        &mut self,
        path: &VarPath,
        ext: &[u8],
        buf: &'b mut [u8],
    ) -> Result<&'b [u8], DataError> {
        let size = sys::read_variable(path.as_bytes(), buf);
        match size {
            -1 => Err(DataError::Missing),
            s if s < 0 => Err(DataError::BadPath),
            s if s as usize > buf.len() => Err(DataError::TooLarge),
            s => match decode_data(&buf[..s as usize]) {
                Some((payload, e)) if e == ext => Ok(payload),
                _ => Err(DataError::WrongType),
            },
        }
    }

    /// A reader of the payload of custom-data variable `path` of extension `ext`, piece by
    /// piece, for data too large to copy whole into the program's memory (an opening book):
    /// checks the variable's type once, then [`DataReader::read_at`] reads any bytes of it.
    pub fn data_reader(&mut self, path: &VarPath, ext: &[u8]) -> Result<DataReader, DataError> {
        // The trailer: 0, the extension, 0, the custom-data tag.
        let mut tail = [0u8; 7];
        let n = ext.len() + 3;
        if ext.is_empty() || n > tail.len() {
            return Err(DataError::WrongType);
        }
        let size = sys::read_variable(path.as_bytes(), &mut tail[..n]);
        match size {
            -1 => Err(DataError::Missing),
            s if s < 0 => Err(DataError::BadPath),
            s if (s as usize) < n + 1 => Err(DataError::WrongType),
            s => match decode_data(&tail[..n]) {
                Some((_, e)) if e == ext => Ok(DataReader {
                    path: *path,
                    len: s as usize - n,
                }),
                _ => Err(DataError::WrongType),
            },
        }
    }

    /// Deletes variable `path`: `Ok(true)` when it existed.
    pub fn delete_var(&mut self, path: &VarPath) -> Result<bool, OsError> {
        match sys::delete_variable(path.as_bytes()) {
            -1 => Ok(false),
            c => OsError::check(c).map(|()| true),
        }
    }

    /// Makes sure folder `name` exists.
    pub fn create_folder(&mut self, name: &Name) -> Result<(), OsError> {
        OsError::check(sys::create_folder(name.as_bytes()))
    }

    /// The current folder.
    pub fn current_folder(&mut self) -> Option<Name> {
        let mut buf = super::Bytes::<8>::zeroed();
        let len = sys::current_folder(&mut buf.0);
        Name::new(&buf[..len.clamp(0, 8) as usize])
    }

    /// `folder\\name` where `folder` holds the running program (`main` if the OS cannot tell):
    /// where a program keeps its own variables, such as a game's settings.
    pub fn own_path(&mut self, name: &Name) -> VarPath {
        let mut path = VarPath {
            bytes: [0; 17],
            len: 0,
        };
        path.len = sys::own_variable(name.as_bytes(), &mut path.bytes).min(17) as u8;
        path
    }

    /// The folder the running program is stored in, if the OS can tell.
    pub fn program_folder(&mut self) -> Option<Name> {
        let mut buf = super::Bytes::<8>::zeroed();
        let len = sys::program_folder(&mut buf.0);
        if len < 0 {
            return None;
        }
        Name::new(&buf[..len.min(8) as usize])
    }
}
