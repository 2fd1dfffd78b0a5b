//! A simulated TI-89 Titanium on its own USB port: it plays the calculator side of DUSB on a
//! simulated USB device, with this crate's packet layer (so libticalcs2, driven against it by
//! the DUSB oracle, checks that layer's calculator-side encoding too), keeps variables and
//! applications in memory, and can misbehave on request to test the host's error paths.
//!
//! How it sends, as the Titanium is believed to (docs/link.md#how-the-titanium-is-believed-to-send,
//! **UNCONFIRMED**):
//! each raw packet as two USB transfers, the 5-byte header and then the payload, so that a
//! payload that is a multiple of 64 bytes ends with a zero-length packet (the reason for
//! libticalcs2's `workaround_recv`). It sends fragments of at most the buffer size it
//! allocated, and waits for the acknowledgement of each.
//!
//! Shared by two test binaries, each of which uses part of it.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use ti_link::cable::usb::sim::SimDevice;
use ti_link::packet::dusb::fields::{aid, pid, type_value, Field};
use ti_link::packet::dusb::raw::RAW_HEADER_LEN;
use ti_link::packet::dusb::{Command, RawPacket, RawType, Reassembler, VirtualPacket};

/// Ways the simulated calculator can misbehave.
#[derive(Clone, Debug, Default)]
pub struct Faults {
    /// Answer every command with a delay acknowledgement of this many microseconds first.
    pub delay_us: Option<u32>,
    /// Refuse every request to send with this error code.
    pub refuse_rts: Option<u16>,
    /// Cut the contents of a variable it sends: the first fragment, then the last one.
    pub cut_contents: bool,
    /// Unplug after this many fragments of a variable's contents received.
    pub vanish_after_fragments: Option<usize>,
    /// Ask for a new buffer size instead of acknowledging the first content fragment.
    pub buffer_request_in_contents: Option<u32>,
    /// Acknowledge fragments with these two bytes instead of `E0 00`.
    pub bad_ack: Option<[u8; 2]>,
    /// Allocate this buffer size whatever the computer asks.
    pub allocate: Option<u32>,
}

/// Shared view of what the calculator holds, for the test.
pub type Store = Arc<Mutex<BTreeMap<(Vec<u8>, Vec<u8>), (u8, Vec<u8>, u8)>>>;

/// The simulated Titanium.
pub struct FakeTitanium {
    dev: SimDevice,
    pending: Vec<u8>,
    allocated: usize,
    /// Variables: (folder, name) -> (type, image with its size word, attribute 0/1/3).
    pub store: Store,
    /// Applications: name -> data.
    pub apps: BTreeMap<Vec<u8>, Vec<u8>>,
    /// Misbehaviours.
    pub faults: Faults,
    /// Every virtual packet received, in order.
    pub received: Arc<Mutex<Vec<VirtualPacket>>>,
    timeout: Duration,
}

type Io<T> = Result<T, String>;

impl FakeTitanium {
    /// A Titanium holding `main\str1` = "hello" and one application, `tetris`.
    pub fn new(dev: SimDevice) -> FakeTitanium {
        let mut vars = BTreeMap::new();
        vars.insert(
            (b"main".to_vec(), b"str1".to_vec()),
            (0x0C, b"\x00\x08\x00hello\x00\x2d".to_vec(), 0),
        );
        let mut apps = BTreeMap::new();
        // An application's data starts with 0x81, its header field.
        let tetris = [0x81]
            .into_iter()
            .chain((1..3000u32).map(|i| (i * 13) as u8));
        apps.insert(b"tetris".to_vec(), tetris.collect());
        FakeTitanium {
            dev,
            pending: Vec::new(),
            allocated: 1023,
            store: Arc::new(Mutex::new(vars)),
            apps,
            faults: Faults::default(),
            received: Arc::new(Mutex::new(Vec::new())),
            timeout: Duration::from_secs(5),
        }
    }

    fn recv_raw(&mut self) -> Io<RawPacket> {
        loop {
            match RawPacket::decode(&self.pending) {
                Ok((raw, used)) => {
                    self.pending.drain(..used);
                    return Ok(raw);
                }
                Err(ti_link::packet::PacketError::Incomplete { .. }) => {
                    let t = self
                        .dev
                        .recv_transfer(self.timeout)
                        .ok_or("the computer is gone")?;
                    self.pending.extend(t);
                }
                Err(e) => return Err(e.to_string()),
            }
        }
    }

    fn send_raw(&mut self, raw: &RawPacket) {
        let bytes = raw.encode();
        self.dev.send_transfer(&bytes[..RAW_HEADER_LEN]);
        if !raw.payload.is_empty() {
            self.dev.send_transfer(&bytes[RAW_HEADER_LEN..]);
        }
    }

    fn ack(&mut self) {
        let mut a = RawPacket::ack();
        if let Some(b) = self.faults.bad_ack {
            a.payload = b.to_vec();
        }
        self.send_raw(&a);
    }

    fn expect_ack(&mut self) -> Io<()> {
        let raw = self.recv_raw()?;
        if raw.is_ack() {
            Ok(())
        } else {
            Err(format!("expected an acknowledgement, got {raw:?}"))
        }
    }

    /// Receives one virtual packet, acknowledging each fragment; answers buffer size requests.
    fn recv_virtual(&mut self) -> Io<VirtualPacket> {
        let mut joiner = Reassembler::new();
        let mut fragments = 0;
        loop {
            let raw = self.recv_raw()?;
            if raw.kind == RawType::BufferSizeRequest {
                let n = raw.buffer_size().map_err(|e| e.to_string())?;
                let n = self.faults.allocate.unwrap_or(n);
                self.allocated = (n as usize).clamp(7, 1023);
                self.send_raw(&RawPacket::buffer_size_allocation(n.min(1023)));
                continue;
            }
            fragments += 1;
            let out = joiner.push(&raw).map_err(|e| e.to_string())?;
            let contents =
                joiner.progress().1 > 0 || out.as_ref().is_some_and(|v| v.vtype.0 == 0x0D);
            if contents && self.faults.vanish_after_fragments == Some(fragments) {
                self.dev.unplug();
                return Err("unplugged on purpose".into());
            }
            if contents && fragments == 1 {
                if let Some(size) = self.faults.buffer_request_in_contents.take() {
                    self.send_raw(&RawPacket::buffer_size_request(size));
                    let alloc = self.recv_raw()?;
                    if alloc.kind != RawType::BufferSizeAllocation {
                        return Err(format!("expected an allocation, got {alloc:?}"));
                    }
                }
            }
            self.ack();
            if let Some(v) = out {
                self.received.lock().unwrap().push(v.clone());
                return Ok(v);
            }
        }
    }

    /// Sends one virtual packet in fragments of the allocated size, waiting for each ack.
    fn send_virtual(&mut self, v: &VirtualPacket) -> Io<()> {
        let mut fragments = v.fragments(self.allocated);
        if self.faults.cut_contents && fragments.len() > 2 && v.vtype.0 == 0x0D {
            let last = fragments.pop().unwrap();
            fragments.truncate(1);
            fragments.push(last);
        }
        for f in &fragments {
            self.send_raw(f);
            self.expect_ack()?;
        }
        Ok(())
    }

    fn reply(&mut self, c: Command) -> Io<()> {
        if let Some(us) = self.faults.delay_us {
            self.send_virtual(&Command::DelayAck(us).encode())?;
        }
        self.send_virtual(&c.encode())
    }

    fn screen() -> Vec<u8> {
        (0..3840)
            .map(|i| if (i / 30) % 2 == 0 { 0xAA } else { 0x55 })
            .collect()
    }

    fn param(id: u16) -> Field {
        let v: Option<Vec<u8>> = match id {
            pid::PRODUCT_NAME => Some(b"TI-89 Titanium\0".to_vec()),
            pid::MAIN_PART_ID => Some(b"\x0001234\x0056789\x00ABCDE\x00".to_vec()),
            pid::HW_VERSION => Some(vec![0, 3]),
            pid::LANGUAGE_ID | pid::SUBLANG_ID => Some(vec![1]),
            pid::DEVICE_TYPE => Some(vec![0, 0x98]),
            pid::BOOT_VERSION => Some(vec![0, 3, 0, 2]),
            pid::OS_VERSION => Some(vec![0, 3, 10, 0]),
            pid::PHYS_RAM => Some(262_144u64.to_be_bytes().to_vec()),
            pid::USER_RAM => Some(190_000u64.to_be_bytes().to_vec()),
            pid::FREE_RAM => Some(180_000u64.to_be_bytes().to_vec()),
            pid::PHYS_FLASH => Some(4_194_304u64.to_be_bytes().to_vec()),
            pid::USER_FLASH => Some(2_700_000u64.to_be_bytes().to_vec()),
            pid::FREE_FLASH => Some(2_600_000u64.to_be_bytes().to_vec()),
            pid::LCD_WIDTH => Some(vec![0, 160]),
            pid::LCD_HEIGHT => Some(vec![0, 100]),
            pid::BITS_PER_PIXEL | pid::BATTERY | pid::CLASSIC_CLK_SUPPORT => Some(vec![1]),
            pid::SCREENSHOT => Some(Self::screen()),
            _ => None,
        };
        match v {
            Some(v) => Field::present(id, v),
            None => Field::absent(id),
        }
    }

    fn entry_fields(t: u8, size: u32, attr: u8) -> Vec<Field> {
        vec![
            Field::present(aid::VAR_TYPE, type_value(t)),
            Field::present(aid::ARCHIVED, vec![u8::from(attr == 3)]),
            Field::present(aid::APPVAR, vec![0]),
            Field::present(aid::VAR_SIZE, size.to_be_bytes().to_vec()),
            Field::present(aid::LOCKED, vec![u8::from(attr == 1)]),
            Field::absent(aid::UNKNOWN_42),
        ]
    }

    /// Serves the computer until it goes away; returns why it stopped.
    pub fn serve(&mut self) -> String {
        loop {
            let v = match self.recv_virtual() {
                Ok(v) => v,
                Err(e) => return e,
            };
            if let Err(e) = self.handle(v) {
                return e;
            }
        }
    }

    fn handle(&mut self, v: VirtualPacket) -> Io<()> {
        let c = Command::decode(&v).map_err(|e| format!("bad command: {e}"))?;
        match c {
            Command::ModeSet(_) => self.reply(Command::ModeAck),
            Command::ParamRequest(ids) => {
                let fields = ids.iter().map(|&id| Self::param(id)).collect();
                self.reply(Command::ParamData(fields))
            }
            Command::DirRequest(_) => {
                let vars = self.store.lock().unwrap().clone();
                let mut folders: Vec<Vec<u8>> = vars.keys().map(|k| k.0.clone()).collect();
                folders.dedup();
                for f in folders {
                    self.reply(Command::VarHeader {
                        folder: f.clone(),
                        name: vec![],
                        fields: Self::entry_fields(0x1F, 0, 0),
                    })?;
                    for ((vf, name), (t, image, attr)) in &vars {
                        if *vf == f {
                            self.reply(Command::VarHeader {
                                folder: f.clone(),
                                name: name.clone(),
                                fields: Self::entry_fields(*t, image.len() as u32, *attr),
                            })?;
                        }
                    }
                }
                for (name, data) in self.apps.clone() {
                    self.reply(Command::VarHeader {
                        folder: vec![],
                        name,
                        fields: Self::entry_fields(0x24, data.len() as u32, 0),
                    })?;
                }
                self.reply(Command::Eot)
            }
            Command::Rts {
                folder,
                name,
                size,
                attrs,
                ..
            } => {
                if let Some(code) = self.faults.refuse_rts {
                    return self.reply(Command::Error(code));
                }
                self.reply(Command::DataAck)?;
                let contents = self.recv_virtual()?;
                let Ok(Command::VarContent(data)) = Command::decode(&contents) else {
                    return Err(format!("expected contents, got {contents:?}"));
                };
                if data.len() != size as usize {
                    return Err(format!(
                        "RTS said {size} bytes, contents has {}",
                        data.len()
                    ));
                }
                self.reply(Command::DataAck)?;
                let eot = self.recv_virtual()?;
                if Command::decode(&eot) != Ok(Command::Eot) {
                    return Err(format!("expected EOT, got {eot:?}"));
                }
                let t = attrs
                    .iter()
                    .find(|a| a.id == aid::VAR_TYPE)
                    .and_then(|a| a.value.get(3).copied())
                    .unwrap_or(0);
                let flag = |id| {
                    attrs
                        .iter()
                        .any(|a| a.id == id && a.value.first() == Some(&1))
                };
                let attr = if flag(aid::ARCHIVED) {
                    3
                } else if flag(aid::LOCKED) {
                    1
                } else {
                    0
                };
                if t == 0x24 {
                    self.apps.insert(name, data);
                } else {
                    self.store
                        .lock()
                        .unwrap()
                        .insert((folder, name), (t, data, attr));
                }
                Ok(())
            }
            Command::VarRequest {
                folder,
                name,
                attrs,
                ..
            } => {
                let t = attrs
                    .first()
                    .and_then(|a| a.value.get(3).copied())
                    .unwrap_or(0);
                let found = if t == 0x24 {
                    self.apps.get(&name).map(|d| (0x24, d.clone(), 0))
                } else {
                    self.store
                        .lock()
                        .unwrap()
                        .get(&(folder.clone(), name.clone()))
                        .cloned()
                };
                let Some((t, data, attr)) = found else {
                    return self.reply(Command::Error(0x0012));
                };
                self.reply(Command::VarHeader {
                    folder,
                    name,
                    fields: vec![
                        Field::present(aid::ARCHIVED, vec![u8::from(attr == 3)]),
                        Field::present(aid::VAR_VERSION, vec![0; 4]),
                        Field::present(aid::LOCKED, vec![u8::from(attr == 1)]),
                    ],
                })?;
                let _ = t;
                self.reply(Command::VarContent(data))
            }
            Command::ModifyVar { folder, name, .. } => {
                self.store.lock().unwrap().remove(&(folder, name));
                self.reply(Command::DataAck)
            }
            Command::Execute { .. } | Command::Key(_) | Command::ParamSet { .. } => {
                self.reply(Command::DataAck)
            }
            other => Err(format!("unexpected command {other:?}")),
        }
    }
}

/// The type of the variable at (folder, name) in `store`, if any.
pub fn stored_type(store: &Store, folder: &str, name: &str) -> Option<u8> {
    // The fake stores a variable after it has acknowledged the transfer's EOT, on its own
    // thread: the host may ask before that. Wait a moment for it (a variable that never comes
    // is still None).
    let key = (folder.as_bytes().to_vec(), name.as_bytes().to_vec());
    let start = std::time::Instant::now();
    loop {
        let found = store.lock().unwrap().get(&key).map(|v| v.0);
        if found.is_some() || start.elapsed() > std::time::Duration::from_secs(1) {
            return found;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}
