//! The emulator at the end of a link cable (`ti_emulator::link::EmuCable`): the host's own DBUS
//! operations (`ti_link::Calculator`) against the emulated calculator's VAT, screen and keys.

use ti_build::ProgramImage;
use ti_emulator::link::{EmuCable, EmuEvent, EmuOptions};
use ti_emulator::Machine;
use ti_files::{Integer, Model, Value, VarName, VarPath, VarType, Variable};
use ti_link::{Calculator, Delays, LinkError};

fn calc(model: Model) -> Calculator<EmuCable> {
    let mut c = Calculator::new(EmuCable::start(EmuOptions::new(model)).unwrap(), model);
    c.delays = Delays::NONE;
    c
}

fn path(p: &str) -> VarPath {
    VarPath::parse(p).unwrap()
}

#[test]
fn values_go_and_come_back() {
    for model in [Model::Ti89, Model::V200] {
        let mut c = calc(model);
        c.ready().unwrap();
        c.set_value(&path("ai1\\colonne"), &Value::Integer(Integer::from(-1)))
            .unwrap();
        c.set_value(&path("ai1\\nom"), &Value::Str("joueur 1".into()))
            .unwrap();
        assert_eq!(
            c.get_value(&path("ai1\\colonne")).unwrap(),
            Value::Integer(Integer::from(-1))
        );
        assert_eq!(
            c.get_value(&path("ai1\\nom")).unwrap(),
            Value::Str("joueur 1".into())
        );
        let folders = c.list_folders().unwrap();
        assert!(
            folders.contains(&VarName::new("ai1").unwrap()),
            "{folders:?}"
        );
        let listing = c.list_folder(&VarName::new("ai1").unwrap()).unwrap();
        assert_eq!(listing.entries.len(), 2);
        match c.recv_variable(&path("main\\nothere"), VarType::STR) {
            Err(LinkError::NotFound { .. }) => {}
            other => panic!("{other:?}"),
        }
        c.ready().unwrap();
        let shot = c.screenshot().unwrap();
        assert_eq!((shot.width(), shot.height()), model.screen_size());
        assert!(!shot.is_blank());
    }
}

/// `moveq #42,d0 ; rts`, stored as `main\prog`, then run by typing its name.
#[test]
fn a_program_runs_when_its_name_is_typed() {
    let mut c = calc(Model::Ti89);
    let image = ProgramImage {
        body: vec![0x70, 0x2A, 0x4E, 0x75],
        text_len: 4,
        ..Default::default()
    };
    let var = Variable::asm_program(path("main\\prog"), image.to_variable_data().unwrap()).unwrap();
    c.send_variable(&var).unwrap();
    c.run(&path("main\\prog"), "").unwrap();
    c.ready().unwrap();
    let events = c.cable().take_events();
    assert!(
        matches!(&events[..], [EmuEvent::Finished { program, .. }] if program == "main\\prog()"),
        "{events:?}"
    );
    let back = c.get_variable(&path("main\\prog")).unwrap();
    assert_eq!(back.var_type, VarType::ASM);
    let n = c
        .cable()
        .inspect(|m: &mut Machine| m.list_vat().len())
        .unwrap();
    assert!(n >= 1);
}

/// A string variable of about `len` bytes.
fn text(len: usize) -> Value {
    Value::Str("x".repeat(len))
}

/// The calculator `m` at the end of a cable, ready.
fn cable_to(m: Machine) -> Calculator<EmuCable> {
    let mut c = Calculator::new(EmuCable::with_machine(m, None), Model::Ti89);
    c.delays = Delays::NONE;
    c.ready().unwrap();
    c
}

/// Sends `value` to `p` and checks that the calculator refuses it for memory before its data.
fn refused_for_memory(c: &mut Calculator<EmuCable>, p: &VarPath, value: &Value) {
    let refused = c.set_value(p, value).unwrap_err();
    assert!(refused.to_string().contains("out of memory"), "{refused}");
    assert!(
        c.cable().take_events().is_empty(),
        "refused before the data"
    );
}

/// `m` with its free memory taken but one block of about 10,000 bytes, at the end of a cable;
/// and the size of that block.
fn one_block_left(mut m: Machine) -> (Calculator<EmuCable>, u32) {
    while m.heap_max() > 30_000 {
        m.alloc(16_000).unwrap();
    }
    let left = m.heap_max();
    m.alloc(left - 10_004).unwrap();
    let free = m.heap_max();
    assert!(
        (9_990..=10_010).contains(&free),
        "{free} bytes in the last block"
    );
    (cable_to(m), free)
}

/// Free memory in pieces between blocks that cannot move (locked): a variable larger than every
/// piece, though smaller than all of them together, is refused before its data is sent (SKP,
/// out of memory), and nothing of it is stored.
#[test]
fn a_variable_no_free_block_can_hold_is_refused_before_its_data() {
    let mut m = Machine::new(Model::Ti89);
    let mut kept = Vec::new();
    while let Ok(a) = m.alloc(8_000) {
        kept.push(a);
    }
    for a in kept.iter().skip(1).step_by(2) {
        m.free(*a).unwrap();
    }
    let free = m.heap_avail();
    assert!(free > 60_000, "{free} bytes free in pieces");
    let mut c = cable_to(m);
    let big = path("main\\big");
    refused_for_memory(&mut c, &big, &text(14_000));
    match c.get_value(&big) {
        Err(LinkError::NotFound { .. }) => {}
        other => panic!("{big} after a refused send: {other:?}"),
    }
    // A variable that fits one piece still goes.
    c.set_value(&path("main\\small"), &text(6_000)).unwrap();
    assert_eq!(c.get_value(&path("main\\small")).unwrap(), text(6_000));
}

/// Free memory in pieces between variables (unlocked, so movable): the heap is compacted, as
/// AMS does before it refuses, and a variable larger than every piece is stored; the variables
/// that moved keep their contents.
#[test]
fn variables_move_to_make_room_for_a_large_one() {
    let mut c = calc(Model::Ti89);
    c.ready().unwrap();
    let mut sent = Vec::new();
    for i in 0.. {
        let p = path(&format!("main\\v{i}"));
        if c.set_value(&p, &text(8_000)).is_err() {
            break;
        }
        sent.push(p);
    }
    assert!(sent.len() > 10, "{} variables of 8,000 bytes", sent.len());
    for p in sent.iter().step_by(2) {
        c.delete_variable(p, VarType::STR).unwrap();
    }
    let free = c.cable().inspect(|m: &mut Machine| m.heap_avail()).unwrap();
    assert!(free > 40_000, "{free} bytes free in pieces");
    let big = path("main\\big");
    c.set_value(&big, &text(20_000)).unwrap();
    assert!(c.cable().take_events().is_empty());
    assert_eq!(c.get_value(&big).unwrap(), text(20_000));
    for p in sent.iter().skip(1).step_by(2) {
        assert_eq!(c.get_value(p).unwrap(), text(8_000), "{p}");
    }
}

/// One free block left, a little larger than a variable: sent into a folder that does not
/// exist yet, whose new list would take part of that block, the variable is refused before its
/// data; sent into `main`, it is stored.
#[test]
fn a_new_folder_counts_in_the_room_a_variable_needs() {
    let (mut c, free) = one_block_left(Machine::new(Model::Ti89));
    // A string of n characters is a variable of n + 5 bytes (size word, its two zero bytes and
    // its tag): 100 bytes under the free block.
    let value = text(free as usize - 105);
    let in_new = path("newf\\big");
    refused_for_memory(&mut c, &in_new, &value);
    let folders = c.list_folders().unwrap();
    assert!(
        !folders.contains(&VarName::new("newf").unwrap()),
        "{folders:?}"
    );
    let in_main = path("main\\big");
    c.set_value(&in_main, &value).unwrap();
    assert_eq!(c.get_value(&in_main).unwrap(), value);
}

/// A folder whose list is full (ten variables) must grow it for an eleventh. With one free block
/// left, 100 bytes larger than the variable, that growth is counted: the variable is refused
/// before its data and the folder keeps its ten. Sent into `main`, whose list has room, the
/// same variable is stored.
#[test]
fn a_full_folder_list_counts_in_the_room_a_variable_needs() {
    let mut m = Machine::new(Model::Ti89);
    for i in 0..10 {
        m.set_value(&format!("full\\v{i}"), &text(4)).unwrap();
    }
    let (mut c, free) = one_block_left(m);
    let value = text(free as usize - 105);
    refused_for_memory(&mut c, &path("full\\big"), &value);
    let listing = c.list_folder(&VarName::new("full").unwrap()).unwrap();
    assert_eq!(listing.entries.len(), 10);
    let in_main = path("main\\big");
    c.set_value(&in_main, &value).unwrap();
    assert_eq!(c.get_value(&in_main).unwrap(), value);
}

/// The folder table holds ten folders before it grows. A variable sent into a new folder, with
/// room for it and the folder's list but not for the table's growth, is stored when the table
/// has room (nine folders) and refused before its data when it is full (ten), leaving no new
/// folder behind.
#[test]
fn a_full_folder_table_counts_in_the_room_a_variable_needs() {
    for (extra, stored) in [(8, true), (9, false)] {
        let mut m = Machine::new(Model::Ti89);
        for i in 0..extra {
            m.new_folder(&format!("f{i}")).unwrap();
        }
        let (mut c, free) = one_block_left(m);
        let before = c.list_folders().unwrap();
        assert_eq!(before.len(), extra + 1, "{before:?}");
        // 100 bytes to spare once the new list (152 bytes, its guard and rounding) is counted.
        let value = text(free as usize - 105 - 160);
        let in_new = path("newf\\big");
        if stored {
            c.set_value(&in_new, &value).unwrap();
            assert_eq!(c.get_value(&in_new).unwrap(), value);
        } else {
            refused_for_memory(&mut c, &in_new, &value);
            assert_eq!(c.list_folders().unwrap(), before);
        }
    }
}
