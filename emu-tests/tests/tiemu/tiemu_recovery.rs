//! A session whose test process is killed outright (no clean-up runs) must not block the next
//! one: the next session stops the TiEmu and Xvfb it left and cleans the virtual link.
//!
//! The killed session runs in a child process: this test binary again, running only the
//! ignored `holder_for_recovery_test` with `TIEMU_HOLD_SESSION=1`, which boots PedroM, says
//! "held" and sleeps until it is killed.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::common;
use ti_files::Model;
use ti_link::cable::tiemu::link_users;

/// Not a test on its own (hence ignored): the child process of
/// `a_killed_session_does_not_block_the_next`.
#[test]
#[ignore = "helper process of a_killed_session_does_not_block_the_next"]
fn holder_for_recovery_test() {
    assert!(
        std::env::var_os("TIEMU_HOLD_SESSION").is_some(),
        "run by a_killed_session_does_not_block_the_next only"
    );
    let t = common::pedrom("holder_for_recovery_test", Model::Ti89).expect("boot");
    println!("held");
    std::thread::sleep(Duration::from_secs(600));
    drop(t);
}

#[test]
fn a_killed_session_does_not_block_the_next() {
    let test = "a_killed_session_does_not_block_the_next";
    if which("tiemu").is_none() {
        testkit::skip(test, "tiemu is not installed (tools/setup)");
        return;
    }
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "tiemu_recovery::holder_for_recovery_test",
            "--ignored",
            "--nocapture",
        ])
        .env("TIEMU_HOLD_SESSION", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut seen = Vec::new();
    let mut held = false;
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap_or_default();
        if line.trim() == "held" {
            held = true;
            break;
        }
        seen.push(line);
    }
    if !held {
        let status = child.wait().unwrap();
        panic!(
            "the holder did not boot a session ({status}):\n{}",
            seen.join("\n")
        );
    }
    child.kill().unwrap();
    child.wait().unwrap();
    // Its TiEmu and Xvfb live on, attached to the link (unless another session, queued for the
    // lock, got in first and stopped them: either way the next session must start).
    if let Some(users) = link_users().unwrap() {
        eprintln!("{test}: {} process(es) left on the link", users.attached);
    }

    let start = Instant::now();
    let mut t = common::pedrom(test, Model::Ti89).expect("the next session starts");
    assert!(t.is_ready().unwrap());
    eprintln!("{test}: recovered in {:.1?}", start.elapsed());
    common::done(test, &t);
}

fn which(program: &str) -> Option<std::path::PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|d| d.join(program))
        .find(|p| p.is_file())
}
