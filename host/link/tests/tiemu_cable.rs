//! The TiEmu virtual-link cable against the reference implementation: libticables2's own TIE
//! cable, driven by `tools/oracle/tiepeer.c`, on the other side. Both sides, both opening orders,
//! bulk transfers past the throttle, a missing peer and a vanishing one.
//!
//! The virtual link's names are global to the machine, so every test holds
//! [`VirtualLinkLock`] (the lock the TiEmu bench takes too) and cleans stale state first.

use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use ti_link::cable::tiemu::{
    link_users, presence_key, remove_stale_state, Side, VirtualLinkLock, FIFO_0_TO_1, FIFO_1_TO_0,
};
use ti_link::cable::{Cable, CableError, TiEmuCable, DEFAULT_TIMEOUT};

fn pattern(n: usize) -> Vec<u8> {
    (0..n).map(|i| (7 * i + 3) as u8).collect()
}

fn tiepeer(_test: &str) -> Option<PathBuf> {
    testkit::oracle!("tiepeer", &["ticables2", "glib-2.0"])
}

/// The lock, with the link cleaned.
fn clean_link() -> VirtualLinkLock {
    let lock = VirtualLinkLock::acquire().expect("lock");
    remove_stale_state().expect("clean");
    lock
}

/// A running `tiepeer`, killed if the test fails before [`finish`] (so that the next test does
/// not find it attached to the link).
struct Peer(Option<Child>);

impl Peer {
    fn id(&self) -> u32 {
        self.0.as_ref().expect("running").id()
    }
}

impl Drop for Peer {
    fn drop(&mut self) {
        if let Some(mut child) = self.0.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

fn spawn(peer: &PathBuf, args: &[&str]) -> Peer {
    Peer(Some(
        Command::new(peer)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start tiepeer"),
    ))
}

/// How `child` ended, and what it printed (standard output, then error).
fn peer_output(child: Child) -> (ExitStatus, String) {
    let out = child.wait_with_output().expect("tiepeer output");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status, text)
}

fn finish(mut peer: Peer) {
    let (status, text) = peer_output(peer.0.take().expect("running"));
    assert!(status.success(), "tiepeer failed ({status}): {text}");
    assert!(text.contains("ok"), "{text}");
}

// Opening flushes what is already in the FIFO (as libticables2's open does), so a script
// whose peer speaks first starts with a handshake: it waits for a 0x01 that this side sends
// once it is open (`hello`).

/// Tells a peer that waits on `recv=01` that this side is open.
fn hello(cable: &mut TiEmuCable) {
    cable.send(&[0x01], DEFAULT_TIMEOUT).unwrap();
}

/// Opens our side while the libticables2 peer `peer` is (or will be) on the other; when that
/// fails, says what the peer printed.
fn open_retrying(side: Side, peer: &mut Peer) -> TiEmuCable {
    match TiEmuCable::open_side(side, Duration::from_secs(10)) {
        Ok(cable) => cable,
        Err(e) => {
            let mut child = peer.0.take().expect("running");
            let _ = child.kill();
            let (status, text) = peer_output(child);
            panic!("open the virtual link: {e}\ntiepeer ({status}): {text}");
        }
    }
}

#[test]
fn no_peer_is_a_clear_error_and_leaves_nothing_behind() {
    let _lock = clean_link();
    let start = Instant::now();
    let err = TiEmuCable::open(Duration::from_millis(300)).unwrap_err();
    assert!(start.elapsed() >= Duration::from_millis(300));
    match &err {
        CableError::Unavailable { reason, .. } => {
            assert!(reason.contains("no peer"), "{reason}");
            assert!(reason.contains("cable_port=#1"), "{reason}");
        }
        other => panic!("expected Unavailable, got {other:?}"),
    }
    let key = presence_key().unwrap();
    let out = Command::new("ipcs").arg("-m").output().expect("ipcs");
    let listing = String::from_utf8_lossy(&out.stdout);
    assert!(
        !listing.contains(&format!("0x{key:08x}")),
        "segment left behind:\n{listing}"
    );
}

#[test]
fn host_side_talks_to_libticables2_playing_the_emulator() {
    let Some(peer) = tiepeer("host_side_talks_to_libticables2_playing_the_emulator") else {
        return;
    };
    let _lock = clean_link();
    // The peer opens first (creates the segment, counter 1) as TiEmu does.
    let mut child = spawn(
        &peer,
        &[
            "-p",
            "1",
            "recv=08680000",
            "send=98560000",
            "recvpat=5000",
            "sendpat=20000",
        ],
    );
    std::thread::sleep(Duration::from_millis(300));
    let mut cable = open_retrying(Side::Host, &mut child);
    cable
        .send(&[0x08, 0x68, 0x00, 0x00], DEFAULT_TIMEOUT)
        .unwrap();
    let mut ack = [0u8; 4];
    cable.recv(&mut ack, DEFAULT_TIMEOUT).unwrap();
    assert_eq!(ack, [0x98, 0x56, 0x00, 0x00]);
    cable.send(&pattern(5000), DEFAULT_TIMEOUT).unwrap();
    // libticables2 takes a partial write for a whole one, so one send larger than the FIFO's
    // 64 KiB loses bytes there; 20000 stays clear of that bug of the peer.
    let mut big = vec![0u8; 20000];
    cable.recv(&mut big, DEFAULT_TIMEOUT).unwrap();
    assert!(big == pattern(20000), "bulk bytes from libticables2 differ");
    finish(child);
    drop(cable);
}

#[test]
fn host_side_waits_for_a_late_emulator() {
    let Some(peer) = tiepeer("host_side_waits_for_a_late_emulator") else {
        return;
    };
    let _lock = clean_link();
    // We open first (create the segment); libticables2 comes 700 ms later and finds it.
    let mut child = spawn(&peer, &["-p", "1", "-d", "700", "recv=0102", "send=0304"]);
    let start = Instant::now();
    let mut cable = open_retrying(Side::Host, &mut child);
    assert!(start.elapsed() >= Duration::from_millis(500));
    cable.send(&[1, 2], DEFAULT_TIMEOUT).unwrap();
    let mut b = [0u8; 2];
    cable.recv(&mut b, DEFAULT_TIMEOUT).unwrap();
    assert_eq!(b, [3, 4]);
    finish(child);
}

#[test]
fn emulator_side_talks_to_libticables2_playing_the_host() {
    let Some(peer) = tiepeer("emulator_side_talks_to_libticables2_playing_the_host") else {
        return;
    };
    let _lock = clean_link();
    let mut child = spawn(
        &peer,
        &[
            "-p",
            "2",
            "-d",
            "200",
            "recv=01",
            "send=08680000",
            "recv=98560000",
            "sendpat=3000",
            "recvpat=3000",
        ],
    );
    let mut cable = open_retrying(Side::Emulator, &mut child);
    hello(&mut cable);
    let mut rdy = [0u8; 4];
    cable.recv(&mut rdy, DEFAULT_TIMEOUT).unwrap();
    assert_eq!(rdy, [0x08, 0x68, 0x00, 0x00]);
    cable
        .send(&[0x98, 0x56, 0x00, 0x00], DEFAULT_TIMEOUT)
        .unwrap();
    let mut got = vec![0u8; 3000];
    cable.recv(&mut got, DEFAULT_TIMEOUT).unwrap();
    assert!(got == pattern(3000));
    cable.send(&pattern(3000), DEFAULT_TIMEOUT).unwrap();
    finish(child);
}

#[test]
fn a_peer_that_leaves_is_reported_as_a_disconnection() {
    let Some(peer) = tiepeer("a_peer_that_leaves_is_reported_as_a_disconnection") else {
        return;
    };
    let _lock = clean_link();
    // The peer opens 200 ms after us: a peer started at the same moment as this side's open
    // can fail its own open (libticables2 checks for the FIFOs, then makes them).
    let mut child = spawn(&peer, &["-p", "1", "-d", "200", "recv=01", "send=aa"]);
    let mut cable = open_retrying(Side::Host, &mut child);
    hello(&mut cable);
    let mut one = [0u8; 1];
    cable.recv(&mut one, DEFAULT_TIMEOUT).unwrap();
    assert_eq!(one, [0xAA]);
    finish(child);
    let mut more = [0u8; 4];
    match cable.recv(&mut more, Duration::from_millis(300)) {
        Err(CableError::Disconnected { .. }) => {}
        other => panic!("expected Disconnected, got {other:?}"),
    }
    assert!(!cable.peer_present());
}

#[test]
fn a_silent_peer_is_a_timeout_that_counts_the_bytes() {
    let Some(peer) = tiepeer("a_silent_peer_is_a_timeout_that_counts_the_bytes") else {
        return;
    };
    let _lock = clean_link();
    // The peer opens 200 ms after us (as above).
    let mut child = spawn(
        &peer,
        &["-p", "1", "-d", "200", "recv=01", "send=0102", "sleep=1500"],
    );
    let mut cable = open_retrying(Side::Host, &mut child);
    hello(&mut cable);
    let mut four = [0u8; 4];
    match cable.recv(&mut four, Duration::from_millis(400)) {
        Err(CableError::Timeout {
            got: 2, wanted: 4, ..
        }) => {}
        other => panic!("expected a timeout after 2 of 4 bytes, got {other:?}"),
    }
    finish(child);
}

#[test]
fn stale_state_is_removed_and_a_live_user_is_named() {
    let Some(peer) = tiepeer("stale_state_is_removed_and_a_live_user_is_named") else {
        return;
    };
    let _lock = clean_link();
    // A live libticables2 user (waiting for a partner that never comes) holds the segment.
    let peer = spawn(&peer, &["-p", "1", "sleep=1"]);
    let start = Instant::now();
    while link_users().unwrap().is_none_or(|u| u.attached == 0) {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "tiepeer never opened the link"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    // libticables2 creates the FIFOs right after attaching.
    std::thread::sleep(Duration::from_millis(200));
    let err = remove_stale_state().unwrap_err().to_string();
    assert!(err.contains("still use the virtual link"), "{err}");
    assert!(err.contains(&peer.id().to_string()), "{err}");
    // Killed, it leaves the segment (counter 1, nobody attached) and both FIFOs behind.
    drop(peer);
    assert!(std::path::Path::new(FIFO_0_TO_1).exists());
    assert!(std::path::Path::new(FIFO_1_TO_0).exists());
    let removed = remove_stale_state().unwrap();
    assert!(removed.segment, "{removed:?}");
    assert_eq!(removed.fifos.len(), 2, "{removed:?}");
    assert!(!std::path::Path::new(FIFO_0_TO_1).exists());
    assert_eq!(remove_stale_state().unwrap(), Default::default());
}
