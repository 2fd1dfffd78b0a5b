//! Processes a dead holder of [`VirtualLinkLock`](super::VirtualLinkLock) left behind. A
//! process killed outright (SIGKILL, a CI timeout) never runs its clean-up, so the TiEmu and
//! Xvfb it started live on, still attached to the virtual link, and every later user would stop
//! with "processes still use the virtual link". A holder therefore notes, in the lock file, the
//! processes its session starts ([`SessionProcess`]); whoever takes the lock next stops those
//! that are still there and still are what the note says: the same program name, working in
//! the same directory (so that a process ID the system has reused since is never touched).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::sys;

/// How long a stopped process may take to go away.
const STOP_WAIT: Duration = Duration::from_secs(3);

/// A process that belongs to a lock holder's session and must not outlive it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionProcess {
    /// Its program name, as the system reports it (`/proc/PID/comm`: `tiemu`, `Xvfb`).
    pub name: String,
    /// Its process ID.
    pub pid: u32,
    /// Its working directory (one private to the session).
    pub dir: PathBuf,
}

/// The note for `processes`: one `name pid dir` per line (the directory last: it may hold
/// spaces).
pub(super) fn note(processes: &[SessionProcess]) -> String {
    processes
        .iter()
        .map(|p| format!("{} {} {}\n", p.name, p.pid, p.dir.display()))
        .collect()
}

/// The processes a note lists (lines that do not parse are skipped).
fn parse(note: &str) -> Vec<SessionProcess> {
    note.lines()
        .filter_map(|line| {
            let mut words = line.splitn(3, ' ');
            let name = words.next()?.to_string();
            let pid = words.next()?.parse().ok()?;
            let dir = PathBuf::from(words.next()?);
            Some(SessionProcess { name, pid, dir })
        })
        .collect()
}

/// Whether `p` is still running as the note describes it. A process that has exited but not
/// been reaped yet has no working directory, so it does not qualify.
fn is_alive(p: &SessionProcess) -> bool {
    let proc_dir = Path::new("/proc").join(p.pid.to_string());
    let comm = std::fs::read_to_string(proc_dir.join("comm")).unwrap_or_default();
    let cwd = std::fs::read_link(proc_dir.join("cwd")).ok();
    comm.trim() == p.name && cwd.as_deref() == Some(p.dir.as_path())
}

/// Stops what `note` lists and is still running; returns what was stopped, for the log.
pub(super) fn stop_leftovers(note: &str) -> Vec<String> {
    let mut stopped = Vec::new();
    for p in parse(note) {
        if !is_alive(&p) {
            continue;
        }
        if let Err(e) = sys::kill_process(p.pid) {
            eprintln!(
                "TiEmu virtual link: cannot stop {} (pid {}), left by a dead session: {e}",
                p.name, p.pid
            );
            continue;
        }
        let start = Instant::now();
        while is_alive(&p) && start.elapsed() < STOP_WAIT {
            std::thread::sleep(Duration::from_millis(20));
        }
        stopped.push(format!("{} (pid {})", p.name, p.pid));
    }
    stopped
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;

    fn process(name: &str, pid: u32, dir: &str) -> SessionProcess {
        SessionProcess {
            name: name.to_string(),
            pid,
            dir: PathBuf::from(dir),
        }
    }

    #[test]
    fn a_note_lists_one_process_a_line_and_reads_back() {
        let list = [
            process("tiemu", 12, "/tmp/ti68k-tiemu-1-0"),
            process("Xvfb", 7, "/tmp/a dir with spaces"),
        ];
        let text = note(&list);
        assert_eq!(
            text,
            "tiemu 12 /tmp/ti68k-tiemu-1-0\nXvfb 7 /tmp/a dir with spaces\n"
        );
        assert_eq!(parse(&text), list);
        assert_eq!(parse("garbage\ntiemu x /tmp\n\n"), vec![]);
    }

    #[test]
    fn only_the_noted_program_in_the_noted_directory_qualifies() {
        let me = std::process::id();
        let cwd = std::env::current_dir().unwrap();
        let comm = std::fs::read_to_string(format!("/proc/{me}/comm")).unwrap();
        let mut p = SessionProcess {
            name: comm.trim().to_string(),
            pid: me,
            dir: cwd,
        };
        assert!(is_alive(&p));
        p.dir = PathBuf::from("/nonexistent");
        assert!(!is_alive(&p), "another directory");
        assert!(!is_alive(&process("tiemu", me, "/")), "another name");
        assert!(
            !is_alive(&process("tiemu", u32::MAX, "/")),
            "no such process"
        );
    }

    #[test]
    fn a_noted_process_that_is_still_there_is_stopped() {
        let dir = std::env::temp_dir();
        let mut child = Command::new("sleep")
            .arg("60")
            .current_dir(&dir)
            .spawn()
            .unwrap();
        let p = SessionProcess {
            name: "sleep".to_string(),
            pid: child.id(),
            dir: std::fs::canonicalize(&dir).unwrap(),
        };
        let text = note(std::slice::from_ref(&p));
        // Our own child turns into a zombie once killed (no working directory): it counts as
        // gone, and the wait below reaps it.
        assert_eq!(
            stop_leftovers(&text),
            vec![format!("sleep (pid {})", p.pid)]
        );
        assert!(!child.wait().unwrap().success());
        assert_eq!(stop_leftovers(&text), Vec::<String>::new());
    }
}
