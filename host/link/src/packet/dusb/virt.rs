//! DUSB virtual packets: a BE32 data length, a BE16 type, then the data, carried in one or more
//! raw packets (docs/link.md#virtual-packets; tilibs `libticalcs/trunk/src/dusb_vpkt.cc`
//! `dusb_send_data`, `dusb_recv_data_varsize`).
//!
//! [`VirtualPacket::fragments`] splits as libticalcs2 does: the first fragment carries the
//! 6-byte header; when everything fits in one raw payload of the negotiated size it is the
//! last (type 4); otherwise full fragments of type 3 follow and a type-4 fragment ends it,
//! even an empty one when the data ends on a boundary. [`Reassembler`] joins fragments back,
//! checking each against the declared length.
//!
//! The two zero-length-packet workarounds libticalcs2 applies for the TI-89 Titanium are
//! decided here too ([`zero_length_write_after`], [`zero_length_read_after`]); the cable
//! carries them out.

use core::fmt;

use super::raw::{RawPacket, RawType, MAX_RAW_PAYLOAD};
use crate::packet::PacketError;

/// Bytes of the virtual header: BE32 data length, BE16 type.
pub const VIRTUAL_HEADER_LEN: usize = 6;
/// The longest virtual packet accepted: a FLASH application travels in one (4 MiB).
pub const MAX_VIRTUAL_LEN: usize = 4 * 1024 * 1024;

/// The type of a virtual packet (a DUSB command), named as libticalcs2 names it.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct VirtualType(pub u16);

impl VirtualType {
    /// Ping / set mode.
    pub const MODE_SET: VirtualType = VirtualType(0x0001);
    /// Begin an OS transfer.
    pub const OS_BEGIN: VirtualType = VirtualType(0x0002);
    /// Acknowledgement of an OS transfer (chunk size).
    pub const OS_ACK: VirtualType = VirtualType(0x0003);
    /// OS header.
    pub const OS_HEADER: VirtualType = VirtualType(0x0004);
    /// OS data.
    pub const OS_DATA: VirtualType = VirtualType(0x0005);
    /// Acknowledgement of an end of transmission.
    pub const EOT_ACK: VirtualType = VirtualType(0x0006);
    /// Parameter request.
    pub const PARAM_REQUEST: VirtualType = VirtualType(0x0007);
    /// Parameter data.
    pub const PARAM_DATA: VirtualType = VirtualType(0x0008);
    /// Request a directory listing.
    pub const DIR_REQUEST: VirtualType = VirtualType(0x0009);
    /// Variable header.
    pub const VAR_HEADER: VirtualType = VirtualType(0x000A);
    /// Request to send.
    pub const RTS: VirtualType = VirtualType(0x000B);
    /// Request a variable.
    pub const VAR_REQUEST: VirtualType = VirtualType(0x000C);
    /// Variable contents.
    pub const VAR_CONTENT: VirtualType = VirtualType(0x000D);
    /// Set a parameter.
    pub const PARAM_SET: VirtualType = VirtualType(0x000E);
    /// Modify (rename, change attributes of, delete) a variable.
    pub const MODIFY_VAR: VirtualType = VirtualType(0x0010);
    /// Remote control: run a program or press a key.
    pub const EXECUTE: VirtualType = VirtualType(0x0011);
    /// Acknowledgement of a mode setting.
    pub const MODE_ACK: VirtualType = VirtualType(0x0012);
    /// Acknowledgement of data.
    pub const DATA_ACK: VirtualType = VirtualType(0xAA00);
    /// Delay acknowledgement: wait (BE32 microseconds), then read the real answer.
    pub const DELAY_ACK: VirtualType = VirtualType(0xBB00);
    /// End of transmission.
    pub const EOT: VirtualType = VirtualType(0xDD00);
    /// Error (BE16 code).
    pub const ERROR: VirtualType = VirtualType(0xEE00);

    /// libticalcs2's name (`dusb_vpkt_type2name`), or "unknown".
    pub fn name(self) -> &'static str {
        match self.0 {
            0x0001 => "Ping / Set Mode",
            0x0002 => "Begin OS Transfer",
            0x0003 => "Acknowledgement of OS Transfer",
            0x0004 => "OS Header",
            0x0005 => "OS Data",
            0x0006 => "Acknowledgement of EOT",
            0x0007 => "Parameter Request",
            0x0008 => "Parameter Data",
            0x0009 => "Request Directory Listing",
            0x000A => "Variable Header",
            0x000B => "Request to Send",
            0x000C => "Request Variable",
            0x000D => "Variable Contents",
            0x000E => "Parameter Set",
            0x0010 => "Modify Variable",
            0x0011 => "Remote Control",
            0x0012 => "Acknowledgement of Mode Setting",
            0xAA00 => "Acknowledgement of Data",
            0xBB00 => "Delay Acknowledgement",
            0xDD00 => "End of Transmission",
            0xEE00 => "Error",
            _ => "unknown",
        }
    }
}

impl fmt::Debug for VirtualType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}({:#06X})", self.name(), self.0)
    }
}

impl fmt::Display for VirtualType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({:#06X})", self.name(), self.0)
    }
}

/// One virtual packet: a command and its data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VirtualPacket {
    /// The type.
    pub vtype: VirtualType,
    /// The data.
    pub data: Vec<u8>,
}

impl VirtualPacket {
    /// A virtual packet.
    pub fn new(vtype: VirtualType, data: Vec<u8>) -> VirtualPacket {
        VirtualPacket { vtype, data }
    }

    /// The raw packets that carry it with raw payloads of at most `max_payload` bytes (the
    /// negotiated buffer size), split exactly as libticalcs2's `dusb_send_data` splits.
    /// `max_payload` is clamped to 7..=1,023 (a fragment must hold the header and a byte).
    pub fn fragments(&self, max_payload: usize) -> Vec<RawPacket> {
        let first = self.first_fragment(max_payload);
        let mut at = first.payload.len() - VIRTUAL_HEADER_LEN;
        let mut out = vec![first];
        while out.last().is_some_and(|f| f.kind == RawType::VirtualData) {
            let next = continuation(&self.data[at..], max_payload);
            at += next.payload.len();
            out.push(next);
        }
        out
    }

    /// The first fragment: the 6-byte header and as much data as fits; the last fragment (type
    /// 4) when everything fits, else type 3 of exactly `max_payload` bytes.
    pub fn first_fragment(&self, max_payload: usize) -> RawPacket {
        let max = clamp(max_payload);
        let fits = self.data.len() <= max - VIRTUAL_HEADER_LEN;
        let n = if fits {
            self.data.len()
        } else {
            max - VIRTUAL_HEADER_LEN
        };
        let mut payload = Vec::with_capacity(VIRTUAL_HEADER_LEN + n);
        payload.extend_from_slice(&(self.data.len() as u32).to_be_bytes());
        payload.extend_from_slice(&self.vtype.0.to_be_bytes());
        payload.extend_from_slice(&self.data[..n]);
        RawPacket {
            kind: if fits {
                RawType::VirtualDataLast
            } else {
                RawType::VirtualData
            },
            payload,
        }
    }
}

fn clamp(max_payload: usize) -> usize {
    max_payload.clamp(VIRTUAL_HEADER_LEN + 1, MAX_RAW_PAYLOAD)
}

/// The fragment after the first, for the data `rest` not sent yet: a full one of type 3 while
/// at least `max_payload` bytes are left, else the last (type 4) with the rest, even empty, as
/// `dusb_send_data` ends a packet whose data fills its fragments exactly.
pub fn continuation(rest: &[u8], max_payload: usize) -> RawPacket {
    let max = clamp(max_payload);
    if rest.len() >= max {
        RawPacket {
            kind: RawType::VirtualData,
            payload: rest[..max].to_vec(),
        }
    } else {
        RawPacket {
            kind: RawType::VirtualDataLast,
            payload: rest.to_vec(),
        }
    }
}

/// Whether libticalcs2 makes a zero-length bulk write after sending the raw packet `raw`, the
/// last fragment of a virtual packet of `virtual_len` data bytes, to a TI-89 Titanium
/// (`workaround_send`: virtual data longer than 1,076 bytes and a raw packet, header
/// included, that is a whole number of 64-byte USB packets).
pub fn zero_length_write_after(virtual_len: usize, raw: &RawPacket) -> bool {
    virtual_len > 1076 && (raw.payload.len() + super::raw::RAW_HEADER_LEN) % 64 == 0
}

/// Whether libticalcs2 asks the cable for a zero-length read after receiving the raw packet
/// `raw` from a TI-89 Titanium (`workaround_recv`: a payload that is a multiple of 64 bytes).
pub fn zero_length_read_after(raw: &RawPacket) -> bool {
    raw.payload.len() % 64 == 0
}

/// Joins the fragments of one virtual packet as they arrive.
#[derive(Clone, Debug, Default)]
pub struct Reassembler {
    /// The type and declared length, once the first fragment came.
    head: Option<(VirtualType, usize)>,
    data: Vec<u8>,
}

impl Reassembler {
    /// An empty reassembler.
    pub fn new() -> Reassembler {
        Reassembler::default()
    }

    /// Bytes of data received so far and the declared total (0 before the first fragment).
    pub fn progress(&self) -> (usize, usize) {
        (self.data.len(), self.head.map_or(0, |(_, n)| n))
    }

    /// Takes one raw packet. Returns the virtual packet when `raw` was its last fragment.
    /// Errors: a raw packet that is not a data fragment, a first fragment shorter than the
    /// header, a declared length over [`MAX_VIRTUAL_LEN`], more data than declared, or a last
    /// fragment that leaves the data short of the declared length (libticalcs2 `dusb_recv_data`
    /// checks the total at the end; this fails as soon as the data overflows).
    pub fn push(&mut self, raw: &RawPacket) -> Result<Option<VirtualPacket>, PacketError> {
        if !raw.kind.is_data() {
            return Err(PacketError::Malformed(format!(
                "expected a virtual packet fragment, got a {} of {} bytes",
                raw.kind,
                raw.payload.len()
            )));
        }
        let payload = match self.head {
            Some(_) => &raw.payload[..],
            None => {
                let h = raw.payload.get(..VIRTUAL_HEADER_LEN).ok_or_else(|| {
                    PacketError::Malformed(format!(
                        "the first fragment of a virtual packet has {} bytes, fewer than its 6-byte header",
                        raw.payload.len()
                    ))
                })?;
                let declared = u32::from_be_bytes([h[0], h[1], h[2], h[3]]) as usize;
                if declared > MAX_VIRTUAL_LEN {
                    return Err(PacketError::Malformed(format!(
                        "a virtual packet declares {declared} bytes, more than the {MAX_VIRTUAL_LEN} accepted"
                    )));
                }
                self.head = Some((VirtualType(u16::from_be_bytes([h[4], h[5]])), declared));
                self.data.reserve(declared.min(MAX_RAW_PAYLOAD * 16));
                &raw.payload[VIRTUAL_HEADER_LEN..]
            }
        };
        let (vtype, declared) = self.head.expect("set above");
        if self.data.len() + payload.len() > declared {
            return Err(PacketError::Malformed(format!(
                "a {} virtual packet declares {declared} bytes but its fragments carry at least {}",
                vtype,
                self.data.len() + payload.len()
            )));
        }
        self.data.extend_from_slice(payload);
        if raw.kind == RawType::VirtualData {
            return Ok(None);
        }
        if self.data.len() != declared {
            return Err(PacketError::Malformed(format!(
                "a {} virtual packet declares {declared} bytes but ended after {}",
                vtype,
                self.data.len()
            )));
        }
        self.head = None;
        Ok(Some(VirtualPacket {
            vtype,
            data: std::mem::take(&mut self.data),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// docs/link.md#virtual-packets: the normal mode set of libticalcs2 `is_ready`, as
    /// libticables2's `hex2dusb.cc` shows it.
    #[test]
    fn mode_set_is_one_fragment() {
        let v = VirtualPacket::new(
            VirtualType::MODE_SET,
            vec![0, 3, 0, 1, 0, 0, 0, 0, 0x07, 0xD0],
        );
        let f = v.fragments(1023);
        assert_eq!(f.len(), 1);
        assert_eq!(
            f[0].encode(),
            [0, 0, 0, 0x10, 4, 0, 0, 0, 0x0A, 0, 1, 0, 3, 0, 1, 0, 0, 0, 0, 0x07, 0xD0]
        );
    }

    /// `dusb_send_data` with `maxlen` 10 and 20 data bytes: 4 + 10 + 6 = 20, so the last
    /// fragment is 6 bytes; with 14 bytes it is empty but still sent.
    #[test]
    fn splits_like_libticalcs2() {
        let data: Vec<u8> = (0..20).collect();
        let f = VirtualPacket::new(VirtualType::VAR_CONTENT, data.clone()).fragments(10);
        let kinds: Vec<_> = f.iter().map(|r| (r.kind, r.payload.len())).collect();
        assert_eq!(
            kinds,
            [
                (RawType::VirtualData, 10),
                (RawType::VirtualData, 10),
                (RawType::VirtualDataLast, 6)
            ]
        );
        assert_eq!(f[0].payload, [0, 0, 0, 20, 0, 0x0D, 0, 1, 2, 3]);
        let f = VirtualPacket::new(VirtualType::VAR_CONTENT, data[..14].to_vec()).fragments(10);
        let kinds: Vec<_> = f.iter().map(|r| (r.kind, r.payload.len())).collect();
        assert_eq!(
            kinds,
            [
                (RawType::VirtualData, 10),
                (RawType::VirtualData, 10),
                (RawType::VirtualDataLast, 0)
            ]
        );
        // Exactly maxlen - 6 bytes of data: one fragment.
        let f = VirtualPacket::new(VirtualType::VAR_CONTENT, data[..4].to_vec()).fragments(10);
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].kind, RawType::VirtualDataLast);
    }

    #[test]
    fn reassembles_what_it_splits() {
        for len in [0usize, 1, 17, 1017, 1018, 2040, 5000] {
            for max in [0x3A, 100, 1023] {
                let v = VirtualPacket::new(
                    VirtualType(0x1234),
                    (0..len).map(|i| (i * 7) as u8).collect(),
                );
                let mut r = Reassembler::new();
                let mut out = None;
                for f in v.fragments(max) {
                    assert!(out.is_none(), "data after the last fragment");
                    assert!(f.payload.len() <= max);
                    out = r.push(&f).unwrap();
                }
                assert_eq!(out.as_ref(), Some(&v), "len {len} max {max}");
            }
        }
    }

    #[test]
    fn a_packet_cut_in_two_is_an_error() {
        let v = VirtualPacket::new(VirtualType::VAR_CONTENT, vec![7; 30]);
        let mut f = v.fragments(16);
        // The last fragment claims to be the last too early: drop the middle one.
        f.remove(1);
        let mut r = Reassembler::new();
        assert_eq!(r.push(&f[0]), Ok(None));
        let e = r.push(&f[1]).unwrap_err();
        assert!(
            e.to_string().contains("declares 30 bytes but ended after"),
            "{e}"
        );
        // Too much data.
        let mut r = Reassembler::new();
        let big = RawPacket {
            kind: RawType::VirtualDataLast,
            payload: vec![0, 0, 0, 1, 0, 0x0D, 1, 2],
        };
        assert!(r.push(&big).is_err());
        assert!(Reassembler::new().push(&RawPacket::ack()).is_err());
        let short = RawPacket {
            kind: RawType::VirtualDataLast,
            payload: vec![0, 0, 0],
        };
        assert!(Reassembler::new().push(&short).is_err());
    }

    /// libticalcs2 `workaround_send` / `workaround_recv` for the Titanium.
    #[test]
    fn zero_length_packet_rules() {
        let raw = |n| RawPacket {
            kind: RawType::VirtualDataLast,
            payload: vec![0; n],
        };
        assert!(!zero_length_write_after(1076, &raw(59)));
        assert!(zero_length_write_after(1077, &raw(59)));
        assert!(zero_length_write_after(5000, &raw(123)));
        assert!(!zero_length_write_after(5000, &raw(124)));
        assert!(zero_length_read_after(&raw(0)));
        assert!(zero_length_read_after(&raw(64)));
        assert!(!zero_length_read_after(&raw(69)));
    }
}
