//! The hardware suite: run by an owner of a cable and a calculator, never in CI (every test is
//! `#[ignore]`d, and needs `TI68K_HARDWARE`). One command (docs/testing.md#hardware-suite):
//!
//! ```text
//! tools/hardware silver            # a SilverLink and a TI-89 (or Titanium on its link port)
//! tools/hardware usb               # a TI-89 Titanium on its own USB port
//! tools/hardware silver v200       # a SilverLink and a Voyage 200 (ti92p for a TI-92 Plus)
//! ```
//!
//! which is `TI68K_HARDWARE=CABLE TI68K_HARDWARE_MODEL=MODEL cargo test -p ti-link --test
//! hardware -- --ignored --test-threads=1`. The calculator must be on, on its home screen, with
//! AMS (PedroM does not answer the version request). What each test sends and what it leaves
//! on the calculator is written above it and in docs/testing.md.

use std::time::Duration;

use ti_files::{Model, Value, VarFile, VarPath, VarType, Variable};
use ti_link::ops::backup;
use ti_link::{CableSpec, LinkError, Operations};

/// The folder the suite writes to, and deletes from: nothing else is changed.
const FOLDER: &str = "ti68ktst";

fn calc() -> Box<dyn Operations> {
    let spec: CableSpec = std::env::var("TI68K_HARDWARE")
        .expect("set TI68K_HARDWARE to the cable (silver, usb, gray:/dev/ttyUSB0...): tools/hardware CABLE [MODEL]")
        .parse()
        .expect("TI68K_HARDWARE: a cable as --cable takes it");
    let model: Model = std::env::var("TI68K_HARDWARE_MODEL")
        .unwrap_or_else(|_| "ti89".into())
        .parse()
        .expect("TI68K_HARDWARE_MODEL: ti89, ti92p or v200");
    let mut c = ti_link::ops::connect(&spec, model, Duration::from_millis(2000))
        .unwrap_or_else(|e| panic!("opening {spec}: {e}"));
    c.ready()
        .unwrap_or_else(|e| panic!("the calculator is not ready: {e}"));
    eprintln!("talking to {}", c.describe());
    c
}

fn path(name: &str) -> VarPath {
    VarPath::parse(&format!("{FOLDER}\\{name}")).unwrap()
}

fn out_dir() -> std::path::PathBuf {
    testkit::scratch!("hardware")
}

/// Sends: a ready check and the version request. Leaves: nothing.
#[test]
#[ignore = "needs a calculator on a cable: tools/hardware CABLE"]
fn hw_1_identity() {
    let mut c = calc();
    let id = c.identity().unwrap();
    eprint!("{id}");
    assert!(id.os_version.is_some(), "an OS version");
}

/// Sends: a listing request. Leaves: nothing.
#[test]
#[ignore = "needs a calculator on a cable: tools/hardware CABLE"]
fn hw_2_listing() {
    let mut c = calc();
    let l = c.listing().unwrap();
    for f in &l.folders {
        eprintln!("{}\\ {} variables", f.folder, f.entries.len());
    }
    eprintln!("{} FLASH applications", l.apps.len());
    assert!(
        l.folders.iter().any(|f| f.folder.to_string() == "main"),
        "a main folder"
    );
}

/// Sends: `ti68ktst\str` (a string), `ti68ktst\odd` (a string of odd size), `ti68ktst\big` (a
/// 5,000-byte ASM program that is never run), reads each back and compares, then deletes the
/// three (AMS 2.09 or later over DBUS). Leaves: the folder `ti68ktst`, empty.
#[test]
#[ignore = "needs a calculator on a cable: tools/hardware CABLE"]
fn hw_3_send_receive_delete() {
    let mut c = calc();
    let vars = [
        Variable::new(path("str"), &Value::Str("ti68k hardware test".into())).unwrap(),
        Variable::new(path("odd"), &Value::Str("odd!".into())).unwrap(),
        Variable::asm_program(
            path("big"),
            (0..4997u32)
                .map(|i| (i * 7) as u8)
                .chain([0, 0, 0xF3])
                .collect(),
        )
        .unwrap(),
    ];
    for v in &vars {
        c.send_variable(v)
            .unwrap_or_else(|e| panic!("sending {}: {e}", v.path()));
    }
    let listing = c.listing().unwrap();
    for v in &vars {
        let e = listing
            .find(&v.path())
            .unwrap_or_else(|| panic!("{} not listed", v.path()));
        assert_eq!(
            e.size as usize,
            v.image_len(),
            "{} size in the listing",
            v.path()
        );
        let back = c.recv_variable(&v.path(), v.var_type).unwrap();
        assert_eq!(back.data, v.data, "{} read back", v.path());
    }
    for v in &vars {
        c.delete_variable(&v.path(), v.var_type).unwrap();
    }
    let listing = c.listing().unwrap();
    assert!(
        vars.iter().all(|v| listing.find(&v.path()).is_none()),
        "deleted"
    );
}

/// Sends: a screenshot request. Leaves: nothing (the picture is saved in the scratch folder).
#[test]
#[ignore = "needs a calculator on a cable: tools/hardware CABLE"]
fn hw_4_screenshot() {
    let mut c = calc();
    let s = c.screenshot().unwrap();
    let (w, h) = c.model().screen_size();
    assert_eq!((s.width(), s.height()), (w, h));
    let f = out_dir().join("screen.png");
    std::fs::write(&f, s.to_png(2)).unwrap();
    eprintln!("screen saved to {}", f.display());
}

/// Sends: HOME (◆+Q on a TI-92 Plus / V200), then CLEAR twice. Leaves: the home screen with an
/// empty entry line.
#[test]
#[ignore = "needs a calculator on a cable: tools/hardware CABLE"]
fn hw_5_keys() {
    let mut c = calc();
    let model = c.model();
    c.send_key(ti_link::ops::keys::home(model)).unwrap();
    c.send_key(ti_link::ops::keys::CLEAR).unwrap();
    c.send_key(ti_link::ops::keys::CLEAR).unwrap();
}

/// Sends: a listing request, then a request for every variable. Leaves: nothing (the backup is
/// written to the scratch folder and read back).
#[test]
#[ignore = "needs a calculator on a cable: tools/hardware CABLE"]
fn hw_6_backup() {
    let mut c = calc();
    let file = backup::backup(c.as_mut(), &|| false, &mut |p, i, n| {
        eprintln!("[{i}/{n}] {p}")
    })
    .unwrap();
    let f = out_dir().join(format!("backup.{}", file.extension()));
    std::fs::write(&f, file.to_bytes().unwrap()).unwrap();
    let back =
        VarFile::from_bytes_with_extension(&std::fs::read(&f).unwrap(), &file.extension()).unwrap();
    assert_eq!(back.variables.len(), file.variables.len());
    eprintln!(
        "{} variables backed up to {}",
        file.variables.len(),
        f.display()
    );
}

/// Sends: a request for a variable that does not exist (`ti68ktst\nothere`). Leaves: nothing.
/// The calculator must say so, and answer a ready check afterwards.
#[test]
#[ignore = "needs a calculator on a cable: tools/hardware CABLE"]
fn hw_7_missing_variable() {
    let mut c = calc();
    let e = c.get_variable(&path("nothere")).unwrap_err();
    assert!(matches!(e, LinkError::NotFound { .. }), "{e}");
    let e = c.recv_variable(&path("nothere"), VarType::STR);
    eprintln!("direct request: {e:?}");
    c.ready().unwrap();
}
