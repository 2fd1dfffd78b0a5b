//! libticalcs2 against our DUSB implementation, through a virtual channel: the oracle
//! `tools/oracle/calcpeer.c` runs libticalcs2's Titanium code (`CALC_TI89T_USB`) over a cable
//! of its own that carries the bytes through a Unix socket to the simulated Titanium of
//! `fakecalc/titanium.rs` (on a simulated USB device), and logs every cable call it makes.
//! Then this crate's `Titanium` runs the same operations against a fresh simulated Titanium,
//! through a recorder of its cable calls. The two logs must be equal, call for call and byte
//! for byte: every raw packet sent, every receive of a header or a payload, every zero-length
//! write and read. (libticables2 turns each call into USB transfers the same way our
//! DirectLink does: `usb_cables.rs`.) Results are compared too: the listing, the received
//! files, the identity.
//!
//! The simulated calculator is this crate's packet layer seen from the other side, so
//! libticalcs2 accepting its answers checks that layer's calculator-side encoding as well.

use std::io::{Read, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[path = "fakecalc/titanium.rs"]
mod titanium;

use ti_files::{
    FlashBlock, FlashDataType, FlashFile, Model, Value, VarFile, VarPath, VarType, Variable,
};
use ti_link::cable::directlink::DirectLink;
use ti_link::cable::usb::sim::{sim_pair, SimUsb};
use ti_link::cable::usb::BulkPipe;
use ti_link::ops::backup;
use ti_link::{Cable, CableError, Titanium};
use titanium::FakeTitanium;

const PKGS: &[&str] = &["ticalcs2", "tifiles2", "ticables2", "ticonv", "glib-2.0"];

/// A cable that logs every call in calcpeer's format.
struct Recorder<C: Cable> {
    inner: C,
    log: Vec<String>,
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

impl<C: Cable> Cable for Recorder<C> {
    fn describe(&self) -> String {
        self.inner.describe()
    }
    fn send(&mut self, bytes: &[u8], timeout: Duration) -> Result<(), CableError> {
        self.log.push(format!("W {}", hex(bytes)));
        self.inner.send(bytes, timeout)
    }
    fn recv(&mut self, buf: &mut [u8], timeout: Duration) -> Result<(), CableError> {
        self.log.push(format!("R {}", buf.len()));
        self.inner.recv(buf, timeout)
    }
    fn discard_input(&mut self) -> Result<(), CableError> {
        self.inner.discard_input()
    }
    fn send_zero_length(&mut self, timeout: Duration) -> Result<(), CableError> {
        self.log.push("W".into());
        self.inner.send_zero_length(timeout)
    }
    fn recv_zero_length(&mut self, timeout: Duration) -> Result<(), CableError> {
        self.log.push("R 0".into());
        self.inner.recv_zero_length(timeout)
    }
}

/// Starts a simulated Titanium with `setup` applied; returns the computer's pipe.
fn titanium(setup: &dyn Fn(&mut FakeTitanium)) -> SimUsb {
    let (pipe, dev) = sim_pair(64);
    let mut fake = FakeTitanium::new(dev);
    setup(&mut fake);
    std::thread::spawn(move || fake.serve());
    pipe
}

/// Runs calcpeer with `ops` against a simulated Titanium; returns its cable log and stdout.
fn libticalcs2(
    exe: &Path,
    dir: &Path,
    ops: &[String],
    setup: &dyn Fn(&mut FakeTitanium),
) -> (Vec<String>, String) {
    let sock = dir.join("sock");
    let log = dir.join("calls.log");
    let _ = std::fs::remove_file(&sock);
    let listener = UnixListener::bind(&sock).unwrap();
    let child = Command::new(exe)
        .arg("-s")
        .arg(&sock)
        .arg("-l")
        .arg(&log)
        .arg("-f")
        .args(ops)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (stream, _) = listener.accept().unwrap();
    let pipe = Arc::new(Mutex::new(titanium(setup)));
    // Computer to calculator: framed sends become bulk OUT transfers.
    let (mut rd, out_pipe) = (stream.try_clone().unwrap(), pipe.clone());
    std::thread::spawn(move || loop {
        let mut len = [0u8; 4];
        if rd.read_exact(&mut len).is_err() {
            return;
        }
        let mut bytes = vec![0u8; u32::from_be_bytes(len) as usize];
        if rd.read_exact(&mut bytes).is_err() {
            return;
        }
        let _ = out_pipe
            .lock()
            .unwrap()
            .write(&bytes, Duration::from_secs(1));
    });
    // Calculator to computer: packets become the socket's byte stream.
    let mut wr: UnixStream = stream;
    std::thread::spawn(move || {
        let mut buf = [0u8; 64];
        loop {
            let r = pipe
                .lock()
                .unwrap()
                .read(&mut buf, Duration::from_millis(1));
            match r {
                Ok(n) => {
                    if wr.write_all(&buf[..n]).is_err() {
                        return;
                    }
                }
                // Let the other direction take the pipe (a std mutex is not fair).
                Err(ti_link::cable::usb::UsbFault::Timeout { .. }) => {
                    std::thread::sleep(Duration::from_millis(1))
                }
                Err(_) => return,
            }
        }
    });
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let calls = std::fs::read_to_string(&log).unwrap();
    (calls.lines().map(str::to_string).collect(), stdout)
}

fn ours(setup: &dyn Fn(&mut FakeTitanium)) -> Titanium<Recorder<DirectLink<SimUsb>>> {
    let cable = DirectLink::over(titanium(setup));
    let mut t = Titanium::new(Recorder {
        inner: cable,
        log: Vec::new(),
    });
    t.delays = ti_link::DusbDelays::NONE;
    t
}

fn oracle() -> Option<PathBuf> {
    testkit::oracle!("calcpeer", PKGS)
}

fn same_calls(theirs: &[String], ours: &[String], what: &str) {
    for (i, (a, b)) in theirs.iter().zip(ours).enumerate() {
        assert_eq!(
            a, b,
            "{what}: call {i} differs (libticalcs2 left, ours right)"
        );
    }
    assert_eq!(theirs.len(), ours.len(), "{what}: number of cable calls");
}

fn path(s: &str) -> VarPath {
    VarPath::parse(s).unwrap()
}

fn none(_: &mut FakeTitanium) {}

/// Ready, listing, screenshot, key, execute, identity, free memory, delete.
#[test]
fn commands_equal_libticalcs2() {
    let Some(exe) = oracle() else { return };
    let dir = testkit::scratch!("dusb-oracle-commands");
    let ops: Vec<String> = [
        "ready",
        "dirlist",
        "screen",
        "key=277",
        "exec=main,str1,21,",
        "version",
        "memfree",
        "del=main,str1,0c",
    ]
    .map(String::from)
    .to_vec();
    let (theirs, out) = libticalcs2(&exe, &dir, &ops, &none);
    assert!(out.ends_with("ok\n"), "{out}");
    assert!(out.contains("var main str1 0c 10 0"), "{out}");
    assert!(out.contains("app tetris 24 3000"), "{out}");
    assert!(out.contains("screen 240x128"), "{out}");
    assert!(
        out.contains(
            "version os=3.10 boot=3.00b2 hw=4 id=0123456789ABCD ram_free=180000 flash_free=2600000"
        ),
        "{out}"
    );
    assert!(out.contains("memfree ram=180000 flash=2600000"), "{out}");

    let mut t = ours(&none);
    t.ready().unwrap();
    let listing = t.listing().unwrap();
    t.screenshot().unwrap();
    t.send_key(277).unwrap();
    t.execute(&path("main\\str1"), VarType::ASM, "").unwrap();
    let id = t.identity().unwrap();
    assert_eq!(t.free_memory().unwrap(), (180_000, 2_600_000));
    t.delete_variable(&path("main\\str1"), VarType::STR)
        .unwrap();
    same_calls(&theirs, &t.cable().log, "commands");
    assert_eq!(listing.folders[0].entries[0].size, 10);
    assert_eq!(id.hardware_version, Some(4));
}

/// Variables and applications both ways: an even-sized variable (a ready check first), an
/// odd-sized one (a smaller buffer after its request to send), a 3,122-byte program (several
/// fragments; the last, 123 bytes + 5, is two USB packets: a zero-length write follows), a
/// received variable, an application each way; the files libticalcs2 writes must hold what
/// ours receives.
#[test]
fn transfers_equal_libticalcs2() {
    let Some(exe) = oracle() else { return };
    let dir = testkit::scratch!("dusb-oracle-transfers");
    let even = Variable::new(path("main\\even"), &Value::Str("hello".into())).unwrap();
    let odd = Variable::new(path("games\\odd"), &Value::Str("odd!".into())).unwrap();
    let big = Variable::asm_program(
        path("main\\big"),
        (0..3117u32)
            .map(|i| (i * 7) as u8)
            .chain([0, 0, 0xF3])
            .collect(),
    )
    .unwrap();
    assert_eq!(
        (even.image_len() % 2, odd.image_len() % 2, big.image_len()),
        (0, 1, 3122)
    );
    let mut files = Vec::new();
    for v in [&even, &odd, &big] {
        let f = dir.join(format!(
            "{}.89{}",
            v.name,
            v.var_type.extension_letter().unwrap()
        ));
        std::fs::write(
            &f,
            VarFile::single(Model::Ti89, v.clone()).to_bytes().unwrap(),
        )
        .unwrap();
        files.push(f);
    }
    let app_data = [0x81]
        .into_iter()
        .chain((1..2500u32).map(|i| i as u8))
        .collect();
    let app = FlashBlock::new("mine", 0x98, FlashDataType::App, app_data);
    let app_file = dir.join("mine.89k");
    std::fs::write(
        &app_file,
        FlashFile {
            blocks: vec![app.clone()],
            trailer: vec![],
        }
        .to_bytes()
        .unwrap(),
    )
    .unwrap();
    let got_str = dir.join("str1.89s");
    let got_app = dir.join("tetris.89k");
    let mut ops: Vec<String> = vec!["ready".into()];
    ops.extend(files.iter().map(|f| format!("send={}", f.display())));
    ops.push(format!("recv=main,str1,0c,{},10", got_str.display()));
    ops.push(format!("sendapp={}", app_file.display()));
    ops.push(format!("recvapp=tetris,{}", got_app.display()));
    let (theirs, out) = libticalcs2(&exe, &dir, &ops, &none);
    assert!(out.ends_with("ok\n"), "{out}");

    let mut t = ours(&none);
    t.ready().unwrap();
    for v in [&even, &odd, &big] {
        t.send_variable(v).unwrap();
    }
    let str1 = t.recv_variable(&path("main\\str1"), VarType::STR).unwrap();
    t.send_app(&app).unwrap();
    let tetris = t.recv_app("tetris").unwrap();
    same_calls(&theirs, &t.cable().log, "transfers");
    assert!(
        theirs.iter().any(|c| c == "W"),
        "the zero-length write was exercised"
    );

    let theirs_str =
        VarFile::from_bytes_with_extension(&std::fs::read(&got_str).unwrap(), "89s").unwrap();
    assert_eq!(theirs_str.variables[0].data, str1.data);
    let theirs_app = FlashFile::parse(&std::fs::read(&got_app).unwrap()).unwrap();
    assert_eq!(theirs_app.blocks[0].data, tetris.data);
}

/// libticalcs2's backup of a Titanium (`tixx_recv_all_vars_backup`: listing, then a ready
/// check and a request per variable) and ours make the same calls and the same group.
#[test]
fn backup_equals_libticalcs2() {
    let Some(exe) = oracle() else { return };
    let dir = testkit::scratch!("dusb-oracle-backup");
    let setup = |f: &mut FakeTitanium| {
        f.store.lock().unwrap().insert(
            (b"ai1".to_vec(), b"colonne".to_vec()),
            (0x00, vec![0, 3, 3, 1, 0x1F], 1),
        );
    };
    let out_file = dir.join("backup.89g");
    let ops = vec![
        "ready".to_string(),
        format!("backup={}", out_file.display()),
    ];
    let (theirs, out) = libticalcs2(&exe, &dir, &ops, &setup);
    assert!(out.ends_with("ok\n"), "{out}");

    let mut t = ours(&setup);
    t.ready().unwrap();
    let group = backup::backup(&mut t, &|| false, &mut |_, _, _| {}).unwrap();
    same_calls(&theirs, &t.cable().log, "backup");
    let theirs_group =
        VarFile::from_bytes_with_extension(&std::fs::read(&out_file).unwrap(), "89g").unwrap();
    let names = |f: &VarFile| {
        f.variables
            .iter()
            .map(|v| (v.path().to_string(), v.data.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(names(&theirs_group), names(&group));
}

/// The calculator's own requests: a delay acknowledgement before every reply (libticalcs2's
/// `CATCH_DELAY`) and a buffer size request in place of the acknowledgement of a variable's
/// contents (`dusb_recv_acknowledge`) get the same answers from both hosts. (The contents fit
/// in one fragment: when more fragments follow, libticalcs2 keeps the count computed with the
/// old size and reads past its data; ours splits the rest at the new size, `dusb_titanium.rs`.)
#[test]
fn delays_and_buffer_requests_equal_libticalcs2() {
    let Some(exe) = oracle() else { return };
    let dir = testkit::scratch!("dusb-oracle-delays");
    let setup = |f: &mut FakeTitanium| {
        f.faults.delay_us = Some(1000);
        f.faults.buffer_request_in_contents = Some(0x200);
    };
    let var = Variable::new(path("main\\hi"), &Value::Str("hello".into())).unwrap();
    let file = dir.join("hi.89s");
    std::fs::write(
        &file,
        VarFile::single(Model::Ti89, var.clone())
            .to_bytes()
            .unwrap(),
    )
    .unwrap();
    let ops = vec![
        "ready".to_string(),
        "dirlist".into(),
        format!("send={}", file.display()),
    ];
    let (theirs, out) = libticalcs2(&exe, &dir, &ops, &setup);
    assert!(out.ends_with("ok\n"), "{out}");

    let mut t = ours(&setup);
    t.ready().unwrap();
    t.listing().unwrap();
    t.send_variable(&var).unwrap();
    same_calls(&theirs, &t.cable().log, "delays and buffer requests");
    assert_eq!(t.buffer_size(), 0x200);
}
