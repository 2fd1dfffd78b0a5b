//! A DUSB dissector for logs and transcripts: frames the raw packets of one direction's byte
//! stream, joins the fragments of virtual packets, and names each command with its fields
//! (names in the TI character set, attributes and parameters by ID).

use core::fmt;
use std::fmt::Write as _;

use super::command::Command;
use super::fields::{Attr, Field};
use super::raw::{RawPacket, RawType};
use super::virt::{Reassembler, VirtualPacket};
use ti_files::charset;

/// One item of a dissected stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DusbDissected {
    /// A raw packet that is not a data fragment (buffer size, acknowledgement).
    Raw(RawPacket),
    /// A data fragment: its type and payload length (the virtual packet follows when complete).
    Fragment(RawType, usize),
    /// A complete virtual packet.
    Virtual(VirtualPacket),
    /// Bytes that could not be framed or joined, and why, up to the end of the stream.
    Garbage {
        /// How many bytes.
        len: usize,
        /// Why.
        reason: String,
    },
}

/// Dissects one direction's byte stream.
pub fn dissect_dusb(mut bytes: &[u8]) -> Vec<DusbDissected> {
    let mut out = Vec::new();
    let mut joiner = Reassembler::new();
    while !bytes.is_empty() {
        let (raw, used) = match RawPacket::decode(bytes) {
            Ok(x) => x,
            Err(e) => {
                out.push(DusbDissected::Garbage {
                    len: bytes.len(),
                    reason: e.to_string(),
                });
                break;
            }
        };
        bytes = &bytes[used..];
        if !raw.kind.is_data() {
            out.push(DusbDissected::Raw(raw));
            continue;
        }
        out.push(DusbDissected::Fragment(raw.kind, raw.payload.len()));
        match joiner.push(&raw) {
            Ok(Some(v)) => out.push(DusbDissected::Virtual(v)),
            Ok(None) => {}
            Err(e) => {
                out.push(DusbDissected::Garbage {
                    len: raw.payload.len(),
                    reason: e.to_string(),
                });
                joiner = Reassembler::new();
            }
        }
    }
    out
}

fn name(bytes: &[u8]) -> String {
    charset::decode(bytes)
}

fn path(folder: &[u8], n: &[u8]) -> String {
    if folder.is_empty() {
        name(n)
    } else {
        format!("{}\\{}", name(folder), name(n))
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02X}")).collect()
}

fn attrs(list: &[Attr]) -> String {
    list.iter()
        .map(|a| format!("{:#06X}={}", a.id, hex(&a.value)))
        .collect::<Vec<_>>()
        .join(" ")
}

fn fields(list: &[Field]) -> String {
    list.iter()
        .map(|f| match f.value() {
            Some(v) if v.len() <= 16 => format!("{:#06X}={}", f.id, hex(v)),
            Some(v) => format!("{:#06X}=({} bytes)", f.id, v.len()),
            None => format!("{:#06X}=absent", f.id),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A one-line description of a command.
pub fn describe(c: &Command) -> String {
    let mut s = c.vtype().name().to_string();
    let _ = match c {
        Command::ModeSet(w) => write!(s, " {w:?}"),
        Command::OsBegin { size } => write!(s, " size={size}"),
        Command::OsAck { chunk } => write!(s, " chunk={chunk}"),
        Command::OsHeader(b) | Command::OsData(b) | Command::VarContent(b) => {
            write!(s, " {} bytes", b.len())
        }
        Command::ParamRequest(ids) | Command::DirRequest(ids) => {
            write!(s, " {ids:04X?}")
        }
        Command::ParamData(f) => write!(s, " {}", fields(f)),
        Command::VarHeader {
            folder,
            name: n,
            fields: f,
        } if n.is_empty() => write!(s, " folder {:?} {}", name(folder), fields(f)),
        Command::VarHeader {
            folder,
            name: n,
            fields: f,
        } => write!(s, " {:?} {}", path(folder, n), fields(f)),
        Command::Rts {
            folder,
            name: n,
            size,
            mode,
            attrs: a,
        } => write!(
            s,
            " {:?} size={size} mode={mode} {}",
            path(folder, n),
            attrs(a)
        ),
        Command::VarRequest {
            folder,
            name: n,
            wanted,
            attrs: a,
        } => write!(
            s,
            " {:?} wanted={wanted:04X?} {}",
            path(folder, n),
            attrs(a)
        ),
        Command::ParamSet { id, value } => write!(s, " {id:#06X}={}", hex(value)),
        Command::ModifyVar {
            folder,
            name: n,
            attrs: a,
            new_folder,
            new_name,
            new_attrs,
        } => {
            if new_folder.is_empty() && new_name.is_empty() && new_attrs.is_empty() {
                write!(s, " delete {:?} {}", path(folder, n), attrs(a))
            } else {
                write!(
                    s,
                    " {:?} {} -> {:?} {}",
                    path(folder, n),
                    attrs(a),
                    path(new_folder, new_name),
                    attrs(new_attrs)
                )
            }
        }
        Command::Execute {
            folder,
            name: n,
            action,
            args,
        } => write!(
            s,
            " {:?} action={action} args={:?}",
            path(folder, n),
            name(args)
        ),
        Command::Key(code) => write!(s, " key={code}"),
        Command::DelayAck(us) => write!(s, " {us} us"),
        Command::Error(code) => write!(s, " code={code:#06X}"),
        Command::EotAck | Command::ModeAck | Command::DataAck | Command::Eot => Ok(()),
    };
    s
}

impl fmt::Display for DusbDissected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DusbDissected::Raw(r) => match r.kind {
                RawType::BufferSizeRequest | RawType::BufferSizeAllocation => match r.buffer_size()
                {
                    Ok(n) => write!(f, "raw {} {n}", r.kind),
                    Err(_) => write!(f, "raw {} ({} bytes)", r.kind, r.payload.len()),
                },
                _ => write!(f, "raw {} {}", r.kind, hex(&r.payload)),
            },
            DusbDissected::Fragment(kind, len) => write!(f, "raw {kind} ({len} bytes)"),
            DusbDissected::Virtual(v) => match Command::decode(v) {
                Ok(c) => write!(f, "  {}", describe(&c)),
                Err(e) => write!(
                    f,
                    "  {} ({} bytes, not understood: {e})",
                    v.vtype,
                    v.data.len()
                ),
            },
            DusbDissected::Garbage { len, reason } => {
                write!(f, "?? {len} bytes not framed: {reason}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::packet::dusb::fields::mode;

    #[test]
    fn names_a_ready_check() {
        let mut stream = RawPacket::buffer_size_request(1024).encode();
        for r in Command::ModeSet(mode::NORMAL).encode().fragments(1023) {
            stream.extend(r.encode());
        }
        stream.extend([0, 0, 0, 9]);
        let lines: Vec<String> = dissect_dusb(&stream)
            .iter()
            .map(|d| d.to_string())
            .collect();
        assert_eq!(
            lines,
            [
                "raw Buffer Size Request 1024",
                "raw Virtual Packet Data Final (16 bytes)",
                "  Ping / Set Mode [3, 1, 0, 0, 2000]",
                "?? 4 bytes not framed: incomplete packet: 5 bytes needed, 4 present",
            ]
        );
    }
}
