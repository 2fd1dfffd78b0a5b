//! The Titanium's ready check, listing, identity, screenshot, keys and remote execution, as
//! libticalcs2's `calc_89t.cc` runs them (`is_ready`, `get_dirlist`, `get_version`,
//! `get_memfree`, `recv_screen`, `send_key`, `execute`; docs/link.md#dusb-sequences).

use super::Titanium;
use crate::cable::Cable;
use crate::ops::dirlist::{DirEntry, FolderListing};
use crate::ops::operations::{Identity, Listing};
use crate::ops::LinkError;
use crate::packet::dusb::fields::{action, aid, find, mode, pid, Field};
use crate::packet::dusb::raw::DEFAULT_BUFFER_SIZE;
use crate::packet::dusb::{Command, VirtualType};
use ti_files::screen::LCD_BYTES;
use ti_files::{Attribute, Model, Screen, VarName, VarPath, VarType};

/// The attributes a listing asks for, in libticalcs2's order.
const LIST_ATTRS: [u16; 6] = [
    aid::VAR_TYPE,
    aid::ARCHIVED,
    aid::APPVAR,
    aid::VAR_SIZE,
    aid::LOCKED,
    aid::UNKNOWN_42,
];

/// The first parameter request of `get_version` (16 IDs: the Titanium answers at most 16).
const VERSION_PARAMS_1: [u16; 16] = [
    pid::PRODUCT_NAME,
    pid::MAIN_PART_ID,
    pid::HW_VERSION,
    pid::LANGUAGE_ID,
    pid::SUBLANG_ID,
    pid::DEVICE_TYPE,
    pid::BOOT_VERSION,
    pid::OS_VERSION,
    pid::PHYS_RAM,
    pid::USER_RAM,
    pid::FREE_RAM,
    pid::PHYS_FLASH,
    pid::USER_FLASH,
    pid::FREE_FLASH,
    pid::LCD_WIDTH,
    pid::LCD_HEIGHT,
];

/// The second parameter request of `get_version`.
const VERSION_PARAMS_2: [u16; 4] = [
    pid::BITS_PER_PIXEL,
    pid::BATTERY,
    pid::OS_MODE,
    pid::CLASSIC_CLK_SUPPORT,
];

fn be(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0, |acc, &b| (acc << 8) | u64::from(b))
}

/// The entry of a listing from a variable header's attributes (libticalcs2 reads the type
/// from byte 3 of 0x0002, the size from 0x0001, archived from 0x0003, locked from 0x0041).
fn entry(name: &[u8], fields: &[Field]) -> Result<DirEntry, LinkError> {
    let var_type = find(fields, aid::VAR_TYPE)
        .and_then(|t| t.get(3).copied())
        .map(VarType)
        .ok_or_else(|| {
            LinkError::Malformed(format!(
                "a listing entry without its type attribute: {:?}",
                ti_files::charset::decode(name)
            ))
        })?;
    let size = find(fields, aid::VAR_SIZE).map_or(0, be) as u32;
    let flag = |id| find(fields, id).is_some_and(|v| v.first().is_some_and(|&b| b != 0));
    let attribute = if flag(aid::ARCHIVED) {
        Attribute::Archived
    } else if flag(aid::LOCKED) {
        Attribute::Locked
    } else {
        Attribute::None
    };
    Ok(DirEntry {
        name: VarName::from_bytes(name)?,
        var_type,
        attribute,
        size,
    })
}

impl<C: Cable> Titanium<C> {
    /// Checks that the calculator is there and ready: negotiates the buffer (1,024 bytes
    /// asked), then sets the normal mode (libticalcs2 `is_ready`).
    pub fn ready(&mut self) -> Result<(), LinkError> {
        self.negotiate(DEFAULT_BUFFER_SIZE)?;
        self.send_virtual(&Command::ModeSet(mode::NORMAL).encode(), "ready check")?;
        self.expect(
            VirtualType::MODE_ACK,
            "checking that the calculator is ready",
        )?;
        Ok(())
    }

    /// Sends a command and expects an acknowledgement of data.
    pub(crate) fn command_acked(&mut self, c: &Command, doing: &str) -> Result<(), LinkError> {
        self.send_virtual(&c.encode(), doing)?;
        self.expect(VirtualType::DATA_ACK, doing)?;
        Ok(())
    }

    /// Presses one key remotely (the key code as a BE word).
    pub fn send_key(&mut self, code: u16) -> Result<(), LinkError> {
        self.pause(self.delays.before_key);
        self.command_acked(&Command::Key(code), &format!("pressing key {code}"))
    }

    /// Runs the program or application `path` of type `var_type` with `args` (no typing on the
    /// home screen: the Titanium runs it on request).
    pub fn execute(
        &mut self,
        path: &VarPath,
        var_type: VarType,
        args: &str,
    ) -> Result<(), LinkError> {
        let act = match var_type {
            VarType::ASM => action::ASM,
            VarType::APPL => action::APP,
            _ => action::PROGRAM,
        };
        let args =
            ti_files::charset::encode(args).map_err(|e| LinkError::Malformed(e.to_string()))?;
        let c = Command::Execute {
            folder: path
                .folder
                .as_ref()
                .map(|f| f.as_bytes().to_vec())
                .unwrap_or_default(),
            name: path.name.as_bytes().to_vec(),
            action: act,
            args,
        };
        self.command_acked(&c, &format!("running {path}"))
    }

    /// Requests parameters; returns the calculator's fields, one per ID asked.
    pub(crate) fn params(&mut self, ids: &[u16], doing: &str) -> Result<Vec<Field>, LinkError> {
        self.send_virtual(&Command::ParamRequest(ids.to_vec()).encode(), doing)?;
        let v = self.expect(VirtualType::PARAM_DATA, doing)?;
        match Command::decode(&v)? {
            Command::ParamData(fields) if fields.len() == ids.len() => Ok(fields),
            Command::ParamData(fields) => Err(LinkError::Malformed(format!(
                "{} parameters asked, {} received",
                ids.len(),
                fields.len()
            ))),
            _ => unreachable!("decode keeps the type"),
        }
    }

    /// Takes a screenshot: the 0x0022 parameter, 3,840 bytes of LCD memory.
    pub fn screenshot(&mut self) -> Result<Screen, LinkError> {
        let fields = self.params(&[pid::SCREENSHOT], "taking a screenshot")?;
        match fields[0].value() {
            Some(lcd) if fields[0].id == pid::SCREENSHOT && lcd.len() == LCD_BYTES => {
                Ok(Screen::from_lcd(lcd, Model::Ti89))
            }
            Some(lcd) => Err(LinkError::Malformed(format!(
                "a screenshot has {LCD_BYTES} bytes, the calculator sent {}",
                lcd.len()
            ))),
            None => Err(LinkError::Malformed(
                "the calculator sent no screenshot".into(),
            )),
        }
    }

    /// Every folder with its variables, and the FLASH applications (one listing request, then
    /// one variable header per folder and variable until the end of transmission).
    pub fn listing(&mut self) -> Result<Listing, LinkError> {
        let doing = "listing the variables";
        self.send_virtual(&Command::DirRequest(LIST_ATTRS.to_vec()).encode(), doing)?;
        let mut out = Listing::default();
        loop {
            let v = self.expect_one_of(&[VirtualType::VAR_HEADER, VirtualType::EOT], doing)?;
            if v.vtype == VirtualType::EOT {
                return Ok(out);
            }
            let Command::VarHeader {
                folder,
                name,
                fields,
            } = Command::decode(&v)?
            else {
                unreachable!("decode keeps the type")
            };
            let is_folder = find(&fields, aid::VAR_TYPE).and_then(|t| t.get(3).copied())
                == Some(VarType::DIR.0);
            if is_folder {
                let folder = VarName::from_bytes(&folder)?;
                if !out.folders.iter().any(|f| f.folder == folder) {
                    out.folders.push(FolderListing {
                        folder,
                        entries: Vec::new(),
                    });
                }
                continue;
            }
            let e = entry(&name, &fields)?;
            if e.var_type == VarType::APPL {
                out.apps.push(e);
                continue;
            }
            let folder = VarName::from_bytes(&folder)?;
            match out.folders.iter_mut().find(|f| f.folder == folder) {
                Some(f) => f.entries.push(e),
                None => out.folders.push(FolderListing {
                    folder,
                    entries: vec![e],
                }),
            }
        }
    }

    /// Free RAM and free FLASH, in bytes (libticalcs2 `get_memfree`: one request for both).
    pub fn free_memory(&mut self) -> Result<(u64, u64), LinkError> {
        let f = self.params(&[pid::FREE_RAM, pid::FREE_FLASH], "reading the free memory")?;
        match (f[0].value(), f[1].value()) {
            (Some(ram), Some(flash)) if ram.len() == 8 && flash.len() == 8 => {
                Ok((be(ram), be(flash)))
            }
            _ => Err(LinkError::Malformed(
                "the free memory parameters are not two 8-byte values".into(),
            )),
        }
    }

    /// What the calculator says of itself: two parameter requests, as libticalcs2's
    /// `get_version` makes them.
    pub fn identity(&mut self) -> Result<Identity, LinkError> {
        let doing = "reading the calculator's identity";
        let mut f = self.params(&VERSION_PARAMS_1, doing)?;
        f.extend(self.params(&VERSION_PARAMS_2, doing)?);
        let get = |id| find(&f, id);
        let sized = |id, n: usize| get(id).filter(|v| v.len() == n);
        let text = |v: &[u8]| {
            let end = v.iter().position(|&b| b == 0).unwrap_or(v.len());
            ti_files::charset::decode(&v[..end])
        };
        let id_string = get(pid::MAIN_PART_ID).filter(|v| v.len() >= 18).map(|v| {
            let mut s = Vec::new();
            s.extend_from_slice(&v[1..6]);
            s.extend_from_slice(&v[7..12]);
            s.extend_from_slice(&v[13..17]);
            text(&s)
        });
        Ok(Identity {
            protocol: "DUSB",
            product: get(pid::PRODUCT_NAME).map(text),
            model: Some("TI-89 Titanium".to_string()),
            os_version: sized(pid::OS_VERSION, 4).map(|v| format!("{}.{:02}", v[1], v[2])),
            boot_version: sized(pid::BOOT_VERSION, 4)
                .map(|v| format!("{}.{:02}b{}", v[1], v[2], v[3])),
            hardware_version: sized(pid::HW_VERSION, 2).map(|v| be(v) as u32 + 1),
            language: sized(pid::LANGUAGE_ID, 1).map(|v| v[0]),
            sub_language: sized(pid::SUBLANG_ID, 1).map(|v| v[0]),
            calculator_id: id_string,
            ram_total: sized(pid::PHYS_RAM, 8).map(be),
            ram_user: sized(pid::USER_RAM, 8).map(be),
            ram_free: sized(pid::FREE_RAM, 8).map(be),
            flash_total: sized(pid::PHYS_FLASH, 8).map(be),
            flash_user: sized(pid::USER_FLASH, 8).map(be),
            flash_free: sized(pid::FREE_FLASH, 8).map(be),
            lcd: match (sized(pid::LCD_WIDTH, 2), sized(pid::LCD_HEIGHT, 2)) {
                (Some(w), Some(h)) => Some((be(w) as u16, be(h) as u16)),
                _ => None,
            },
            battery_ok: sized(pid::BATTERY, 1).map(|v| v[0] != 0),
        })
    }
}
