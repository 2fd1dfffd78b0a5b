//! DBUS packets: pure encoding and decoding, no I/O (docs/link.md#packets; tilibs
//! `libticalcs/trunk/src/dbus_pkt.cc`). The TI-89 Titanium's USB protocol, DUSB, is the
//! [`dusb`] submodule.
//!
//! A packet is `[machine ID][command][LE16 length]`, then, for commands that carry data,
//! `[data][LE16 sum of the data bytes]`. Commands without data are exactly 4 bytes; their
//! "length" field holds a value instead (the status of an ACK, the key code of a KEY).
//! Link headers are little-endian; the variable data inside an XDP is calculator data, big
//! endian (its size word).
//!
//! One constructor per packet kind, named as in the link guide: [`rts`], [`var`], [`cts`],
//! [`xdp`], [`ack`], [`eot`], [`req`], [`rdy`], [`skp`], [`err`], [`key`], [`scr`], [`ver`],
//! [`del`], [`cnt`]; [`dissect()`] names the packets of a byte stream for logs.

mod command;
mod dissect;
pub mod dusb;
mod header;

pub use command::Command;
pub use dissect::{dissect, Dissected};
pub use header::{VarHeader, MAX_HEADER_NAME};

use ti_files::{checksum, Model};

/// Machine ID of packets from a computer to a TI-89 / 92 Plus / V200.
pub const PC_MACHINE_ID: u8 = 0x08;
/// Length of the header every packet starts with.
pub const HEADER_LEN: usize = 4;
/// Most data one packet can carry.
pub const MAX_DATA_LEN: usize = 0xFFFF;
/// Most data one packet can carry when sent: 65,536 bytes go with a length field of 0, as
/// libticalcs2 sends the 64 KB blocks of a FLASH application (`dbus_send`, `send_flash`).
pub const MAX_SEND_LEN: usize = 0x10000;

/// What follows a packet's command byte.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    /// A command without data: the 16-bit value of the length field.
    Word(u16),
    /// A command with data (the checksum is computed on encoding, checked on decoding).
    Data(Vec<u8>),
}

/// One DBUS packet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packet {
    /// The machine ID (sender and receiver kind).
    pub machine_id: u8,
    /// The command.
    pub command: Command,
    /// The value or the data.
    pub body: Body,
}

/// Why bytes are not a packet.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PacketError {
    /// Fewer bytes than the packet needs.
    #[error("incomplete packet: {needed} bytes needed, {got} present")]
    Incomplete {
        /// Bytes the packet needs.
        needed: usize,
        /// Bytes present.
        got: usize,
    },
    /// The data's checksum is wrong.
    #[error(
        "bad checksum in a {command} packet: stored {stored:#06x}, data sums to {computed:#06x}"
    )]
    Checksum {
        /// The packet's command.
        command: Command,
        /// The checksum in the packet.
        stored: u16,
        /// The sum of its data.
        computed: u16,
    },
    /// The command byte is not a DBUS command.
    #[error("unknown command byte {0:#04x}: not a TI-89/92+/V200 link packet")]
    UnknownCommand(u8),
    /// The data is too long for a packet.
    #[error("{0} bytes of data do not fit in one packet (at most 65,536)")]
    TooLong(usize),
    /// A DUSB raw packet of a type that does not exist.
    #[error("unknown DUSB raw packet type {0:#04x} (types are 1 to 5)")]
    UnknownRawType(u8),
    /// A DUSB raw packet longer than any receiver accepts.
    #[error(
        "a DUSB raw packet announces {0} bytes of payload, more than the 1,023 libticalcs2 accepts"
    )]
    RawTooLong(u32),
    /// A DUSB packet or command whose content does not follow the protocol.
    #[error("malformed DUSB packet: {0}")]
    Malformed(String),
}

impl Packet {
    /// A packet without data.
    pub fn word(machine_id: u8, command: Command, value: u16) -> Packet {
        Packet {
            machine_id,
            command,
            body: Body::Word(value),
        }
    }

    /// A packet with data.
    pub fn data(machine_id: u8, command: Command, data: Vec<u8>) -> Packet {
        Packet {
            machine_id,
            command,
            body: Body::Data(data),
        }
    }

    /// The data, or an empty slice for a packet without data.
    pub fn payload(&self) -> &[u8] {
        match &self.body {
            Body::Data(d) => d,
            Body::Word(_) => &[],
        }
    }

    /// The value of the length field of a packet without data (0 for data packets).
    pub fn value(&self) -> u16 {
        match self.body {
            Body::Word(v) => v,
            Body::Data(_) => 0,
        }
    }

    /// The packet's bytes.
    pub fn encode(&self) -> Result<Vec<u8>, PacketError> {
        let mut out = vec![self.machine_id, self.command.0];
        match &self.body {
            Body::Word(v) => out.extend_from_slice(&v.to_le_bytes()),
            Body::Data(d) => {
                if d.len() > MAX_SEND_LEN {
                    return Err(PacketError::TooLong(d.len()));
                }
                // 65,536 wraps to a length field of 0 (libticalcs2 `dbus_send`).
                out.extend_from_slice(&(d.len() as u16).to_le_bytes());
                out.extend_from_slice(d);
                out.extend_from_slice(&checksum(d).to_le_bytes());
            }
        }
        Ok(out)
    }

    /// How many bytes the packet starting with `header` has in total (header included).
    /// Unknown commands are errors: the stream cannot be framed past them.
    pub fn total_len(header: [u8; HEADER_LEN]) -> Result<usize, PacketError> {
        let command = Command(header[1]);
        if !command.is_known() {
            return Err(PacketError::UnknownCommand(header[1]));
        }
        Ok(if command.has_data() {
            HEADER_LEN + u16::from_le_bytes([header[2], header[3]]) as usize + 2
        } else {
            HEADER_LEN
        })
    }

    /// Decodes the packet at the start of `bytes`; returns it and the bytes it used.
    pub fn decode(bytes: &[u8]) -> Result<(Packet, usize), PacketError> {
        let header: [u8; HEADER_LEN] = bytes
            .get(..HEADER_LEN)
            .and_then(|h| h.try_into().ok())
            .ok_or(PacketError::Incomplete {
                needed: HEADER_LEN,
                got: bytes.len(),
            })?;
        let total = Packet::total_len(header)?;
        if bytes.len() < total {
            return Err(PacketError::Incomplete {
                needed: total,
                got: bytes.len(),
            });
        }
        let command = Command(header[1]);
        let body = if command.has_data() {
            let data = &bytes[HEADER_LEN..total - 2];
            let stored = u16::from_le_bytes([bytes[total - 2], bytes[total - 1]]);
            let computed = checksum(data);
            if stored != computed {
                return Err(PacketError::Checksum {
                    command,
                    stored,
                    computed,
                });
            }
            Body::Data(data.to_vec())
        } else {
            Body::Word(u16::from_le_bytes([header[2], header[3]]))
        };
        Ok((
            Packet {
                machine_id: header[0],
                command,
                body,
            },
            total,
        ))
    }

    /// Whether the packet was sent by a computer (machine IDs 0x08 / 0x09).
    pub fn is_from_pc(&self) -> bool {
        matches!(self.machine_id, 0x08 | 0x09)
    }
}

/// RDY: is the calculator ready?
pub fn rdy() -> Packet {
    Packet::word(PC_MACHINE_ID, Command::RDY, 0)
}

/// RTS: silent request to send a variable (header with trailing 0x00).
pub fn rts(header: &VarHeader) -> Packet {
    Packet::data(PC_MACHINE_ID, Command::RTS, header.encode())
}

/// VAR: a variable header, from the computer (trailing 0x03) or a calculator.
pub fn var(machine_id: u8, header: &VarHeader) -> Packet {
    Packet::data(machine_id, Command::VAR, header.encode())
}

/// CTS: clear to send.
pub fn cts(machine_id: u8) -> Packet {
    Packet::word(machine_id, Command::CTS, 0)
}

/// XDP: a data packet.
pub fn xdp(machine_id: u8, data: Vec<u8>) -> Packet {
    Packet::data(machine_id, Command::XDP, data)
}

/// ACK with a status word (0 = fine).
pub fn ack(machine_id: u8, status: u16) -> Packet {
    Packet::word(machine_id, Command::ACK, status)
}

/// EOT: end of transmission.
pub fn eot(machine_id: u8) -> Packet {
    Packet::word(machine_id, Command::EOT, 0)
}

/// REQ: silent request for a variable or a listing (header without trailing byte).
pub fn req(header: &VarHeader) -> Packet {
    Packet::data(PC_MACHINE_ID, Command::REQ, header.encode())
}

/// SKP from a computer: 3 bytes `{code, 0, 0}` (1 exit, 2 skip, 3 out of memory, 4 version).
pub fn skp(code: u8) -> Packet {
    Packet::data(PC_MACHINE_ID, Command::SKP, vec![code, 0, 0])
}

/// ERR: checksum error, "send your last packet again".
pub fn err(machine_id: u8) -> Packet {
    Packet::word(machine_id, Command::ERR, 0)
}

/// KEY: a remote key press, the key code in the length field.
pub fn key(code: u16) -> Packet {
    Packet::word(PC_MACHINE_ID, Command::KEY, code)
}

/// SCR: request a screenshot.
pub fn scr() -> Packet {
    Packet::word(PC_MACHINE_ID, Command::SCR, 0)
}

/// VER: request version information. **PedroM hangs on it** (docs/link.md#sequences): the
/// operations never send it.
pub fn ver() -> Packet {
    Packet::word(PC_MACHINE_ID, Command::VER, 0)
}

/// DEL: delete a variable (AMS 2.09 and later).
pub fn del(header: &VarHeader) -> Packet {
    Packet::data(PC_MACHINE_ID, Command::DEL, header.encode())
}

/// CNT: continue.
pub fn cnt(machine_id: u8) -> Packet {
    Packet::word(machine_id, Command::CNT, 0)
}

/// Meaning of a calculator's SKP reason code (tilibs `cmd68k.cc`; LG `ti89/packet.html`).
pub fn skip_reason(code: u8) -> &'static str {
    match code {
        0x01 => "the transfer was cancelled",
        0x03 => "cannot delete an application",
        0x07 => "application not for this model",
        0x08 => "out of memory: free some RAM on the calculator (delete or archive variables) and send it again",
        0x1E => "cannot overwrite the variable (locked, archived or in use): unlock or unarchive it, or leave the program that runs from it, and send it again",
        0x21 => "cannot delete the variable",
        0x24 => "malformed request",
        0x25 => "invalid variable name",
        _ => "unknown reason",
    }
}

/// Machine ID of the calculator side for `model` (0x98 or 0x88).
pub fn calc_machine_id(model: Model) -> u8 {
    model.calc_machine_id()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ti_files::{VarPath, VarType};

    fn hex(s: &str) -> Vec<u8> {
        s.split_whitespace()
            .map(|b| u8::from_str_radix(b, 16).unwrap())
            .collect()
    }

    /// libticalcs2 captures of docs/link.md#sequences.
    #[test]
    fn pc_packets_match_libticalcs2() {
        assert_eq!(rdy().encode().unwrap(), hex("08 68 00 00"));
        let h = VarHeader::new(
            10,
            VarType::STR,
            &VarPath::parse("main\\str1").unwrap(),
            Some(0),
        );
        assert_eq!(
            rts(&h).encode().unwrap(),
            hex("08 c9 10 00 0a 00 00 00 0c 09 6d 61 69 6e 5c 73 74 72 31 00 aa 03")
        );
        let x = hex("00 00 00 00 00 08 00 68 65 6c 6c 6f 00 2d");
        assert_eq!(
            xdp(PC_MACHINE_ID, x).encode().unwrap(),
            hex("08 15 0e 00 00 00 00 00 00 08 00 68 65 6c 6c 6f 00 2d 49 02")
        );
        let r = VarHeader::new(
            0,
            VarType::STR,
            &VarPath::parse("main\\str1").unwrap(),
            None,
        );
        assert_eq!(
            req(&r).encode().unwrap(),
            hex("08 a2 0f 00 00 00 00 00 0c 09 6d 61 69 6e 5c 73 74 72 31 a0 03")
        );
        assert_eq!(key(277).encode().unwrap(), hex("08 87 15 01"));
        assert_eq!(scr().encode().unwrap(), hex("08 6d 00 00"));
        assert_eq!(ack(PC_MACHINE_ID, 0).encode().unwrap(), hex("08 56 00 00"));
        assert_eq!(cts(PC_MACHINE_ID).encode().unwrap(), hex("08 09 00 00"));
        assert_eq!(eot(PC_MACHINE_ID).encode().unwrap(), hex("08 92 00 00"));
    }

    #[test]
    fn decode_calculator_packets() {
        let bytes =
            hex("98 06 0f 00 0a 00 00 00 21 09 6d 61 69 6e 5c 73 74 72 31 bf 03 98 56 00 00");
        let (p, used) = Packet::decode(&bytes).unwrap();
        assert_eq!(used, 21);
        assert_eq!(p.command, Command::VAR);
        let h = VarHeader::decode(p.payload()).unwrap();
        assert_eq!((h.size, h.var_type, h.trailing), (10, VarType::ASM, None));
        assert_eq!(h.path().unwrap().to_string(), "main\\str1");
        let (ack, used) = Packet::decode(&bytes[21..]).unwrap();
        assert_eq!((ack.command, ack.value(), used), (Command::ACK, 0, 4));
    }

    #[test]
    fn bad_packets() {
        let mut bytes = hex("98 15 03 00 01 02 03 06 00");
        assert!(Packet::decode(&bytes).is_ok());
        bytes[7] = 7;
        assert!(matches!(
            Packet::decode(&bytes),
            Err(PacketError::Checksum {
                stored: 7,
                computed: 6,
                ..
            })
        ));
        assert!(matches!(
            Packet::decode(&bytes[..6]),
            Err(PacketError::Incomplete { needed: 9, got: 6 })
        ));
        assert_eq!(
            Packet::decode(&hex("98 ee 00 00")),
            Err(PacketError::UnknownCommand(0xEE))
        );
        assert!(VarHeader::decode(&hex("0a 00 00 00 0c 09 6d")).is_none());
    }
}
