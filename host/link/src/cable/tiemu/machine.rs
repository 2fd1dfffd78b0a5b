//! The virtual link as a machine-wide resource: who holds it, the lock every session takes, and
//! the clean-up of what a killed session leaves behind.

use std::fs::{File, OpenOptions};
use std::io::{self, ErrorKind, Read, Seek, SeekFrom, Write};
use std::os::fd::AsFd;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::PathBuf;

use super::leftovers::{self, SessionProcess};
use super::{presence_key, FIFO_0_TO_1, FIFO_1_TO_0, LOCK_PATH};
use crate::cable::CableError;
use crate::sys;

fn unavailable(reason: String) -> CableError {
    CableError::Unavailable {
        cable: "TiEmu virtual link".to_string(),
        reason,
    }
}

/// Who uses the virtual link's presence counter right now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LinkUsers {
    /// Processes attached to the segment (each open end of the link is one).
    pub attached: u64,
    /// The process that created the segment.
    pub creator_pid: i32,
    /// The process that attached or detached last.
    pub last_pid: i32,
}

/// The users of the virtual link, or `None` when its presence counter does not exist.
pub fn link_users() -> Result<Option<LinkUsers>, CableError> {
    let io_err = |e: io::Error| unavailable(format!("reading the presence counter: {e}"));
    let key = presence_key().map_err(io_err)?;
    Ok(sys::shared_segment_status(key)
        .map_err(io_err)?
        .map(|s| LinkUsers {
            attached: s.attached,
            creator_pid: s.creator_pid,
            last_pid: s.last_pid,
        }))
}

/// What [`remove_stale_state`] found and removed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StaleState {
    /// FIFOs that existed and were deleted.
    pub fifos: Vec<PathBuf>,
    /// Whether a presence-counter segment existed and was removed.
    pub segment: bool,
}

/// Deletes both FIFOs and the presence-counter segment, so that the next session starts clean
/// (a killed TiEmu leaves a segment whose counter says someone is there, and FIFOs that hold
/// its last bytes). Refuses, naming the process, when some process is still attached to the
/// segment: that is a live TiEmu or host that did not take [`VirtualLinkLock`]. Call it only
/// while holding the lock.
pub fn remove_stale_state() -> Result<StaleState, CableError> {
    let io_err = |what: &str, e: io::Error| unavailable(format!("cleaning {what}: {e}"));
    let key = presence_key().map_err(|e| io_err("the presence counter", e))?;
    let mut found = StaleState::default();
    if let Some(status) =
        sys::shared_segment_status(key).map_err(|e| io_err("the presence counter", e))?
    {
        if status.attached > 0 {
            return Err(unavailable(format!(
                "{} process(es) still use the virtual link (segment key 0x{key:08x}, created by pid {}, last used by pid {}); \
                 another TiEmu or link program is running without the lock at {LOCK_PATH}: stop it",
                status.attached, status.creator_pid, status.last_pid
            )));
        }
        found.segment =
            sys::remove_shared_segment(key).map_err(|e| io_err("the presence counter", e))?;
    }
    for fifo in [FIFO_0_TO_1, FIFO_1_TO_0] {
        match std::fs::remove_file(fifo) {
            Ok(()) => found.fifos.push(PathBuf::from(fifo)),
            Err(e) if e.kind() == ErrorKind::NotFound => {}
            Err(e) => return Err(io_err(fifo, e)),
        }
    }
    Ok(found)
}

/// The machine-wide lock on the virtual link (an exclusive `flock` on [`LOCK_PATH`]). Whoever
/// starts TiEmu or opens the virtual link in a test holds it for the whole session; it is
/// released when dropped, or when the process dies.
///
/// The lock file also carries the holder's session: the processes it started
/// ([`VirtualLinkLock::note_session`]). Taking the lock stops those a dead holder left running
/// (see [`SessionProcess`]), so that whoever comes next, a bench session or a link test,
/// finds the link free. The note is written in place (the lock belongs to this file's inode,
/// which an atomic replacement would change).
#[derive(Debug)]
pub struct VirtualLinkLock {
    file: File,
}

impl VirtualLinkLock {
    /// Takes the lock, waiting as long as another process holds it, then stops what a dead
    /// holder left running. When it has to wait, or stops something, it says so on stderr
    /// (tests of several engineers may queue here).
    pub fn acquire() -> Result<VirtualLinkLock, CableError> {
        let file = open_lock_file()?;
        let io_err = |e: io::Error| unavailable(format!("locking {LOCK_PATH}: {e}"));
        if !sys::flock_exclusive(file.as_fd(), false).map_err(io_err)? {
            eprintln!(
                "TiEmu virtual link: another session holds {LOCK_PATH}; waiting for it to finish"
            );
            sys::flock_exclusive(file.as_fd(), true).map_err(io_err)?;
        }
        let mut lock = VirtualLinkLock { file };
        lock.stop_leftovers()?;
        Ok(lock)
    }

    /// Stops what the note of a dead holder lists (see [`SessionProcess`]), says so, and
    /// clears the note. A lock file that is not this user's alone is not trusted: its note
    /// could name any process.
    fn stop_leftovers(&mut self) -> Result<(), CableError> {
        let note = self
            .read_note()
            .map_err(|e| unavailable(format!("reading the note in {LOCK_PATH}: {e}")))?;
        if note.trim().is_empty() {
            return Ok(());
        }
        if let Err(why) = self.trust() {
            eprintln!("TiEmu virtual link: the note in {LOCK_PATH} is ignored: {why}");
            return Ok(());
        }
        let done = leftovers::stop_leftovers(&note);
        if !done.stopped.is_empty() {
            eprintln!(
                "TiEmu virtual link: stopped what a dead session left running: {}",
                done.stopped.join(", ")
            );
        }
        for problem in &done.problems {
            eprintln!("TiEmu virtual link: what a dead session left: {problem}");
        }
        self.end_session()
    }

    /// Whether the lock file is this user's alone (group and others may not write it; a file
    /// of ours that they may write is made private first).
    fn trust(&self) -> Result<(), String> {
        let meta = self.file.metadata().map_err(|e| e.to_string())?;
        let me = sys::effective_uid();
        if meta.uid() != me {
            return Err(format!(
                "the file belongs to user {}, not to this one ({me}); have its owner remove it",
                meta.uid()
            ));
        }
        if meta.mode() & 0o022 != 0 {
            self.file
                .set_permissions(std::fs::Permissions::from_mode(0o644))
                .map_err(|e| format!("others may write it, and making it private failed: {e}"))?;
        }
        Ok(())
    }

    /// Notes the processes this session started (each as soon as it runs), so that the next
    /// holder stops them if this process dies without cleaning up.
    pub fn note_session(&mut self, processes: &[SessionProcess]) -> Result<(), CableError> {
        let text = leftovers::note(processes)
            .map_err(|e| unavailable(format!("cannot note a process of the session: {e}")))?;
        self.write_note(&text)
            .map_err(|e| unavailable(format!("writing the note in {LOCK_PATH}: {e}")))
    }

    /// Forgets the session's processes (its owner stops them itself, or the next holder has).
    pub fn end_session(&mut self) -> Result<(), CableError> {
        self.write_note("")
            .map_err(|e| unavailable(format!("clearing the note in {LOCK_PATH}: {e}")))
    }

    /// The note, read as text (bytes that are not UTF-8 become U+FFFD).
    fn read_note(&mut self) -> io::Result<String> {
        let mut bytes = Vec::new();
        self.file.seek(SeekFrom::Start(0))?;
        self.file.read_to_end(&mut bytes)?;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// Replaces the note: written first, then cut to its length, so that a holder killed
    /// meanwhile leaves at worst the old note's tail after the new one (never an empty note
    /// while processes run).
    fn write_note(&mut self, note: &str) -> io::Result<()> {
        self.file.seek(SeekFrom::Start(0))?;
        self.file.write_all(note.as_bytes())?;
        self.file.set_len(note.len() as u64)?;
        self.file.flush()
    }
}

fn open_lock_file() -> Result<File, CableError> {
    OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .mode(0o644)
        .open(LOCK_PATH)
        .map_err(|e| unavailable(format!("opening the lock file {LOCK_PATH}: {e}")))
}
