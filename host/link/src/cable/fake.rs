//! A scripted fake cable: it checks that the computer sends exactly the bytes a script
//! expects, answers with the script's replies, and records a transcript of both directions.
//! The operations' unit tests run on it and assert exact bytes, as libticalcs2 emits them.
//!
//! A script is a list of steps: [`Step::Expect`] (bytes the computer must send next) and
//! [`Step::Reply`] (bytes the calculator sends once every step before it is done). When the
//! computer waits for bytes the script has not provided, `recv` times out at once (no real
//! waiting), as a silent calculator would after the timeout.

use std::collections::VecDeque;
use std::time::Duration;

use super::{Cable, CableError};

/// One step of a script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The computer must send exactly these bytes next.
    Expect(Vec<u8>),
    /// The calculator sends these bytes.
    Reply(Vec<u8>),
}

/// Which way bytes went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Computer to calculator.
    PcToCalc,
    /// Calculator to computer.
    CalcToPc,
}

/// The scripted fake cable.
#[derive(Debug)]
pub struct FakeCable {
    script: VecDeque<Step>,
    inbox: VecDeque<u8>,
    pending: Vec<u8>,
    transcript: Vec<(Direction, Vec<u8>)>,
}

impl FakeCable {
    /// A fake cable that plays `script`.
    pub fn new(script: Vec<Step>) -> FakeCable {
        let mut cable = FakeCable {
            script: script.into(),
            inbox: VecDeque::new(),
            pending: Vec::new(),
            transcript: Vec::new(),
        };
        cable.play_replies();
        cable
    }

    fn play_replies(&mut self) {
        while let Some(Step::Reply(bytes)) = self.script.front() {
            self.inbox.extend(bytes.iter().copied());
            self.script.pop_front();
        }
    }

    fn record(&mut self, dir: Direction, bytes: &[u8]) {
        match self.transcript.last_mut() {
            Some((d, b)) if *d == dir => b.extend_from_slice(bytes),
            _ => self.transcript.push((dir, bytes.to_vec())),
        }
    }

    /// Whether every step of the script has been played.
    pub fn finished(&self) -> bool {
        self.script.is_empty() && self.pending.is_empty()
    }

    /// The steps not played yet.
    pub fn remaining(&self) -> Vec<Step> {
        self.script.iter().cloned().collect()
    }

    /// Every byte exchanged, in order, grouped by direction.
    pub fn transcript(&self) -> &[(Direction, Vec<u8>)] {
        &self.transcript
    }

    /// All bytes the computer sent.
    pub fn sent(&self) -> Vec<u8> {
        self.transcript
            .iter()
            .filter(|(d, _)| *d == Direction::PcToCalc)
            .flat_map(|(_, b)| b.iter().copied())
            .collect()
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect::<Vec<_>>()
        .join(" ")
}

impl Cable for FakeCable {
    fn describe(&self) -> String {
        "fake cable".to_string()
    }

    fn send(&mut self, bytes: &[u8], _timeout: Duration) -> Result<(), CableError> {
        self.record(Direction::PcToCalc, bytes);
        self.pending.extend_from_slice(bytes);
        loop {
            match self.script.front() {
                Some(Step::Expect(want)) => {
                    let n = want.len().min(self.pending.len());
                    if self.pending[..n] != want[..n] {
                        return Err(CableError::Script {
                            cable: self.describe(),
                            detail: format!(
                                "expected the computer to send [{}], got [{}]",
                                hex(want),
                                hex(&self.pending)
                            ),
                        });
                    }
                    if n < want.len() {
                        return Ok(());
                    }
                    self.pending.drain(..n);
                    self.script.pop_front();
                    self.play_replies();
                }
                _ if self.pending.is_empty() => return Ok(()),
                _ => {
                    return Err(CableError::Script {
                        cable: self.describe(),
                        detail: format!(
                            "the computer sent [{}] after the end of the script",
                            hex(&self.pending)
                        ),
                    })
                }
            }
        }
    }

    fn recv(&mut self, buf: &mut [u8], timeout: Duration) -> Result<(), CableError> {
        if self.inbox.len() < buf.len() {
            let got = self.inbox.len();
            let bytes: Vec<u8> = self.inbox.drain(..).collect();
            self.record(Direction::CalcToPc, &bytes);
            return Err(CableError::Timeout {
                cable: self.describe(),
                timeout,
                got,
                wanted: buf.len(),
            });
        }
        for b in buf.iter_mut() {
            *b = self.inbox.pop_front().expect("checked length");
        }
        self.record(Direction::CalcToPc, buf);
        Ok(())
    }

    fn discard_input(&mut self) -> Result<(), CableError> {
        self.inbox.clear();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cable::DEFAULT_TIMEOUT;

    #[test]
    fn plays_a_script_and_records_it() {
        let mut c = FakeCable::new(vec![
            Step::Expect(vec![0x08, 0x68, 0, 0]),
            Step::Reply(vec![0x98, 0x56, 0, 0]),
        ]);
        c.send(&[0x08, 0x68], DEFAULT_TIMEOUT).unwrap();
        c.send(&[0, 0], DEFAULT_TIMEOUT).unwrap();
        let mut buf = [0u8; 4];
        c.recv(&mut buf, DEFAULT_TIMEOUT).unwrap();
        assert_eq!(buf, [0x98, 0x56, 0, 0]);
        assert!(c.finished());
        assert_eq!(
            c.transcript(),
            [
                (Direction::PcToCalc, vec![0x08, 0x68, 0, 0]),
                (Direction::CalcToPc, vec![0x98, 0x56, 0, 0])
            ]
        );
        assert!(matches!(
            c.recv(&mut buf, DEFAULT_TIMEOUT),
            Err(CableError::Timeout {
                got: 0,
                wanted: 4,
                ..
            })
        ));
        assert!(c.send(&[1], DEFAULT_TIMEOUT).is_err());
    }

    #[test]
    fn wrong_bytes_are_reported() {
        let mut c = FakeCable::new(vec![Step::Expect(vec![1, 2, 3])]);
        let e = c.send(&[1, 9], DEFAULT_TIMEOUT).unwrap_err().to_string();
        assert!(
            e.contains("expected the computer to send [01 02 03], got [01 09]"),
            "{e}"
        );
    }
}
