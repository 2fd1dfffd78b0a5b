//! Deliberately broken programs fail with the right message: a bad relocation table, an
//! illegal instruction, 68020-only opcodes, writes into code, a stack overflow into the
//! exception vectors, jumps outside the image, bus and address errors, an endless loop,
//! broken calling conventions, unserved ROM calls.

use emu_tests::fixture;
use ti_build::rom_calls;
use ti_emulator::{Failure, Machine};
use ti_files::Model;

fn broken() -> Option<Machine> {
    if !fixture::require_binutils("broken") {
        return None;
    }
    let image = fixture::assemble_fixture("broken").expect("fixture builds");
    let mut m = Machine::new(Model::Ti89);
    m.load(&image).expect("fixture loads");
    Some(m)
}

/// Calls `function` of the broken fixture and returns its failure and message.
fn fail(function: &str) -> Option<(Failure, String)> {
    let mut m = broken()?;
    m.set_budget(2_000_000);
    let e = m
        .call(function, &[])
        .expect_err(&format!("{function} must fail"));
    let msg = e.to_string();
    eprintln!("{function}: {msg}");
    Some((e, msg))
}

#[test]
fn illegal_instruction() {
    let Some((e, msg)) = fail("do_illegal") else {
        return;
    };
    assert!(
        matches!(e, Failure::IllegalInstruction { opcode: 0x4AFC, .. }),
        "{msg}"
    );
    assert!(msg.starts_with("illegal instruction 0x4afc at pc"), "{msg}");
}

#[test]
fn mulu_l_is_illegal_on_a_68000() {
    let Some((e, msg)) = fail("do_mulu_l") else {
        return;
    };
    assert!(
        matches!(e, Failure::IllegalInstruction { opcode: 0x4C01, .. }),
        "{msg}"
    );
}

#[test]
fn bra_l_is_an_address_error_on_a_68000() {
    // 0x60FF is bra.s with displacement -1 on a 68000: a jump to an odd address.
    let Some((e, msg)) = fail("do_bra_l") else {
        return;
    };
    assert!(matches!(e, Failure::AddressError { .. }), "{msg}");
    assert!(
        msg.contains("odd address") && msg.contains("instruction fetch"),
        "{msg}"
    );
}

#[test]
fn write_into_code() {
    let Some((e, msg)) = fail("write_code") else {
        return;
    };
    assert!(
        matches!(
            e,
            Failure::WriteIntoCode {
                offset: 0,
                size: 2,
                ..
            }
        ),
        "{msg}"
    );
    assert!(msg.starts_with("write into code: 2 byte(s)"), "{msg}");
}

#[test]
fn stack_overflow_into_the_vectors() {
    let Some((e, msg)) = fail("overflow_stack") else {
        return;
    };
    assert!(
        matches!(
            e,
            Failure::WriteIntoVectors {
                address: 0x3FC,
                size: 4,
                ..
            }
        ),
        "{msg}"
    );
    assert!(
        msg.starts_with("write into the exception vector table: 4 byte(s) at 0x0003fc"),
        "{msg}"
    );
    assert!(msg.contains("a stack overflow?"), "{msg}");
}

#[test]
fn jump_outside_the_image_into_ram() {
    let Some((e, msg)) = fail("jump_heap") else {
        return;
    };
    assert!(
        matches!(
            e,
            Failure::JumpOutside {
                target: 0x3FF00,
                ..
            }
        ),
        "{msg}"
    );
    assert!(msg.contains("the heap") && msg.contains("jmp"), "{msg}");
}

#[test]
fn jump_outside_the_image_into_nothing() {
    let Some((e, msg)) = fail("jump_unmapped") else {
        return;
    };
    assert!(
        matches!(
            e,
            Failure::JumpOutside {
                target: 0x123456,
                ..
            }
        ),
        "{msg}"
    );
    // 0x123456 is where the calculator mirrors its RAM again; the harness maps only the first
    // mirror (the ghost space, 0x40000-0x7FFFF).
    assert!(msg.contains("mirrors (not mapped by the harness)"), "{msg}");
}

#[test]
fn bus_error_names_the_region() {
    let Some((e, msg)) = fail("read_unmapped") else {
        return;
    };
    assert!(
        matches!(
            e,
            Failure::BusError {
                address: 0x600017,
                size: 1,
                access: "read",
                ..
            }
        ),
        "{msg}"
    );
    assert!(msg.contains("I/O ports"), "{msg}");
}

#[test]
fn odd_word_read_is_an_address_error() {
    let Some((e, msg)) = fail("odd_word") else {
        return;
    };
    assert!(
        matches!(e, Failure::AddressError { access: "read", .. }),
        "{msg}"
    );
}

#[test]
fn endless_loop_exhausts_the_budget() {
    let Some((e, msg)) = fail("forever") else {
        return;
    };
    assert!(
        matches!(
            e,
            Failure::CycleBudget {
                budget: 2_000_000,
                ..
            }
        ),
        "{msg}"
    );
}

#[test]
fn convention_is_checked() {
    let Some((e, msg)) = fail("clobber_d3") else {
        return;
    };
    assert!(matches!(e, Failure::ConventionBroken { .. }), "{msg}");
    assert!(msg.contains("d3 was 0x5afe0303, is 0x00000007"), "{msg}");
    let Some((_, msg)) = fail("unbalanced") else {
        return;
    };
    assert!(msg.contains("stack pointer"), "{msg}");
}

#[test]
fn unserved_rom_call_is_named() {
    let Some((e, msg)) = fail("unserved_call") else {
        return;
    };
    let call = rom_calls::push_internal_simplify;
    assert!(
        matches!(e, Failure::RomCallNotEmulated { index, .. } if index == call.index),
        "{msg}"
    );
    let expected = format!(
        "ROM call {:#x} (push_internal_simplify) is not emulated",
        call.index
    );
    assert!(msg.starts_with(&expected), "{msg}");
}

#[test]
fn waiting_for_a_missing_key_fails_instead_of_hanging() {
    let Some((e, msg)) = fail("want_key") else {
        return;
    };
    assert!(
        matches!(
            e,
            Failure::KeysExhausted {
                call: "ngetchx",
                ..
            }
        ),
        "{msg}"
    );
}

#[test]
fn traps_and_exceptions_are_named() {
    let Some((_, msg)) = fail("trap9") else {
        return;
    };
    assert!(msg.starts_with("TRAP #9 at pc"), "{msg}");
    let Some((e, msg)) = fail("divide_by_zero") else {
        return;
    };
    assert!(matches!(e, Failure::Exception { vector: 5, .. }), "{msg}");
    let Some((e, msg)) = fail("privileged") else {
        return;
    };
    assert!(matches!(e, Failure::Exception { vector: 8, .. }), "{msg}");
}

#[test]
fn bad_relocation_in_a_file_is_refused() {
    if !fixture::require_binutils("bad relocation") {
        return;
    }
    let image = fixture::assemble_fixture("reloc").unwrap();
    let mut data = image.to_variable_data().unwrap();
    // Add an entry (target 0x10, location 0x7000) just below the tag: far outside the body.
    let tag = data.pop().unwrap();
    data.extend_from_slice(&[0x00, 0x10, 0x70, 0x00, tag]);
    let mut m = Machine::new(Model::Ti89);
    let e = m.load_variable_data(&data, None).unwrap_err();
    let msg = e.to_string();
    assert!(
        msg.contains("bad relocation: entry 1 from the tag (location 0x7000 -> target 0x10)"),
        "{msg}"
    );
    // A slot that does not hold zero (AMS's EX_patch may add to it).
    let at = image.relocations[0].location as usize;
    let mut data = image.to_variable_data().unwrap();
    data[at + 3] = 0x04;
    let mut m = Machine::new(Model::Ti89);
    let e = m.load_variable_data(&data, None).unwrap_err();
    assert!(
        e.to_string()
            .contains(&format!("the slot at {at:#x} holds 0x00000004, not zero")),
        "{e}"
    );
    // Two entries whose slots overlap.
    let mut data = image.to_variable_data().unwrap();
    let tag = data.pop().unwrap();
    data.extend_from_slice(&[0x00, 0x00]);
    data.extend_from_slice(&(at as u16 + 2).to_be_bytes());
    data.push(tag);
    let e = m.load_variable_data(&data, None).unwrap_err();
    assert!(
        e.to_string().contains(&format!(
            "the 4-byte slots at {at:#x} and {:#x} overlap",
            at + 2
        )),
        "{e}"
    );
    // A table without its zero word runs off the start.
    let mut m = Machine::new(Model::Ti89);
    let e = m
        .load_variable_data(&[0x00, 0x08, 0x00, 0x04, 0xF3], None)
        .unwrap_err();
    assert!(e.to_string().contains("no zero word"), "{e}");
    // Not an ASM program at all.
    let e = m
        .load_variable_data(&[0x4E, 0x75, 0, 0, 0x2D], None)
        .unwrap_err();
    assert!(e.to_string().contains("not the tag 0xF3"), "{e}");
    // Nothing was left in the heap by the failed loads: only the VAT's own tables.
    assert_eq!(m.heap_blocks(), Machine::new(Model::Ti89).heap_blocks());
}
