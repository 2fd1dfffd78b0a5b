//! The GrayLink cable and the operations against a scripted calculator on a socat pty pair:
//! the bytes our host sends for ready, send string, send ASM, request, directory listing,
//! key, execute and screen must equal libticalcs2's own (docs/link.md#sequences), exactly.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

mod fakecalc;

use fakecalc::{FakeCalc, Log};
use ti_files::{Model, Value, VarPath, VarType, Variable};
use ti_link::cable::graylink::GrayLink;
use ti_link::{Calculator, Delays, LinkError};

fn hex(s: &str) -> Vec<u8> {
    s.split_whitespace()
        .map(|b| u8::from_str_radix(b, 16).unwrap())
        .collect()
}

struct Socat(Child);

impl Drop for Socat {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts socat with two linked ptys `pc` and `calc` in `dir`; `None` if socat is missing.
fn pty_pair(dir: &std::path::Path) -> Option<Socat> {
    let child = Command::new("socat")
        .arg(format!("pty,raw,echo=0,link={}", dir.join("pc").display()))
        .arg(format!(
            "pty,raw,echo=0,link={}",
            dir.join("calc").display()
        ))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    let child = match child {
        Ok(c) => Socat(c),
        Err(e) => {
            testkit::skip("GrayLink pty test", &format!("cannot run socat ({e})"));
            return None;
        }
    };
    let start = Instant::now();
    while !(dir.join("pc").exists() && dir.join("calc").exists()) {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "socat made no ptys"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    Some(child)
}

/// Waits until the calculator has read `n` bytes, then takes them from the log.
fn take(log: &Log, n: usize) -> Vec<u8> {
    let start = Instant::now();
    while log.lock().unwrap().len() < n && start.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(5));
    }
    std::mem::take(&mut *log.lock().unwrap())
}

#[test]
fn pc_bytes_equal_libticalcs2_captures() {
    let dir = testkit::scratch!("pty-graylink");
    let Some(_socat) = pty_pair(&dir) else { return };

    let mut fake = FakeCalc::new(Model::Ti89);
    let log = fake.log.clone();
    let calc_path = dir.join("calc");
    std::thread::spawn(move || {
        let mut io = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(calc_path)
            .unwrap();
        let _ = fake.serve(&mut io);
    });

    let cable = GrayLink::open(dir.join("pc").to_str().unwrap()).unwrap();
    let mut calc = Calculator::new(cable, Model::Ti89);
    calc.delays = Delays::NONE;

    // Ready.
    calc.ready().unwrap();
    assert_eq!(take(&log, 4), hex("08 68 00 00"), "ready");

    // Send string main\str1 = "hello".
    let str1 = Variable::new(
        VarPath::parse("main\\str1").unwrap(),
        &Value::Str("hello".into()),
    )
    .unwrap();
    calc.send_variable(&str1).unwrap();
    let want = hex(
        "08 c9 10 00 0a 00 00 00 0c 09 6d 61 69 6e 5c 73 74 72 31 00 aa 03
         08 56 00 00
         08 15 0e 00 00 00 00 00 00 08 00 68 65 6c 6c 6f 00 2d 49 02
         08 92 00 00",
    );
    assert_eq!(take(&log, want.len()), want, "send string");

    // Send ASM main\prog1 = rts.
    let prog1 = Variable::asm_program(
        VarPath::parse("main\\prog1").unwrap(),
        vec![0x4E, 0x75, 0, 0, 0xF3],
    )
    .unwrap();
    calc.send_variable(&prog1).unwrap();
    let want = hex(
        "08 c9 11 00 07 00 00 00 21 0a 6d 61 69 6e 5c 70 72 6f 67 31 00 1c 04
         08 56 00 00
         08 15 0b 00 00 00 00 00 00 05 4e 75 00 00 f3 bb 01
         08 92 00 00",
    );
    assert_eq!(take(&log, want.len()), want, "send ASM");

    // Request main\str1 (the scripted calculator, like PedroM, says type 0x21).
    let got = calc
        .recv_variable(&VarPath::parse("main\\str1").unwrap(), VarType::STR)
        .unwrap();
    assert_eq!(got, str1);
    let want = hex(
        "08 a2 0f 00 00 00 00 00 0c 09 6d 61 69 6e 5c 73 74 72 31 a0 03
         08 56 00 00 08 09 00 00 08 56 00 00 08 56 00 00",
    );
    assert_eq!(take(&log, want.len()), want, "request");

    // Directory listing.
    let listing = calc.list().unwrap();
    let want = hex(
        "08 a2 06 00 00 00 00 1f 1a 00 39 00 08 56 00 00 08 09 00 00 08 56 00 00 08 56 00 00
         08 a2 0a 00 00 00 00 1b 1a 04 6d 61 69 6e de 01 08 56 00 00 08 09 00 00 08 56 00 00 08 56 00 00",
    );
    assert_eq!(take(&log, want.len()), want, "dirlist");
    assert_eq!(listing.len(), 1);
    let names: Vec<String> = listing[0]
        .entries
        .iter()
        .map(|e| e.name.to_string())
        .collect();
    assert_eq!(names, ["str1", "prog1"]);
    assert_eq!(listing[0].entries[1].var_type, VarType::ASM);

    // Key HOME.
    calc.send_key(277).unwrap();
    assert_eq!(take(&log, 4), hex("08 87 15 01"), "key");

    // Run main\prog1 as ticalcs_calc_execute does: HOME, CLEAR, CLEAR, the name, (, ), ENTER.
    calc.run(&VarPath::parse("main\\prog1").unwrap(), "")
        .unwrap();
    let want = hex("08 87 15 01 08 87 07 01 08 87 07 01
         08 87 6d 00 08 87 61 00 08 87 69 00 08 87 6e 00 08 87 5c 00
         08 87 70 00 08 87 72 00 08 87 6f 00 08 87 67 00 08 87 31 00
         08 87 28 00 08 87 29 00 08 87 0d 00");
    assert_eq!(take(&log, want.len()), want, "execute");

    // Screenshot: alternating rows.
    let shot = calc.screenshot().unwrap();
    assert_eq!(take(&log, 8), hex("08 6d 00 00 08 56 00 00"), "screen");
    assert_eq!((shot.width(), shot.height()), (160, 100));
    assert_eq!(shot.dark_pixels(), 160 * 100 / 2);

    // Typed get/set through the same link.
    calc.set_value(
        &VarPath::parse("main\\colonne").unwrap(),
        &Value::Integer((-1).into()),
    )
    .unwrap();
    let v = calc
        .get_value(&VarPath::parse("main\\colonne").unwrap())
        .unwrap();
    assert_eq!(v, Value::Integer((-1).into()));

    // A missing variable: ACK then silence, reported after the timeout.
    calc.set_timeout(Duration::from_millis(300));
    let e = calc
        .recv_variable(&VarPath::parse("main\\nothere").unwrap(), VarType::STR)
        .unwrap_err();
    assert!(matches!(e, LinkError::NotFound { .. }), "{e}");
    // And a listing finds it missing at once.
    let e = calc
        .get_value(&VarPath::parse("main\\nothere").unwrap())
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "variable main\\nothere not found on the calculator"
    );
    calc.ready().unwrap();
}
