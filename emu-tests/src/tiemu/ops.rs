//! What a test does with a running calculator: send files and variables, read and write typed
//! values, press keys, take screenshots (over the link, or through X when a program holds the
//! CPU) and keep them as PNGs. Every exchange is the project's link stack (`ti-link`) ([`ti_link::Calculator`]);
//! this file only adds the bench's conveniences and error context.

use std::path::{Path, PathBuf};
use std::time::Duration;

use ti_files::{Value, VarFile, VarPath, Variable};

use super::{Screen, TiEmu, TiEmuError};

impl TiEmu {
    /// Sends every variable of a calculator file (`.89z`, `.v2s`, a group...), then the body of a
    /// launcher beside it (`ti_build::launcher::missing_bodies`, as `ti68k send`), and returns
    /// their paths, the file's first. The file must be for this bench's model.
    pub fn send_file(&mut self, path: &Path) -> Result<Vec<VarPath>, TiEmuError> {
        let bytes = std::fs::read(path).map_err(|e| TiEmuError::io(path, e))?;
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        let file = VarFile::from_bytes_with_extension(&bytes, ext)
            .map_err(|e| TiEmuError::Protocol(format!("{}: {e}", path.display())))?;
        if file.model != self.model() {
            return Err(TiEmuError::Protocol(format!(
                "{} is a {} file, this bench emulates a {}",
                path.display(),
                file.model,
                self.model()
            )));
        }
        let bodies = ti_build::launcher::missing_bodies(path, &file)
            .map_err(|e| TiEmuError::Protocol(e.to_string()))?;
        let mut vars = file.variables;
        vars.extend(bodies);
        self.send_variables(&vars)?;
        Ok(vars.iter().map(Variable::path).collect())
    }

    /// Installs a built program as `path` (e.g. `main\\othia`) the way every command installs
    /// one ([`ti_build::Installable::variables`]): its ASM variable and, for a program built
    /// with a launcher, its body beside it.
    pub fn install(
        &mut self,
        path: &str,
        program: &ti_build::Installable,
    ) -> Result<(), TiEmuError> {
        let p = parse_path(path)?;
        let vars = program
            .variables(p.folder.as_ref(), &p.name)
            .map_err(|e| TiEmuError::Protocol(format!("installing {path}: {e}")))?;
        self.send_variables(&vars)
    }

    /// Sends variables (silent mode: existing unlocked ones are overwritten).
    pub fn send_variables(&mut self, vars: &[Variable]) -> Result<(), TiEmuError> {
        Ok(self.calc().send_variables(vars)?)
    }

    /// Writes a typed value (integer, string...) to `path`, e.g. `ai1\colonne`.
    pub fn set_value(&mut self, path: &str, value: &Value) -> Result<(), TiEmuError> {
        let path = parse_path(path)?;
        Ok(self.calc().set_value(&path, value)?)
    }

    /// Reads the typed value of `path`.
    pub fn get_value(&mut self, path: &str) -> Result<Value, TiEmuError> {
        let path = parse_path(path)?;
        Ok(self.calc().get_value(&path)?)
    }

    /// Presses keys (KEY codes: ASCII for characters, [`ti_link::ops::keys`] for the
    /// others).
    pub fn press_keys(&mut self, codes: &[u16]) -> Result<(), TiEmuError> {
        for &c in codes {
            self.calc().send_key(c)?;
        }
        Ok(())
    }

    /// A screenshot over the link (SCR). Fails with a timeout while a program holds the CPU
    /// without servicing the link: use [`TiEmu::x_screenshot`] then.
    pub fn screenshot(&mut self) -> Result<Screen, TiEmuError> {
        Ok(self.calc().screenshot()?)
    }

    /// A link screenshot with a per-byte timeout of `timeout` instead of the cable's, and with
    /// stale input discarded first; `None` when the calculator does not answer in time.
    pub fn try_screenshot(&mut self, timeout: Duration) -> Result<Option<Screen>, TiEmuError> {
        let result = self.calc().with_timeout(timeout, |calc| {
            calc.discard_input().and_then(|()| calc.screenshot())
        });
        match result {
            Ok(shot) => Ok(Some(shot)),
            Err(e) if is_retryable(&e) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// Where [`TiEmu::keep_screenshot`] writes: `TIEMU_SCREENSHOTS` if set, else
    /// `ti68k-tiemu-screenshots` in the system's temporary directory.
    pub fn screenshot_dir() -> PathBuf {
        std::env::var_os("TIEMU_SCREENSHOTS")
            .map(PathBuf::from)
            .unwrap_or_else(|| std::env::temp_dir().join("ti68k-tiemu-screenshots"))
    }

    /// Saves `screen` as `<screenshot dir>/<os>-<model>-<name>.png` and returns the path.
    pub fn keep_screenshot(&self, screen: &Screen, name: &str) -> Result<PathBuf, TiEmuError> {
        let os = if self.os().is_pedrom() {
            "pedrom"
        } else {
            "ams"
        };
        let path = TiEmu::screenshot_dir().join(format!("{os}-{}-{name}.png", self.model().name()));
        super::screen::save_png(screen, &path, 1)?;
        Ok(path)
    }
}

/// Whether a link error means "no clean answer this time": a timeout, or the late answer of an
/// earlier exchange that timed out (an ACK where the screenshot's data was due, a packet cut
/// by a timeout). Waiting loops retry after these; other errors are real.
pub(super) fn is_retryable(e: &ti_link::LinkError) -> bool {
    use ti_link::{CableError, LinkError};
    matches!(
        e,
        LinkError::Cable(CableError::Timeout { .. })
            | LinkError::Unexpected { .. }
            | LinkError::Packet(_)
            | LinkError::Malformed(_)
    )
}

pub(super) fn parse_path(path: &str) -> Result<VarPath, TiEmuError> {
    VarPath::parse(path).map_err(|e| TiEmuError::Protocol(format!("variable {path:?}: {e}")))
}
