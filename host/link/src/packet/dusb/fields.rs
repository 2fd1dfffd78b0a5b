//! The fields inside DUSB commands (docs/link.md#dusb-names-and-attributes; tilibs
//! `libticalcs/trunk/src/dusb_cmd.cc`, `dusb_cmd.h`): names, attributes and parameters, and
//! the IDs libticalcs2 uses on the TI-89 Titanium. Everything is big-endian.
//!
//! - A name is a length byte, then, when the length is not zero, the characters and a zero
//!   byte. (A name in a request to send or a variable request is always followed by its zero
//!   byte, even when empty: `put_name_always_terminated`.)
//! - An attribute sent by the computer is `{BE16 ID, BE16 size, value}` ([`Attr`]).
//! - An attribute or parameter sent by the calculator is `{BE16 ID, status byte, and when the
//!   status is 0: BE16 size, value}` ([`Field`]).

use crate::packet::PacketError;

/// Attribute IDs (`DUSB_AID_*`).
pub mod aid {
    /// Size of the variable (BE32).
    pub const VAR_SIZE: u16 = 0x0001;
    /// Variable type: 4 bytes `F0 0C 00 tt`.
    pub const VAR_TYPE: u16 = 0x0002;
    /// Archived: 1 byte.
    pub const ARCHIVED: u16 = 0x0003;
    /// "4APPVAR", requested in listings.
    pub const APPVAR: u16 = 0x0005;
    /// Version: 4 bytes (0 for variables, 1 for applications).
    pub const VAR_VERSION: u16 = 0x0008;
    /// Variable type, the form used in requests, deletions and renamings.
    pub const VAR_TYPE2: u16 = 0x0011;
    /// Archived, second form.
    pub const ARCHIVED2: u16 = 0x0013;
    /// Locked: 1 byte.
    pub const LOCKED: u16 = 0x0041;
    /// Unknown, requested in listings.
    pub const UNKNOWN_42: u16 = 0x0042;
}

/// Parameter IDs (`DUSB_PID_*`) the Titanium code uses.
pub mod pid {
    /// Product name (text).
    pub const PRODUCT_NAME: u16 = 0x0002;
    /// Main part ID (18 bytes).
    pub const MAIN_PART_ID: u16 = 0x0003;
    /// Hardware version (BE16).
    pub const HW_VERSION: u16 = 0x0004;
    /// Full ID (18 bytes).
    pub const FULL_ID: u16 = 0x0005;
    /// Language ID.
    pub const LANGUAGE_ID: u16 = 0x0006;
    /// Sub-language ID.
    pub const SUBLANG_ID: u16 = 0x0007;
    /// Device type (BE16).
    pub const DEVICE_TYPE: u16 = 0x0008;
    /// Boot version (4 bytes).
    pub const BOOT_VERSION: u16 = 0x0009;
    /// OS mode.
    pub const OS_MODE: u16 = 0x000A;
    /// OS version (4 bytes).
    pub const OS_VERSION: u16 = 0x000B;
    /// Physical RAM (8 bytes).
    pub const PHYS_RAM: u16 = 0x000C;
    /// User RAM (8 bytes).
    pub const USER_RAM: u16 = 0x000D;
    /// Free RAM (8 bytes).
    pub const FREE_RAM: u16 = 0x000E;
    /// Physical FLASH (8 bytes).
    pub const PHYS_FLASH: u16 = 0x000F;
    /// User FLASH (8 bytes).
    pub const USER_FLASH: u16 = 0x0010;
    /// Free FLASH (8 bytes).
    pub const FREE_FLASH: u16 = 0x0011;
    /// Bits per pixel.
    pub const BITS_PER_PIXEL: u16 = 0x001D;
    /// LCD width (BE16).
    pub const LCD_WIDTH: u16 = 0x001E;
    /// LCD height (BE16).
    pub const LCD_HEIGHT: u16 = 0x001F;
    /// Screenshot (3,840 bytes on the Titanium).
    pub const SCREENSHOT: u16 = 0x0022;
    /// Classic clock supported.
    pub const CLASSIC_CLK_SUPPORT: u16 = 0x0023;
    /// Battery enough.
    pub const BATTERY: u16 = 0x002D;
    /// Home screen: set to 1 to go back to it.
    pub const HOMESCREEN: u16 = 0x0037;
}

/// Actions of the remote control command (`DUSB_EID_*`).
pub mod action {
    /// Run a TI-BASIC program.
    pub const PROGRAM: u8 = 0;
    /// Run an ASM program.
    pub const ASM: u8 = 1;
    /// Run a FLASH application.
    pub const APP: u8 = 2;
    /// Press a key (BE16 key code on the Titanium).
    pub const KEY: u8 = 3;
}

/// The mode sets of libticalcs2 (`DUSB_MODE_*`): five BE16 words.
pub mod mode {
    /// Normal mode, sent by every ready check.
    pub const NORMAL: [u16; 5] = [3, 1, 0, 0, 0x07D0];
    /// Basic mode.
    pub const BASIC: [u16; 5] = [2, 1, 0, 0, 0x07D0];
    /// Startup mode.
    pub const STARTUP: [u16; 5] = [1, 1, 0, 0, 0x07D0];
}

/// The 4-byte value of a type attribute on the Titanium: `F0 0C 00 tt`.
pub fn type_value(type_id: u8) -> Vec<u8> {
    vec![0xF0, 0x0C, 0x00, type_id]
}

/// An attribute as the computer sends it: `{BE16 ID, BE16 size, value}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attr {
    /// The attribute ID ([`aid`]).
    pub id: u16,
    /// Its value.
    pub value: Vec<u8>,
}

impl Attr {
    /// An attribute.
    pub fn new(id: u16, value: Vec<u8>) -> Attr {
        Attr { id, value }
    }
}

/// An attribute or parameter as the calculator sends it: a status byte, 0 when the value
/// follows (libticalcs2 reads "ok" as the status being 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// The attribute or parameter ID.
    pub id: u16,
    /// 0: present; anything else: absent (and no value follows).
    pub status: u8,
    /// The value (empty when absent).
    pub value: Vec<u8>,
}

impl Field {
    /// A present field.
    pub fn present(id: u16, value: Vec<u8>) -> Field {
        Field {
            id,
            status: 0,
            value,
        }
    }

    /// An absent field (status 1).
    pub fn absent(id: u16) -> Field {
        Field {
            id,
            status: 1,
            value: Vec::new(),
        }
    }

    /// The value, when present.
    pub fn value(&self) -> Option<&[u8]> {
        (self.status == 0).then_some(&self.value[..])
    }
}

/// The value of field `id` among `fields`, when present.
pub fn find(fields: &[Field], id: u16) -> Option<&[u8]> {
    fields.iter().find(|f| f.id == id).and_then(Field::value)
}

/// Reads DUSB fields from a byte slice, with errors that say what was cut short.
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    what: &'static str,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(bytes: &'a [u8], what: &'static str) -> Reader<'a> {
        Reader { bytes, at: 0, what }
    }

    fn short(&self, need: usize) -> PacketError {
        PacketError::Malformed(format!(
            "{}: {} bytes where at least {} are needed",
            self.what,
            self.bytes.len(),
            self.at + need
        ))
    }

    pub(crate) fn take(&mut self, n: usize) -> Result<&'a [u8], PacketError> {
        let s = self
            .bytes
            .get(self.at..self.at + n)
            .ok_or_else(|| self.short(n))?;
        self.at += n;
        Ok(s)
    }

    pub(crate) fn u8(&mut self) -> Result<u8, PacketError> {
        Ok(self.take(1)?[0])
    }

    pub(crate) fn u16(&mut self) -> Result<u16, PacketError> {
        let b = self.take(2)?;
        Ok(u16::from_be_bytes([b[0], b[1]]))
    }

    pub(crate) fn u32(&mut self) -> Result<u32, PacketError> {
        let b = self.take(4)?;
        Ok(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }

    pub(crate) fn rest(&mut self) -> &'a [u8] {
        let s = &self.bytes[self.at..];
        self.at = self.bytes.len();
        s
    }

    pub(crate) fn expect(&mut self, bytes: &[u8]) -> Result<(), PacketError> {
        let got = self.take(bytes.len())?;
        if got != bytes {
            return Err(PacketError::Malformed(format!(
                "{}: expected {:02X?} at byte {}, found {:02X?}",
                self.what,
                bytes,
                self.at - bytes.len(),
                got
            )));
        }
        Ok(())
    }

    /// A name: length byte, then the characters and a zero when the length is not zero (or
    /// always, with `terminated`).
    pub(crate) fn name(&mut self, terminated: bool) -> Result<Vec<u8>, PacketError> {
        let len = self.u8()? as usize;
        if len == 0 && !terminated {
            return Ok(Vec::new());
        }
        let s = self.take(len + 1)?;
        if s[len] != 0 || s[..len].contains(&0) {
            return Err(PacketError::Malformed(format!(
                "{}: a name of {len} characters is not followed by its zero byte",
                self.what
            )));
        }
        Ok(s[..len].to_vec())
    }

    /// Computer-side attributes: BE16 count, then `{ID, size, value}`.
    pub(crate) fn attrs(&mut self) -> Result<Vec<Attr>, PacketError> {
        let n = self.u16()?;
        (0..n)
            .map(|_| {
                let id = self.u16()?;
                let size = self.u16()? as usize;
                Ok(Attr::new(id, self.take(size)?.to_vec()))
            })
            .collect()
    }

    /// Calculator-side fields: BE16 count, then `{ID, status, [size, value]}`.
    pub(crate) fn fields(&mut self) -> Result<Vec<Field>, PacketError> {
        let n = self.u16()?;
        (0..n)
            .map(|_| {
                let id = self.u16()?;
                let status = self.u8()?;
                if status != 0 {
                    return Ok(Field {
                        id,
                        status,
                        value: Vec::new(),
                    });
                }
                let size = self.u16()? as usize;
                Ok(Field::present(id, self.take(size)?.to_vec()))
            })
            .collect()
    }

    pub(crate) fn end(&self) -> Result<(), PacketError> {
        if self.at != self.bytes.len() {
            return Err(PacketError::Malformed(format!(
                "{}: {} bytes left over after byte {}",
                self.what,
                self.bytes.len() - self.at,
                self.at
            )));
        }
        Ok(())
    }
}

/// Appends a name: length byte, then the characters and a zero when not empty.
pub(crate) fn put_name(out: &mut Vec<u8>, name: &[u8]) {
    out.push(name.len() as u8);
    if !name.is_empty() {
        out.extend_from_slice(name);
        out.push(0);
    }
}

/// Appends a name followed by its zero byte even when empty (the variable name of a request to
/// send or a variable request: libticalcs2 copies `strlen(name) + 1` bytes).
pub(crate) fn put_name_always_terminated(out: &mut Vec<u8>, name: &[u8]) {
    out.push(name.len() as u8);
    out.extend_from_slice(name);
    out.push(0);
}

/// Appends computer-side attributes with their BE16 count.
pub(crate) fn put_attrs(out: &mut Vec<u8>, attrs: &[Attr]) {
    out.extend_from_slice(&(attrs.len() as u16).to_be_bytes());
    for a in attrs {
        out.extend_from_slice(&a.id.to_be_bytes());
        out.extend_from_slice(&(a.value.len() as u16).to_be_bytes());
        out.extend_from_slice(&a.value);
    }
}

/// Appends calculator-side fields with their BE16 count.
pub(crate) fn put_fields(out: &mut Vec<u8>, fields: &[Field]) {
    out.extend_from_slice(&(fields.len() as u16).to_be_bytes());
    for f in fields {
        out.extend_from_slice(&f.id.to_be_bytes());
        out.push(f.status);
        if f.status == 0 {
            out.extend_from_slice(&(f.value.len() as u16).to_be_bytes());
            out.extend_from_slice(&f.value);
        }
    }
}
