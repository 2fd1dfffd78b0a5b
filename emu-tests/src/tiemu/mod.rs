//! The TiEmu bench: a real emulated TI-89 / TI-92 Plus / Voyage 200 running a real OS (PedroM
//! from Debian, or the user's TI ROM), driven through the project's own link stack (`ti-link`) over
//! the TiEmu virtual link.
//!
//! [`TiEmu::start`] takes the machine-wide lock of the virtual link (only one TiEmu may run on
//! a machine: its FIFOs and shared memory have fixed names), cleans what an earlier session
//! left, starts a private Xvfb and TiEmu with a private HOME whose `tiemu.ini` selects the TiEmu
//! cable, opens the host end of the link and waits until the calculator answers. The handle
//! then sends files, runs programs, presses keys, reads and writes variables and takes
//! screenshots; dropping it stops TiEmu and Xvfb, cleans the link and releases the lock.
//!
//! PedroM quirks the bench respects (docs/tiemu.md#pedrom): it never sends VER (PedroM
//! hangs in a "Link: Command?" dialog), and treats "ACK then silence" as a missing variable.

mod ops;
mod os;
pub mod programs;
mod run;
mod screen;
pub mod text;
mod xvfb;

pub use os::{pedrom_tib, rom_variable, wrap_pedrom, Os, PEDROM_DIR};
pub use run::{RunReport, SETTLE_TIMEOUT};
pub use screen::save_png;
pub use text::{Font, TextMatch, TextTemplates};
pub use ti_files::Screen;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use ti_files::Model;
use ti_link::cable::tiemu::{remove_stale_state, SessionProcess, VirtualLinkLock};
use ti_link::cable::{CableError, TiEmuCable};
use ti_link::{Calculator, LinkError};

use xvfb::Xvfb;

/// How long TiEmu may take from launch to answering the link (PedroM needs about 3 s; an AMS
/// ROM longer).
pub const BOOT_TIMEOUT: Duration = Duration::from_secs(40);

/// What can go wrong on the bench. Each message says what happened and what to check.
#[derive(Debug, thiserror::Error)]
pub enum TiEmuError {
    /// A program or file the bench needs is not installed or not readable.
    #[error("{what}: {reason}")]
    Missing {
        /// What is missing.
        what: String,
        /// Why, and what to install or set.
        reason: String,
    },
    /// Starting Xvfb or TiEmu failed.
    #[error("starting the bench: {0}")]
    Start(String),
    /// TiEmu exited when it should be running.
    #[error("TiEmu exited ({status}); the end of its output:\n{log}")]
    TiEmuExited {
        /// Its exit status.
        status: String,
        /// The last lines it printed.
        log: String,
    },
    /// The calculator did not answer the link in time after boot.
    #[error("the calculator did not answer the link within {0:?} of TiEmu's start; TiEmu's output:\n{1}")]
    NotReady(Duration, String),
    /// The virtual link failed.
    #[error(transparent)]
    Cable(#[from] CableError),
    /// A link operation failed.
    #[error(transparent)]
    Link(#[from] LinkError),
    /// The calculator answered something unexpected.
    #[error("link protocol: {0}")]
    Protocol(String),
    /// A program crashed.
    #[error("{program} crashed: {detail}{}", saved(.screenshot))]
    Crashed {
        /// The program.
        program: String,
        /// What showed it.
        detail: String,
        /// The screen, if it could be saved.
        screenshot: Option<PathBuf>,
    },
    /// A program never gave a stable screen (it loops, or holds the CPU).
    #[error("{program} did not finish or settle within {timeout:?}{}", saved(.screenshot))]
    Hung {
        /// The program.
        program: String,
        /// How long the bench waited.
        timeout: Duration,
        /// An X screenshot, if it could be taken.
        screenshot: Option<PathBuf>,
    },
    /// The expected text is not on the screen after a run.
    #[error("{text:?} is not on the screen after running {program} (saved as {}):\n{screen}", screenshot.display())]
    TextNotFound {
        /// The text looked for.
        text: String,
        /// The program.
        program: String,
        /// The screen, saved.
        screenshot: PathBuf,
        /// The screen drawn as text.
        screen: String,
    },
    /// TiEmu paused the emulation and opened another window (its debugger).
    #[error("TiEmu stopped the emulation and opened the window {0:?} (its debugger): the calculator executed an instruction TiEmu traps")]
    EmulationStopped(String),
    /// A file operation failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        #[source]
        source: std::io::Error,
    },
}

fn saved(path: &Option<PathBuf>) -> String {
    match path {
        Some(p) => format!(" (screen saved as {})", p.display()),
        None => String::new(),
    }
}

impl TiEmuError {
    /// An I/O error on `path`.
    pub fn io(path: &Path, source: std::io::Error) -> TiEmuError {
        TiEmuError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// The prefix of every session directory.
const SESSION_DIR_PREFIX: &str = "ti68k-tiemu-";

/// A private directory for one session, removed on drop. Its path is canonical: it is also
/// the working directory by which the next holder of the lock recognises this session's TiEmu
/// and Xvfb ([`SessionProcess`]), and the system reports working directories canonically.
#[derive(Debug)]
struct TempHome(PathBuf);

impl TempHome {
    fn create() -> Result<TempHome, TiEmuError> {
        let base = std::env::temp_dir();
        for n in 0..1000u32 {
            let dir = base.join(format!("{}{}-{n}", SESSION_DIR_PREFIX, std::process::id()));
            match std::fs::create_dir(&dir) {
                Ok(()) => {
                    return match std::fs::canonicalize(&dir) {
                        Ok(canonical) => Ok(TempHome(canonical)),
                        Err(e) => {
                            let _ = std::fs::remove_dir(&dir);
                            Err(TiEmuError::io(&dir, e))
                        }
                    };
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(TiEmuError::io(&dir, e)),
            }
        }
        Err(TiEmuError::Start(format!(
            "no free session directory in {}",
            base.display()
        )))
    }
}

impl Drop for TempHome {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A running TiEmu session. Fields drop in order: link, TiEmu, Xvfb, home; the lock last.
pub struct TiEmu {
    calc: Option<Calculator<TiEmuCable>>,
    tiemu: Child,
    xvfb: Xvfb,
    home: TempHome,
    model: Model,
    os: Os,
    boot_time: Duration,
    /// How long [`TiEmu::start`] waited for the machine-wide lock.
    lock_wait: Duration,
    /// When the lock was taken.
    locked: Instant,
    /// The screen right after boot (its first line is PedroM's banner).
    boot_screen: Option<Screen>,
    /// Text templates rendered in this session.
    text_cache: Vec<TextTemplates>,
    lock: VirtualLinkLock,
}

impl std::fmt::Debug for TiEmu {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TiEmu")
            .field("model", &self.model)
            .field("os", &self.os)
            .field("display", &self.xvfb.display())
            .field("home", &self.home.0)
            .finish()
    }
}

impl TiEmu {
    /// Boots PedroM for `model`.
    pub fn start_pedrom(model: Model) -> Result<TiEmu, TiEmuError> {
        TiEmu::start(model, Os::PedroM)
    }

    /// Boots `os` on an emulated `model` and waits until it answers the link.
    pub fn start(model: Model, os: Os) -> Result<TiEmu, TiEmuError> {
        which("tiemu", "the Debian package tiemu")?;
        let asked = Instant::now();
        let mut lock = VirtualLinkLock::acquire()?;
        let locked = Instant::now();
        remove_stale_state()?;
        let home = TempHome::create()?;
        let tiemu_dir = home.0.join(".tiemu");
        std::fs::create_dir_all(&tiemu_dir).map_err(|e| TiEmuError::io(&tiemu_dir, e))?;
        let launch = os::launch(&os, model, &home.0)?;
        let ini = tiemu_dir.join("tiemu.ini");
        ti_files::disk::write_atomic(&ini, os::tiemu_ini(&launch.img_file).as_bytes())
            .map_err(|e| TiEmuError::io(&ini, e))?;
        let xvfb = Xvfb::start(640, 480, &home.0)?;
        // Each process is noted as soon as it runs (the next holder of the lock stops what a
        // killed session leaves).
        let process = |name: &str, pid: u32| SessionProcess {
            name: name.to_string(),
            pid,
            dir: home.0.clone(),
        };
        let note = |lock: &mut VirtualLinkLock, processes: &[SessionProcess]| {
            if let Err(e) = lock.note_session(processes) {
                eprintln!("TiEmu bench: cannot note the session's processes: {e}");
            }
        };
        note(&mut lock, &[process("Xvfb", xvfb.pid())]);
        let log_path = home.0.join("tiemu.log");
        let log = std::fs::File::create(&log_path).map_err(|e| TiEmuError::io(&log_path, e))?;
        let log2 = log.try_clone().map_err(|e| TiEmuError::io(&log_path, e))?;
        let started = Instant::now();
        let tiemu = Command::new("tiemu")
            .args(&launch.args)
            .env("HOME", &home.0)
            .env("DISPLAY", xvfb.display())
            .env_remove("XAUTHORITY")
            .current_dir(&home.0)
            .stdin(Stdio::null())
            .stdout(log)
            .stderr(log2)
            .spawn()
            .map_err(|e| TiEmuError::Start(format!("running tiemu: {e}")))?;
        note(
            &mut lock,
            &[process("tiemu", tiemu.id()), process("Xvfb", xvfb.pid())],
        );
        let mut bench = TiEmu {
            calc: None,
            tiemu,
            xvfb,
            home,
            model,
            os,
            boot_time: Duration::ZERO,
            lock_wait: locked - asked,
            locked,
            boot_screen: None,
            text_cache: Vec::new(),
            lock,
        };
        bench.wait_until_ready(started)?;
        bench.boot_time = started.elapsed();
        bench.boot_screen = bench.wait_for_stable_screen()?;
        Ok(bench)
    }

    /// Opens the link as soon as TiEmu is on it, then polls RDY until the calculator answers.
    fn wait_until_ready(&mut self, started: Instant) -> Result<(), TiEmuError> {
        loop {
            self.check_alive()?;
            if started.elapsed() > BOOT_TIMEOUT {
                return Err(TiEmuError::NotReady(BOOT_TIMEOUT, self.log_tail()));
            }
            if self.calc.is_none() {
                match TiEmuCable::open(Duration::from_millis(250)) {
                    Ok(c) => self.calc = Some(Calculator::new(c, self.model)),
                    Err(CableError::Unavailable { .. }) => continue,
                    Err(e) => return Err(e.into()),
                }
            }
            if self.ping(Duration::from_millis(500))? {
                // Ready checks sent while the OS was booting wait in the FIFO and are answered
                // now, one ACK each: let them all arrive and drop them, then check once more so
                // that the next exchange starts on a quiet link.
                std::thread::sleep(Duration::from_millis(300));
                if self.ping(Duration::from_millis(500))? {
                    return Ok(());
                }
            }
            std::thread::sleep(Duration::from_millis(250));
        }
    }

    /// One ready check (RDY) with a short timeout: `true` when the calculator acknowledged
    /// and is not busy.
    fn ping(&mut self, timeout: Duration) -> Result<bool, TiEmuError> {
        let calc = self.calc.as_mut().expect("link open");
        let result = calc.with_timeout(timeout, |calc| {
            calc.discard_input().and_then(|()| calc.ready())
        });
        match result {
            Ok(()) => Ok(true),
            Err(LinkError::Busy { .. }) | Err(LinkError::Cable(CableError::Timeout { .. })) => {
                Ok(false)
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Fails when TiEmu has exited.
    fn check_alive(&mut self) -> Result<(), TiEmuError> {
        match self.tiemu.try_wait() {
            Ok(Some(status)) => Err(TiEmuError::TiEmuExited {
                status: status.to_string(),
                log: self.log_tail(),
            }),
            Ok(None) => Ok(()),
            Err(e) => Err(TiEmuError::Start(format!("watching tiemu: {e}"))),
        }
    }

    /// The last lines TiEmu printed, without its harmless noise (ALSA, "byte lost").
    pub fn log_tail(&self) -> String {
        let path = self.home.0.join("tiemu.log");
        let mut text = String::new();
        if let Ok(mut f) = std::fs::File::open(&path) {
            let _ = f.read_to_string(&mut text);
        }
        let lines: Vec<&str> = text
            .lines()
            .filter(|l| {
                !l.starts_with("ALSA lib") && !l.contains("byte lost") && !l.trim().is_empty()
            })
            .collect();
        lines[lines.len().saturating_sub(20)..].join("\n")
    }

    /// The emulated model.
    pub fn model(&self) -> Model {
        self.model
    }

    /// The OS it runs.
    pub fn os(&self) -> &Os {
        &self.os
    }

    /// Time from launching TiEmu to the first acknowledged ready check.
    pub fn boot_time(&self) -> Duration {
        self.boot_time
    }

    /// How long [`TiEmu::start`] waited for another session to release the lock.
    pub fn lock_wait(&self) -> Duration {
        self.lock_wait
    }

    /// Time since this session took the lock (its own cost, without the wait).
    pub fn session_time(&self) -> Duration {
        self.locked.elapsed()
    }

    /// The screen right after boot.
    pub fn boot_screen(&self) -> Option<&Screen> {
        self.boot_screen.as_ref()
    }

    /// The calculator at the other end of the virtual link: every operation of `ti-link`'s
    /// stack (ready, send, receive, list, keys, run, screenshot, typed get/set).
    pub fn calc(&mut self) -> &mut Calculator<TiEmuCable> {
        self.calc
            .as_mut()
            .expect("the link is open while the bench runs")
    }

    /// Whether the calculator answers a ready check now.
    pub fn is_ready(&mut self) -> Result<bool, TiEmuError> {
        self.check_alive()?;
        self.ping(Duration::from_millis(1500))
    }

    /// A screenshot of TiEmu's window through X (ImageMagick's `import`), for when a program
    /// holds the CPU and the link is not serviced. Without a skin the window is exactly the
    /// LCD, at the top left of the screen.
    pub fn x_screenshot(&mut self) -> Result<Screen, TiEmuError> {
        self.check_alive()?;
        which("import", "the Debian package imagemagick")?;
        let (w, h) = self.model.screen_size();
        let out = Command::new("import")
            .args(["-display", &self.xvfb.display(), "-window", "root", "-crop"])
            .arg(format!("{w}x{h}+0+0"))
            .args(["-depth", "8", "ppm:-"])
            .env("HOME", &self.home.0)
            .output()
            .map_err(|e| TiEmuError::Start(format!("running import: {e}")))?;
        if !out.status.success() {
            return Err(TiEmuError::Protocol(format!(
                "import failed ({}): {}",
                out.status,
                String::from_utf8_lossy(&out.stderr).trim()
            )));
        }
        let s = screen::from_ppm(&out.stdout)?;
        if (s.width(), s.height()) != (w, h) {
            return Err(TiEmuError::Protocol(format!(
                "the X screenshot is {}x{}, not the {w}x{h} LCD",
                s.width(),
                s.height()
            )));
        }
        Ok(s)
    }
}

impl TiEmu {
    /// The name of a top-level window TiEmu opened besides its LCD window, if any (its
    /// debugger, "TiEmu Dock", or a message box), from `xwininfo -root -tree`.
    pub fn extra_window(&self) -> Result<Option<String>, TiEmuError> {
        which("xwininfo", "the Debian package x11-utils")?;
        let out = Command::new("xwininfo")
            .args(["-display", &self.xvfb.display(), "-root", "-tree"])
            .output()
            .map_err(|e| TiEmuError::Start(format!("running xwininfo: {e}")))?;
        let text = String::from_utf8_lossy(&out.stdout);
        Ok(text.lines().find_map(|line| {
            // Lines look like:  0x20012c "TiEmu Dock": ("tiemu" "Tiemu")  703x745+0+0  +0+0
            let name = line.split('"').nth(1)?;
            let is_tiemu = line.contains("(\"tiemu\" \"Tiemu\")");
            let expected = name == "tiemu" || name.starts_with("TiEmu (");
            (is_tiemu && !expected).then(|| name.to_string())
        }))
    }
}

impl Drop for TiEmu {
    fn drop(&mut self) {
        // Close our end first (as libticables2 closes), then stop TiEmu, then clean what it
        // leaves (a killed TiEmu never closes its end), all while still holding the lock.
        self.calc = None;
        let _ = self.tiemu.kill();
        let _ = self.tiemu.wait();
        if let Err(e) = remove_stale_state() {
            eprintln!("TiEmu bench: cleaning the virtual link after the session: {e}");
        }
        // Xvfb is killed when its field drops, just after; the note must not outlive the
        // session either way (the next holder checks each process before stopping it).
        let _ = self.lock.end_session();
    }
}

/// Fails with what to install when `program` is not on PATH.
fn which(program: &str, package: &str) -> Result<(), TiEmuError> {
    let found = std::env::var_os("PATH")
        .map(|paths| std::env::split_paths(&paths).any(|d| d.join(program).is_file()))
        .unwrap_or(false);
    if found {
        Ok(())
    } else {
        Err(TiEmuError::Missing {
            what: program.to_string(),
            reason: format!("not found on PATH; install {package} (tools/setup)"),
        })
    }
}
