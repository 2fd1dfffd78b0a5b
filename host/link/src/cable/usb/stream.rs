//! The byte stream over a [`BulkPipe`], as libticables2 moves bytes over both its USB cables
//! (`linux/link_usb1.cc`: `slv_put`, `slv_get_`, `slv_get`):
//!
//! - a send is one bulk OUT transfer of all its bytes;
//! - a receive serves bytes from a buffer and, when the buffer is empty, reads one USB packet
//!   (the maximum packet size) into it; a read that brings nothing (a zero-length packet,
//!   which the hardware sends at the end of some transfers) is read again, until the timeout;
//! - on the TI-89 Titanium, libticalcs2 asks for a zero-length read after some raw packets
//!   ([`crate::packet::dusb::virt::zero_length_read_after`]); libticables2 then makes one more
//!   bulk read only when the last read was a full packet and every byte of it was served,
//!   which consumes the zero-length packet that ends such a transfer ([`ZeroLengthReads`]).
//!
//! Every failure becomes a [`CableError`] that names the cable and says what to do; a stalled
//! endpoint is cleared before the error is returned, so that the cable can be used again.

use std::time::{Duration, Instant};

use super::{BulkPipe, UsbFault};
use crate::cable::CableError;

/// Whether a cable honours the zero-length reads libticalcs2 asks for (libticables2 does for
/// the Titanium, the TI-84 Plus and the 84 Plus SE, not for the SilverLink).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZeroLengthReads {
    /// Make the extra bulk read when it is due.
    Honour,
    /// Never (a SilverLink).
    Ignore,
}

/// A buffered byte stream over a bulk pipe.
pub struct UsbStream<P: BulkPipe> {
    pipe: P,
    name: String,
    buf: Vec<u8>,
    at: usize,
    last_read_full: bool,
    zero_length_reads: ZeroLengthReads,
}

impl<P: BulkPipe> UsbStream<P> {
    /// A stream over `pipe`, named `name` in messages ("SilverLink on bus 001 device 005").
    pub fn new(pipe: P, name: String, zlr: ZeroLengthReads) -> UsbStream<P> {
        UsbStream {
            pipe,
            name,
            buf: Vec::new(),
            at: 0,
            last_read_full: false,
            zero_length_reads: zlr,
        }
    }

    /// The pipe.
    pub fn pipe(&self) -> &P {
        &self.pipe
    }

    /// The pipe, mutably.
    pub fn pipe_mut(&mut self) -> &mut P {
        &mut self.pipe
    }

    /// The stream's name, for messages.
    pub fn name(&self) -> &str {
        &self.name
    }

    fn fault(
        &mut self,
        f: UsbFault,
        what: &str,
        got: usize,
        wanted: usize,
        timeout: Duration,
    ) -> CableError {
        match f {
            UsbFault::Timeout { .. } => CableError::Timeout {
                cable: self.name.clone(),
                timeout,
                got,
                wanted,
            },
            UsbFault::Stall => {
                let cleared = self.pipe.clear_halt().is_ok();
                CableError::Stalled {
                    cable: self.name.clone(),
                    what: format!(
                        "{what}{}",
                        if cleared {
                            " (the halt was cleared; try again)"
                        } else {
                            " (clearing the halt failed too: unplug the cable and plug it in again)"
                        }
                    ),
                }
            }
            UsbFault::NoDevice => CableError::Disconnected {
                cable: self.name.clone(),
            },
            UsbFault::Other(e) => CableError::Io {
                cable: self.name.clone(),
                source: std::io::Error::other(format!("{what}: {e}")),
            },
        }
    }

    /// One bulk OUT transfer of `bytes` (zero-length when empty), bounded by `timeout`.
    pub fn send(&mut self, bytes: &[u8], timeout: Duration) -> Result<(), CableError> {
        self.pipe.write(bytes, timeout).map_err(|f| match f {
            UsbFault::Timeout { moved } => CableError::WriteTimeout {
                cable: self.name.clone(),
                timeout,
                sent: moved,
                wanted: bytes.len(),
            },
            other => self.fault(other, "writing", 0, 0, timeout),
        })
    }

    /// Reads one USB packet into the buffer, reading again past zero-length packets until
    /// `timeout`. `got` and `wanted` are for the timeout message.
    fn fill(&mut self, got: usize, wanted: usize, timeout: Duration) -> Result<(), CableError> {
        let max = self.pipe.max_packet_size().max(1);
        let start = Instant::now();
        let mut packet = vec![0u8; max];
        loop {
            let left = timeout.saturating_sub(start.elapsed());
            if left.is_zero() {
                return Err(self.fault(
                    UsbFault::Timeout { moved: 0 },
                    "reading",
                    got,
                    wanted,
                    timeout,
                ));
            }
            match self.pipe.read(&mut packet, left) {
                Ok(0) => continue,
                Ok(n) => {
                    self.last_read_full = n == max;
                    packet.truncate(n);
                    self.buf = packet;
                    self.at = 0;
                    return Ok(());
                }
                Err(f) => {
                    self.last_read_full = false;
                    return Err(self.fault(f, "reading", got, wanted, timeout));
                }
            }
        }
    }

    /// Fills `out` completely, waiting at most `timeout` for each USB packet.
    pub fn recv(&mut self, out: &mut [u8], timeout: Duration) -> Result<(), CableError> {
        let mut got = 0;
        while got < out.len() {
            if self.at == self.buf.len() {
                self.fill(got, out.len(), timeout)?;
            }
            let n = (self.buf.len() - self.at).min(out.len() - got);
            out[got..got + n].copy_from_slice(&self.buf[self.at..self.at + n]);
            self.at += n;
            got += n;
        }
        Ok(())
    }

    /// The zero-length read libticalcs2 asks for: one more bulk read when the last read was a
    /// full packet and all of it has been served (libticables2 `slv_get` with `len == 0`).
    /// Whatever that read brings is kept for the next [`UsbStream::recv`] (libticables2 drops
    /// it); a timeout is not an error (libticalcs2 ignores the result).
    pub fn recv_zero_length(&mut self, timeout: Duration) -> Result<(), CableError> {
        if self.zero_length_reads == ZeroLengthReads::Ignore
            || !self.last_read_full
            || self.at != self.buf.len()
        {
            return Ok(());
        }
        let mut packet = vec![0u8; self.pipe.max_packet_size().max(1)];
        match self.pipe.read(&mut packet, timeout) {
            Ok(n) => {
                self.last_read_full = n == packet.len();
                packet.truncate(n);
                self.buf = packet;
                self.at = 0;
                Ok(())
            }
            Err(UsbFault::Timeout { .. }) => {
                self.last_read_full = false;
                Ok(())
            }
            Err(f) => Err(self.fault(f, "reading the zero-length packet", 0, 0, timeout)),
        }
    }

    /// Drops buffered bytes and whatever the device has ready (reads with a short timeout until
    /// nothing comes).
    pub fn discard_input(&mut self) -> Result<(), CableError> {
        self.buf.clear();
        self.at = 0;
        self.last_read_full = false;
        let mut packet = vec![0u8; self.pipe.max_packet_size().max(1)];
        for _ in 0..1024 {
            match self.pipe.read(&mut packet, Duration::from_millis(10)) {
                Ok(_) => continue,
                Err(UsbFault::Timeout { .. }) => return Ok(()),
                Err(f) => {
                    return Err(self.fault(f, "discarding input", 0, 0, Duration::from_millis(10)))
                }
            }
        }
        Ok(())
    }
}
