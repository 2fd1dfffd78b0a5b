//! Fuzz target: the DBUS packet decoder and dissector. Any input must decode to a packet or
//! an error, never panic; a decoded packet must encode back to the bytes it came from, and
//! its variable header (if any) too.
#![no_main]

use ti_link::packet::{dissect, Body, Packet, VarHeader};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok((p, used)) = Packet::decode(data) {
        assert_eq!(p.encode().unwrap(), &data[..used]);
        if let Body::Data(d) = &p.body {
            if let Some(h) = VarHeader::decode(d) {
                assert_eq!(h.encode(), *d);
            }
        }
        let _ = p.to_string();
    }
    for d in dissect(data) {
        let _ = d.to_string();
    }
});
