//! libticalcs2 against our DBUS operations over a SilverLink, through a virtual channel: the
//! oracle `tools/oracle/calcpeer.c` runs libticalcs2's TI-89 code over a cable of its own
//! (declared as a SilverLink, `CABLE_SLV`) whose bytes reach the scripted DBUS calculator of
//! `fakecalc/` through a Unix socket; then our `Calculator` runs the same operations over our
//! `SilverLink` on a simulated USB device against a fresh scripted calculator. Every send call
//! (each a bulk transfer on a real SilverLink, libticables2 `slv_put`) must be the same, block
//! for block, zero-length ones included, and the calculator must receive the same bytes.
//! (Receives are compared as bytes only: a USB cable reads whole packets into a buffer
//! whatever size is asked, `usb_cables.rs`.)

use std::os::unix::net::UnixListener;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

mod fakecalc;

use fakecalc::FakeCalc;
use ti_files::{Model, Value, VarFile, VarPath, VarType, Variable};
use ti_link::cable::silverlink::SilverLink;
use ti_link::cable::usb::sim::{sim_pair, SimUsb};
use ti_link::{Cable, CableError, Calculator, Delays};

/// A cable that logs its sends in calcpeer's format.
struct Recorder<C: Cable> {
    inner: C,
    sends: Arc<Mutex<Vec<String>>>,
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

impl<C: Cable> Cable for Recorder<C> {
    fn describe(&self) -> String {
        self.inner.describe()
    }
    fn send(&mut self, bytes: &[u8], timeout: Duration) -> Result<(), CableError> {
        self.sends.lock().unwrap().push(format!("W {}", hex(bytes)));
        self.inner.send(bytes, timeout)
    }
    fn recv(&mut self, buf: &mut [u8], timeout: Duration) -> Result<(), CableError> {
        self.inner.recv(buf, timeout)
    }
    fn discard_input(&mut self) -> Result<(), CableError> {
        self.inner.discard_input()
    }
    fn send_zero_length(&mut self, timeout: Duration) -> Result<(), CableError> {
        self.sends.lock().unwrap().push("W".into());
        self.inner.send_zero_length(timeout)
    }
}

fn path(s: &str) -> VarPath {
    VarPath::parse(s).unwrap()
}

#[test]
fn silverlink_sends_equal_libticalcs2() {
    let Some(exe) = testkit::oracle!(
        "calcpeer",
        &["ticalcs2", "tifiles2", "ticables2", "ticonv", "glib-2.0"]
    ) else {
        return;
    };
    let dir = testkit::scratch!("silverlink-oracle");
    // A string, and a 1,008-byte program: its XDP packet is 1,020 bytes (4 + 1,014 + 2), sent
    // by libticalcs2 in 20 blocks of 51 and an empty last block.
    let str2 = Variable::new(path("main\\str2"), &Value::Str("silver".into())).unwrap();
    let prog = Variable::asm_program(
        path("main\\prog"),
        (0..1005u32)
            .map(|i| (i * 3) as u8)
            .chain([0, 0, 0xF3])
            .collect(),
    )
    .unwrap();
    let mut files = Vec::new();
    for v in [&str2, &prog] {
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
    let mut ops: Vec<String> = vec!["ready".into()];
    ops.extend(files.iter().map(|f| format!("send={}", f.display())));
    ops.push(format!(
        "recv=main,str1,0c,{}",
        dir.join("got.89s").display()
    ));
    ops.extend(["dirlist", "key=277", "screen"].map(String::from));

    // libticalcs2 through the socket.
    let sock = dir.join("sock");
    let log = dir.join("calls.log");
    let listener = UnixListener::bind(&sock).unwrap();
    let child = Command::new(&exe)
        .args(["-m", "ti89", "-s"])
        .arg(&sock)
        .arg("-l")
        .arg(&log)
        .args(&ops)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (mut stream, _) = listener.accept().unwrap();
    let mut fake = FakeCalc::new(Model::Ti89);
    let theirs_bytes = fake.log.clone();
    std::thread::spawn(move || fake.serve(&mut stream));
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.ends_with("ok\n"), "{stdout}");
    let theirs: Vec<String> = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .filter(|l| l.starts_with('W'))
        .map(str::to_string)
        .collect();

    // Ours over a SilverLink on a simulated device.
    let (pipe, dev): (SimUsb, _) = sim_pair(32);
    let mut fake = FakeCalc::new(Model::Ti89);
    let ours_bytes = fake.log.clone();
    let mut io = dev.stream(Duration::from_secs(5));
    std::thread::spawn(move || fake.serve(&mut io));
    let sends = Arc::new(Mutex::new(Vec::new()));
    let cable = Recorder {
        inner: SilverLink::over(pipe),
        sends: sends.clone(),
    };
    let mut calc = Calculator::new(cable, Model::Ti89);
    calc.delays = Delays::NONE;
    calc.ready().unwrap();
    calc.send_variable(&str2).unwrap();
    calc.send_variable(&prog).unwrap();
    let got = calc
        .recv_variable(&path("main\\str1"), VarType::STR)
        .unwrap();
    assert_eq!(got.value(), Value::Str("hello".into()));
    calc.list().unwrap();
    calc.send_key(277).unwrap();
    calc.screenshot().unwrap();

    let ours = sends.lock().unwrap().clone();
    for (i, (a, b)) in theirs.iter().zip(&ours).enumerate() {
        assert_eq!(a, b, "send {i} differs (libticalcs2 left, ours right)");
    }
    assert_eq!(theirs.len(), ours.len());
    assert!(
        theirs.iter().any(|w| w == "W"),
        "an empty last block was exercised"
    );
    // The calculator may still be reading our last acknowledgement.
    let want = theirs_bytes.lock().unwrap().clone();
    let start = std::time::Instant::now();
    while ours_bytes.lock().unwrap().len() < want.len() && start.elapsed() < Duration::from_secs(3)
    {
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(
        *ours_bytes.lock().unwrap() == want,
        "the calculator received other bytes"
    );
}
