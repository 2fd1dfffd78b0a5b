//! Every `unsafe` block of the `ti-link` crate: thin, safe wrappers over the few POSIX calls that
//! the standard library does not offer. Today that is what the TiEmu virtual link needs: System V
//! shared memory (the presence counter), `ftok`, `mkfifo`, `poll`, `FIONREAD`, `flock`, and
//! `pidfd_open`, `pidfd_send_signal` and `geteuid` (stopping what a dead session left on the link).
//!
//! Each wrapper checks its arguments and returns `io::Result`; callers never see a raw pointer.

use std::ffi::CString;
use std::io;
use std::os::fd::{AsRawFd, BorrowedFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::sync::atomic::{AtomicI32, Ordering};
use std::time::Duration;

fn c_path(path: &Path) -> io::Result<CString> {
    CString::new(path.as_os_str().as_bytes()).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("path {} contains a NUL byte", path.display()),
        )
    })
}

/// `ftok(path, proj_id)`: the System V IPC key derived from a file's inode and device.
pub fn ftok(path: &Path, proj_id: i32) -> io::Result<libc::key_t> {
    let p = c_path(path)?;
    // SAFETY: `p` is a valid NUL-terminated string that outlives the call; ftok only reads it.
    let key = unsafe { libc::ftok(p.as_ptr(), proj_id) };
    if key == -1 {
        Err(io::Error::last_os_error())
    } else {
        Ok(key)
    }
}

/// `mkfifo(path, mode)`.
pub fn mkfifo(path: &Path, mode: u32) -> io::Result<()> {
    let p = c_path(path)?;
    // SAFETY: `p` is a valid NUL-terminated string that outlives the call.
    let r = unsafe { libc::mkfifo(p.as_ptr(), mode as libc::mode_t) };
    if r == -1 {
        Err(io::Error::last_os_error())
    } else {
        Ok(())
    }
}

/// What [`poll_readable`] saw on a file descriptor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Readiness {
    /// Bytes can be read.
    Readable,
    /// No writer is connected (a FIFO whose writers all closed) and nothing is left to read.
    HungUp,
    /// Nothing happened before the timeout.
    TimedOut,
}

/// Waits at most `timeout` for `fd` to become readable.
pub fn poll_readable(fd: BorrowedFd<'_>, timeout: Duration) -> io::Result<Readiness> {
    let mut pfd = libc::pollfd {
        fd: fd.as_raw_fd(),
        events: libc::POLLIN,
        revents: 0,
    };
    let ms = timeout.as_millis().min(i32::MAX as u128) as libc::c_int;
    loop {
        // SAFETY: `pfd` is one valid pollfd that lives across the call, and nfds is 1.
        let r = unsafe { libc::poll(&mut pfd, 1, ms) };
        if r == -1 {
            let e = io::Error::last_os_error();
            if e.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(e);
        }
        return Ok(if r == 0 {
            Readiness::TimedOut
        } else if pfd.revents & libc::POLLIN != 0 {
            Readiness::Readable
        } else if pfd.revents & (libc::POLLHUP | libc::POLLERR) != 0 {
            Readiness::HungUp
        } else {
            Readiness::TimedOut
        });
    }
}

/// The number of bytes waiting in a pipe or FIFO (`ioctl(FIONREAD)`), whichever end `fd` is.
pub fn pending_bytes(fd: BorrowedFd<'_>) -> io::Result<usize> {
    let mut n: libc::c_int = 0;
    // SAFETY: FIONREAD writes one c_int through the pointer, which points to `n`.
    let r = unsafe { libc::ioctl(fd.as_raw_fd(), libc::FIONREAD, &mut n) };
    if r == -1 {
        Err(io::Error::last_os_error())
    } else {
        Ok(n.max(0) as usize)
    }
}

/// Takes an exclusive `flock` on `fd`. With `block` false, returns `Ok(false)` at once when
/// another open file holds it.
pub fn flock_exclusive(fd: BorrowedFd<'_>, block: bool) -> io::Result<bool> {
    let op = if block {
        libc::LOCK_EX
    } else {
        libc::LOCK_EX | libc::LOCK_NB
    };
    loop {
        // SAFETY: flock takes a descriptor and flags only; `fd` is open for the call.
        let r = unsafe { libc::flock(fd.as_raw_fd(), op) };
        if r == 0 {
            return Ok(true);
        }
        let e = io::Error::last_os_error();
        match e.raw_os_error() {
            Some(libc::EINTR) => continue,
            Some(libc::EWOULDBLOCK) if !block => return Ok(false),
            _ => return Err(e),
        }
    }
}

/// A handle on process `pid` (`pidfd_open`, Linux 5.3 and later), or `None` when there is no
/// such process. Signals sent through it reach that very process even if its ID is reused
/// meanwhile, and it becomes readable ([`poll_readable`]) once the process has exited, all its
/// threads with it.
pub fn open_process(pid: u32) -> io::Result<Option<OwnedFd>> {
    let pid = libc::pid_t::try_from(pid)
        .ok()
        .filter(|&p| p > 0)
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a process ID"))?;
    // SAFETY: pidfd_open takes a process ID and flags (none) and returns a new descriptor or -1.
    let r = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
    if r == -1 {
        let e = io::Error::last_os_error();
        return match e.raw_os_error() {
            Some(libc::ESRCH) => Ok(None),
            _ => Err(e),
        };
    }
    let fd = libc::c_int::try_from(r)
        .map_err(|_| io::Error::other("pidfd_open returned an impossible descriptor"))?;
    // SAFETY: `fd` was just returned by pidfd_open: an open descriptor that nothing else owns.
    Ok(Some(unsafe { OwnedFd::from_raw_fd(fd) }))
}

/// Sends SIGKILL to the process of `process` ([`open_process`]); one that has already exited
/// is not an error.
pub fn kill_process(process: BorrowedFd<'_>) -> io::Result<()> {
    // SAFETY: pidfd_send_signal takes a pidfd, a signal number, a null siginfo (allowed: the
    // kernel fills in a default one) and flags (none).
    let r = unsafe {
        libc::syscall(
            libc::SYS_pidfd_send_signal,
            process.as_raw_fd(),
            libc::SIGKILL,
            std::ptr::null::<libc::siginfo_t>(),
            0,
        )
    };
    if r == -1 {
        let e = io::Error::last_os_error();
        if e.raw_os_error() != Some(libc::ESRCH) {
            return Err(e);
        }
    }
    Ok(())
}

/// The effective user ID of this process.
pub fn effective_uid() -> u32 {
    // SAFETY: geteuid takes nothing and cannot fail.
    unsafe { libc::geteuid() }
}

/// Facts about a shared-memory segment (`shmctl(IPC_STAT)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SegmentStatus {
    /// Processes attached right now.
    pub attached: u64,
    /// Process that created the segment.
    pub creator_pid: i32,
    /// Process of the last attach or detach.
    pub last_pid: i32,
}

fn segment_status(id: libc::c_int) -> io::Result<SegmentStatus> {
    // SAFETY: shmid_ds is plain old data; all-zero bytes are a valid value.
    let mut ds: libc::shmid_ds = unsafe { std::mem::zeroed() };
    // SAFETY: IPC_STAT writes one shmid_ds through the pointer, which points to `ds`.
    let r = unsafe { libc::shmctl(id, libc::IPC_STAT, &mut ds) };
    if r == -1 {
        return Err(io::Error::last_os_error());
    }
    Ok(SegmentStatus {
        attached: ds.shm_nattch as u64,
        creator_pid: ds.shm_cpid,
        last_pid: ds.shm_lpid,
    })
}

fn remove_segment_id(id: libc::c_int) -> io::Result<()> {
    // SAFETY: IPC_RMID takes no buffer (a null pointer is allowed).
    let r = unsafe { libc::shmctl(id, libc::IPC_RMID, std::ptr::null_mut()) };
    if r == -1 {
        Err(io::Error::last_os_error())
    } else {
        Ok(())
    }
}

/// The existing segment of `key`, if any: its id.
fn existing_segment(key: libc::key_t) -> io::Result<Option<libc::c_int>> {
    // SAFETY: shmget takes plain integers.
    let id = unsafe { libc::shmget(key, 0, 0) };
    if id != -1 {
        return Ok(Some(id));
    }
    let e = io::Error::last_os_error();
    if e.raw_os_error() == Some(libc::ENOENT) {
        Ok(None)
    } else {
        Err(e)
    }
}

/// The status of the segment of `key`, or `None` when there is none.
pub fn shared_segment_status(key: libc::key_t) -> io::Result<Option<SegmentStatus>> {
    existing_segment(key)?.map(segment_status).transpose()
}

/// Marks the segment of `key` for removal (it goes when the last process detaches). Returns
/// whether there was one.
pub fn remove_shared_segment(key: libc::key_t) -> io::Result<bool> {
    match existing_segment(key)? {
        Some(id) => remove_segment_id(id).map(|()| true),
        None => Ok(false),
    }
}

/// One `int` in a System V shared-memory segment, attached to this process: the presence
/// counter of the TiEmu virtual link. Detached on drop.
#[derive(Debug)]
pub struct SharedCounter {
    id: libc::c_int,
    addr: *mut libc::c_void,
}

// SAFETY: the mapping belongs to the process, not to a thread, and every access goes through
// an atomic; moving the handle to another thread is sound.
unsafe impl Send for SharedCounter {}

impl SharedCounter {
    /// Attaches to the segment of `key`, creating it (`size` bytes, `mode` permissions) when it
    /// does not exist, as libticables2 does: `shmget(IPC_CREAT | IPC_EXCL)`, and on `EEXIST`
    /// the existing one. Returns the counter and whether this call created the segment.
    pub fn attach_or_create(
        key: libc::key_t,
        size: usize,
        mode: u32,
    ) -> io::Result<(SharedCounter, bool)> {
        let flags = libc::IPC_CREAT | libc::IPC_EXCL | mode as libc::c_int;
        // SAFETY: shmget takes plain integers.
        let mut id = unsafe { libc::shmget(key, size, flags) };
        let created = id != -1;
        if !created {
            let e = io::Error::last_os_error();
            if e.raw_os_error() != Some(libc::EEXIST) {
                return Err(e);
            }
            // SAFETY: as above.
            id = unsafe { libc::shmget(key, size, libc::IPC_CREAT | mode as libc::c_int) };
            if id == -1 {
                return Err(io::Error::last_os_error());
            }
        }
        // SAFETY: attaching a segment we hold the id of, at an address the kernel chooses.
        let addr = unsafe { libc::shmat(id, std::ptr::null(), 0) };
        if addr as isize == -1 {
            let e = io::Error::last_os_error();
            if created {
                let _ = remove_segment_id(id);
            }
            return Err(e);
        }
        Ok((SharedCounter { id, addr }, created))
    }

    fn cell(&self) -> &AtomicI32 {
        // SAFETY: `addr` is the start of an attached segment; shmat maps whole pages, so the
        // 4 bytes of an int are mapped even when the segment was created with size 1 (as
        // libticables2 creates it), and a page start is aligned for an i32. The mapping lives
        // until `self` is dropped, which outlives the returned reference. Other processes
        // access the same int, so it is only read and written atomically.
        unsafe { AtomicI32::from_ptr(self.addr.cast::<i32>()) }
    }

    /// Reads the counter.
    pub fn get(&self) -> i32 {
        self.cell().load(Ordering::SeqCst)
    }

    /// Writes the counter.
    pub fn set(&self, value: i32) {
        self.cell().store(value, Ordering::SeqCst)
    }

    /// Status of the segment (how many processes are attached, including this one).
    pub fn status(&self) -> io::Result<SegmentStatus> {
        segment_status(self.id)
    }

    /// Marks the segment for removal; it disappears when the last process detaches.
    pub fn remove(&self) -> io::Result<()> {
        remove_segment_id(self.id)
    }
}

impl Drop for SharedCounter {
    fn drop(&mut self) {
        // SAFETY: `addr` came from shmat and is detached exactly once, here; no reference from
        // `cell` can outlive `self`.
        unsafe {
            libc::shmdt(self.addr);
        }
    }
}
