//! A simulated USB device, for tests and for developing without hardware: [`SimUsb`] is the
//! computer's [`BulkPipe`], [`SimDevice`] the device's end, and [`SimDevice::stream`] an
//! ordinary `Read + Write` stream over the device's end so that a scripted calculator written
//! for a serial port runs unchanged on it.
//!
//! The simulation keeps what matters to the cables: bulk OUT transfers arrive whole; the
//! device answers in USB packets of at most the maximum packet size, a transfer whose length
//! is a non-zero multiple of it ending with a zero-length packet (USB's rule for a transfer
//! whose end the receiver cannot see otherwise); each bulk IN read of the computer returns
//! one packet. Faults can be injected: a stalled endpoint ([`SimDevice::stall`]) and an
//! unplugged device ([`SimDevice::unplug`]). Every transfer the computer makes is recorded
//! ([`SimDevice::transfers`]) for tests to compare with libticables2's.

use std::collections::VecDeque;
use std::io::{self, Read, Write};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::{BulkPipe, UsbFault};

/// One bulk transfer the computer made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Transfer {
    /// A bulk OUT transfer and its bytes (empty: a zero-length packet).
    Out(Vec<u8>),
    /// A bulk IN read and the packet it returned (empty: a zero-length packet).
    In(Vec<u8>),
    /// A bulk IN read that timed out.
    InTimeout,
}

#[derive(Default)]
struct State {
    to_device: VecDeque<Vec<u8>>,
    to_host: VecDeque<Vec<u8>>,
    transfers: Vec<Transfer>,
    stalled: bool,
    unplugged: bool,
    host_gone: bool,
}

struct Shared {
    state: Mutex<State>,
    cond: Condvar,
    max_packet: usize,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The computer's end of a simulated device.
pub struct SimUsb {
    shared: Arc<Shared>,
}

/// The device's end of a simulated device.
#[derive(Clone)]
pub struct SimDevice {
    shared: Arc<Shared>,
}

/// A new simulated device whose IN endpoint has packets of `max_packet` bytes (32 for a
/// SilverLink, 64 for a TI-89 Titanium).
pub fn sim_pair(max_packet: usize) -> (SimUsb, SimDevice) {
    let shared = Arc::new(Shared {
        state: Mutex::new(State::default()),
        cond: Condvar::new(),
        max_packet: max_packet.max(1),
    });
    (
        SimUsb {
            shared: shared.clone(),
        },
        SimDevice { shared },
    )
}

impl Drop for SimUsb {
    fn drop(&mut self) {
        self.shared.lock().host_gone = true;
        self.shared.cond.notify_all();
    }
}

impl BulkPipe for SimUsb {
    fn describe(&self) -> String {
        "simulated device".to_string()
    }

    fn max_packet_size(&self) -> usize {
        self.shared.max_packet
    }

    fn write(&mut self, bytes: &[u8], _timeout: Duration) -> Result<(), UsbFault> {
        let mut s = self.shared.lock();
        if s.unplugged {
            return Err(UsbFault::NoDevice);
        }
        if s.stalled {
            return Err(UsbFault::Stall);
        }
        s.transfers.push(Transfer::Out(bytes.to_vec()));
        s.to_device.push_back(bytes.to_vec());
        self.shared.cond.notify_all();
        Ok(())
    }

    fn read(&mut self, buf: &mut [u8], timeout: Duration) -> Result<usize, UsbFault> {
        let deadline = Instant::now() + timeout;
        let mut s = self.shared.lock();
        loop {
            if s.unplugged {
                return Err(UsbFault::NoDevice);
            }
            if s.stalled {
                return Err(UsbFault::Stall);
            }
            if let Some(p) = s.to_host.pop_front() {
                let n = p.len().min(buf.len());
                buf[..n].copy_from_slice(&p[..n]);
                s.transfers.push(Transfer::In(p[..n].to_vec()));
                return Ok(n);
            }
            let now = Instant::now();
            if now >= deadline {
                s.transfers.push(Transfer::InTimeout);
                return Err(UsbFault::Timeout { moved: 0 });
            }
            s = self
                .shared
                .cond
                .wait_timeout(s, deadline - now)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    fn clear_halt(&mut self) -> Result<(), UsbFault> {
        let mut s = self.shared.lock();
        if s.unplugged {
            return Err(UsbFault::NoDevice);
        }
        s.stalled = false;
        Ok(())
    }
}

impl SimDevice {
    /// The next bulk OUT transfer of the computer, waiting at most `timeout`; `None` when none
    /// came, or when the computer's end is gone.
    pub fn recv_transfer(&self, timeout: Duration) -> Option<Vec<u8>> {
        let deadline = Instant::now() + timeout;
        let mut s = self.shared.lock();
        loop {
            if let Some(t) = s.to_device.pop_front() {
                return Some(t);
            }
            let now = Instant::now();
            if s.host_gone || s.unplugged || now >= deadline {
                return None;
            }
            s = self
                .shared
                .cond
                .wait_timeout(s, deadline - now)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    /// Sends one transfer to the computer: packets of at most the maximum packet size, and a
    /// zero-length packet after a non-empty transfer that is a whole number of packets.
    pub fn send_transfer(&self, bytes: &[u8]) {
        let max = self.shared.max_packet;
        let mut s = self.shared.lock();
        for chunk in bytes.chunks(max) {
            s.to_host.push_back(chunk.to_vec());
        }
        if !bytes.is_empty() && bytes.len() % max == 0 {
            s.to_host.push_back(Vec::new());
        }
        self.shared.cond.notify_all();
    }

    /// Stalls both endpoints until the computer clears the halt.
    pub fn stall(&self) {
        self.shared.lock().stalled = true;
        self.shared.cond.notify_all();
    }

    /// Unplugs the device: every later transfer fails with "no device".
    pub fn unplug(&self) {
        self.shared.lock().unplugged = true;
        self.shared.cond.notify_all();
    }

    /// Whether the computer's end has been dropped.
    pub fn host_gone(&self) -> bool {
        self.shared.lock().host_gone
    }

    /// Every transfer the computer made so far.
    pub fn transfers(&self) -> Vec<Transfer> {
        self.shared.lock().transfers.clone()
    }

    /// Forgets the transfers recorded so far.
    pub fn clear_transfers(&self) {
        self.shared.lock().transfers.clear();
    }

    /// A byte stream over the device's end: reads take the computer's OUT transfers as one
    /// stream (waiting at most `timeout` for each; end of stream when the computer is gone or
    /// the device unplugged); each write is one transfer to the computer.
    pub fn stream(&self, timeout: Duration) -> SimStream {
        SimStream {
            device: self.clone(),
            pending: VecDeque::new(),
            timeout,
        }
    }
}

/// The byte stream of [`SimDevice::stream`].
pub struct SimStream {
    device: SimDevice,
    pending: VecDeque<u8>,
    timeout: Duration,
}

impl Read for SimStream {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.pending.is_empty() {
            match self.device.recv_transfer(self.timeout) {
                Some(t) => self.pending.extend(t),
                None if self.device.host_gone() || self.device.shared.lock().unplugged => {
                    return Ok(0)
                }
                None => {
                    return Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        "the computer sent nothing",
                    ))
                }
            }
        }
        let n = buf.len().min(self.pending.len());
        for (b, p) in buf.iter_mut().zip(self.pending.drain(..n)) {
            *b = p;
        }
        Ok(n)
    }
}

impl Write for SimStream {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.device.send_transfer(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transfers_become_packets() {
        let (mut host, dev) = sim_pair(4);
        dev.send_transfer(&[1, 2, 3, 4, 5, 6, 7, 8]);
        let mut buf = [0u8; 4];
        assert_eq!(host.read(&mut buf, Duration::from_millis(10)), Ok(4));
        assert_eq!(host.read(&mut buf, Duration::from_millis(10)), Ok(4));
        assert_eq!(buf, [5, 6, 7, 8]);
        assert_eq!(
            host.read(&mut buf, Duration::from_millis(10)),
            Ok(0),
            "zero-length packet"
        );
        assert_eq!(
            host.read(&mut buf, Duration::from_millis(10)),
            Err(UsbFault::Timeout { moved: 0 })
        );
        host.write(&[9], Duration::from_millis(10)).unwrap();
        assert_eq!(dev.recv_transfer(Duration::from_millis(10)), Some(vec![9]));
        dev.stall();
        assert_eq!(host.write(&[9], Duration::ZERO), Err(UsbFault::Stall));
        host.clear_halt().unwrap();
        dev.unplug();
        assert_eq!(host.read(&mut buf, Duration::ZERO), Err(UsbFault::NoDevice));
        assert_eq!(
            dev.transfers().len(),
            5,
            "the stalled write is not a transfer"
        );
    }
}
