//! The DUSB operations over the Titanium's USB cable, against a simulated Titanium on a
//! simulated USB device: every operation end to end, the exact transfers of a ready check
//! (libticalcs2 `is_ready` = `dusb_cmd_s_mode_set` + `dusb_cmd_r_mode_ack`), and the faults: a
//! delay acknowledgement, an error packet, a virtual packet cut in two, a buffer size request
//! in place of an acknowledgement, a wrong acknowledgement, and the calculator gone in the
//! middle of a transfer. `dusb_oracle.rs` compares the same operations with libticalcs2.

use std::thread::JoinHandle;

#[path = "fakecalc/titanium.rs"]
mod titanium;

use ti_files::{Attribute, FlashBlock, FlashDataType, Value, VarPath, VarType, Variable};
use ti_link::cable::directlink::DirectLink;
use ti_link::cable::usb::sim::{sim_pair, SimDevice, SimUsb, Transfer};
use ti_link::ops::backup;
use ti_link::{CableError, LinkError, Operations, Titanium};
use titanium::{stored_type, FakeTitanium, Faults, Store};

type Calc = Titanium<DirectLink<SimUsb>>;

fn start(faults: Faults) -> (Calc, SimDevice, Store, JoinHandle<String>) {
    let (pipe, dev) = sim_pair(64);
    let mut fake = FakeTitanium::new(dev.clone());
    fake.faults = faults;
    let store = fake.store.clone();
    let server = std::thread::spawn(move || fake.serve());
    let mut calc = Titanium::new(DirectLink::over(pipe));
    calc.delays = ti_link::DusbDelays::NONE;
    (calc, dev, store, server)
}

fn path(s: &str) -> VarPath {
    VarPath::parse(s).unwrap()
}

/// libticalcs2's ready check, transfer by transfer: the buffer size request (one transfer),
/// the allocation (header, payload), the mode set (one raw packet, one transfer), its
/// acknowledgement, the mode acknowledgement (header, payload), our acknowledgement of it.
#[test]
fn ready_check_transfers() {
    let (mut calc, dev, _, _server) = start(Faults::default());
    calc.ready().unwrap();
    assert_eq!(calc.buffer_size(), 1023);
    assert_eq!(
        dev.transfers(),
        [
            Transfer::Out(vec![0, 0, 0, 4, 1, 0, 0, 4, 0]),
            Transfer::In(vec![0, 0, 0, 4, 2]),
            Transfer::In(vec![0, 0, 3, 0xFF]),
            Transfer::Out(vec![
                0, 0, 0, 0x10, 4, 0, 0, 0, 0x0A, 0, 1, 0, 3, 0, 1, 0, 0, 0, 0, 0x07, 0xD0
            ]),
            Transfer::In(vec![0, 0, 0, 2, 5]),
            Transfer::In(vec![0xE0, 0]),
            Transfer::In(vec![0, 0, 0, 6, 4]),
            Transfer::In(vec![0, 0, 0, 0, 0, 0x12]),
            Transfer::Out(vec![0, 0, 0, 2, 5, 0xE0, 0]),
        ]
    );
}

#[test]
fn every_operation_end_to_end() {
    let (mut calc, _dev, store, _server) = start(Faults::default());
    calc.ready().unwrap();

    // Listing: folder main with str1, and the application.
    let listing = calc.listing().unwrap();
    assert_eq!(listing.folders.len(), 1);
    assert_eq!(listing.folders[0].folder.to_string(), "main");
    let e = &listing.folders[0].entries[0];
    assert_eq!(
        (e.name.to_string(), e.var_type, e.size),
        ("str1".into(), VarType::STR, 10)
    );
    assert_eq!(listing.apps.len(), 1);
    assert_eq!(listing.apps[0].name.to_string(), "tetris");

    // Receive, send back under another name, a locked one, an odd-sized one.
    let s = calc.get_variable(&path("main\\str1")).unwrap();
    assert_eq!(s.value(), Value::Str("hello".into()));
    let mut t = Variable::new(path("games\\t"), &Value::Str("odd!".into())).unwrap();
    assert_eq!(
        t.image_len() % 2,
        1,
        "odd size: a smaller buffer is negotiated"
    );
    t.attribute = Attribute::Locked;
    calc.send_variable(&t).unwrap();
    assert_eq!(calc.buffer_size(), 0x3A);
    assert_eq!(stored_type(&store, "games", "t"), Some(0x0C));
    let back = calc.get_variable(&path("games\\t")).unwrap();
    assert_eq!(back.value(), Value::Str("odd!".into()));
    assert_eq!(back.attribute, Attribute::Locked);

    // A big program: several fragments, the zero-length-packet rules on the way.
    let big = Variable::asm_program(
        path("main\\big"),
        (0..5000u32)
            .map(|i| (i * 7) as u8)
            .chain([0, 0, 0xF3])
            .collect(),
    )
    .unwrap();
    calc.send_variable(&big).unwrap();
    assert_eq!(calc.get_variable(&path("main\\big")).unwrap(), big);

    // Screenshot, identity, keys, run, delete.
    let shot = calc.screenshot().unwrap();
    assert_eq!((shot.width(), shot.height()), (160, 100));
    assert_eq!(shot.dark_pixels(), 160 * 100 / 2);
    let id = calc.identity().unwrap();
    assert_eq!(id.os_version.as_deref(), Some("3.10"));
    assert_eq!(id.boot_version.as_deref(), Some("3.00b2"));
    assert_eq!(id.ram_free, Some(180_000));
    assert_eq!(id.flash_free, Some(2_600_000));
    assert_eq!(id.calculator_id.as_deref(), Some("0123456789ABCD"));
    assert_eq!(id.lcd, Some((160, 100)));
    calc.send_key(277).unwrap();
    calc.type_text("1+1").unwrap();
    calc.execute(&path("main\\big"), VarType::ASM, "").unwrap();
    calc.delete_variable(&path("main\\big"), VarType::ASM)
        .unwrap();
    assert_eq!(stored_type(&store, "main", "big"), None);

    // FLASH applications both ways.
    let app = calc.recv_app("tetris").unwrap();
    assert_eq!(app.data.len(), 3000);
    let mine = FlashBlock::new("mine", 0x98, FlashDataType::App, vec![0x42; 2100]);
    calc.send_app(&mine).unwrap();
    assert_eq!(calc.recv_app("mine").unwrap().data, mine.data);
}

#[test]
fn backup_and_restore_through_one_group_file() {
    let (mut calc, _dev, store, _server) = start(Faults::default());
    calc.ready().unwrap();
    let x = Variable::new(path("ai1\\colonne"), &Value::Integer(3.into())).unwrap();
    calc.send_variable(&x).unwrap();
    let mut seen = Vec::new();
    let file = backup::backup(&mut calc, &|| false, &mut |p, i, n| {
        seen.push(format!("{p} {i}/{n}"))
    })
    .unwrap();
    assert_eq!(seen, ["ai1\\colonne 1/2", "main\\str1 2/2"]);
    assert_eq!(file.extension(), "89g");
    assert_eq!(file.variables.len(), 2);
    // Empty the calculator, restore, compare.
    store.lock().unwrap().clear();
    backup::restore(&mut calc, &file, &|| false, &mut |_, _, _| {}).unwrap();
    assert_eq!(calc.get_variable(&path("ai1\\colonne")).unwrap(), x);
    assert_eq!(stored_type(&store, "main", "str1"), Some(0x0C));
    // A stop request between variables: nothing more is asked of the calculator.
    let e = backup::backup(&mut calc, &|| true, &mut |_, _, _| {}).unwrap_err();
    assert!(
        matches!(
            e,
            LinkError::Cancelled {
                done: 0,
                total: 2,
                ..
            }
        ),
        "{e}"
    );
    calc.ready().unwrap();
}

#[test]
fn delay_acknowledgements_are_waited_out() {
    let (mut calc, _dev, _, _server) = start(Faults {
        delay_us: Some(20_000),
        ..Faults::default()
    });
    calc.ready().unwrap();
    assert_eq!(calc.listing().unwrap().folders.len(), 1);
}

#[test]
fn an_error_packet_is_reported_with_its_code() {
    let (mut calc, _dev, store, _server) = start(Faults {
        refuse_rts: Some(0x0021),
        ..Faults::default()
    });
    calc.ready().unwrap();
    let v = Variable::new(path("main\\x"), &Value::Integer(1.into())).unwrap();
    let e = calc.send_variable(&v).unwrap_err();
    assert!(
        matches!(
            e,
            LinkError::CalculatorError {
                code: 0x0021,
                known: Some(12),
                ..
            }
        ),
        "{e}"
    );
    assert!(
        e.to_string().contains("error 0x0021 while sending main\\x"),
        "{e}"
    );
    assert_eq!(
        stored_type(&store, "main", "x"),
        None,
        "nothing half-stored"
    );
    calc.ready().unwrap();
}

#[test]
fn a_virtual_packet_cut_in_two_is_an_error() {
    let (mut calc, _dev, _, _server) = start(Faults {
        cut_contents: true,
        ..Faults::default()
    });
    calc.ready().unwrap();
    let e = calc.recv_app("tetris").unwrap_err();
    assert!(matches!(e, LinkError::Packet(_)), "{e}");
    assert!(
        e.to_string()
            .contains("declares 3000 bytes but ended after"),
        "{e}"
    );
}

#[test]
fn a_buffer_request_in_place_of_an_acknowledgement_is_granted() {
    let (mut calc, dev, _, _server) = start(Faults {
        buffer_request_in_contents: Some(200),
        ..Faults::default()
    });
    calc.ready().unwrap();
    let big = Variable::asm_program(
        path("main\\big"),
        vec![0x4E; 3000].into_iter().chain([0, 0, 0xF3]).collect(),
    )
    .unwrap();
    calc.send_variable(&big).unwrap();
    assert_eq!(calc.buffer_size(), 200);
    // The allocation, then the rest of the contents split at the new size.
    let t = dev.transfers();
    let alloc = Transfer::Out(vec![0, 0, 0, 4, 2, 0, 0, 0, 200]);
    let at = t
        .iter()
        .position(|x| *x == alloc)
        .expect("the allocation was sent");
    let after: Vec<usize> = t[at + 1..]
        .iter()
        .filter_map(|x| match x {
            Transfer::Out(b) if b.len() > 7 => Some(b.len() - 5),
            _ => None,
        })
        .collect();
    assert!(
        after.len() > 10 && after.iter().all(|&n| n <= 200),
        "{after:?}"
    );
}

#[test]
fn a_wrong_acknowledgement_is_an_error() {
    let (mut calc, _dev, _, _server) = start(Faults {
        bad_ack: Some([0x12, 0x34]),
        ..Faults::default()
    });
    calc.ready().unwrap_err();
    let (mut calc, _dev, _, _server) = start(Faults {
        bad_ack: Some([0xE0, 0x34]),
        ..Faults::default()
    });
    calc.ready()
        .expect("libticalcs2 accepts one right byte of two");
}

#[test]
fn the_calculator_gone_mid_transfer_is_reported() {
    let (mut calc, _dev, store, server) = start(Faults {
        vanish_after_fragments: Some(2),
        ..Faults::default()
    });
    calc.ready().unwrap();
    let big = Variable::asm_program(
        path("main\\big"),
        vec![1; 4000].into_iter().chain([0, 0, 0xF3]).collect(),
    )
    .unwrap();
    let e = calc.send_variable(&big).unwrap_err();
    assert!(
        matches!(e, LinkError::Cable(CableError::Disconnected { .. })),
        "{e}"
    );
    assert!(e.to_string().contains("unplugged"), "{e}");
    assert_eq!(server.join().unwrap(), "unplugged on purpose");
    assert_eq!(
        stored_type(&store, "main", "big"),
        None,
        "no partial variable"
    );
}

#[test]
fn a_buffer_too_small_for_any_packet_is_refused() {
    let (mut calc, _dev, _, _server) = start(Faults {
        allocate: Some(3),
        ..Faults::default()
    });
    let e = calc.ready().unwrap_err();
    assert!(
        e.to_string().contains("raw packets of 3 bytes, too small"),
        "{e}"
    );
}
