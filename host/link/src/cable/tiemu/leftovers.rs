//! Processes a dead holder of [`VirtualLinkLock`](super::VirtualLinkLock) left behind. A
//! process killed outright (SIGKILL, a CI timeout) never runs its clean-up, so the TiEmu and
//! Xvfb it started live on, still attached to the virtual link, and every later user would stop
//! with "processes still use the virtual link". A holder therefore notes, in the lock file, the
//! processes its session starts ([`SessionProcess`]); whoever takes the lock next stops those
//! that are still there and still are what the note says: the same program name, working in
//! the same directory (so that a process ID the system has reused since is never touched).
//!
//! A process is stopped through a handle on it (`pidfd`), which no reused ID can redirect, and
//! counts as stopped once it has exited with all its threads: only then has it left the link's
//! shared memory (TiEmu runs several threads; its main thread's end is not enough).

use std::os::fd::AsFd;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::sys::{self, Readiness};

/// How long a stopped process may take to go away.
const STOP_WAIT: Duration = Duration::from_secs(3);

/// A process that belongs to a lock holder's session and must not outlive it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionProcess {
    /// Its program name, as the system reports it (`/proc/PID/comm`: `tiemu`, `Xvfb`); no
    /// white space.
    pub name: String,
    /// Its process ID.
    pub pid: u32,
    /// Its working directory (one private to the session), in UTF-8 without a line break.
    pub dir: PathBuf,
}

/// The note for `processes`: one `name pid dir` per line (the directory last: it may hold
/// spaces). Fails, naming it, on a process the note could not describe so that it reads back.
pub(super) fn note(processes: &[SessionProcess]) -> Result<String, String> {
    let mut text = String::new();
    for p in processes {
        let dir = p.dir.to_str().filter(|d| !d.contains('\n'));
        match dir {
            Some(dir) if !p.name.is_empty() && !p.name.contains(char::is_whitespace) => {
                text.push_str(&format!("{} {} {dir}\n", p.name, p.pid));
            }
            _ => {
                return Err(format!(
                    "{:?} (pid {}) in {}: a name without white space and a UTF-8 directory \
                     without a line break are needed",
                    p.name,
                    p.pid,
                    p.dir.display()
                ))
            }
        }
    }
    Ok(text)
}

/// The processes a note lists, and the lines that are not such a process (for the log).
fn parse(note: &str) -> (Vec<SessionProcess>, Vec<&str>) {
    let mut processes = Vec::new();
    let mut unknown = Vec::new();
    for line in note.lines().filter(|l| !l.trim().is_empty()) {
        let mut words = line.splitn(3, ' ');
        let parsed = (|| {
            let name = words.next()?.to_string();
            let pid = words.next()?.parse().ok()?;
            let dir = PathBuf::from(words.next()?);
            Some(SessionProcess { name, pid, dir })
        })();
        match parsed {
            Some(p) => processes.push(p),
            None => unknown.push(line),
        }
    }
    (processes, unknown)
}

/// Whether process `p.pid` is what the note says: named `p.name`, working in `p.dir` (or in
/// `p.dir` since deleted, as a cleaner of the temporary directory may have left it). A process
/// that has exited has no working directory, so it does not qualify.
fn is_noted(p: &SessionProcess) -> bool {
    let proc_dir = Path::new("/proc").join(p.pid.to_string());
    let comm = std::fs::read_to_string(proc_dir.join("comm")).unwrap_or_default();
    let Ok(cwd) = std::fs::read_link(proc_dir.join("cwd")) else {
        return false;
    };
    let deleted = PathBuf::from(format!("{} (deleted)", p.dir.display()));
    comm.trim() == p.name && (cwd == p.dir || cwd == deleted)
}

/// What [`stop_leftovers`] did, for the log.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Stopped {
    /// The processes stopped, each as `name (pid N)`.
    pub stopped: Vec<String>,
    /// What could not be stopped or read, and why.
    pub problems: Vec<String>,
}

/// Stops what `note` lists and is still running.
pub(super) fn stop_leftovers(note: &str) -> Stopped {
    let mut done = Stopped::default();
    let (processes, unknown) = parse(note);
    for line in unknown {
        done.problems.push(format!(
            "a line of the note is not `name pid directory`: {line:?}"
        ));
    }
    for p in processes {
        let who = format!("{} (pid {})", p.name, p.pid);
        let handle = match sys::open_process(p.pid) {
            Ok(Some(handle)) => handle,
            Ok(None) => continue,
            Err(e) => {
                done.problems.push(format!("{who}: cannot look at it: {e}"));
                continue;
            }
        };
        // Checked once the handle is held: from here on, the ID cannot name another process.
        if !is_noted(&p) {
            continue;
        }
        if let Err(e) = sys::kill_process(handle.as_fd()) {
            done.problems.push(format!("{who}: cannot stop it: {e}"));
            continue;
        }
        match sys::poll_readable(handle.as_fd(), STOP_WAIT) {
            Ok(Readiness::Readable) => done.stopped.push(who),
            Ok(_) => done
                .problems
                .push(format!("{who}: still running {STOP_WAIT:?} after SIGKILL")),
            Err(e) => done
                .problems
                .push(format!("{who}: cannot wait for its end: {e}")),
        }
    }
    done
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::ExitStatusExt;
    use std::process::{Child, Command};
    use std::time::Instant;

    fn process(name: &str, pid: u32, dir: &Path) -> SessionProcess {
        SessionProcess {
            name: name.to_string(),
            pid,
            dir: dir.to_path_buf(),
        }
    }

    /// A fresh directory of this test's own (removed on drop).
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(test: &str) -> Scratch {
            let dir = std::env::temp_dir()
                .join(format!("ti-link-leftovers-{test}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            Scratch(std::fs::canonicalize(&dir).unwrap())
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// A `sleep 60` working in `dir` (the caller kills it).
    fn sleep_in(dir: &Path) -> Child {
        Command::new("sleep")
            .arg("60")
            .current_dir(dir)
            .spawn()
            .unwrap()
    }

    #[test]
    fn a_note_lists_one_process_a_line_and_reads_back() {
        let list = [
            process("tiemu", 12, Path::new("/tmp/ti68k-tiemu-1-0")),
            process("Xvfb", 7, Path::new("/tmp/a dir with spaces")),
        ];
        let text = note(&list).unwrap();
        assert_eq!(
            text,
            "tiemu 12 /tmp/ti68k-tiemu-1-0\nXvfb 7 /tmp/a dir with spaces\n"
        );
        assert_eq!(parse(&text), (list.to_vec(), vec![]));
        assert_eq!(
            parse("tiemu 12\n\nxvfb x /tmp\n"),
            (vec![], vec!["tiemu 12", "xvfb x /tmp"])
        );
    }

    #[test]
    fn a_process_the_note_cannot_describe_is_refused() {
        for p in [
            process("two words", 1, Path::new("/tmp")),
            process("", 1, Path::new("/tmp")),
            process("tiemu", 1, Path::new("/tmp/a\nb")),
        ] {
            let err = note(&[p]).unwrap_err();
            assert!(err.contains("without white space"), "{err}");
        }
    }

    #[test]
    fn only_the_noted_program_in_the_noted_directory_qualifies() {
        let me = std::process::id();
        let cwd = std::env::current_dir().unwrap();
        let comm = std::fs::read_to_string(format!("/proc/{me}/comm")).unwrap();
        let name = comm.trim();
        assert!(is_noted(&process(name, me, &cwd)));
        assert!(!is_noted(&process(name, me, Path::new("/nonexistent"))));
        assert!(!is_noted(&process("tiemu", me, &cwd)), "another name");
        assert!(!is_noted(&process(name, u32::MAX, &cwd)), "no such process");
    }

    #[test]
    fn a_noted_process_that_is_still_there_is_stopped() {
        let scratch = Scratch::new("stopped");
        let mut child = sleep_in(&scratch.0);
        let text = note(&[process("sleep", child.id(), &scratch.0)]).unwrap();
        let start = Instant::now();
        let done = stop_leftovers(&text);
        assert_eq!(done.stopped, vec![format!("sleep (pid {})", child.id())]);
        assert!(done.problems.is_empty(), "{done:?}");
        assert!(start.elapsed() < STOP_WAIT, "{:?}", start.elapsed());
        assert_eq!(child.wait().unwrap().signal(), Some(libc::SIGKILL));
        // Reaped, and its ID possibly reused by now: nothing more to stop, nothing touched.
        assert_eq!(stop_leftovers(&text), Stopped::default());
    }

    #[test]
    fn a_process_in_another_directory_is_left_alone() {
        let scratch = Scratch::new("other");
        let mut child = sleep_in(&scratch.0);
        let elsewhere = scratch.0.join("elsewhere");
        let text = note(&[process("sleep", child.id(), &elsewhere)]).unwrap();
        assert_eq!(stop_leftovers(&text), Stopped::default());
        assert!(child.try_wait().unwrap().is_none(), "still running");
        child.kill().unwrap();
        child.wait().unwrap();
    }
}
