//! Processes a dead session left behind. A test process killed outright (SIGKILL, a CI
//! timeout) never runs the bench's clean-up, and its TiEmu and Xvfb live on, still attached to
//! the virtual link, so every later session would stop with "processes still use the virtual
//! link". Each session therefore notes the process IDs it starts in the lock file
//! ([`VirtualLinkLock::write_note`]); the next holder of the lock stops those that are still
//! there and are what the note says: a `tiemu` or `Xvfb` whose working directory is a bench
//! session directory (`ti68k-tiemu-*`, which the bench gives both).

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use ti_link::cable::tiemu::VirtualLinkLock;

/// The prefix of every session directory (see `TempHome`).
pub(super) const SESSION_DIR_PREFIX: &str = "ti68k-tiemu-";

/// The note a session writes: one `program pid` per line.
pub(super) fn note(processes: &[(&str, u32)]) -> String {
    processes
        .iter()
        .map(|(name, pid)| format!("{name} {pid}\n"))
        .collect()
}

/// Whether `pid` is a live process named `name` working in a bench session directory.
fn is_session_process(pid: u32, name: &str) -> bool {
    let proc_dir = Path::new("/proc").join(pid.to_string());
    let comm = std::fs::read_to_string(proc_dir.join("comm")).unwrap_or_default();
    let cwd = std::fs::read_link(proc_dir.join("cwd")).unwrap_or_default();
    comm.trim() == name
        && cwd
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with(SESSION_DIR_PREFIX))
}

/// Stops the processes the previous holder of `lock` noted and left running; returns what was
/// stopped, for the log.
pub(super) fn stop_leftovers(lock: &mut VirtualLinkLock) -> Vec<String> {
    let note = lock.read_note().unwrap_or_default();
    let mut stopped = Vec::new();
    for line in note.lines() {
        let mut words = line.split_whitespace();
        let (Some(name), Some(pid)) = (words.next(), words.next().and_then(|p| p.parse().ok()))
        else {
            continue;
        };
        if !is_session_process(pid, name) {
            continue;
        }
        let _ = Command::new("kill")
            .args(["-KILL", &pid.to_string()])
            .status();
        let start = Instant::now();
        while is_session_process(pid, name) && start.elapsed() < Duration::from_secs(3) {
            std::thread::sleep(Duration::from_millis(20));
        }
        stopped.push(format!("{name} (pid {pid})"));
    }
    let _ = lock.write_note("");
    stopped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_note_lists_one_process_a_line() {
        assert_eq!(note(&[("tiemu", 12), ("Xvfb", 7)]), "tiemu 12\nXvfb 7\n");
    }

    #[test]
    fn only_session_processes_qualify() {
        // This test process is neither named tiemu nor working in a session directory.
        assert!(!is_session_process(std::process::id(), "tiemu"));
        assert!(!is_session_process(u32::MAX, "tiemu"));
    }
}
