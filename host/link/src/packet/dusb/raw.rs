//! DUSB raw packets, the only thing on the TI-89 Titanium's USB wire (docs/link.md#raw-packets;
//! tilibs `libticalcs/trunk/src/dusb_rpkt.cc`, `dusb_vpkt.cc`): a BE32 payload length, a type
//! byte, then the payload.
//!
//! Five types: buffer size request (1) and allocation (2), each a BE32 size; virtual packet
//! data with more to follow (3) and last (4); and the acknowledgement of a data fragment (5),
//! two bytes `E0 00`. libticalcs2 keeps a payload in a 1,023-byte buffer and refuses a longer
//! incoming one, so the decoder does too.

use core::fmt;

use crate::packet::PacketError;

/// Bytes before the payload: BE32 length and the type.
pub const RAW_HEADER_LEN: usize = 5;
/// The longest payload (libticalcs2's `DUSBRawPacket.data` is 1,023 bytes).
pub const MAX_RAW_PAYLOAD: usize = 1023;
/// The buffer size the computer asks for before it talks (libticalcs2 `DUSB_DFL_BUF_SIZE`).
pub const DEFAULT_BUFFER_SIZE: u32 = 1024;
/// The payload of a fragment acknowledgement.
pub const ACK_PAYLOAD: [u8; 2] = [0xE0, 0x00];

/// The type byte of a raw packet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RawType {
    /// 1: "use raw payloads of at most this size" (BE32).
    BufferSizeRequest,
    /// 2: the size granted (BE32).
    BufferSizeAllocation,
    /// 3: a fragment of a virtual packet; more follow.
    VirtualData,
    /// 4: the last (or only) fragment of a virtual packet.
    VirtualDataLast,
    /// 5: acknowledgement of a fragment (`E0 00`).
    VirtualDataAck,
}

impl RawType {
    /// The type's byte.
    pub fn byte(self) -> u8 {
        match self {
            RawType::BufferSizeRequest => 1,
            RawType::BufferSizeAllocation => 2,
            RawType::VirtualData => 3,
            RawType::VirtualDataLast => 4,
            RawType::VirtualDataAck => 5,
        }
    }

    /// The type of a byte, if it is one.
    pub fn from_byte(b: u8) -> Option<RawType> {
        Some(match b {
            1 => RawType::BufferSizeRequest,
            2 => RawType::BufferSizeAllocation,
            3 => RawType::VirtualData,
            4 => RawType::VirtualDataLast,
            5 => RawType::VirtualDataAck,
            _ => return None,
        })
    }

    /// libticalcs2's name for the type.
    pub fn name(self) -> &'static str {
        match self {
            RawType::BufferSizeRequest => "Buffer Size Request",
            RawType::BufferSizeAllocation => "Buffer Size Allocation",
            RawType::VirtualData => "Virtual Packet Data with Continuation",
            RawType::VirtualDataLast => "Virtual Packet Data Final",
            RawType::VirtualDataAck => "Virtual Packet Data Acknowledgement",
        }
    }

    /// Whether packets of this type carry a fragment of a virtual packet.
    pub fn is_data(self) -> bool {
        matches!(self, RawType::VirtualData | RawType::VirtualDataLast)
    }
}

impl fmt::Display for RawType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One raw packet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawPacket {
    /// The type.
    pub kind: RawType,
    /// The payload (at most [`MAX_RAW_PAYLOAD`] bytes).
    pub payload: Vec<u8>,
}

impl RawPacket {
    /// A buffer size request for `size` bytes (the computer's first packet).
    pub fn buffer_size_request(size: u32) -> RawPacket {
        RawPacket {
            kind: RawType::BufferSizeRequest,
            payload: size.to_be_bytes().to_vec(),
        }
    }

    /// A buffer size allocation of `size` bytes (the answer to a request).
    pub fn buffer_size_allocation(size: u32) -> RawPacket {
        RawPacket {
            kind: RawType::BufferSizeAllocation,
            payload: size.to_be_bytes().to_vec(),
        }
    }

    /// The acknowledgement of a data fragment (`E0 00`).
    pub fn ack() -> RawPacket {
        RawPacket {
            kind: RawType::VirtualDataAck,
            payload: ACK_PAYLOAD.to_vec(),
        }
    }

    /// The size carried by a buffer size request or allocation: its payload must be 4 bytes
    /// (libticalcs2 `dusb_recv_buf_size_alloc`).
    pub fn buffer_size(&self) -> Result<u32, PacketError> {
        match (self.kind, <[u8; 4]>::try_from(self.payload.as_slice())) {
            (RawType::BufferSizeRequest | RawType::BufferSizeAllocation, Ok(b)) => {
                Ok(u32::from_be_bytes(b))
            }
            _ => Err(PacketError::Malformed(format!(
                "expected a buffer size (4 bytes), got a {} of {} bytes",
                self.kind,
                self.payload.len()
            ))),
        }
    }

    /// Whether this is an acknowledgement libticalcs2 accepts: type 5, a payload of 2 (or 4)
    /// bytes, and not both first bytes wrong (`dusb_recv_acknowledge` fails only when byte 0
    /// is not `E0` **and** byte 1 is not `00`).
    pub fn is_ack(&self) -> bool {
        self.kind == RawType::VirtualDataAck
            && matches!(self.payload.len(), 2 | 4)
            && (self.payload[0] == ACK_PAYLOAD[0] || self.payload[1] == ACK_PAYLOAD[1])
    }

    /// The packet's bytes.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(RAW_HEADER_LEN + self.payload.len());
        out.extend_from_slice(&(self.payload.len() as u32).to_be_bytes());
        out.push(self.kind.byte());
        out.extend_from_slice(&self.payload);
        out
    }

    /// The type and payload length announced by a header, checked: a known type and a
    /// payload libticalcs2 could hold.
    pub fn parse_header(header: [u8; RAW_HEADER_LEN]) -> Result<(RawType, usize), PacketError> {
        let len = u32::from_be_bytes([header[0], header[1], header[2], header[3]]);
        let kind = RawType::from_byte(header[4]).ok_or(PacketError::UnknownRawType(header[4]))?;
        if len as usize > MAX_RAW_PAYLOAD {
            return Err(PacketError::RawTooLong(len));
        }
        Ok((kind, len as usize))
    }

    /// Decodes the raw packet at the start of `bytes`; returns it and the bytes it used.
    pub fn decode(bytes: &[u8]) -> Result<(RawPacket, usize), PacketError> {
        let header: [u8; RAW_HEADER_LEN] = bytes
            .get(..RAW_HEADER_LEN)
            .and_then(|h| h.try_into().ok())
            .ok_or(PacketError::Incomplete {
                needed: RAW_HEADER_LEN,
                got: bytes.len(),
            })?;
        let (kind, len) = RawPacket::parse_header(header)?;
        let total = RAW_HEADER_LEN + len;
        let payload = bytes
            .get(RAW_HEADER_LEN..total)
            .ok_or(PacketError::Incomplete {
                needed: total,
                got: bytes.len(),
            })?;
        Ok((
            RawPacket {
                kind,
                payload: payload.to_vec(),
            },
            total,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// libticalcs2 `dusb_send_buf_size_request(handle, DUSB_DFL_BUF_SIZE)`: size 4, type 1,
    /// BE32 1024.
    #[test]
    fn buffer_size_request_like_libticalcs2() {
        assert_eq!(
            RawPacket::buffer_size_request(DEFAULT_BUFFER_SIZE).encode(),
            [0, 0, 0, 4, 1, 0, 0, 4, 0]
        );
        assert_eq!(RawPacket::ack().encode(), [0, 0, 0, 2, 5, 0xE0, 0x00]);
        let (p, used) = RawPacket::decode(&[0, 0, 0, 4, 2, 0, 0, 3, 0xFF, 9]).unwrap();
        assert_eq!(
            (p.kind, p.buffer_size().unwrap(), used),
            (RawType::BufferSizeAllocation, 1023, 9)
        );
    }

    #[test]
    fn bad_headers_are_errors() {
        assert_eq!(
            RawPacket::decode(&[0, 0, 0, 2, 9, 0, 0]),
            Err(PacketError::UnknownRawType(9))
        );
        assert_eq!(
            RawPacket::decode(&[0, 0, 4, 0, 3]),
            Err(PacketError::RawTooLong(1024))
        );
        assert_eq!(
            RawPacket::decode(&[0, 0, 0, 2, 5, 0xE0]),
            Err(PacketError::Incomplete { needed: 7, got: 6 })
        );
        assert!(RawPacket::ack().is_ack());
        let loose = RawPacket {
            kind: RawType::VirtualDataAck,
            payload: vec![0xE0, 0x01],
        };
        assert!(loose.is_ack(), "libticalcs2 accepts one right byte of two");
        let wrong = RawPacket {
            kind: RawType::VirtualDataAck,
            payload: vec![0xE1, 0x01],
        };
        assert!(!wrong.is_ack());
        assert!(RawPacket::ack().buffer_size().is_err());
    }
}
