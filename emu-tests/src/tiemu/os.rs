//! Which operating system a TiEmu session boots, and how TiEmu is told about it.
//!
//! - **PedroM**, the free OS Debian ships with TiEmu (`/usr/share/tiemu/pedrom/*.tib`).
//!   TiEmu cannot load those raw images (a libtifiles2 bug,
//!   docs/tiemu.md#pedroms-raw-images-and-the-wrapping), so the bench wraps each into a FLASH OS upgrade with the project's own writer
//!   ([`ti_files::FlashFile::os_from_tib`]) and starts TiEmu with `-tib=`.
//! - **TI's own OS (AMS)**, from a file the user points an environment variable at (one per
//!   model, see [`rom_variable`]): a ROM dump (`.rom`, started with `-rom=`), a FLASH OS
//!   upgrade (`.89u`/`.9xu`/`.v2u`, `-tib=`) or a TiEmu image (`.img`, set as `img_file=` in
//!   `tiemu.ini`, the only way TiEmu takes one).

use std::path::{Path, PathBuf};

use ti_files::{FlashFile, Model};

use super::TiEmuError;

/// Where Debian's TiEmu package puts the PedroM images. `TIEMU_PEDROM_DIR` overrides it.
pub const PEDROM_DIR: &str = "/usr/share/tiemu/pedrom";

/// The OS a session boots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Os {
    /// PedroM from Debian's TiEmu package.
    PedroM,
    /// A ROM dump (`.rom`).
    RomDump(PathBuf),
    /// A FLASH OS upgrade (`.89u`, `.9xu`, `.v2u`), or a raw OS image (`.tib`, wrapped first).
    FlashUpgrade(PathBuf),
    /// A TiEmu image (`.img`).
    TiEmuImage(PathBuf),
}

/// The environment variable that names the user's TI ROM (or OS upgrade, or TiEmu image) for
/// `model`: `TIEMU_ROM_TI89`, `TIEMU_ROM_TI92P`, `TIEMU_ROM_V200`.
pub fn rom_variable(model: Model) -> &'static str {
    match model {
        Model::Ti89 => "TIEMU_ROM_TI89",
        Model::Ti92Plus => "TIEMU_ROM_TI92P",
        Model::V200 => "TIEMU_ROM_V200",
    }
}

impl Os {
    /// The user's TI OS for `model`, from [`rom_variable`]: `None` when the variable is unset
    /// or empty, an error when it names something unusable.
    pub fn from_env(model: Model) -> Option<Result<Os, TiEmuError>> {
        let var = rom_variable(model);
        let value = std::env::var_os(var).filter(|v| !v.is_empty())?;
        Some(
            Os::from_file(Path::new(&value)).map_err(|reason| TiEmuError::Missing {
                what: format!("{var}={}", Path::new(&value).display()),
                reason,
            }),
        )
    }

    /// The kind of OS file `path` is, from its extension.
    pub fn from_file(path: &Path) -> Result<Os, String> {
        if !path.is_file() {
            return Err("no such file".into());
        }
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase();
        let path = path.to_path_buf();
        match ext.as_str() {
            "rom" => Ok(Os::RomDump(path)),
            "img" => Ok(Os::TiEmuImage(path)),
            "89u" | "9xu" | "v2u" | "tib" => Ok(Os::FlashUpgrade(path)),
            _ => Err(format!(
                "unknown extension {ext:?}: give a ROM dump (.rom), an OS upgrade (.89u, .9xu, .v2u) or a TiEmu image (.img)"
            )),
        }
    }

    /// Whether this is PedroM (its quirks: never send VER; a missing variable answers ACK and
    /// then nothing; V200 directory entries are 14 bytes).
    pub fn is_pedrom(&self) -> bool {
        matches!(self, Os::PedroM)
    }

    /// A short description for messages.
    pub fn describe(&self) -> String {
        match self {
            Os::PedroM => "PedroM".into(),
            Os::RomDump(p) => format!("ROM dump {}", p.display()),
            Os::FlashUpgrade(p) => format!("OS upgrade {}", p.display()),
            Os::TiEmuImage(p) => format!("TiEmu image {}", p.display()),
        }
    }
}

/// The PedroM image Debian ships for `model`.
pub fn pedrom_tib(model: Model) -> PathBuf {
    let dir = std::env::var_os("TIEMU_PEDROM_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(PEDROM_DIR));
    dir.join(match model {
        Model::Ti89 => "pedrom89.tib",
        Model::Ti92Plus => "pedrom9x.tib",
        Model::V200 => "pedromv2.tib",
    })
}

/// Wraps Debian's PedroM image for `model` into `dir/pedrom-<model>.<89u|9xu|v2u>` and returns
/// its path.
pub fn wrap_pedrom(model: Model, dir: &Path) -> Result<PathBuf, TiEmuError> {
    let tib = pedrom_tib(model);
    wrap_tib(
        model,
        &tib,
        "pedrom",
        "install the Debian package tiemu (tools/setup)",
        dir,
    )
}

/// Wraps the raw OS image `tib` into `dir/<stem>-<model>.<89u|9xu|v2u>` (TiEmu cannot load a
/// raw `.tib`).
fn wrap_tib(
    model: Model,
    tib: &Path,
    stem: &str,
    hint: &str,
    dir: &Path,
) -> Result<PathBuf, TiEmuError> {
    let bytes = std::fs::read(tib).map_err(|e| TiEmuError::Missing {
        what: format!("OS image {}", tib.display()),
        reason: format!("{e}; {hint}"),
    })?;
    let file = FlashFile::os_from_tib(model, &bytes)
        .map_err(|e| TiEmuError::Start(format!("{}: {e}", tib.display())))?;
    let out = dir.join(format!("{stem}-{}.{}", model.name(), file.extension(model)));
    let bytes = file
        .to_bytes()
        .map_err(|e| TiEmuError::Start(format!("wrapping {}: {e}", tib.display())))?;
    ti_files::disk::write_atomic(&out, &bytes).map_err(|e| TiEmuError::io(&out, e))?;
    Ok(out)
}

/// What TiEmu is started with for `os`: its command-line arguments and the `img_file=` of
/// `tiemu.ini`.
pub(super) struct Launch {
    pub args: Vec<String>,
    pub img_file: String,
}

pub(super) fn launch(os: &Os, model: Model, dir: &Path) -> Result<Launch, TiEmuError> {
    let arg = |flag: &str, p: &Path| format!("-{flag}={}", p.display());
    Ok(match os {
        Os::PedroM => Launch {
            args: vec![arg("tib", &wrap_pedrom(model, dir)?)],
            img_file: String::new(),
        },
        Os::RomDump(p) => Launch {
            args: vec![arg("rom", p)],
            img_file: String::new(),
        },
        Os::FlashUpgrade(p) if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("tib")) => {
            Launch {
                args: vec![arg(
                    "tib",
                    &wrap_tib(model, p, "user", "check the file", dir)?,
                )],
                img_file: String::new(),
            }
        }
        Os::FlashUpgrade(p) => Launch {
            args: vec![arg("tib", p)],
            img_file: String::new(),
        },
        Os::TiEmuImage(p) => Launch {
            args: vec![],
            img_file: p.display().to_string(),
        },
    })
}

/// The `~/.tiemu/tiemu.ini` of a session: TiEmu's end of the virtual link (libticables2's
/// TiEmu cable on port #1, docs/tiemu.md#command-line-and-configuration), no skin (the window is
/// then exactly the LCD, which makes X screenshots exact), and the image to boot.
pub(super) fn tiemu_ini(img_file: &str) -> String {
    format!(
        "version=3.04\ncable_model=TiEmu\ncable_port=#1\ncable_timeout=20\ncable_delay=10\n\
         img_file={img_file}\ntib_file=\nsav_file=\nskin=0\nRC_END\n"
    )
}
