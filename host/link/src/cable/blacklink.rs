//! The BlackLink cable: the two-wire TI link bit-banged on a serial port's modem lines
//! (docs/link.md#the-two-wire-link, docs/link.md#blacklink; tilibs
//! `libticables/trunk/src/linux/link_ser.cc`).
//!
//! Wiring: the red wire (tip) is driven by RTS and read on CTS, the white wire (ring) is
//! driven by DTR and read on DSR. An asserted output releases its wire (high, the idle
//! state); a deasserted output pulls it low. One bit: the sender pulls a wire (red for 0,
//! white for 1), the receiver acknowledges by pulling the other, the sender releases, the
//! receiver releases. Bits go least significant first. Every wait is bounded by the timeout.
//!
//! The bit logic works over the small [`ModemLines`] trait, so it is unit-tested against a
//! simulated calculator; a pty has no modem lines, so it cannot be tested on one.

use std::time::{Duration, Instant};

use serialport::SerialPort;

use super::{Cable, CableError};

/// The two wires, as seen through a port's modem lines.
pub trait ModemLines: Send {
    /// Drives the red wire: `true` releases it (high), `false` pulls it low.
    fn set_red(&mut self, released: bool) -> std::io::Result<()>;
    /// Drives the white wire: `true` releases it (high), `false` pulls it low.
    fn set_white(&mut self, released: bool) -> std::io::Result<()>;
    /// Reads both wires: `(red high, white high)`.
    fn read(&mut self) -> std::io::Result<(bool, bool)>;
}

/// A serial port's modem lines.
pub struct SerialLines(pub Box<dyn SerialPort>);

impl ModemLines for SerialLines {
    fn set_red(&mut self, released: bool) -> std::io::Result<()> {
        Ok(self.0.write_request_to_send(released)?)
    }
    fn set_white(&mut self, released: bool) -> std::io::Result<()> {
        Ok(self.0.write_data_terminal_ready(released)?)
    }
    fn read(&mut self) -> std::io::Result<(bool, bool)> {
        Ok((self.0.read_clear_to_send()?, self.0.read_data_set_ready()?))
    }
}

/// A BlackLink over any [`ModemLines`].
pub struct BlackLink<L: ModemLines = SerialLines> {
    lines: L,
    name: String,
}

impl BlackLink<SerialLines> {
    /// Opens a BlackLink on the serial device `path`.
    pub fn open(path: &str) -> Result<BlackLink<SerialLines>, CableError> {
        let name = format!("BlackLink on {path}");
        let port = serialport::new(path, 9600)
            .open()
            .map_err(|e| CableError::Unavailable {
                cable: name.clone(),
                reason: format!("cannot open the serial port: {e}"),
            })?;
        let mut link = BlackLink::new(SerialLines(port), name);
        link.idle().map_err(|e| CableError::Unavailable {
            cable: link.describe(),
            reason: format!("cannot drive the modem lines ({e}); a BlackLink needs a real serial port with RTS/DTR/CTS/DSR"),
        })?;
        Ok(link)
    }
}

impl<L: ModemLines> BlackLink<L> {
    /// A BlackLink over `lines`, described as `name` in messages.
    pub fn new(lines: L, name: String) -> BlackLink<L> {
        BlackLink { lines, name }
    }

    /// Releases both wires.
    fn idle(&mut self) -> std::io::Result<()> {
        self.lines.set_red(true)?;
        self.lines.set_white(true)
    }

    fn io(&self, source: std::io::Error) -> CableError {
        CableError::Io {
            cable: self.name.clone(),
            source,
        }
    }

    /// Waits at most `timeout` until `ok(red, white)` holds; a timeout reports `got` of
    /// `wanted` bytes.
    fn wait(
        &mut self,
        ok: impl Fn(bool, bool) -> bool,
        got: usize,
        wanted: usize,
        timeout: Duration,
    ) -> Result<(bool, bool), CableError> {
        let start = Instant::now();
        loop {
            let (red, white) = self.lines.read().map_err(|e| self.io(e))?;
            if ok(red, white) {
                return Ok((red, white));
            }
            if start.elapsed() > timeout {
                let _ = self.idle();
                return Err(CableError::Timeout {
                    cable: self.name.clone(),
                    timeout,
                    got,
                    wanted,
                });
            }
        }
    }

    fn send_byte(
        &mut self,
        byte: u8,
        at: usize,
        total: usize,
        timeout: Duration,
    ) -> Result<(), CableError> {
        for bit in 0..8 {
            if byte >> bit & 1 == 1 {
                self.lines.set_white(false).map_err(|e| self.io(e))?;
                self.wait(|red, _| !red, at, total, timeout)?;
                self.lines.set_white(true).map_err(|e| self.io(e))?;
                self.wait(|red, _| red, at, total, timeout)?;
            } else {
                self.lines.set_red(false).map_err(|e| self.io(e))?;
                self.wait(|_, white| !white, at, total, timeout)?;
                self.lines.set_red(true).map_err(|e| self.io(e))?;
                self.wait(|_, white| white, at, total, timeout)?;
            }
        }
        Ok(())
    }

    fn recv_byte(&mut self, at: usize, total: usize, timeout: Duration) -> Result<u8, CableError> {
        let mut byte = 0u8;
        for bit in 0..8 {
            let (red, _) = self.wait(|red, white| !(red && white), at, total, timeout)?;
            if red {
                // White pulled: a 1. Acknowledge on red.
                byte |= 1 << bit;
                self.lines.set_red(false).map_err(|e| self.io(e))?;
                self.wait(|_, white| white, at, total, timeout)?;
                self.lines.set_red(true).map_err(|e| self.io(e))?;
            } else {
                // Red pulled: a 0. Acknowledge on white.
                self.lines.set_white(false).map_err(|e| self.io(e))?;
                self.wait(|red, _| red, at, total, timeout)?;
                self.lines.set_white(true).map_err(|e| self.io(e))?;
            }
        }
        Ok(byte)
    }
}

impl<L: ModemLines> Cable for BlackLink<L> {
    fn describe(&self) -> String {
        self.name.clone()
    }

    fn send(&mut self, bytes: &[u8], timeout: Duration) -> Result<(), CableError> {
        for (i, &b) in bytes.iter().enumerate() {
            self.send_byte(b, i, bytes.len(), timeout)?;
        }
        Ok(())
    }

    fn recv(&mut self, buf: &mut [u8], timeout: Duration) -> Result<(), CableError> {
        let total = buf.len();
        for (i, slot) in buf.iter_mut().enumerate() {
            *slot = self.recv_byte(i, total, timeout)?;
        }
        Ok(())
    }

    fn discard_input(&mut self) -> Result<(), CableError> {
        self.idle().map_err(|e| self.io(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::VecDeque;

    /// What the simulated calculator is doing on the wires.
    #[derive(Clone, Copy, Debug)]
    enum Peer {
        Idle,
        /// Acknowledging a bit the host sent; waiting for the host to release its wire.
        Acking(u8),
        /// Sending a bit, waiting for the host's acknowledgement.
        Sending(u8),
        /// Sent a bit and released; waiting for the host to release its acknowledgement.
        Releasing,
    }

    /// Two open-drain wires shared by the host (through `ModemLines`) and a simulated
    /// calculator that steps each time the host looks at the wires.
    struct Wires {
        host_red_low: bool,
        host_white_low: bool,
        peer_red_low: bool,
        peer_white_low: bool,
        peer: Peer,
        to_send: VecDeque<u8>,
        received: Vec<u8>,
        stuck: bool,
    }

    impl Wires {
        fn new(to_send: Vec<u8>) -> Wires {
            Wires {
                host_red_low: false,
                host_white_low: false,
                peer_red_low: false,
                peer_white_low: false,
                peer: Peer::Idle,
                to_send: to_send
                    .iter()
                    .flat_map(|b| (0..8).map(move |i| b >> i & 1))
                    .collect(),
                received: Vec::new(),
                stuck: false,
            }
        }

        fn step(&mut self) {
            if self.stuck {
                return;
            }
            match self.peer {
                Peer::Idle if self.host_red_low => {
                    self.peer_white_low = true;
                    self.peer = Peer::Acking(0);
                }
                Peer::Idle if self.host_white_low => {
                    self.peer_red_low = true;
                    self.peer = Peer::Acking(1);
                }
                Peer::Idle => {
                    if let Some(&bit) = self.to_send.front() {
                        if bit == 0 {
                            self.peer_red_low = true;
                        } else {
                            self.peer_white_low = true;
                        }
                        self.peer = Peer::Sending(bit);
                    }
                }
                Peer::Acking(bit) if !self.host_red_low && !self.host_white_low => {
                    self.peer_red_low = false;
                    self.peer_white_low = false;
                    self.received.push(bit);
                    self.peer = Peer::Idle;
                }
                Peer::Sending(bit) => {
                    let acked = if bit == 0 {
                        self.host_white_low
                    } else {
                        self.host_red_low
                    };
                    if acked {
                        self.peer_red_low = false;
                        self.peer_white_low = false;
                        self.peer = Peer::Releasing;
                    }
                }
                Peer::Releasing if !self.host_red_low && !self.host_white_low => {
                    self.to_send.pop_front();
                    self.peer = Peer::Idle;
                }
                _ => {}
            }
        }

        fn received_bytes(&self) -> Vec<u8> {
            self.received
                .chunks(8)
                .map(|bits| bits.iter().enumerate().fold(0u8, |b, (i, &x)| b | x << i))
                .collect()
        }
    }

    impl ModemLines for Wires {
        fn set_red(&mut self, released: bool) -> std::io::Result<()> {
            self.host_red_low = !released;
            Ok(())
        }
        fn set_white(&mut self, released: bool) -> std::io::Result<()> {
            self.host_white_low = !released;
            Ok(())
        }
        fn read(&mut self) -> std::io::Result<(bool, bool)> {
            self.step();
            Ok((
                !(self.host_red_low || self.peer_red_low),
                !(self.host_white_low || self.peer_white_low),
            ))
        }
    }

    const TIMEOUT: Duration = Duration::from_millis(200);

    fn link(wires: Wires) -> BlackLink<Wires> {
        BlackLink::new(wires, "test BlackLink".into())
    }

    #[test]
    fn sends_bytes_lsb_first_with_handshakes() {
        let mut l = link(Wires::new(vec![]));
        l.send(&[0x08, 0x68, 0x00, 0xFF, 0xA5], TIMEOUT).unwrap();
        assert_eq!(l.lines.received_bytes(), [0x08, 0x68, 0x00, 0xFF, 0xA5]);
    }

    #[test]
    fn receives_bytes() {
        let mut l = link(Wires::new(vec![0x98, 0x56, 0x01, 0x80]));
        let mut buf = [0u8; 4];
        l.recv(&mut buf, TIMEOUT).unwrap();
        assert_eq!(buf, [0x98, 0x56, 0x01, 0x80]);
    }

    #[test]
    fn a_silent_peer_times_out() {
        let mut wires = Wires::new(vec![]);
        wires.stuck = true;
        let mut l = link(wires);
        assert!(matches!(
            l.send(&[1, 2], TIMEOUT),
            Err(CableError::Timeout {
                got: 0,
                wanted: 2,
                ..
            })
        ));
        let mut buf = [0u8; 3];
        assert!(matches!(
            l.recv(&mut buf, TIMEOUT),
            Err(CableError::Timeout {
                got: 0,
                wanted: 3,
                ..
            })
        ));
    }
}
