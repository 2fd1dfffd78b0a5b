//! A private headless X server (Xvfb) for one TiEmu session. TiEmu is a GTK program and exits
//! at once without a display (docs/tiemu.md#debians-tiemu-304). Xvfb picks a free display number
//! itself (`-displayfd`), so concurrent benches of other programs never collide on a number.

use std::io::Read;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::TiEmuError;

/// How long Xvfb may take to come up.
const START_TIMEOUT: Duration = Duration::from_secs(15);

/// A running Xvfb; killed on drop.
#[derive(Debug)]
pub struct Xvfb {
    child: Child,
    display: u32,
}

impl Xvfb {
    /// Starts `Xvfb -displayfd 1 -screen 0 WxHx24 -nolisten tcp` in the directory `dir` and
    /// waits until it names its display, which it does once it accepts connections.
    pub fn start(width: u32, height: u32, dir: &Path) -> Result<Xvfb, TiEmuError> {
        let mut child = Command::new("Xvfb")
            .current_dir(dir)
            .args(["-displayfd", "1", "-nolisten", "tcp", "-screen", "0"])
            .arg(format!("{width}x{height}x24"))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| TiEmuError::Missing {
                what: "Xvfb".into(),
                reason: format!("{e}; install the Debian package xvfb (tools/setup)"),
            })?;
        let mut out = child.stdout.take().expect("piped stdout");
        // Read the display number on a helper thread so that a silent Xvfb cannot hang us.
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut text = String::new();
            let mut byte = [0u8; 1];
            while let Ok(1) = out.read(&mut byte) {
                if byte[0] == b'\n' {
                    break;
                }
                text.push(byte[0] as char);
            }
            let _ = tx.send(text);
        });
        let start = Instant::now();
        let text = loop {
            if let Ok(text) = rx.recv_timeout(Duration::from_millis(100)) {
                break text;
            }
            if let Ok(Some(status)) = child.try_wait() {
                return Err(TiEmuError::Start(format!(
                    "Xvfb exited at start ({status})"
                )));
            }
            if start.elapsed() > START_TIMEOUT {
                let _ = child.kill();
                let _ = child.wait();
                return Err(TiEmuError::Start(format!(
                    "Xvfb did not report a display within {START_TIMEOUT:?}"
                )));
            }
        };
        match text.trim().parse() {
            Ok(display) => Ok(Xvfb { child, display }),
            Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                Err(TiEmuError::Start(format!(
                    "Xvfb reported {text:?} instead of a display number"
                )))
            }
        }
    }

    /// Its process ID.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The value of `DISPLAY` for clients: ":N".
    pub fn display(&self) -> String {
        format!(":{}", self.display)
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
