//! Fuzz target: the variable-file reader. Any input must give a file or an error, never a
//! panic; a file that is accepted must be written back to the same bytes (groups that do
//! not start with a folder entry, groups of one variable and `**V200**` signatures are
//! normalised), and every variable's typed value must encode back to its data.
#![no_main]

use ti_files::{Model, VarFile};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for model in Model::ALL {
        if let Ok(file) = VarFile::from_bytes(data, model) {
            // A group whose first entry is a variable (legal: it goes to the header's default
            // folder) is rewritten with a folder entry; every other file byte for byte.
            // A **V200** signature is rewritten as **TI92P* (what tilibs and ld-tigcc write).
            // A group of one variable (a folder entry and its variable) is written as a
            // single-variable file.
            let entries = u16::from_le_bytes([data[0x3A], data[0x3B]]);
            let normalised = (file.variables.len() > 1 && data[0x48] != 0x1F)
                || (entries > 1 && file.variables.len() == 1)
                || &data[..8] == b"**V200**";
            if !normalised {
                assert_eq!(file.to_bytes().unwrap(), data);
            }
            for v in &file.variables {
                assert_eq!(v.value().encode().unwrap(), v.data);
            }
        }
        let _ = VarFile::parse(data, model);
    }
    let _ = ti_files::FlashFile::parse(data);
});
