//! Snapshots of DUSB dissections: what the Titanium operations put on the wire, named packet by
//! packet by the dissector (`ti_link::packet::dusb::dissect_dusb`), in both directions, for a
//! ready check, a listing and the send of a variable of odd size (with its renegotiated
//! buffer). The exchange runs on the simulated Titanium; a change in either the operations or
//! the dissector shows here as a readable diff.

#[path = "fakecalc/titanium.rs"]
mod titanium;

use ti_files::{Value, VarPath, Variable};
use ti_link::cable::directlink::DirectLink;
use ti_link::cable::usb::sim::{sim_pair, Transfer};
use ti_link::packet::dusb::dissect_dusb;
use ti_link::Titanium;
use titanium::FakeTitanium;

/// Both directions of the transfers, each dissected, with a line per packet.
fn dissect(transfers: &[Transfer]) -> String {
    let mut out = String::new();
    let mut run: Vec<u8> = Vec::new();
    let mut dir = "";
    let flush = |out: &mut String, dir: &str, run: &mut Vec<u8>| {
        for d in dissect_dusb(run) {
            out.push_str(&format!("{dir} {d}\n"));
        }
        run.clear();
    };
    for t in transfers {
        let (d, bytes) = match t {
            Transfer::Out(b) if b.is_empty() => {
                flush(&mut out, dir, &mut run);
                out.push_str("PC>TI zero-length packet\n");
                continue;
            }
            Transfer::Out(b) => ("PC>TI", b),
            Transfer::In(b) => ("TI>PC", b),
            Transfer::InTimeout => continue,
        };
        if d != dir {
            flush(&mut out, dir, &mut run);
            dir = d;
        }
        run.extend_from_slice(bytes);
    }
    flush(&mut out, dir, &mut run);
    out
}

#[test]
fn titanium_exchanges() {
    let (pipe, dev) = sim_pair(64);
    let mut fake = FakeTitanium::new(dev.clone());
    std::thread::spawn(move || fake.serve());
    let mut calc = Titanium::new(DirectLink::over(pipe));
    calc.delays = ti_link::DusbDelays::NONE;

    calc.ready().unwrap();
    insta::assert_snapshot!("ready", dissect(&dev.transfers()));
    dev.clear_transfers();

    calc.listing().unwrap();
    insta::assert_snapshot!("listing", dissect(&dev.transfers()));
    dev.clear_transfers();

    let odd = Variable::new(
        VarPath::parse("main\\odd").unwrap(),
        &Value::Str("odd!".into()),
    )
    .unwrap();
    calc.send_variable(&odd).unwrap();
    insta::assert_snapshot!("send_odd", dissect(&dev.transfers()));
}
