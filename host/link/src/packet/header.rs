//! The variable header carried by RTS, VAR, REQ and DEL packets (docs/link.md#variable-header;
//! tilibs `libticalcs/trunk/src/cmd68k.cc`): LE32 size, type, name length, name (may include the
//! folder, `main\x`), and for some packets a trailing byte.

use ti_files::{VarPath, VarType};

/// A variable header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarHeader {
    /// Size of the variable image (BE size word + data, without the 4 zero bytes of the
    /// XDP). For directory requests the top byte is a filter (0x1F folders, 0x1B one folder).
    pub size: u32,
    /// The variable type.
    pub var_type: VarType,
    /// The name bytes (TI charset), `folder\name` or `name`; empty for the folder listing.
    pub name: Vec<u8>,
    /// The trailing byte: 0x00 in a PC's RTS, 0x03 in a PC's VAR, none in a REQ; the
    /// calculator's VAR replies carry 0x00 or 0x03 or nothing.
    pub trailing: Option<u8>,
}

/// Longest name libticalcs2 accepts in a header (`folder\name`: 8 + 1 + 8).
pub const MAX_HEADER_NAME: usize = 17;

impl VarHeader {
    /// A header for `path`.
    pub fn new(size: u32, var_type: VarType, path: &VarPath, trailing: Option<u8>) -> VarHeader {
        VarHeader {
            size,
            var_type,
            name: path.to_bytes(),
            trailing,
        }
    }

    /// The header's bytes.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(7 + self.name.len());
        out.extend_from_slice(&self.size.to_le_bytes());
        out.push(self.var_type.0);
        out.push(self.name.len() as u8);
        out.extend_from_slice(&self.name);
        out.extend(self.trailing);
        out
    }

    /// Decodes a header; `None` if the bytes are not one (too short, name length past the
    /// end, or more than one trailing byte).
    pub fn decode(data: &[u8]) -> Option<VarHeader> {
        if data.len() < 6 {
            return None;
        }
        let size = u32::from_le_bytes([data[0], data[1], data[2], data[3]]);
        let len = data[5] as usize;
        let rest = data.get(6..)?;
        if rest.len() < len || rest.len() > len + 1 {
            return None;
        }
        Some(VarHeader {
            size,
            var_type: VarType(data[4]),
            name: rest[..len].to_vec(),
            trailing: rest.get(len).copied(),
        })
    }

    /// The name as a path (the calculator's replies may omit the folder).
    pub fn path(&self) -> Option<VarPath> {
        VarPath::from_bytes(&self.name).ok()
    }
}
