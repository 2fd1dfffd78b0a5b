//! The calculator's side of the DBUS link, served by the emulated machine: what AMS's link
//! code does when a computer talks to it in silent mode (docs/link.md#sequences). It reads the
//! computer's packets, and answers from the machine's real VAT, screen and keyboard:
//!
//! - RDY: ACK (the calculator answers only when idle: while a program runs, this thread runs
//!   it and reads nothing, as a calculator busy in a program does);
//! - KEY: ACK, then the key goes to the program waiting for one, or to the home screen
//!   ([`super::home`]), whose ENTER runs the typed program call;
//! - RTS (send a variable): ACK and CTS, or SKP (locked, no memory, a FLASH application);
//!   then the XDP is stored in the VAT (its folder made if missing), as the link does;
//! - REQ: a variable (ACK, VAR, CTS, XDP, EOT), or a listing of folders or of one folder
//!   (14-byte entries, as PedroM sends them); a missing variable is refused with SKP;
//! - SCR: the 3840 bytes of the LCD memory; VER: a version reply naming the emulator;
//!   DEL: the variable deleted (ACK, ACK).
//!
//! A checksum error in a computer's packet is answered with ERR (the computer sends it
//! again). An exchange the computer abandons half-way (nothing for [`EXCHANGE_TIMEOUT`]) is
//! dropped and the calculator goes back to waiting.

use std::time::Duration;

use ti_files::{Attribute, Model, VarName, VarPath, VarType, Variable};
use ti_link::packet::{self, Command, Packet, VarHeader};

use super::home::{Entered, Home};
use super::port::{Port, PortError};
use super::{EmuEvent, Shared};
use crate::{Failure, Machine, ReadMemory, RunState};

/// How long the calculator waits for the computer's next packet inside an exchange.
pub const EXCHANGE_TIMEOUT: Duration = Duration::from_secs(5);

/// SKP reason: out of memory.
const SKIP_MEMORY: u8 = 0x08;
/// SKP reason: cannot overwrite (locked, archived, in use).
const SKIP_OVERWRITE: u8 = 0x1E;
/// SKP reason: malformed request.
const SKIP_MALFORMED: u8 = 0x24;
/// SKP reason: invalid name (also: no such variable).
const SKIP_NAME: u8 = 0x25;
/// SKP reason: an application (no FLASH in the emulator).
const SKIP_APPLICATION: u8 = 0x07;

/// Why an exchange ended early.
enum Abort {
    /// The computer went away: the thread ends.
    Closed,
    /// The exchange is dropped; the calculator waits for the next one.
    Dropped(String),
}

impl From<PortError> for Abort {
    fn from(e: PortError) -> Abort {
        match e {
            PortError::Closed => Abort::Closed,
            PortError::Timeout => {
                Abort::Dropped("the computer stopped in the middle of an exchange".into())
            }
            PortError::Bad(e) => Abort::Dropped(format!("a bad packet: {e}")),
        }
    }
}

/// The calculator side: a machine, its home screen, the link port.
pub struct Responder {
    pub(super) machine: Machine,
    pub(super) home: Home,
    port: Port,
    shared: Shared,
    mid: u8,
}

impl Responder {
    /// A responder for `machine` on `port`.
    pub(super) fn new(machine: Machine, port: Port, shared: Shared) -> Responder {
        let model = machine.model();
        let mut r = Responder {
            home: Home::new(model),
            machine,
            port,
            shared,
            mid: model.calc_machine_id(),
        };
        r.redraw();
        r
    }

    /// Serves the computer until it goes away.
    pub(super) fn serve(&mut self) {
        loop {
            let packet = match self.port.read_packet(None, &mut self.machine) {
                Ok(p) => p,
                Err(PortError::Closed) => return,
                Err(PortError::Timeout) => continue,
                Err(PortError::Bad(_)) => {
                    // A damaged packet: ask for it again.
                    if self.send(&packet::err(self.mid)).is_err() {
                        return;
                    }
                    continue;
                }
            };
            match self.exchange(packet) {
                Ok(()) => {}
                Err(Abort::Closed) => return,
                Err(Abort::Dropped(why)) => self.shared.event(EmuEvent::Dropped(why)),
            }
        }
    }

    fn send(&mut self, p: &Packet) -> Result<(), Abort> {
        self.port.send(p).map_err(Abort::from)
    }

    fn ack(&mut self, status: u16) -> Result<(), Abort> {
        self.send(&packet::ack(self.mid, status))
    }

    fn skip(&mut self, code: u8) -> Result<(), Abort> {
        self.send(&Packet::data(
            self.mid,
            Command::SKP,
            vec![0, 0, code, 0, 0],
        ))
    }

    /// Reads the computer's next packet of an exchange, which must be `command`.
    fn expect(&mut self, command: Command) -> Result<Packet, Abort> {
        let p = self
            .port
            .read_packet(Some(EXCHANGE_TIMEOUT), &mut self.machine)?;
        if p.command != command {
            return Err(Abort::Dropped(format!(
                "expected {} from the computer, got {p}",
                command.name()
            )));
        }
        Ok(p)
    }

    fn exchange(&mut self, p: Packet) -> Result<(), Abort> {
        match p.command {
            Command::RDY => self.ack(0),
            Command::KEY => {
                self.ack(0)?;
                self.key(p.value());
                Ok(())
            }
            Command::RTS | Command::VAR => self.receive_variable(&p),
            Command::REQ => self.send_requested(&p),
            Command::SCR => {
                self.ack(0)?;
                let lcd = self
                    .machine
                    .read_bytes(crate::map::LCD, ti_files::screen::LCD_BYTES as u32)
                    .expect("the LCD is mapped");
                self.send(&packet::xdp(self.mid, lcd))?;
                self.expect(Command::ACK).map(|_| ())
            }
            Command::VER => {
                self.ack(0)?;
                self.expect(Command::CTS)?;
                self.ack(0)?;
                self.send(&packet::xdp(self.mid, version(self.machine.model())))?;
                self.expect(Command::ACK).map(|_| ())
            }
            Command::DEL => {
                let Some(path) = VarHeader::decode(p.payload()).and_then(|h| h.path()) else {
                    return self.skip(SKIP_MALFORMED);
                };
                match self.machine.delete_variable(&path.to_string()) {
                    Ok(()) => {
                        self.ack(0)?;
                        self.ack(0)?;
                        self.changed();
                        Ok(())
                    }
                    Err(_) => self.skip(SKIP_OVERWRITE),
                }
            }
            Command::ACK | Command::EOT | Command::CTS => Ok(()), // stray: ignored
            _ => self.skip(SKIP_MALFORMED),
        }
    }

    /// A key: to the program waiting for one, else to the home screen.
    fn key(&mut self, code: u16) {
        if self.machine.waiting_for_key() {
            self.machine.push_keys(&[code]);
            let label = self.machine.waiting_program().unwrap_or("").to_string();
            let result = self.machine.resume();
            self.after_run(&label, result);
            return;
        }
        match self.home.key(code) {
            Some(Entered::Run { path, args }) => {
                let entry = format!("{path}({args})");
                let result = self.machine.start_run(&path, &args);
                if let Err(Failure::Setup(why)) = &result {
                    // Not started (no such program, not a call the OS understands).
                    self.home.answer(&entry, &format!("Error: {why}"));
                    self.redraw();
                    return;
                }
                self.after_run(&entry, result);
            }
            Some(Entered::Nothing) | None => self.redraw(),
        }
    }

    fn after_run(&mut self, entry: &str, result: Result<RunState, Failure>) {
        match result {
            Ok(RunState::WaitingForKey) => self.home.cover(),
            Ok(RunState::Finished(outcome)) => {
                self.home.answer(entry, "Done");
                self.home.cover();
                self.shared.event(EmuEvent::Finished {
                    program: entry.to_string(),
                    cycles: outcome.counters.cycles,
                });
                self.changed();
            }
            Err(failure) => {
                let freed = self.machine.recover();
                self.home.answer(entry, "Error: the program crashed");
                self.redraw();
                self.shared.event(EmuEvent::Crashed {
                    program: entry.to_string(),
                    failure: failure.to_string(),
                    freed,
                });
                self.changed();
            }
        }
    }

    fn redraw(&mut self) {
        self.home.draw(self.machine.bus_mut());
    }

    /// The VAT changed: save the state file, if there is one.
    fn changed(&mut self) {
        self.shared.save(&self.machine);
    }

    fn receive_variable(&mut self, p: &Packet) -> Result<(), Abort> {
        let Some(header) = VarHeader::decode(p.payload()) else {
            return self.skip(SKIP_MALFORMED);
        };
        if header.var_type == VarType::APPL || header.var_type.0 == 0x23 {
            // FLASH applications and OS: the emulator has no FLASH memory.
            self.ack(0)?;
            return self.skip(SKIP_APPLICATION);
        }
        let Some(path) = header.path() else {
            self.ack(0)?;
            return self.skip(SKIP_NAME);
        };
        self.ack(0)?;
        if let Some(code) = self.refusal(&path, header.size) {
            return self.skip(code);
        }
        self.send(&packet::cts(self.mid))?;
        self.expect(Command::ACK)?;
        let xdp = self.expect(Command::XDP)?;
        let payload = xdp.payload();
        let stored = payload
            .get(6..)
            .filter(|_| payload.len() == header.size as usize + 4)
            .ok_or_else(|| "the data packet disagrees with the header's size".to_string())
            .and_then(|data| {
                let var_type = match header.var_type.0 {
                    0x26 | 0x27 => VarType::from_tag(data.last().copied().unwrap_or(0)),
                    _ => header.var_type,
                };
                let mut var = Variable::from_data(path.clone(), var_type, data.to_vec())
                    .map_err(|e| e.to_string())?;
                if header.var_type.0 == 0x26 {
                    var.attribute = Attribute::Locked;
                }
                self.machine
                    .send_variables(&[var])
                    .map_err(|e| e.to_string())
            });
        self.ack(u16::from(stored.is_err()))?;
        self.expect(Command::EOT)?;
        match stored {
            Ok(()) => {
                self.ack(0)?;
                self.changed();
                Ok(())
            }
            Err(why) => {
                self.ack(1)?;
                self.shared
                    .event(EmuEvent::Refused(format!("{path}: {why}")));
                Ok(())
            }
        }
    }

    /// Why a variable of `size` bytes cannot be stored at `path`, as a SKP code.
    fn refusal(&mut self, path: &VarPath, size: u32) -> Option<u8> {
        if let Ok(v) = self.machine.get_variable(&path.to_string()) {
            if v.attribute != Attribute::None {
                return Some(SKIP_OVERWRITE);
            }
        }
        if self.machine.is_in_use(&path.to_string()) {
            return Some(SKIP_OVERWRITE);
        }
        (!self.machine.room_for_variable(path, size)).then_some(SKIP_MEMORY)
    }

    fn send_requested(&mut self, p: &Packet) -> Result<(), Abort> {
        let Some(header) = VarHeader::decode(p.payload()) else {
            return self.skip(SKIP_MALFORMED);
        };
        let filter = (header.size >> 24) as u8;
        let (var_header, image) = if header.var_type.0 == 0x1A && filter == 0x1F {
            let mut list = Vec::new();
            for f in self.machine.list_vat() {
                list.extend(entry(f.folder.as_bytes(), 0x1F, 0, f.entries.len() as u32));
            }
            (listing_header(list.len()), list)
        } else if header.var_type.0 == 0x1A && filter == 0x1B {
            let Ok(folder) = VarName::from_bytes(&header.name) else {
                return self.skip(SKIP_NAME);
            };
            let Some(f) = self
                .machine
                .list_vat()
                .into_iter()
                .find(|f| f.folder == folder)
            else {
                self.ack(0)?;
                return self.skip(SKIP_NAME);
            };
            let mut list = entry(f.folder.as_bytes(), 0x1F, 0, f.entries.len() as u32);
            for e in &f.entries {
                list.extend(entry(
                    e.name.as_bytes(),
                    e.var_type.0,
                    e.attribute.to_byte(),
                    e.size,
                ));
            }
            (listing_header(list.len()), list)
        } else if header.var_type == VarType::APPL {
            self.ack(0)?;
            return self.skip(SKIP_APPLICATION);
        } else {
            let Some(path) = header.path() else {
                self.ack(0)?;
                return self.skip(SKIP_NAME);
            };
            match self.machine.get_variable(&path.to_string()) {
                Ok(var) => {
                    let image = var.image();
                    let h = VarHeader::new(image.len() as u32, var.var_type, &path, None);
                    (h, image)
                }
                Err(_) => {
                    self.ack(0)?;
                    return self.skip(SKIP_NAME);
                }
            }
        };
        self.ack(0)?;
        self.send(&packet::var(self.mid, &var_header))?;
        self.expect(Command::ACK)?;
        self.expect(Command::CTS)?;
        self.ack(0)?;
        let mut data = vec![0u8; 4];
        data.extend_from_slice(&image);
        self.send(&packet::xdp(self.mid, data))?;
        self.expect(Command::ACK)?;
        self.send(&packet::eot(self.mid))?;
        self.expect(Command::ACK).map(|_| ())
    }
}

/// The VAR header of a listing (its name is not read by computers).
fn listing_header(len: usize) -> VarHeader {
    VarHeader {
        size: len as u32,
        var_type: VarType(0x1A),
        name: b"main".to_vec(),
        trailing: Some(0x03),
    }
}

/// A 14-byte listing entry: name (8, zero padded), type, attribute, LE 24-bit size, 0.
fn entry(name: &[u8], var_type: u8, attribute: u8, size: u32) -> Vec<u8> {
    let mut e = [0u8; 14];
    e[..name.len().min(8)].copy_from_slice(&name[..name.len().min(8)]);
    e[8] = var_type;
    e[9] = attribute;
    e[10..13].copy_from_slice(&size.to_le_bytes()[..3]);
    e.to_vec()
}

/// The version reply: OS 0.01 ("the emulator"), boot 0.00, batteries good, the model's
/// hardware ID in byte 13 (docs/link.md#version-request).
fn version(model: Model) -> Vec<u8> {
    let id = match model {
        Model::Ti89 => 3,
        Model::Ti92Plus => 1,
        Model::V200 => 8,
    };
    let mut v = vec![0u8; 16];
    v[1] = 1;
    v[5] = 1;
    v[13] = id;
    v
}
