//! What every protocol offers, as one trait: [`Operations`], implemented by the DBUS
//! [`Calculator`] (TI-89, TI-92 Plus, Voyage 200 and the Titanium's link port, on any DBUS
//! cable) and the DUSB [`Titanium`] (the Titanium's own USB port). libticalcs2 has the same
//! split: one table of functions per protocol (`calc_9x.cc`, `calc_89t.cc`) behind one API.
//! Commands that work over every cable hold a `Box<dyn Operations>`.

use std::fmt;

use std::time::Duration;

use super::dirlist::{DirEntry, FolderListing};
use super::dusb::Titanium;
use super::{Calculator, LinkError, Progress, ProgressFn};
use crate::cable::{Cable, CableSpec};
use ti_files::{charset, FlashBlock, Model, Screen, VarName, VarPath, VarType, Variable};

/// A whole listing: the folders with their variables, and the FLASH applications.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Listing {
    /// Folders, in the calculator's order, with their variables.
    pub folders: Vec<FolderListing>,
    /// FLASH applications.
    pub apps: Vec<DirEntry>,
}

impl Listing {
    /// Every variable with its folder.
    pub fn variables(&self) -> impl Iterator<Item = (&VarName, &DirEntry)> {
        self.folders
            .iter()
            .flat_map(|f| f.entries.iter().map(move |e| (&f.folder, e)))
    }

    /// The entry of `path` (no folder: `main`).
    pub fn find(&self, path: &VarPath) -> Option<&DirEntry> {
        let main = VarName::new("main").expect("legal");
        let folder = path.folder.as_ref().unwrap_or(&main);
        self.folders
            .iter()
            .find(|f| &f.folder == folder)
            .and_then(|f| f.find(&path.name))
    }
}

/// What a calculator says of itself; every field is optional, as each protocol gives only
/// part of it (DBUS: versions, hardware, language; DUSB: also memory and screen).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Identity {
    /// "DBUS" or "DUSB".
    pub protocol: &'static str,
    /// The model, as the calculator reports it.
    pub model: Option<String>,
    /// The product name the calculator gives (DUSB).
    pub product: Option<String>,
    /// OS version ("3.10").
    pub os_version: Option<String>,
    /// Boot code version.
    pub boot_version: Option<String>,
    /// Hardware version.
    pub hardware_version: Option<u32>,
    /// Language ID.
    pub language: Option<u8>,
    /// Sub-language ID.
    pub sub_language: Option<u8>,
    /// The calculator's ID (DUSB).
    pub calculator_id: Option<String>,
    /// RAM: physical, user, free (bytes).
    pub ram_total: Option<u64>,
    /// User RAM.
    pub ram_user: Option<u64>,
    /// Free RAM.
    pub ram_free: Option<u64>,
    /// FLASH: physical.
    pub flash_total: Option<u64>,
    /// User FLASH (the archive).
    pub flash_user: Option<u64>,
    /// Free FLASH.
    pub flash_free: Option<u64>,
    /// LCD width and height.
    pub lcd: Option<(u16, u16)>,
    /// Whether the batteries are good.
    pub battery_ok: Option<bool>,
}

impl fmt::Display for Identity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = |f: &mut fmt::Formatter<'_>, k: &str, v: Option<String>| match v {
            Some(v) => writeln!(f, "{k:<14} {v}"),
            None => Ok(()),
        };
        let bytes = |n: Option<u64>| n.map(|n| format!("{n} bytes"));
        line(f, "protocol", Some(self.protocol.to_string()))?;
        line(f, "model", self.model.clone())?;
        line(f, "product", self.product.clone())?;
        line(f, "OS version", self.os_version.clone())?;
        line(f, "boot version", self.boot_version.clone())?;
        line(
            f,
            "hardware",
            self.hardware_version.map(|h| format!("HW{h}")),
        )?;
        line(
            f,
            "language",
            self.language
                .map(|l| format!("{l} (sub-language {})", self.sub_language.unwrap_or(0))),
        )?;
        line(f, "calculator ID", self.calculator_id.clone())?;
        line(f, "RAM", bytes(self.ram_total))?;
        line(f, "user RAM", bytes(self.ram_user))?;
        line(f, "free RAM", bytes(self.ram_free))?;
        line(f, "FLASH", bytes(self.flash_total))?;
        line(f, "archive", bytes(self.flash_user))?;
        line(f, "free archive", bytes(self.flash_free))?;
        line(f, "screen", self.lcd.map(|(w, h)| format!("{w}x{h}")))?;
        line(
            f,
            "batteries",
            self.battery_ok
                .map(|b| if b { "good" } else { "low" }.to_string()),
        )
    }
}

/// The operations of a calculator on a cable, whatever the protocol.
pub trait Operations: Send {
    /// The cable and protocol, for messages ("SilverLink on bus 001 device 004, DBUS").
    fn describe(&self) -> String;
    /// The model talked to.
    fn model(&self) -> Model;
    /// Checks that the calculator is there and ready.
    fn ready(&mut self) -> Result<(), LinkError>;
    /// Sends a variable, silently (an unlocked variable of that name is overwritten).
    fn send_variable(&mut self, var: &Variable) -> Result<(), LinkError>;
    /// Receives the variable at `path` of type `var_type`.
    fn recv_variable(&mut self, path: &VarPath, var_type: VarType) -> Result<Variable, LinkError>;
    /// Every folder, variable and application.
    fn listing(&mut self) -> Result<Listing, LinkError>;
    /// The screen.
    fn screenshot(&mut self) -> Result<Screen, LinkError>;
    /// Presses one key.
    fn send_key(&mut self, code: u16) -> Result<(), LinkError>;
    /// Runs the program `path` (of type `var_type`) with `args`.
    fn run(&mut self, path: &VarPath, var_type: VarType, args: &str) -> Result<(), LinkError>;
    /// What the calculator says of itself.
    fn identity(&mut self) -> Result<Identity, LinkError>;
    /// Sends a FLASH application.
    fn send_app(&mut self, app: &FlashBlock) -> Result<(), LinkError>;
    /// Receives the FLASH application `name`.
    fn recv_app(&mut self, name: &str) -> Result<FlashBlock, LinkError>;
    /// Deletes the variable at `path` of type `var_type`.
    fn delete_variable(&mut self, path: &VarPath, var_type: VarType) -> Result<(), LinkError>;
    /// Sets the progress callback.
    fn set_progress(&mut self, f: ProgressFn);

    /// Reads the variable at `path` (no folder: `main`), listing first so that a missing
    /// variable is reported at once and the request carries its type.
    fn get_variable(&mut self, path: &VarPath) -> Result<Variable, LinkError> {
        let full = VarPath {
            folder: Some(
                path.folder
                    .clone()
                    .unwrap_or_else(|| VarName::new("main").expect("legal")),
            ),
            name: path.name.clone(),
        };
        let entry = self
            .listing()?
            .find(&full)
            .cloned()
            .ok_or_else(|| LinkError::NotFound {
                path: full.to_string(),
                detail: String::new(),
            })?;
        let mut var = self.recv_variable(&full, entry.var_type)?;
        if entry.attribute != ti_files::Attribute::None {
            var.attribute = entry.attribute;
        }
        Ok(var)
    }

    /// Types `text`, each character's TI-charset code as a key.
    fn type_text(&mut self, text: &str) -> Result<(), LinkError> {
        let bytes = charset::encode(text).map_err(|e| LinkError::Malformed(e.to_string()))?;
        bytes.iter().try_for_each(|&b| self.send_key(u16::from(b)))
    }
}

/// Opens the cable `spec` and the protocol it speaks: DUSB for the Titanium's own USB port
/// (`usb`), which only a TI-89 Titanium has, DBUS for every other cable. `timeout` bounds the
/// wait for the cable's other end when it opens and each byte or transfer afterwards.
pub fn connect(
    spec: &CableSpec,
    model: Model,
    timeout: Duration,
) -> Result<Box<dyn Operations>, LinkError> {
    if spec.is_dusb() {
        if model != Model::Ti89 {
            return Err(LinkError::Unsupported {
                what: format!("talking to a {model} over --cable {spec}"),
                why: "(that is the TI-89 Titanium's own USB port; a TI-92 Plus or Voyage 200 has none: use a SilverLink)".into(),
            });
        }
        let mut titanium = Titanium::new(spec.open(timeout)?);
        titanium.set_timeout(timeout);
        return Ok(Box::new(titanium));
    }
    let mut calculator = Calculator::new(spec.open(timeout)?, model);
    calculator.set_timeout(timeout);
    Ok(Box::new(calculator))
}

impl<C: Cable> Operations for Titanium<C> {
    fn describe(&self) -> String {
        format!("{}, DUSB", self.cable().describe())
    }
    fn model(&self) -> Model {
        Model::Ti89
    }
    fn ready(&mut self) -> Result<(), LinkError> {
        Titanium::ready(self)
    }
    fn send_variable(&mut self, var: &Variable) -> Result<(), LinkError> {
        Titanium::send_variable(self, var)
    }
    fn recv_variable(&mut self, path: &VarPath, var_type: VarType) -> Result<Variable, LinkError> {
        Titanium::recv_variable(self, path, var_type)
    }
    fn listing(&mut self) -> Result<Listing, LinkError> {
        Titanium::listing(self)
    }
    fn screenshot(&mut self) -> Result<Screen, LinkError> {
        Titanium::screenshot(self)
    }
    fn send_key(&mut self, code: u16) -> Result<(), LinkError> {
        Titanium::send_key(self, code)
    }
    fn run(&mut self, path: &VarPath, var_type: VarType, args: &str) -> Result<(), LinkError> {
        self.execute(path, var_type, args)
    }
    fn identity(&mut self) -> Result<Identity, LinkError> {
        Titanium::identity(self)
    }
    fn send_app(&mut self, app: &FlashBlock) -> Result<(), LinkError> {
        Titanium::send_app(self, app)
    }
    fn recv_app(&mut self, name: &str) -> Result<FlashBlock, LinkError> {
        Titanium::recv_app(self, name)
    }
    fn delete_variable(&mut self, path: &VarPath, var_type: VarType) -> Result<(), LinkError> {
        Titanium::delete_variable(self, path, var_type)
    }
    fn set_progress(&mut self, f: ProgressFn) {
        Titanium::set_progress(self, f)
    }
}

impl<C: Cable> Operations for Calculator<C> {
    fn describe(&self) -> String {
        format!("{}, DBUS", self.cable().describe())
    }
    fn model(&self) -> Model {
        Calculator::model(self)
    }
    fn ready(&mut self) -> Result<(), LinkError> {
        Calculator::ready(self)
    }
    fn send_variable(&mut self, var: &Variable) -> Result<(), LinkError> {
        Calculator::send_variable(self, var)
    }
    fn recv_variable(&mut self, path: &VarPath, var_type: VarType) -> Result<Variable, LinkError> {
        Calculator::recv_variable(self, path, var_type)
    }
    /// Over DBUS only the variable's folder is listed (one exchange, not one per folder).
    fn get_variable(&mut self, path: &VarPath) -> Result<Variable, LinkError> {
        let entry = self.find_variable(path)?;
        let full = VarPath {
            folder: Some(
                path.folder
                    .clone()
                    .unwrap_or_else(|| VarName::new("main").expect("legal")),
            ),
            name: path.name.clone(),
        };
        let mut var = Calculator::recv_variable(self, &full, entry.var_type)?;
        if entry.attribute != ti_files::Attribute::None {
            var.attribute = entry.attribute;
        }
        Ok(var)
    }
    fn listing(&mut self) -> Result<Listing, LinkError> {
        let mut out = Listing::default();
        for mut folder in self.list()? {
            let (apps, vars): (Vec<DirEntry>, Vec<DirEntry>) = folder
                .entries
                .into_iter()
                .partition(|e| e.var_type == VarType::APPL);
            for a in apps {
                if !out.apps.iter().any(|x| x.name == a.name) {
                    out.apps.push(a);
                }
            }
            folder.entries = vars;
            out.folders.push(folder);
        }
        Ok(out)
    }
    fn screenshot(&mut self) -> Result<Screen, LinkError> {
        Calculator::screenshot(self)
    }
    fn send_key(&mut self, code: u16) -> Result<(), LinkError> {
        Calculator::send_key(self, code)
    }
    fn run(&mut self, path: &VarPath, _var_type: VarType, args: &str) -> Result<(), LinkError> {
        Calculator::run(self, path, args)
    }
    fn identity(&mut self) -> Result<Identity, LinkError> {
        Calculator::identity(self)
    }
    fn send_app(&mut self, app: &FlashBlock) -> Result<(), LinkError> {
        Calculator::send_app(self, app)
    }
    fn recv_app(&mut self, name: &str) -> Result<FlashBlock, LinkError> {
        Calculator::recv_app(self, name)
    }
    fn delete_variable(&mut self, path: &VarPath, var_type: VarType) -> Result<(), LinkError> {
        Calculator::delete_variable(self, path, var_type)
    }
    fn set_progress(&mut self, f: ProgressFn) {
        Calculator::set_progress(self, f)
    }
}

impl Progress {
    /// The fraction done, 0 to 1.
    pub fn fraction(&self) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            self.done as f64 / self.total as f64
        }
    }
}
