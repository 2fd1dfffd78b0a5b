//! The project's linker (`ti_build::linker`) on small assembled programs: 32-bit absolute
//! addresses become AMS relocation entries with the right targets, addresses of absolute
//! symbols stay as they are, and what an AMS program cannot hold is refused with a clear
//! error: 16-bit absolute relocations, a 32-bit address at an odd offset, initialised writable
//! data, an entry point that is not first.

use std::path::{Path, PathBuf};
use std::process::Command;

use ti_build::linker::{link, read_image, LinkerError};
use ti_build::tools::Tools;
use ti_build::{BuildError, ProgramImage, Relocation};

/// Assembles `source` (GNU as, 68000) and links it with the programs' linker script; returns
/// the image or the linker's error.
fn link_source(
    tools: &Tools,
    dir: &Path,
    name: &str,
    source: &str,
) -> Result<ProgramImage, LinkerError> {
    let src = dir.join(format!("{name}.s"));
    std::fs::write(&src, source).unwrap();
    let object = dir.join(format!("{name}.o"));
    let status = Command::new(&tools.gcc)
        .args(["-m68000", "-c"])
        .arg(&src)
        .arg("-o")
        .arg(&object)
        .status()
        .unwrap();
    assert!(status.success(), "{name}: assembling failed");
    let elf = dir.join(format!("{name}.elf"));
    let script: PathBuf = testkit::repo_root().join("calc/programs/rt/link.ld");
    match link(tools, &script, &[&object], &["_start".to_string()], &elf) {
        Ok(()) => {}
        Err(BuildError::Undefined(e)) => panic!("{name}: {e}"),
        Err(e) => panic!("{name}: {e}"),
    }
    read_image(&std::fs::read(&elf).unwrap(), &["_start".to_string()]).map(|(image, _)| image)
}

fn tools(test: &str) -> Option<Tools> {
    match Tools::find() {
        Ok(t) => Some(t),
        Err(e) => {
            testkit::skip(test, &e.to_string());
            None
        }
    }
}

#[test]
fn absolute_addresses_become_relocations() {
    let Some(tools) = tools("absolute_addresses_become_relocations") else {
        return;
    };
    let dir = testkit::scratch!("linker-relocations");
    let image = link_source(
        &tools,
        &dir,
        "reloc",
        "\t.text\n\t.globl _start\n_start:\n\tmove.l #message,%d0\n\tlea table,%a0\n\
         \tmove.l #0x4C00,%d1\n\tmove.l #screen,%d2\n\trts\n\
         \t.section .rodata\n\t.even\ntable:\t.long _start, message\nmessage:\t.asciz \"hi\"\n\
         \t.set screen, 0x4C00\n",
    )
    .unwrap();
    // --gc-sections keeps only what _start reaches: every section here is referenced.
    // _start: move.l #imm,d0 (6 bytes), lea abs.l,a0 (6), move.l #imm,d1 (6), move.l (6), rts.
    let text_end = 26;
    let table = text_end;
    let message = table + 8;
    assert_eq!(
        image.relocations,
        vec![
            Relocation {
                location: 2,
                target: message
            },
            Relocation {
                location: 8,
                target: table
            },
            Relocation {
                location: table,
                target: 0
            },
            Relocation {
                location: table + 4,
                target: message
            },
        ]
    );
    // Relocated slots hold zeros in the body; the absolute ones keep their value.
    assert_eq!(&image.body[2..6], &[0, 0, 0, 0]);
    assert_eq!(&image.body[14..18], &0x4C00u32.to_be_bytes());
    assert_eq!(&image.body[20..24], &0x4C00u32.to_be_bytes());
    assert_eq!(&image.body[message as usize..message as usize + 3], b"hi\0");
    // Loaded at 0x12340, every slot points into the program.
    let loaded = image.relocated(0x1_2340);
    assert_eq!(&loaded[2..6], &(0x1_2340 + message).to_be_bytes());
}

#[test]
fn what_ams_cannot_hold_is_refused() {
    let Some(tools) = tools("what_ams_cannot_hold_is_refused") else {
        return;
    };
    let dir = testkit::scratch!("linker-refusals");
    let start = "\t.text\n\t.globl _start\n_start:\n\trts\n";

    let error = link_source(
        &tools,
        &dir,
        "short",
        &format!("{start}\tmove.w #label,%d0\nlabel:\trts\n"),
    )
    .unwrap_err();
    assert!(
        matches!(error, LinkerError::Unsupported { r_type: 2, .. }),
        "{error}"
    );
    assert!(error.to_string().contains("only 32-bit absolute addresses"));

    let error = link_source(
        &tools,
        &dir,
        "odd",
        "\t.text\n\t.globl _start\n_start:\n\tlea odd(%pc),%a0\n\trts\n\
         \t.section .rodata\nodd:\t.byte 1\n\t.long _start\n",
    )
    .unwrap_err();
    assert!(matches!(error, LinkerError::OddRelocation(_)), "{error}");

    let error = link_source(
        &tools,
        &dir,
        "data",
        "\t.text\n\t.globl _start\n_start:\n\tlea counter(%pc),%a0\n\trts\n\
         \t.data\n\t.globl counter\ncounter:\t.long 5\n",
    )
    .unwrap_err();
    assert!(
        matches!(error, LinkerError::WritableData { bytes: 4, .. }),
        "{error}"
    );
    assert!(error.to_string().contains("counter"), "{error}");

    let error = link_source(
        &tools,
        &dir,
        "late",
        "\t.text\nhelper:\trts\n\t.globl _start\n_start:\tbsr.s helper\n\trts\n",
    )
    .unwrap_err();
    assert_eq!(error, LinkerError::EntryNotFirst(2));
}
