//! Operations with a TI-89 Titanium over its own USB port: DUSB packets over a [`Cable`], as
//! libticalcs2 runs them (`calc_89t.cc` over `dusb_vpkt.cc`, `dusb_rpkt.cc`;
//! docs/link.md#dusb-sequences). [`Titanium`] is the DUSB counterpart of the DBUS
//! [`crate::Calculator`]; both implement [`crate::ops::Operations`].
//!
//! This file holds the transport: raw packets, the buffer size negotiation (also when the
//! calculator asks for one in the middle of a transfer), virtual packets sent fragment by
//! fragment with each fragment acknowledged, the zero-length-packet workarounds, and the
//! delay acknowledgement and error packet every reply may be. The operations are in
//! `vars.rs` (variables and applications) and `calc.rs` (ready, listing, identity, screen,
//! keys, running programs).

mod calc;
mod vars;

use std::time::Duration;

use super::{LinkError, Progress, ProgressFn};
use crate::cable::{Cable, DEFAULT_TIMEOUT};
use crate::packet::dusb::error_index;
use crate::packet::dusb::raw::{RawPacket, RawType, MAX_RAW_PAYLOAD, RAW_HEADER_LEN};
use crate::packet::dusb::virt::{
    continuation, zero_length_read_after, zero_length_write_after, VIRTUAL_HEADER_LEN,
};
use crate::packet::dusb::{Reassembler, VirtualPacket, VirtualType};

/// Pauses libticalcs2 makes on the Titanium (`calc_89t.cc`, `dusb_cmd.cc`). A simulated
/// calculator needs none: [`DusbDelays::NONE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DusbDelays {
    /// Before each key press (25 ms: "needed between 2 keys").
    pub before_key: Duration,
    /// After each variable sent (50 ms: "needed").
    pub after_send: Duration,
    /// The longest wait a delay acknowledgement may ask for (libticalcs2 clamps to 400 ms).
    pub max_delay: Duration,
}

impl DusbDelays {
    /// libticalcs2's pauses.
    pub const TILIBS: DusbDelays = DusbDelays {
        before_key: Duration::from_millis(25),
        after_send: Duration::from_millis(50),
        max_delay: Duration::from_millis(400),
    };
    /// No pauses (delay acknowledgements are still honoured, up to 400 ms).
    pub const NONE: DusbDelays = DusbDelays {
        before_key: Duration::ZERO,
        after_send: Duration::ZERO,
        max_delay: Duration::from_millis(400),
    };
}

/// How many delay acknowledgements in a row are waited for before giving up (libticalcs2 waits
/// for one; a calculator that keeps asking for time is reported).
const MAX_DELAYS: usize = 16;

/// The raw payload size to use for a buffer size the calculator gave: at most 1,023 (what
/// libticalcs2 holds); at least 7, the virtual header and one byte (a smaller one could not
/// carry any packet, and 0 would mean "not negotiated").
fn usable_buffer(size: u32) -> Result<usize, LinkError> {
    if (size as usize) < VIRTUAL_HEADER_LEN + 1 {
        return Err(LinkError::Malformed(format!(
            "the calculator asks for raw packets of {size} bytes, too small to carry a virtual packet"
        )));
    }
    Ok((size as usize).min(MAX_RAW_PAYLOAD))
}

/// A TI-89 Titanium on its own USB port.
pub struct Titanium<C: Cable> {
    cable: C,
    /// The negotiated largest raw payload (0 before the first negotiation).
    max_raw: usize,
    /// Pauses between steps (libticalcs2's by default).
    pub delays: DusbDelays,
    progress: Option<ProgressFn>,
    timeout: Duration,
}

impl<C: Cable> Titanium<C> {
    /// A Titanium on `cable` (a [`crate::cable::directlink::DirectLink`], or any byte stream
    /// that carries DUSB).
    pub fn new(cable: C) -> Titanium<C> {
        Titanium {
            cable,
            max_raw: 0,
            delays: DusbDelays::TILIBS,
            progress: None,
            timeout: DEFAULT_TIMEOUT,
        }
    }

    /// How long each USB transfer may take; [`DEFAULT_TIMEOUT`] at first.
    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// Changes the timeout of every transfer from now on.
    pub fn set_timeout(&mut self, timeout: Duration) {
        self.timeout = timeout;
    }

    /// The cable.
    pub fn cable(&self) -> &C {
        &self.cable
    }

    /// The cable, mutably.
    pub fn cable_mut(&mut self) -> &mut C {
        &mut self.cable
    }

    /// Gives the cable back.
    pub fn into_cable(self) -> C {
        self.cable
    }

    /// The raw payload size in force (the last buffer size negotiated; 0 before any).
    pub fn buffer_size(&self) -> usize {
        self.max_raw
    }

    /// Sets a callback called as virtual packets move.
    pub fn on_progress(&mut self, f: impl FnMut(&Progress) + Send + 'static) {
        self.progress = Some(Box::new(f));
    }

    pub(crate) fn set_progress(&mut self, f: ProgressFn) {
        self.progress = Some(f);
    }

    fn report(&mut self, what: &str, done: usize, total: usize) {
        if let Some(f) = &mut self.progress {
            f(&Progress {
                what: what.to_string(),
                done,
                total,
            });
        }
    }

    fn pause(&self, d: Duration) {
        if !d.is_zero() {
            std::thread::sleep(d);
        }
    }

    /// Sends one raw packet (one bulk transfer on a USB cable).
    fn send_raw(&mut self, raw: &RawPacket) -> Result<(), LinkError> {
        Ok(self.cable.send(&raw.encode(), self.timeout)?)
    }

    /// Receives one raw packet: the 5-byte header, then the payload it announces.
    fn recv_raw(&mut self) -> Result<RawPacket, LinkError> {
        let mut header = [0u8; RAW_HEADER_LEN];
        self.cable.recv(&mut header, self.timeout)?;
        let (kind, len) = RawPacket::parse_header(header)?;
        let mut payload = vec![0u8; len];
        self.cable.recv(&mut payload, self.timeout)?;
        Ok(RawPacket { kind, payload })
    }

    /// Asks for raw payloads of `size` bytes; the calculator's allocation, clamped to 1,023,
    /// is used from then on (libticalcs2 `dusb_send_buf_size_request`,
    /// `dusb_recv_buf_size_alloc`).
    fn negotiate(&mut self, size: u32) -> Result<(), LinkError> {
        self.send_raw(&RawPacket::buffer_size_request(size))?;
        let raw = self.recv_raw()?;
        if raw.kind != RawType::BufferSizeAllocation || raw.payload.len() != 4 {
            return Err(LinkError::Unexpected {
                doing: format!("negotiating a buffer of {size} bytes"),
                expected: "a buffer size allocation",
                got: format!("a {} of {} bytes", raw.kind, raw.payload.len()),
            });
        }
        self.max_raw = usable_buffer(raw.buffer_size()?)?;
        Ok(())
    }

    /// Receives the acknowledgement of a fragment. A buffer size request in its place is
    /// granted as asked and the acknowledgement read after it (libticalcs2
    /// `dusb_recv_acknowledge`).
    fn recv_fragment_ack(&mut self, doing: &str) -> Result<(), LinkError> {
        let mut raw = self.recv_raw()?;
        if raw.kind == RawType::BufferSizeRequest {
            let size = raw.buffer_size()?;
            self.send_raw(&RawPacket::buffer_size_allocation(size))?;
            self.max_raw = usable_buffer(size)?;
            raw = self.recv_raw()?;
        }
        if !raw.is_ack() {
            return Err(LinkError::Unexpected {
                doing: doing.to_string(),
                expected: "the acknowledgement of a fragment (raw type 5, E0 00)",
                got: format!("a {} of {} bytes", raw.kind, raw.payload.len()),
            });
        }
        Ok(())
    }

    /// Sends a virtual packet, fragment by fragment, each acknowledged; reports progress as
    /// `what` for packets of several fragments. Before any buffer size is negotiated, makes a
    /// ready check first.
    ///
    /// The fragments are libticalcs2's (`VirtualPacket::fragments`) as long as the buffer size
    /// stays the same. When the calculator asks for another size in the middle, the rest is
    /// split at the new size; libticalcs2 keeps the count of fragments computed with the old
    /// size and sends them at the new size, reading past its data (docs/link.md#the-implementation).
    pub(crate) fn send_virtual(&mut self, v: &VirtualPacket, what: &str) -> Result<(), LinkError> {
        if self.max_raw == 0 {
            // Nothing negotiated yet: a ready check first, as TiLP always makes one.
            self.ready()?;
        }
        let doing = format!("sending {} ({what})", v.vtype.name());
        let total = v.data.len() + VIRTUAL_HEADER_LEN;
        let mut raw = v.first_fragment(self.max_raw);
        let mut at = raw.payload.len() - VIRTUAL_HEADER_LEN;
        loop {
            let last = raw.kind == RawType::VirtualDataLast;
            self.send_raw(&raw)?;
            if last && zero_length_write_after(v.data.len(), &raw) {
                self.cable.send_zero_length(self.timeout)?;
            }
            self.recv_fragment_ack(&doing)?;
            if last {
                return Ok(());
            }
            self.report(what, at + VIRTUAL_HEADER_LEN, total);
            // The next fragment at the size in force now (the calculator may have changed it).
            raw = continuation(&v.data[at..], self.max_raw);
            at += raw.payload.len();
        }
    }

    /// Receives one virtual packet, acknowledging each fragment (libticalcs2
    /// `dusb_recv_data`).
    pub(crate) fn recv_virtual(&mut self, what: &str) -> Result<VirtualPacket, LinkError> {
        let mut joiner = Reassembler::new();
        loop {
            let raw = self.recv_raw()?;
            let out = joiner.push(&raw)?;
            if zero_length_read_after(&raw) {
                self.cable.recv_zero_length(self.timeout)?;
            }
            self.send_raw(&RawPacket::ack())?;
            if let Some(v) = out {
                return Ok(v);
            }
            let (done, total) = joiner.progress();
            self.report(what, done, total);
        }
    }

    /// Receives the reply to a command: waits out delay acknowledgements, turns an error packet
    /// into [`LinkError::CalculatorError`], and checks the type is `expected` (its data is not
    /// judged here).
    pub(crate) fn expect(
        &mut self,
        expected: VirtualType,
        doing: &str,
    ) -> Result<VirtualPacket, LinkError> {
        self.expect_one_of(&[expected], doing)
    }

    /// [`Titanium::expect`] with several acceptable types (the first names the expectation).
    pub(crate) fn expect_one_of(
        &mut self,
        expected: &[VirtualType],
        doing: &str,
    ) -> Result<VirtualPacket, LinkError> {
        for _ in 0..MAX_DELAYS {
            let v = self.recv_virtual(doing)?;
            match v.vtype {
                t if expected.contains(&t) => return Ok(v),
                VirtualType::DELAY_ACK => {
                    let us = match <[u8; 4]>::try_from(v.data.as_slice()) {
                        Ok(b) => u32::from_be_bytes(b),
                        Err(_) => {
                            return Err(LinkError::Malformed(format!(
                                "a delay acknowledgement of {} bytes instead of 4",
                                v.data.len()
                            )))
                        }
                    };
                    self.pause(Duration::from_micros(u64::from(us)).min(self.delays.max_delay));
                }
                VirtualType::ERROR => {
                    let code = match v.data.as_slice() {
                        [a, b] => u16::from_be_bytes([*a, *b]),
                        _ => {
                            return Err(LinkError::Malformed(format!(
                                "an error packet of {} bytes instead of 2",
                                v.data.len()
                            )))
                        }
                    };
                    return Err(LinkError::CalculatorError {
                        doing: doing.to_string(),
                        code,
                        known: error_index(code),
                    });
                }
                other => {
                    return Err(LinkError::Unexpected {
                        doing: doing.to_string(),
                        expected: expected[0].name(),
                        got: format!("{other} with {} bytes", v.data.len()),
                    })
                }
            }
        }
        Err(LinkError::Malformed(format!(
            "the calculator asked to wait {MAX_DELAYS} times in a row while {doing}"
        )))
    }
}
