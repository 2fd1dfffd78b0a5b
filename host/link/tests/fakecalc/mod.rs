//! A scripted calculator for link tests: it plays the calculator side of the DBUS protocol on
//! any byte stream (a pty end made by socat), keeps an in-memory variable store, answers the
//! way PedroM does (docs/link.md#sequences: 14-byte listing entries, ACK then silence for a missing
//! variable) and records every byte the computer sent.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::sync::{Arc, Mutex};

use ti_files::{checksum, Model, VarPath};
use ti_link::packet::{Command, Packet, VarHeader, HEADER_LEN};

/// Everything the computer sent, shared with the test.
pub type Log = Arc<Mutex<Vec<u8>>>;

/// The scripted calculator.
pub struct FakeCalc {
    mid: u8,
    /// Variables: (folder, name) -> (type, image).
    vars: BTreeMap<(String, String), (u8, Vec<u8>)>,
    /// Insertion order of the variables, for listings.
    order: Vec<(String, String)>,
    /// Every byte received.
    pub log: Log,
}

fn pkt(mid: u8, cid: u8, data: Option<&[u8]>, value: u16) -> Vec<u8> {
    let mut out = vec![mid, cid];
    match data {
        None => out.extend_from_slice(&value.to_le_bytes()),
        Some(d) => {
            out.extend_from_slice(&(d.len() as u16).to_le_bytes());
            out.extend_from_slice(d);
            out.extend_from_slice(&checksum(d).to_le_bytes());
        }
    }
    out
}

impl FakeCalc {
    /// A calculator of `model` holding `main\str1` = "hello", like the scripted calculator of
    /// docs/link.md#the-scripted-calculator.
    pub fn new(model: Model) -> FakeCalc {
        let mut c = FakeCalc {
            mid: model.calc_machine_id(),
            vars: BTreeMap::new(),
            order: Vec::new(),
            log: Arc::new(Mutex::new(Vec::new())),
        };
        c.store("main", "str1", 0x0C, b"\x00\x08\x00hello\x00\x2d".to_vec());
        c
    }

    fn store(&mut self, folder: &str, name: &str, t: u8, image: Vec<u8>) {
        let key = (folder.to_string(), name.to_string());
        if !self.order.contains(&key) {
            self.order.push(key.clone());
        }
        self.vars.insert(key, (t, image));
    }

    fn read_packet(&mut self, io: &mut impl Read) -> std::io::Result<Packet> {
        let mut header = [0u8; HEADER_LEN];
        io.read_exact(&mut header)?;
        let total = Packet::total_len(header)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))?;
        let mut bytes = header.to_vec();
        bytes.resize(total, 0);
        io.read_exact(&mut bytes[HEADER_LEN..])?;
        self.log.lock().unwrap().extend_from_slice(&bytes);
        Packet::decode(&bytes)
            .map(|(p, _)| p)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
    }

    fn send(&self, io: &mut impl Write, bytes: Vec<u8>) -> std::io::Result<()> {
        io.write_all(&bytes)?;
        io.flush()
    }

    fn ack(&self) -> Vec<u8> {
        pkt(self.mid, 0x56, None, 0)
    }

    /// Sends a VAR header and then `payload` in an XDP, with the computer's ACK/CTS between.
    fn send_var_and_data(
        &mut self,
        io: &mut (impl Read + Write),
        header: &[u8],
        payload: &[u8],
    ) -> std::io::Result<()> {
        self.send(
            io,
            [self.ack(), pkt(self.mid, 0x06, Some(header), 0)].concat(),
        )?;
        self.read_packet(io)?; // ACK
        self.read_packet(io)?; // CTS
        let mut data = vec![0u8; 4];
        data.extend_from_slice(payload);
        self.send(
            io,
            [self.ack(), pkt(self.mid, 0x15, Some(&data), 0)].concat(),
        )?;
        self.read_packet(io)?; // ACK
        self.send(io, pkt(self.mid, 0x92, None, 0))?;
        self.read_packet(io)?; // ACK
        Ok(())
    }

    /// Serves the computer until the stream ends.
    pub fn serve(&mut self, io: &mut (impl Read + Write)) -> std::io::Result<()> {
        loop {
            let p = self.read_packet(io)?;
            match p.command {
                Command::RDY | Command::KEY => self.send(io, self.ack())?,
                Command::RTS => {
                    let h = VarHeader::decode(p.payload()).unwrap();
                    self.send(io, [self.ack(), pkt(self.mid, 0x09, None, 0)].concat())?;
                    self.read_packet(io)?; // ACK
                    let xdp = self.read_packet(io)?;
                    self.send(io, self.ack())?;
                    self.read_packet(io)?; // EOT
                    self.send(io, self.ack())?;
                    let path = h.path().unwrap();
                    let folder = path.folder.map_or("main".to_string(), |f| f.to_string());
                    self.store(
                        &folder,
                        &path.name.to_string(),
                        h.var_type.0,
                        xdp.payload()[4..].to_vec(),
                    );
                }
                Command::REQ => {
                    let h = VarHeader::decode(p.payload()).unwrap();
                    match (h.size >> 24, h.var_type.0) {
                        (0x1F, 0x1A) => {
                            let mut folders: Vec<String> = Vec::new();
                            for (f, _) in &self.order {
                                if !folders.contains(f) {
                                    folders.push(f.clone());
                                }
                            }
                            let mut list = Vec::new();
                            for f in &folders {
                                list.extend(entry(f, 0x1F, 0));
                            }
                            let header = [&[0x0E, 0, 0, 0x0E, 0x1A, 4][..], b"main\x03"].concat();
                            self.send_var_and_data(io, &header, &list)?;
                        }
                        (0x1B, 0x1A) => {
                            let folder = String::from_utf8(h.name.clone()).unwrap();
                            let mut list = entry(&folder, 0x1F, 0);
                            for key in self.order.clone() {
                                if key.0 == folder {
                                    let (t, image) = &self.vars[&key];
                                    list.extend(entry(&key.1, *t, image.len() as u32));
                                }
                            }
                            let header = [&[0x0E, 0, 0, 0x0E, 0x1A, 4][..], b"main\x03"].concat();
                            self.send_var_and_data(io, &header, &list)?;
                        }
                        _ => {
                            let path = VarPath::from_bytes(&h.name).unwrap();
                            let folder = path.folder.map_or("main".to_string(), |f| f.to_string());
                            let key = (folder, path.name.to_string());
                            match self.vars.get(&key).cloned() {
                                // PedroM: ACK, then silence.
                                None => self.send(io, self.ack())?,
                                Some((_, image)) => {
                                    // PedroM's header: type 0x21 whatever the variable is.
                                    let mut header = (image.len() as u32).to_le_bytes().to_vec();
                                    header.push(0x21);
                                    header.push(h.name.len() as u8);
                                    header.extend_from_slice(&h.name);
                                    self.send_var_and_data(io, &header, &image)?;
                                }
                            }
                        }
                    }
                }
                Command::SCR => {
                    let mut lcd = vec![0u8; 3840];
                    for (i, b) in lcd.iter_mut().enumerate() {
                        *b = if (i / 30) % 2 == 0 { 0xAA } else { 0x55 };
                    }
                    self.send(
                        io,
                        [self.ack(), pkt(self.mid, 0x15, Some(&lcd), 0)].concat(),
                    )?;
                    self.read_packet(io)?; // ACK
                }
                _ => self.send(io, pkt(self.mid, 0x36, Some(&[0x24, 0, 0x24, 0, 0]), 0))?,
            }
        }
    }
}

/// A 14-byte listing entry.
fn entry(name: &str, t: u8, size: u32) -> Vec<u8> {
    let mut e = [0u8; 14];
    e[..name.len()].copy_from_slice(name.as_bytes());
    e[8] = t;
    e[10..13].copy_from_slice(&size.to_le_bytes()[..3]);
    e.to_vec()
}
