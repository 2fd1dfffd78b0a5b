//! The two USB cables on a simulated device: the USB transfers they make must be the ones
//! libticables2 makes (`libticables/trunk/src/linux/link_usb1.cc`: `send_block` writes each
//! send as one bulk transfer; `slv_get_` reads one packet of the endpoint's maximum size at a
//! time into a buffer, reading again past empty packets; `slv_get` with a length of 0 makes
//! one more read after a full packet, for the Titanium only), and every fault must end in an
//! error that says what happened.

use std::time::Duration;

use ti_link::cable::directlink::DirectLink;
use ti_link::cable::silverlink::SilverLink;
use ti_link::cable::usb::sim::{sim_pair, Transfer};
use ti_link::{Cable, CableError};

const T: Duration = Duration::from_millis(200);

/// SilverLink, 32-byte packets: a 4-byte RDY goes out as one transfer; the calculator's 8-byte
/// answer (ACK, CTS) arrives in one packet and serves two reads without another transfer.
#[test]
fn silverlink_transfers_like_libticables2() {
    let (pipe, dev) = sim_pair(32);
    let mut c = SilverLink::over(pipe);
    assert!(c.describe().starts_with("SilverLink on simulated device"));
    c.send(&[0x08, 0x68, 0, 0], T).unwrap();
    dev.send_transfer(&[0x98, 0x56, 0, 0, 0x98, 0x09, 0, 0]);
    let mut buf = [0u8; 4];
    c.recv(&mut buf, T).unwrap();
    c.recv(&mut buf, T).unwrap();
    assert_eq!(buf, [0x98, 0x09, 0, 0]);
    // A 40-byte packet stream: 32 + 8, the full one read first.
    let data: Vec<u8> = (0..40).collect();
    dev.send_transfer(&data);
    let mut big = [0u8; 40];
    c.recv(&mut big, T).unwrap();
    assert_eq!(big.to_vec(), data);
    assert_eq!(
        dev.transfers(),
        [
            Transfer::Out(vec![0x08, 0x68, 0, 0]),
            Transfer::In(vec![0x98, 0x56, 0, 0, 0x98, 0x09, 0, 0]),
            Transfer::In(data[..32].to_vec()),
            Transfer::In(data[32..].to_vec()),
        ]
    );
    // A zero-length send is a zero-length transfer (libticables2 `slv_put` with length 0); the
    // zero-length read is for the direct USB products only.
    c.send_zero_length(T).unwrap();
    c.recv_zero_length(T).unwrap();
    assert_eq!(dev.transfers()[4..], [Transfer::Out(vec![])]);
}

/// Empty packets are read again (libticables2's `while (!len && !ret)`), until the timeout.
#[test]
fn empty_packets_are_skipped() {
    let (pipe, dev) = sim_pair(32);
    let mut c = SilverLink::over(pipe);
    dev.send_transfer(&[0; 32]); // 32 bytes, then a zero-length packet
    dev.send_transfer(&[7]);
    let mut buf = [0u8; 33];
    c.recv(&mut buf, T).unwrap();
    assert_eq!(buf[32], 7);
    assert_eq!(
        dev.transfers(),
        [
            Transfer::In(vec![0; 32]),
            Transfer::In(vec![]),
            Transfer::In(vec![7])
        ]
    );
}

/// The Titanium's port: a zero-length write is a zero-length bulk transfer; a zero-length read
/// reads once more only after a full 64-byte packet whose bytes were all served.
#[test]
fn directlink_zero_length_packets() {
    let (pipe, dev) = sim_pair(64);
    let mut c = DirectLink::over(pipe);
    c.send(&[0, 0, 0, 2, 5, 0xE0, 0], T).unwrap();
    c.send_zero_length(T).unwrap();
    // The calculator sends a 5-byte header, then a 64-byte payload (and its zero-length packet).
    dev.send_transfer(&[0, 0, 0, 64, 4]);
    dev.send_transfer(&[0x55; 64]);
    let mut h = [0u8; 5];
    c.recv(&mut h, T).unwrap();
    c.recv_zero_length(T).unwrap(); // after a short packet: nothing to do
    let mut p = [0u8; 64];
    c.recv(&mut p, T).unwrap();
    c.recv_zero_length(T).unwrap(); // after a full packet all served: one more read
    assert_eq!(
        dev.transfers(),
        [
            Transfer::Out(vec![0, 0, 0, 2, 5, 0xE0, 0]),
            Transfer::Out(vec![]),
            Transfer::In(vec![0, 0, 0, 64, 4]),
            Transfer::In(vec![0x55; 64]),
            Transfer::In(vec![]),
        ]
    );
    // No zero-length packet comes: the extra read times out, which is not an error
    // (libticalcs2 ignores it), and the bytes of a late packet are kept.
    dev.clear_transfers();
    dev.send_transfer(&[1; 64][..63]);
    dev.send_transfer(&[2]);
    let mut p = [0u8; 63];
    c.recv(&mut p, T).unwrap();
    c.recv_zero_length(T).unwrap();
    assert_eq!(
        dev.transfers().len(),
        1,
        "the packet was short: no extra read"
    );
}

#[test]
fn a_short_answer_times_out_with_the_count() {
    let (pipe, dev) = sim_pair(64);
    let mut c = DirectLink::over(pipe);
    dev.send_transfer(&[0, 0, 0]);
    let mut h = [0u8; 5];
    let e = c.recv(&mut h, T).unwrap_err();
    assert!(
        matches!(
            e,
            CableError::Timeout {
                got: 3,
                wanted: 5,
                ..
            }
        ),
        "{e}"
    );
    assert!(e.to_string().contains("3 of 5 bytes received"), "{e}");
}

#[test]
fn a_stalled_endpoint_is_cleared_and_reported() {
    let (pipe, dev) = sim_pair(32);
    let mut c = SilverLink::over(pipe);
    dev.stall();
    let e = c.send(&[1, 2, 3], T).unwrap_err();
    assert!(matches!(e, CableError::Stalled { .. }), "{e}");
    assert_eq!(
        e.to_string(),
        "SilverLink on simulated device: the USB endpoint stalled while writing (the halt was cleared; try again)"
    );
    c.send(&[1, 2, 3], T).unwrap();
    assert_eq!(dev.recv_transfer(T), Some(vec![1, 2, 3]));
}

#[test]
fn an_unplugged_device_is_reported() {
    let (pipe, dev) = sim_pair(64);
    let mut c = DirectLink::over(pipe);
    dev.send_transfer(&[1, 2]);
    dev.unplug();
    let mut b = [0u8; 2];
    let e = c.recv(&mut b, T).unwrap_err();
    assert!(matches!(e, CableError::Disconnected { .. }), "{e}");
    assert!(e.to_string().contains("unplugged"), "{e}");
    assert!(matches!(
        c.send(&[1], T),
        Err(CableError::Disconnected { .. })
    ));
}

/// Without hardware (the normal case here and in CI), opening reports what is connected.
#[test]
fn opening_without_a_device_says_what_is_there() {
    match SilverLink::open(1) {
        Ok(c) => eprintln!("a real SilverLink is plugged in: {}", c.describe()),
        Err(CableError::NotFound { detail, .. }) => {
            assert!(detail.contains("SilverLink"), "{detail}");
            assert!(detail.contains("ti68k probe"), "{detail}");
        }
        Err(e @ CableError::Unavailable { .. }) => {
            eprintln!("no USB here: {e}");
        }
        Err(e) => panic!("unexpected: {e}"),
    }
}
