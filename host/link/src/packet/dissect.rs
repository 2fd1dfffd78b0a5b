//! A packet dissector for logs and transcripts: names every packet of a byte stream, with
//! the fields that matter (variable headers, ACK status, key codes, data sizes).

use core::fmt;

use super::{Body, Command, Packet, VarHeader};
use ti_files::{charset, VarType};

/// One packet of a stream, or the bytes that could not be framed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dissected {
    /// A well-formed packet.
    Packet(Packet),
    /// Bytes that are not a packet (and why), up to the end of the stream.
    Garbage {
        /// The bytes.
        bytes: Vec<u8>,
        /// Why they are not a packet.
        reason: String,
    },
}

/// Splits a byte stream into packets. Framing stops at the first bad packet; the rest is
/// returned as [`Dissected::Garbage`].
pub fn dissect(mut bytes: &[u8]) -> Vec<Dissected> {
    let mut out = Vec::new();
    while !bytes.is_empty() {
        match Packet::decode(bytes) {
            Ok((p, used)) => {
                out.push(Dissected::Packet(p));
                bytes = &bytes[used..];
            }
            Err(e) => {
                out.push(Dissected::Garbage {
                    bytes: bytes.to_vec(),
                    reason: e.to_string(),
                });
                break;
            }
        }
    }
    out
}

fn direction(machine_id: u8) -> &'static str {
    match machine_id {
        0x08 | 0x09 => "PC>TI",
        0x98 | 0x88 | 0x89 => "TI>PC",
        _ => "?>?",
    }
}

impl fmt::Display for Packet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", direction(self.machine_id), self.command)?;
        match (&self.body, self.command) {
            (Body::Word(v), Command::ACK) if *v != 0 => write!(f, " status={v:#06x}"),
            (Body::Word(v), Command::KEY) => write!(f, " key={v}"),
            (Body::Word(_), _) => Ok(()),
            (Body::Data(d), Command::RTS | Command::VAR | Command::REQ | Command::DEL) => {
                match VarHeader::decode(d) {
                    Some(h) => {
                        let filter = h.size >> 24;
                        if h.var_type == VarType(0x1A) && filter != 0 {
                            write!(f, " dirlist filter={filter:#04x}")?;
                        } else {
                            write!(f, " size={}", h.size)?;
                        }
                        write!(
                            f,
                            " type={} name={:?}",
                            h.var_type,
                            charset::decode(&h.name)
                        )
                    }
                    None => write!(f, " (malformed header, {} bytes)", d.len()),
                }
            }
            (Body::Data(d), Command::SKP) => {
                write!(
                    f,
                    " code={:#04x}",
                    d.get(2).or(d.first()).copied().unwrap_or(0)
                )
            }
            (Body::Data(d), _) => write!(f, " {} bytes", d.len()),
        }
    }
}

impl fmt::Display for Dissected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Dissected::Packet(p) => p.fmt(f),
            Dissected::Garbage { bytes, reason } => {
                write!(f, "?? {} bytes not framed: {reason}", bytes.len())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_a_send_exchange() {
        let stream = [
            0x08, 0xC9, 0x10, 0x00, 0x0A, 0, 0, 0, 0x0C, 0x09, b'm', b'a', b'i', b'n', b'\\', b's',
            b't', b'r', b'1', 0x00, 0xAA, 0x03, 0x98, 0x56, 0x00, 0x00, 0x98, 0x09, 0, 0, 0x99,
        ];
        let lines: Vec<String> = dissect(&stream).iter().map(|d| d.to_string()).collect();
        assert_eq!(
            lines[0],
            "PC>TI RTS size=10 type=string (0x0C) name=\"main\\\\str1\""
        );
        assert_eq!(lines[1], "TI>PC ACK");
        assert_eq!(lines[2], "TI>PC CTS");
        assert!(
            lines[3].starts_with("?? 1 bytes not framed"),
            "{}",
            lines[3]
        );
    }
}
