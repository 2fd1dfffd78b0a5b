//! The link commands with the USB cables when none is plugged in (the case here and in CI):
//! each says what is missing and what to do, and leaves no file behind; `probe` lists what is
//! there. The transfers themselves are tested in ti-link (simulated devices, libticalcs2).

mod common;

use common::ti68k;

fn no_usb_device() -> bool {
    ti_link::cable::usb::list_devices().is_ok_and(|d| d.is_empty())
}

#[test]
fn every_link_command_takes_the_usb_cables() {
    if !no_usb_device() {
        eprintln!("a TI USB device is plugged in: this test wants none");
        return;
    }
    let dir = testkit::scratch!("cli-no-cable");
    let out = dir.to_str().unwrap();
    for (cable, missing) in [("silver", "no SilverLink"), ("usb", "no TI-89 Titanium")] {
        for args in [
            vec!["send", "--cable", cable, "x.89s"],
            vec!["recv", "--cable", cable, "-d", out, "main\\x"],
            vec!["ls", "--cable", cable],
            vec!["screenshot", "--cable", cable, "-o", "shot.png"],
            vec!["backup", "--cable", cable, "-o", "b.89g"],
            vec!["restore", "--cable", cable, "b.89g"],
            vec!["info", "--cable", cable],
            vec!["key", "--cable", cable, "enter"],
        ] {
            let (ok, text) = ti68k(&args);
            assert!(!ok, "{args:?}");
            // send and restore read their file first: it does not exist.
            if args[0] == "send" || args[0] == "restore" {
                assert!(text.contains("cannot read"), "{args:?}: {text}");
                continue;
            }
            assert!(text.contains(missing), "{args:?}: {text}");
            assert!(text.contains("ti68k probe"), "{args:?}: {text}");
        }
    }
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        0,
        "no partial file"
    );
}

#[test]
fn the_titanium_port_needs_the_right_model_and_a_dusb_command() {
    let (ok, text) = ti68k(&["ls", "--cable", "usb", "--model", "v200"]);
    assert!(!ok);
    assert!(text.contains("has none: use a SilverLink"), "{text}");
    let (ok, text) = ti68k(&[
        "match", "--cable", "usb", "--ai1", "random", "--ai2", "random",
    ]);
    assert!(!ok);
    assert!(text.contains("DBUS protocol"), "{text}");
    let (ok, text) = ti68k(&["ls", "--cable", "silver:9"]);
    assert!(!ok);
    assert!(text.contains("unknown cable"), "{text}");
}

#[test]
fn probe_lists_usb_serial_and_tiemu() {
    let (ok, text) = ti68k(&["probe", "--no-talk"]);
    assert!(ok, "{text}");
    for section in ["USB:", "Serial ports:", "TiEmu virtual link:"] {
        assert!(text.contains(section), "{text}");
    }
}
