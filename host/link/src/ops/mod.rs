//! Operations with a calculator: packets over a [`Cable`]. This is the only layer that joins
//! the two (tilibs' `libticalcs/trunk/src/calc_9x.cc` is the model).
//!
//! ```no_run
//! use ti_files::{Model, Value, VarPath};
//! use ti_link::{cable::CableSpec, Calculator, DEFAULT_TIMEOUT};
//! let cable = "gray:/dev/ttyUSB0".parse::<CableSpec>()?.open(DEFAULT_TIMEOUT)?;
//! let mut calc = Calculator::new(cable, Model::Ti89);
//! calc.ready()?;
//! calc.set_value(&VarPath::parse("ai1\\colonne")?, &Value::Integer(0.into()))?;
//! calc.run(&VarPath::parse("ai1\\joueur")?, "")?;
//! let colonne = calc.get_value(&VarPath::parse("ai1\\colonne")?)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Every operation is silent mode (the calculator stays on its home screen). VER is never
//! sent: PedroM hangs on it (docs/link.md#sequences).

pub mod backup;
mod dirlist;
pub mod dusb;
mod error;
mod flash;
mod operations;
mod remote;
mod screen;
mod transfer;
mod values;

pub use dirlist::{DirEntry, FolderListing};
pub use dusb::{DusbDelays, Titanium};
pub use error::LinkError;
pub use operations::{connect, Identity, Listing, Operations};
pub use remote::{keys, run_keys};

use std::time::{Duration, Instant};

use crate::cable::{Cable, CableError, DEFAULT_TIMEOUT};
use crate::packet::{self, Command, Packet, HEADER_LEN, PC_MACHINE_ID};
use ti_files::Model;

/// Pauses between steps, as libticalcs2 makes them (`calc_9x.cc`). A scripted test cable
/// needs none: use [`Delays::NONE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Delays {
    /// After each remote key press (50 ms).
    pub after_key: Duration,
    /// Before and after running a program remotely (200 ms).
    pub around_run: Duration,
    /// After receiving a variable (250 ms).
    pub after_recv: Duration,
}

impl Delays {
    /// libticalcs2's pauses.
    pub const TILIBS: Delays = Delays {
        after_key: Duration::from_millis(50),
        around_run: Duration::from_millis(200),
        after_recv: Duration::from_millis(250),
    };
    /// No pauses.
    pub const NONE: Delays = Delays {
        after_key: Duration::ZERO,
        around_run: Duration::ZERO,
        after_recv: Duration::ZERO,
    };
}

/// Progress of a transfer, reported to the callback set with [`Calculator::on_progress`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// What is moving ("main\\joueur").
    pub what: String,
    /// Bytes moved so far.
    pub done: usize,
    /// Bytes to move.
    pub total: usize,
}

/// A progress callback.
pub(crate) type ProgressFn = Box<dyn FnMut(&Progress) + Send>;

/// Bytes per cable write or read while moving a data packet, so progress is reported often.
const CHUNK: usize = 256;

/// A calculator at the other end of a cable.
pub struct Calculator<C: Cable> {
    cable: C,
    model: Model,
    /// Pauses between steps (libticalcs2's by default).
    pub delays: Delays,
    progress: Option<ProgressFn>,
    last_sent: Vec<u8>,
    timeout: Duration,
}

impl<C: Cable> Calculator<C> {
    /// A calculator of `model` on `cable`.
    pub fn new(cable: C, model: Model) -> Calculator<C> {
        Calculator {
            cable,
            model,
            delays: Delays::TILIBS,
            progress: None,
            last_sent: Vec::new(),
            timeout: DEFAULT_TIMEOUT,
        }
    }

    /// How long each byte may take to come (and a cable that waits for its peer to take a
    /// byte may wait); [`DEFAULT_TIMEOUT`] at first.
    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// Changes the per-byte timeout of every exchange from now on.
    pub fn set_timeout(&mut self, timeout: Duration) {
        self.timeout = timeout;
    }

    /// Drops whatever the cable received and nobody read (late answers to an exchange that
    /// timed out), so that the next exchange starts clean.
    pub fn discard_input(&mut self) -> Result<(), LinkError> {
        Ok(self.cable.discard_input()?)
    }

    /// Runs `f` with the per-byte timeout `timeout`, then puts the previous one back.
    pub fn with_timeout<T>(&mut self, timeout: Duration, f: impl FnOnce(&mut Self) -> T) -> T {
        let saved = std::mem::replace(&mut self.timeout, timeout);
        let result = f(self);
        self.timeout = saved;
        result
    }

    /// The model.
    pub fn model(&self) -> Model {
        self.model
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

    /// Sets a callback called as data packets move.
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

    /// Sends a packet (a data packet in chunks, reporting progress as `what`).
    fn send_packet(&mut self, p: &Packet, what: &str) -> Result<(), LinkError> {
        let bytes = p.encode()?;
        self.write(&bytes, what)?;
        self.last_sent = bytes;
        Ok(())
    }

    /// Writes a packet's bytes as libticalcs2's `dbus_send` does, one cable send per block: a
    /// twentieth of the packet (128 bytes when that is under 32), then the rest, even an empty
    /// rest, which a USB cable sends as a zero-length packet and the others ignore. On a
    /// SilverLink every send is a bulk transfer, so the transfers are libticalcs2's.
    fn write(&mut self, bytes: &[u8], what: &str) -> Result<(), LinkError> {
        let mut block = bytes.len() / 20;
        if block == 0 {
            block = bytes.len();
        }
        if block < 32 {
            block = 128;
        }
        let full = bytes.len() / block;
        for i in 0..full {
            self.cable
                .send(&bytes[i * block..(i + 1) * block], self.timeout)?;
            self.report(what, (i + 1) * block, bytes.len());
        }
        let rest = &bytes[full * block..];
        if rest.is_empty() {
            self.cable.send_zero_length(self.timeout)?;
        } else {
            self.cable.send(rest, self.timeout)?;
        }
        if full > 0 {
            self.report(what, bytes.len(), bytes.len());
        }
        Ok(())
    }

    /// Receives one packet. A bad checksum is answered with ERR once (the calculator sends
    /// the packet again); a second bad one is an error. `what` labels progress.
    fn recv_packet(&mut self, what: &str) -> Result<Packet, LinkError> {
        match self.read_packet(what) {
            Err(LinkError::Packet(packet::PacketError::Checksum { .. })) => {
                self.send_packet(&packet::err(PC_MACHINE_ID), what)?;
                self.read_packet(what)
            }
            other => other,
        }
    }

    fn read_packet(&mut self, what: &str) -> Result<Packet, LinkError> {
        let mut header = [0u8; HEADER_LEN];
        self.cable.recv(&mut header, self.timeout)?;
        self.check_machine_id(header[0])?;
        let total = Packet::total_len(header)?;
        let mut bytes = header.to_vec();
        bytes.resize(total, 0);
        let mut at = HEADER_LEN;
        while at < total {
            let end = (at + CHUNK).min(total);
            self.cable.recv(&mut bytes[at..end], self.timeout)?;
            at = end;
            if total > CHUNK {
                self.report(what, at, total);
            }
        }
        Ok(Packet::decode(&bytes)?.0)
    }

    fn check_machine_id(&self, id: u8) -> Result<(), LinkError> {
        let expected = self.model.calc_machine_id();
        if id == expected {
            return Ok(());
        }
        let found = match id {
            0x98 => "TI-89",
            0x88 => "TI-92 Plus or Voyage 200",
            0x89 => "TI-92",
            _ => {
                return Err(LinkError::Malformed(format!(
                    "unknown machine ID {id:#04x} (not a TI-89/92+/V200 talking to a computer)"
                )))
            }
        };
        Err(LinkError::WrongModel {
            machine_id: id,
            expected: self.model,
            found,
        })
    }

    /// Receives a packet that must be `command`; an ERR makes us resend our last packet once,
    /// an SKP is a refusal of `doing`.
    fn expect(&mut self, command: Command, doing: &str) -> Result<Packet, LinkError> {
        let mut resent = false;
        loop {
            let p = self.recv_packet(doing)?;
            match p.command {
                c if c == command => return Ok(p),
                Command::ERR | Command::ERR2 if !resent => {
                    resent = true;
                    let last = std::mem::take(&mut self.last_sent);
                    self.cable.send(&last, self.timeout)?;
                    self.last_sent = last;
                }
                Command::ERR | Command::ERR2 => return Err(LinkError::ChecksumRejected),
                Command::SKP => {
                    let code = p
                        .payload()
                        .get(2)
                        .or(p.payload().first())
                        .copied()
                        .unwrap_or(0);
                    return Err(LinkError::Rejected {
                        what: doing.to_string(),
                        code,
                        reason: packet::skip_reason(code),
                    });
                }
                _ => {
                    return Err(LinkError::Unexpected {
                        doing: doing.to_string(),
                        expected: command.name(),
                        got: p.to_string(),
                    })
                }
            }
        }
    }

    /// Receives an ACK; returns its status word.
    fn expect_ack(&mut self, doing: &str) -> Result<u16, LinkError> {
        Ok(self.expect(Command::ACK, doing)?.value())
    }

    /// Receives an ACK whose status must be 0 (where libticalcs2 calls its ACK receiver without
    /// a status, any other status is its `ERR_NACK`).
    fn expect_ack_ok(&mut self, doing: &str) -> Result<(), LinkError> {
        match self.expect_ack(doing)? {
            0 => Ok(()),
            status => Err(LinkError::Nack {
                doing: doing.to_string(),
                status,
            }),
        }
    }

    fn send_ack(&mut self) -> Result<(), LinkError> {
        self.send_packet(&packet::ack(PC_MACHINE_ID, 0), "")
    }

    /// Checks that the calculator is there and ready (RDY, then ACK whose status bit 8 is
    /// clear).
    pub fn ready(&mut self) -> Result<(), LinkError> {
        self.send_packet(&packet::rdy(), "")?;
        let status = self.expect_ack("checking that the calculator is ready")?;
        if status & 0x0100 != 0 {
            return Err(LinkError::Busy { status });
        }
        Ok(())
    }

    /// Who answers a ready check, whatever the model chosen: the machine ID of the reply and
    /// what it means (`ti68k probe` asks this through each cable).
    pub fn who_answers(&mut self) -> Result<(u8, &'static str), LinkError> {
        self.send_packet(&packet::rdy(), "")?;
        let mut header = [0u8; HEADER_LEN];
        self.cable.recv(&mut header, self.timeout)?;
        if header[1] != Command::ACK.0 {
            return Err(LinkError::Malformed(format!(
                "the answer to a ready check is {header:02x?}, not an acknowledgement"
            )));
        }
        let who = match header[0] {
            0x98 => "a TI-89 or TI-89 Titanium",
            0x88 => "a TI-92 Plus or Voyage 200",
            0x89 => "a TI-92",
            _ => "a device that is not a TI-68k calculator",
        };
        Ok((header[0], who))
    }

    /// Sends one ready check and waits up to `patience` for its answer, for a calculator that
    /// is busy running a program: it answers only once it is idle again. One check at a time:
    /// checks sent while nobody reads them pile up in the link and are answered later, out of
    /// turn, in place of the next requests. Fails like [`Calculator::ready`], and with the
    /// cable's timeout when no answer came in time.
    pub fn await_ready(&mut self, patience: Duration) -> Result<(), LinkError> {
        self.send_packet(&packet::rdy(), "")?;
        let start = Instant::now();
        let status = loop {
            match self.expect_ack("waiting for the calculator to be ready") {
                Err(e) if is_timeout(&e) && start.elapsed() < patience => continue,
                other => break other?,
            }
        };
        if status & 0x0100 != 0 {
            return Err(LinkError::Busy { status });
        }
        Ok(())
    }

    fn pause(&self, d: Duration) {
        if !d.is_zero() {
            std::thread::sleep(d);
        }
    }
}

/// What the operations' tests share: the exchange a fake cable recorded, named packet by
/// packet by the dissector (the operations join cables and packets; a cable alone knows no
/// packet).
#[cfg(test)]
pub(crate) mod transcript {
    use crate::cable::fake::FakeCable;
    use crate::packet::dissect;

    /// One line per packet, in the order the bytes went, e.g. `PC>TI RDY` then `TI>PC ACK`.
    pub fn dissection(cable: &FakeCable) -> String {
        let mut out = String::new();
        for (_, bytes) in cable.transcript() {
            for packet in dissect(bytes) {
                out.push_str(&packet.to_string());
                out.push('\n');
            }
        }
        out
    }
}

/// Whether an error is a timeout of the cable (nothing came).
pub(crate) fn is_timeout(e: &LinkError) -> bool {
    matches!(e, LinkError::Cable(CableError::Timeout { .. }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cable::fake::{FakeCable, Step};

    const RDY: [u8; 4] = [0x08, 0x68, 0, 0];

    #[test]
    fn await_ready_takes_the_answer_to_its_one_check() {
        let cable = FakeCable::new(vec![
            Step::Expect(RDY.to_vec()),
            Step::Reply(vec![0x98, 0x56, 0, 0]),
        ]);
        let mut c = Calculator::new(cable, Model::Ti89);
        c.await_ready(Duration::from_secs(5)).unwrap();
        assert!(c.cable().finished());
    }

    /// A calculator that stays busy gets one check, not one per timeout of the cable.
    #[test]
    fn await_ready_sends_one_check_while_nothing_answers() {
        let cable = FakeCable::new(vec![Step::Expect(RDY.to_vec())]);
        let mut c = Calculator::new(cable, Model::Ti89);
        let e = c.await_ready(Duration::from_millis(30)).unwrap_err();
        assert!(is_timeout(&e), "{e}");
        assert_eq!(c.cable().sent(), RDY);
    }

    #[test]
    fn await_ready_reports_busy() {
        let cable = FakeCable::new(vec![
            Step::Expect(RDY.to_vec()),
            Step::Reply(vec![0x98, 0x56, 0x00, 0x01]),
        ]);
        let mut c = Calculator::new(cable, Model::Ti89);
        let e = c.await_ready(Duration::from_secs(5)).unwrap_err();
        assert!(matches!(e, LinkError::Busy { status: 0x0100 }), "{e}");
    }
}
