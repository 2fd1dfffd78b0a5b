//! The calculator's end of the in-process link: bytes from the computer arrive on a channel
//! (with, between them, requests to look at the machine), bytes to the computer leave on
//! another. Packets are framed here with `ti-link`'s packet layer.

use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use ti_link::packet::{Packet, PacketError, HEADER_LEN};

use super::ToCalc;
use crate::Machine;

/// Why no packet was read.
#[derive(Debug)]
pub(super) enum PortError {
    /// The computer's end is gone.
    Closed,
    /// Nothing came in time.
    Timeout,
    /// The bytes were not a valid packet (bad checksum, unknown command).
    Bad(PacketError),
}

/// The calculator's end.
pub(super) struct Port {
    input: Receiver<ToCalc>,
    output: Sender<Vec<u8>>,
    buffer: VecDeque<u8>,
}

impl Port {
    pub(super) fn new(input: Receiver<ToCalc>, output: Sender<Vec<u8>>) -> Port {
        Port {
            input,
            output,
            buffer: VecDeque::new(),
        }
    }

    /// Sends a packet to the computer.
    pub(super) fn send(&mut self, p: &Packet) -> Result<(), PortError> {
        let bytes = p.encode().map_err(PortError::Bad)?;
        self.output.send(bytes).map_err(|_| PortError::Closed)
    }

    /// Waits until `n` bytes are buffered, for at most `timeout` (`None`: as long as it
    /// takes). Requests to look at the machine are served meanwhile.
    fn fill(
        &mut self,
        n: usize,
        timeout: Option<Duration>,
        machine: &mut Machine,
    ) -> Result<(), PortError> {
        let deadline = timeout.map(|t| Instant::now() + t);
        while self.buffer.len() < n {
            let message = match deadline {
                None => self.input.recv().map_err(|_| PortError::Closed)?,
                Some(d) => {
                    let left = d.saturating_duration_since(Instant::now());
                    match self.input.recv_timeout(left) {
                        Ok(m) => m,
                        Err(RecvTimeoutError::Timeout) => return Err(PortError::Timeout),
                        Err(RecvTimeoutError::Disconnected) => return Err(PortError::Closed),
                    }
                }
            };
            match message {
                ToCalc::Bytes(b) => self.buffer.extend(b),
                ToCalc::Inspect(f) => f(machine),
            }
        }
        Ok(())
    }

    /// Reads one packet (its first byte waits `first` at most; the rest of it, a few
    /// seconds). A damaged packet is consumed whole and reported as [`PortError::Bad`].
    pub(super) fn read_packet(
        &mut self,
        first: Option<Duration>,
        machine: &mut Machine,
    ) -> Result<Packet, PortError> {
        self.fill(HEADER_LEN, first, machine)?;
        let header: [u8; HEADER_LEN] = [
            self.buffer[0],
            self.buffer[1],
            self.buffer[2],
            self.buffer[3],
        ];
        let total = match Packet::total_len(header) {
            Ok(t) => t,
            Err(e) => {
                // Not a packet: drop what is buffered, the computer will retry.
                self.buffer.clear();
                return Err(PortError::Bad(e));
            }
        };
        self.fill(total, Some(Duration::from_secs(5)), machine)?;
        let bytes: Vec<u8> = self.buffer.drain(..total).collect();
        Packet::decode(&bytes)
            .map(|(p, _)| p)
            .map_err(PortError::Bad)
    }
}
