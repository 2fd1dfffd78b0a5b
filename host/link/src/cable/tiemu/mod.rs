//! The TiEmu virtual link: libticables2's "TiEmu" (TIE) cable, byte for byte the same
//! conventions, so that this end talks to TiEmu, TiLP or any libticables2 program at the other
//! (docs/link.md#tiemu-virtual-link; tilibs `libticables/trunk/src/linux/link_tie.cc`).
//!
//! - Two named FIFOs carry the raw DBUS byte stream, unframed: `/tmp/.vlc_0_1` from side 0 to
//!   side 1 and `/tmp/.vlc_1_0` back. Side 0 is the emulator (TiEmu with `cable_port=#1`),
//!   side 1 the linking program (TiLP `--port=2`, and [`TiEmuCable::open`]).
//! - A write FIFO is opened for reading first and only then for writing, both non-blocking,
//!   so that opening it does not fail with ENXIO while nobody reads it yet. (libticables2 keeps
//!   that reading descriptor open for good; this cable closes it, so that a write nobody will
//!   ever read fails instead of filling the FIFO.)
//! - One System V shared-memory segment, key `ftok("/tmp", 0x1234)`, holds an `int` presence
//!   counter. Each side writes it as the last step of its open: 1 when it created the segment,
//!   2 when it found it; closing decrements it, and the last side out removes the segment.
//!   libticables2 does no I/O at all while the counter is below 2 and reports success, so a
//!   host with no emulator gets garbage. This cable instead waits, when it opens, until the
//!   peer has finished opening its end (its counter write), and fails with a clear error when
//!   no peer comes. A write that finds no reader yet is retried until the timeout.
//! - Writes are throttled on the fill level of the FIFO: below 333 bytes before each write.
//!   (libticables2 reads the level with `fstat`, which Linux reports as 0 for a FIFO; this
//!   cable asks the kernel with `FIONREAD`, so its throttle really holds.)
//!
//! The FIFO names and the key are global to the machine: only one virtual link can exist at a
//! time. The `machine` submodule holds what follows from that: [`VirtualLinkLock`], the
//! machine-wide lock every bench takes before it starts TiEmu, [`remove_stale_state`], which
//! deletes what a killed TiEmu leaves behind (stale FIFOs and a segment whose counter lies,
//! which otherwise break the next session), and [`link_users`]; the `leftovers` submodule stops
//! what a killed holder of the lock left running.

mod leftovers;
mod machine;

pub use leftovers::SessionProcess;
pub use machine::{link_users, remove_stale_state, LinkUsers, StaleState, VirtualLinkLock};

use std::fs::{File, OpenOptions};
use std::io::{self, ErrorKind, Read, Write};
use std::os::fd::AsFd;
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::Path;
use std::thread::sleep;
use std::time::{Duration, Instant};

use super::{Cable, CableError};
use crate::sys::{self, Readiness, SharedCounter};

/// The FIFO carrying bytes from side 0 (the emulator) to side 1 (the host).
pub const FIFO_0_TO_1: &str = "/tmp/.vlc_0_1";
/// The FIFO carrying bytes from side 1 (the host) to side 0 (the emulator).
pub const FIFO_1_TO_0: &str = "/tmp/.vlc_1_0";
/// The file whose inode makes the key of the presence counter.
pub const KEY_PATH: &str = "/tmp";
/// The project ID given to `ftok` for the presence counter.
pub const KEY_PROJECT: i32 = 0x1234;
/// The file every user of the virtual link locks (flock) for as long as it uses the link.
pub const LOCK_PATH: &str = "/tmp/tiemu-virtual-link.lock";

/// Writes wait until fewer than this many bytes are waiting in the FIFO (libticables2's LOW).
const THROTTLE_LOW: usize = 333;
/// Bytes written at most per write, so the fill level stays near the throttle.
const WRITE_CHUNK: usize = 256;
/// Sleep between checks while waiting for the peer, the throttle or a writer.
const POLL_STEP: Duration = Duration::from_millis(2);
/// How long to leave a peer that has just finished opening to flush its read FIFO.
const PEER_FLUSH_GRACE: Duration = Duration::from_millis(30);
/// Permissions of the FIFOs (libticables2 asks for S_IRWXU).
const FIFO_MODE: u32 = 0o700;
/// Permissions of the shared-memory segment (as libticables2).
const SEGMENT_MODE: u32 = 0o666;

/// Which end of the virtual link this is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Side 0: the emulator (TiEmu's `cable_port=#1`). Reads `/tmp/.vlc_1_0`, writes
    /// `/tmp/.vlc_0_1`.
    Emulator,
    /// Side 1: the linking program (TiLP's `--port=2`). Reads `/tmp/.vlc_0_1`, writes
    /// `/tmp/.vlc_1_0`.
    Host,
}

impl Side {
    /// The FIFO this side reads.
    pub fn read_fifo(self) -> &'static str {
        match self {
            Side::Emulator => FIFO_1_TO_0,
            Side::Host => FIFO_0_TO_1,
        }
    }

    /// The FIFO this side writes.
    pub fn write_fifo(self) -> &'static str {
        match self {
            Side::Emulator => FIFO_0_TO_1,
            Side::Host => FIFO_1_TO_0,
        }
    }
}

/// One end of the TiEmu virtual link.
#[derive(Debug)]
pub struct TiEmuCable {
    side: Side,
    counter: SharedCounter,
    rd: File,
    wr: File,
    /// Whether this end took part in the counter (set it to 2), so that closing gives it back.
    in_session: bool,
}

fn describe(side: Side) -> String {
    match side {
        Side::Host => "TiEmu virtual link".to_string(),
        Side::Emulator => "TiEmu virtual link (emulator side)".to_string(),
    }
}

/// The key of the presence counter: `ftok("/tmp", 0x1234)`.
pub fn presence_key() -> io::Result<i32> {
    sys::ftok(Path::new(KEY_PATH), KEY_PROJECT)
}

impl TiEmuCable {
    /// Opens the host side (side 1) of the virtual link, waiting at most `timeout` for an
    /// emulator (TiEmu started with `cable_model=TiEmu`, `cable_port=#1`) to be on the other
    /// side.
    pub fn open(timeout: Duration) -> Result<TiEmuCable, CableError> {
        TiEmuCable::open_side(Side::Host, timeout)
    }

    /// Opens either side of the virtual link, waiting at most `timeout` for a peer.
    pub fn open_side(side: Side, timeout: Duration) -> Result<TiEmuCable, CableError> {
        let cable = describe(side);
        let io_err = |what: &str, e: io::Error| CableError::Unavailable {
            cable: cable.clone(),
            reason: format!("{what}: {e}"),
        };
        let key = presence_key().map_err(|e| io_err("ftok(\"/tmp\", 0x1234)", e))?;
        let (counter, created) = SharedCounter::attach_or_create(key, 1, SEGMENT_MODE)
            .map_err(|e| io_err("shared-memory presence counter", e))?;
        // From here on, failing must undo what libticables2's close would undo.
        let opened = (|| {
            for fifo in [FIFO_0_TO_1, FIFO_1_TO_0] {
                ensure_fifo(Path::new(fifo)).map_err(|e| io_err(fifo, e))?;
            }
            let rd = open_nonblocking(side.read_fifo(), false)
                .map_err(|e| io_err(side.read_fifo(), e))?;
            // Opening the write end first for reading avoids ENXIO when nobody reads yet; the
            // reading descriptor is closed again once the writing one is open.
            let guard = open_nonblocking(side.write_fifo(), false)
                .map_err(|e| io_err(side.write_fifo(), e))?;
            let wr = open_nonblocking(side.write_fifo(), true)
                .map_err(|e| io_err(side.write_fifo(), e))?;
            drop(guard);
            Ok((rd, wr))
        })();
        let (rd, wr) = match opened {
            Ok(fds) => fds,
            Err(e) => {
                abandon(&counter, created);
                return Err(e);
            }
        };
        let mut this = TiEmuCable {
            side,
            counter,
            rd,
            wr,
            in_session: false,
        };
        if let Err(e) = this.wait_for_peer(created, timeout) {
            abandon(&this.counter, created);
            return Err(e);
        }
        // The peer is there: the second side sets the counter to 2, as libticables2 does.
        this.counter.set(2);
        this.in_session = true;
        this.discard_input()?;
        Ok(this)
    }

    /// Waits until the peer has finished opening its end. libticables2 writes the counter as
    /// the last step of its open, after its FIFOs are open (1 when it created the segment, 2
    /// when it found it), and flushes its read FIFO just after; so:
    /// - when this side created the segment, it says 1 (as libticables2) and waits for the
    ///   peer's 2;
    /// - when it found the segment with a peer attached, it waits for that peer's 1;
    /// - when it found a segment nobody else is attached to (a dead session's), it zeroes it
    ///   and waits for a peer to write it.
    ///
    /// A short grace period then covers the peer's flush, so that nothing sent next is lost.
    fn wait_for_peer(&self, created: bool, timeout: Duration) -> Result<(), CableError> {
        let io = |e: io::Error| CableError::Io {
            cable: self.describe(),
            source: e,
        };
        let wanted = if created {
            self.counter.set(1);
            2
        } else {
            if self.counter.status().map_err(io)?.attached < 2 {
                self.counter.set(0);
            }
            1
        };
        let start = Instant::now();
        loop {
            let attached = self.counter.status().map_err(io)?.attached;
            if attached >= 2 && self.counter.get() >= wanted {
                sleep(PEER_FLUSH_GRACE);
                return Ok(());
            }
            if start.elapsed() >= timeout {
                let other = match self.side {
                    Side::Host => "TiEmu (or another emulator) with cable_model=TiEmu and cable_port=#1 in ~/.tiemu/tiemu.ini",
                    Side::Emulator => "a linking program (TiLP --cable=TiEmu --port=2, or `ti68k --cable tiemu`)",
                };
                return Err(CableError::Unavailable {
                    cable: self.describe(),
                    reason: format!("no peer on the virtual link after {timeout:?}; start {other}"),
                });
            }
            sleep(Duration::from_millis(5));
        }
    }

    /// Which side this cable is.
    pub fn side(&self) -> Side {
        self.side
    }

    /// Whether the other side still looks present: the counter says 2 and another process is
    /// attached to it.
    pub fn peer_present(&self) -> bool {
        self.counter.get() >= 2 && self.counter.status().is_ok_and(|s| s.attached >= 2)
    }

    fn disconnected(&self) -> CableError {
        CableError::Disconnected {
            cable: self.describe(),
        }
    }

    fn io(&self, source: io::Error) -> CableError {
        CableError::Io {
            cable: self.describe(),
            source,
        }
    }

    /// Waits at most `timeout` until fewer than [`THROTTLE_LOW`] bytes wait in the write FIFO.
    fn throttle(&self, timeout: Duration) -> Result<(), CableError> {
        let start = Instant::now();
        loop {
            let pending = sys::pending_bytes(self.wr.as_fd()).map_err(|e| self.io(e))?;
            if pending < THROTTLE_LOW {
                return Ok(());
            }
            if start.elapsed() >= timeout {
                if !self.peer_present() {
                    return Err(self.disconnected());
                }
                return Err(CableError::Timeout {
                    cable: self.describe(),
                    timeout,
                    got: 0,
                    wanted: pending,
                });
            }
            sleep(POLL_STEP);
        }
    }
}

fn ensure_fifo(path: &Path) -> io::Result<()> {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_fifo() => Ok(()),
        Ok(_) => Err(io::Error::new(
            ErrorKind::AlreadyExists,
            "exists and is not a FIFO; remove it",
        )),
        Err(e) if e.kind() == ErrorKind::NotFound => match sys::mkfifo(path, FIFO_MODE) {
            Err(e) if e.kind() == ErrorKind::AlreadyExists => Ok(()),
            r => r,
        },
        Err(e) => Err(e),
    }
}

fn open_nonblocking(path: &str, write: bool) -> io::Result<File> {
    OpenOptions::new()
        .read(!write)
        .write(write)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

/// Undoes a failed open: a segment this side created goes away; one it found is left as it was
/// (libticables2 touches the counter only once the FIFOs are open).
fn abandon(counter: &SharedCounter, created: bool) {
    if created {
        let _ = counter.remove();
    }
}

impl Drop for TiEmuCable {
    /// What libticables2's close does: decrement the counter, and remove the segment when it
    /// reaches 0.
    fn drop(&mut self) {
        if self.in_session {
            let left = self.counter.get() - 1;
            self.counter.set(left);
            if left <= 0 {
                let _ = self.counter.remove();
            }
        }
    }
}

impl Cable for TiEmuCable {
    fn describe(&self) -> String {
        describe(self.side)
    }

    fn send(&mut self, bytes: &[u8], timeout: Duration) -> Result<(), CableError> {
        let mut rest = bytes;
        while !rest.is_empty() {
            self.throttle(timeout)?;
            let chunk = &rest[..rest.len().min(WRITE_CHUNK)];
            let start = Instant::now();
            let mut no_reader = false;
            let written = loop {
                match self.wr.write(chunk) {
                    Ok(n) if n > 0 => break n,
                    Ok(_) => {}
                    Err(e) if e.kind() == ErrorKind::WouldBlock => {}
                    Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                    // Nobody reads the FIFO: the peer is gone, or still opening its end.
                    Err(e) if e.kind() == ErrorKind::BrokenPipe => {
                        if !self.peer_present() {
                            return Err(self.disconnected());
                        }
                        no_reader = true;
                    }
                    Err(e) => return Err(self.io(e)),
                }
                if start.elapsed() >= timeout {
                    if no_reader {
                        return Err(self.disconnected());
                    }
                    return Err(CableError::Timeout {
                        cable: self.describe(),
                        timeout,
                        got: bytes.len() - rest.len(),
                        wanted: bytes.len(),
                    });
                }
                sleep(POLL_STEP);
            };
            rest = &rest[written..];
        }
        Ok(())
    }

    fn recv(&mut self, buf: &mut [u8], timeout: Duration) -> Result<(), CableError> {
        let mut got = 0;
        while got < buf.len() {
            let start = Instant::now();
            let mut hung_up = false;
            loop {
                let left = timeout.saturating_sub(start.elapsed());
                if left.is_zero() {
                    if hung_up || !self.peer_present() {
                        return Err(self.disconnected());
                    }
                    return Err(CableError::Timeout {
                        cable: self.describe(),
                        timeout,
                        got,
                        wanted: buf.len(),
                    });
                }
                match sys::poll_readable(self.rd.as_fd(), left).map_err(|e| self.io(e))? {
                    Readiness::Readable => match self.rd.read(&mut buf[got..]) {
                        Ok(n) if n > 0 => {
                            got += n;
                            break;
                        }
                        Ok(_) => hung_up = true,
                        Err(e)
                            if matches!(
                                e.kind(),
                                ErrorKind::WouldBlock | ErrorKind::Interrupted
                            ) => {}
                        Err(e) => return Err(self.io(e)),
                    },
                    // No writer on the FIFO: the peer has not opened it yet or has gone.
                    // poll returns at once in that state, so wait a little before asking again.
                    Readiness::HungUp => {
                        hung_up = true;
                        sleep(POLL_STEP);
                    }
                    Readiness::TimedOut => {}
                }
            }
        }
        Ok(())
    }

    fn discard_input(&mut self) -> Result<(), CableError> {
        let mut scratch = [0u8; 256];
        loop {
            match self.rd.read(&mut scratch) {
                Ok(0) => return Ok(()),
                Ok(_) => {}
                Err(e) if e.kind() == ErrorKind::WouldBlock => return Ok(()),
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => return Err(self.io(e)),
            }
        }
    }
}
