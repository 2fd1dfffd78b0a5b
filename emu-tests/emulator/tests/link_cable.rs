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
