//! Bad calculator files: truncated, corrupted and wrongly typed files each give a precise
//! error (the kind of fault and where), never a panic and never a half-read file.

use ti_files::{FileError, Model, VarFile};

fn golden(name: &str) -> Vec<u8> {
    std::fs::read(testkit::data!(&format!("files/{name}"))).unwrap()
}

fn err(bytes: &[u8], ext: &str) -> FileError {
    VarFile::from_bytes_with_extension(bytes, ext).expect_err("a bad file was accepted")
}

#[test]
fn every_truncation_is_an_error() {
    for name in ["str1.89s", "contest.v2g"] {
        let bytes = golden(name);
        let ext = &name[name.len() - 3..];
        for len in 0..bytes.len() {
            let e = err(&bytes[..len], ext);
            assert!(
                matches!(
                    e,
                    FileError::Truncated { .. }
                        | FileError::BadOffset { .. }
                        | FileError::Cut { .. }
                ),
                "{name} cut at {len}: {e}"
            );
        }
        // Trailing garbage is refused too.
        let mut long = bytes.clone();
        long.push(0);
        assert!(matches!(err(&long, ext), FileError::TrailingBytes { .. }));
    }
    let e = err(&golden("str1.89s")[..40], "89s");
    assert_eq!(
        e.to_string(),
        "truncated file: the header needs 60 bytes, the file has 40"
    );
}

/// A file cut after its header says how long it was, and how long it should be (not the
/// offsets of the header's fields).
#[test]
fn a_cut_file_says_how_much_of_it_is_there() {
    let program = ti_files::Variable::asm_program(
        ti_files::VarPath::parse("main\\big").unwrap(),
        [vec![0x4E; 2700], vec![0, 0, 0xF3]].concat(),
    )
    .unwrap();
    let bytes = VarFile::single(Model::V200, program).to_bytes().unwrap();
    assert!(bytes.len() > 1000, "a file of thousands of bytes");
    let len = bytes.len().to_string();
    let grouped = format!("{},{}", &len[..len.len() - 3], &len[len.len() - 3..]);
    let e = err(&bytes[..100], "v2z");
    assert_eq!(
        e.to_string(),
        format!(
            "truncated: 100 of {grouped} bytes (the file was cut short, in a copy or a download?)"
        )
    );
    let mut long = bytes.clone();
    long.extend([0; 1000]);
    assert!(err(&long, "v2z").to_string().contains("the header says"));
}

#[test]
fn a_bad_checksum_names_the_variable_and_both_sums() {
    let mut bytes = golden("nom.89s");
    let n = bytes.len();
    bytes[n - 2] ^= 0x01;
    let e = err(&bytes, "89s");
    assert!(
        matches!(
            e,
            FileError::Checksum {
                stored: 0x007E,
                computed: 0x007F,
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(
        e.to_string(),
        "damaged file: main\\nom: checksum is 0x007e, the data sums to 0x007f"
    );
    // The structure is still readable for a report (ti68k info).
    let parsed = VarFile::parse(&bytes, Model::Ti89).unwrap();
    assert_eq!(parsed.stored_checksums, [0x007E]);
    // A changed data byte is caught the same way.
    let mut bytes = golden("nom.89s");
    bytes[0x59] = b'M';
    assert!(matches!(err(&bytes, "89s"), FileError::Checksum { .. }));
}

#[test]
fn structural_corruption_is_located() {
    let bytes = golden("str1.89s");
    let mut inner = bytes.clone();
    inner[0x57] += 1; // size word says 9, the block holds 8
    assert!(matches!(
        err(&inner, "89s"),
        FileError::InnerLength {
            word: 9,
            actual: 8,
            ..
        }
    ));
    let mut size = bytes.clone();
    size[0x4C] += 1;
    assert!(matches!(err(&size, "89s"), FileError::Cut { .. }));
    let mut mark = bytes.clone();
    mark[0x50] = 0;
    let e = err(&mark, "89s");
    assert!(e.to_string().contains("A5 5A marker at offset 0x50"), "{e}");
    let mut count = golden("contest.v2g");
    count[0x4A] = 3; // folder ai1 declares 3 variables, has 2
    assert!(err(&count, "v2g")
        .to_string()
        .contains("declares 3 variables"));
    // Found by the fuzzer: two folder entries for the same folder.
    let mut twice = golden("contest.v2g");
    twice[0x42] = b'2'; // folder "ai1" renamed "ai2", which comes again later
    assert!(err(&twice, "v2g")
        .to_string()
        .contains("two folder entries"));
    let mut name = bytes.clone();
    name[0x40] = b' ';
    assert!(matches!(err(&name, "89s"), FileError::BadName { .. }));
}

#[test]
fn wrongly_typed_files_are_refused() {
    let e = err(&golden("str1.89s"), "89z");
    assert_eq!(
        e.to_string(),
        "wrongly typed file: the extension .89z is for a ASM program (0x21), but main\\str1 is a string (0x0C)"
    );
    assert!(matches!(
        err(&golden("prog1.9xz"), "89z"),
        FileError::BadSignature { .. }
    ));
    assert!(matches!(
        err(&golden("prog1.89z"), "v2z"),
        FileError::BadSignature { .. }
    ));
    // .v2z files legitimately carry the TI-92 Plus signature.
    VarFile::from_bytes_with_extension(&golden("prog1.9xz"), "v2z").unwrap();
    assert!(matches!(
        err(&golden("grp.89g"), "89s"),
        FileError::NotSingle { count: 2, .. }
    ));
    assert!(matches!(
        err(&golden("str1.89s"), "83p"),
        FileError::UnknownExtension(_)
    ));
    assert!(matches!(
        err(&golden("str1.89s"), "89u"),
        FileError::UnknownExtension(_)
    ));
    // An ASM-typed entry whose data does not end with the ASM tag.
    let mut tag = golden("prog1.89z");
    tag[0x48] = 0x0C; // now a string whose data ends with F3
    assert!(matches!(err(&tag, "89s"), FileError::Variable(_)));
}

#[test]
fn random_corruption_never_panics() {
    let seeds = ["str1.89s", "contest.v2g", "note.89t", "lst.89l", "big.89e"];
    let mut rng = calc::rng::Rng::new(0x5EED);
    for name in seeds {
        let bytes = golden(name);
        // Each file is read as its own model (a .v2g read as a TI-89 file would stop at the
        // signature every time and test nothing).
        let ext = &name[name.len() - 3..];
        let mut accepted = 0;
        for _ in 0..2000 {
            let mut b = bytes.clone();
            for _ in 0..1 + rng.below(4) {
                let at = rng.below(b.len() as u32) as usize;
                b[at] = rng.next_u32() as u8;
            }
            if let Ok(f) = VarFile::from_bytes_with_extension(&b, ext) {
                // Whatever is accepted is rewritten exactly.
                assert_eq!(f.to_bytes().unwrap(), b);
                accepted += 1;
            }
        }
        // Changes to the comment keep a file valid: some mutants must get through the reader.
        assert!(accepted > 0, "{name}: every mutant was refused");
    }
}

#[test]
fn a_folder_entry_without_variables_is_refused() {
    // Found by the fuzzer: a TI-89 group whose folder "main*" holds str1, followed by two folder
    // entries that list no variable. Written back it would lose them; it is refused instead.
    let hex =
        "2a2a544938392a2a01006d61696e00000000000000000000000000000100000000000006000000000000\
               000000000100000000002000000000000400820000006d61696e2a0000001f00010082000000737472\
               31000000000c000000920000006f746865720000001f0000009200000061113165720000001f000000\
               9d000000a55a0000000000080068656c6c6f002d49020000000000032a7a1f4d00";
    let bytes: Vec<u8> = (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
        .collect();
    let e = VarFile::from_bytes(&bytes, Model::Ti89).unwrap_err();
    assert!(e.to_string().contains("\"other\" lists no variable"), "{e}");
}
