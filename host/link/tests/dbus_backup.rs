//! Backup and restore over DBUS (a SilverLink on a simulated device, the scripted calculator):
//! the group holds every variable with its folder, a restore into an empty calculator brings
//! them all back, and a stop request between variables ends the backup without a file and
//! leaves the calculator answering.

use std::time::Duration;

mod fakecalc;

use fakecalc::FakeCalc;
use ti_files::{Model, Value, VarPath, Variable};
use ti_link::cable::silverlink::SilverLink;
use ti_link::cable::usb::sim::{sim_pair, SimUsb};
use ti_link::ops::backup;
use ti_link::{Calculator, Delays, LinkError, Operations};

fn calculator() -> Calculator<SilverLink<SimUsb>> {
    let (pipe, dev) = sim_pair(32);
    let mut fake = FakeCalc::new(Model::Ti89);
    let mut io = dev.stream(Duration::from_secs(5));
    std::thread::spawn(move || fake.serve(&mut io));
    let mut c = Calculator::new(SilverLink::over(pipe), Model::Ti89);
    c.delays = Delays::NONE;
    c
}

#[test]
fn backup_then_restore_over_dbus() {
    let mut c = calculator();
    let vars = [
        Variable::new(
            VarPath::parse("ai1\\colonne").unwrap(),
            &Value::Integer(2.into()),
        )
        .unwrap(),
        Variable::new(VarPath::parse("ai1\\nom").unwrap(), &Value::Str("N".into())).unwrap(),
    ];
    for v in &vars {
        c.send_variable(v).unwrap();
    }
    let mut steps = Vec::new();
    let group = backup::backup(&mut c, &|| false, &mut |p, i, n| {
        steps.push(format!("{p} {i}/{n}"))
    })
    .unwrap();
    assert_eq!(
        steps,
        ["main\\str1 1/3", "ai1\\colonne 2/3", "ai1\\nom 3/3"]
    );
    assert_eq!(group.extension(), "89g");
    let names: Vec<String> = group
        .variables
        .iter()
        .map(|v| v.path().to_string())
        .collect();
    assert_eq!(names, ["main\\str1", "ai1\\colonne", "ai1\\nom"]);

    let e = backup::backup(&mut c, &|| true, &mut |_, _, _| {}).unwrap_err();
    assert!(
        matches!(
            e,
            LinkError::Cancelled {
                done: 0,
                total: 3,
                ..
            }
        ),
        "{e}"
    );
    c.ready().unwrap();

    // A fresh calculator (holding only main\str1) gets everything back.
    let mut fresh = calculator();
    backup::restore(&mut fresh, &group, &|| false, &mut |_, _, _| {}).unwrap();
    for v in &vars {
        assert_eq!(
            Operations::get_variable(&mut fresh, &v.path())
                .unwrap()
                .value(),
            v.value()
        );
    }
}
