//! Fuzz target: the DUSB decoders (raw packets, the joining of virtual packets, commands) and
//! the dissector. Any input must decode or fail, never panic; whatever decodes must encode
//! back to the same bytes (raw packets, commands), and a virtual packet split again at any
//! buffer size must join back to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ti_link::packet::dusb::{describe, dissect_dusb, Command, RawPacket, Reassembler};

fuzz_target!(|data: &[u8]| {
    for d in dissect_dusb(data) {
        let _ = d.to_string();
    }
    let mut rest = data;
    let mut joiner = Reassembler::new();
    while let Ok((raw, used)) = RawPacket::decode(rest) {
        assert_eq!(raw.encode(), &rest[..used]);
        rest = &rest[used..];
        match joiner.push(&raw) {
            Ok(Some(v)) => {
                let max = 7 + (v.data.len() % 1017);
                let mut again = Reassembler::new();
                let mut joined = None;
                for f in v.fragments(max) {
                    joined = again.push(&f).expect("our own fragments join");
                }
                assert_eq!(joined.as_ref(), Some(&v));
                if let Ok(c) = Command::decode(&v) {
                    assert_eq!(c.encode(), v);
                    let _ = describe(&c);
                }
            }
            Ok(None) => {}
            Err(_) => joiner = Reassembler::new(),
        }
    }
});
