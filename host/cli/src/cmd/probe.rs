//! `ti68k probe`: what is connected: Texas Instruments' USB devices (SilverLink cables and
//! TI-89 Titanium calculators) and which calculator answers through each, the serial ports (a
//! GrayLink or BlackLink cannot be recognised without driving its lines, so they are listed
//! with the `--cable` to try), and whether a TiEmu virtual link is in use. A running TiEmu
//! session is only looked at, never joined.

use std::io::Write;
use std::time::Duration;

use clap::Args;

use ti_files::Model;
use ti_link::cable::directlink::DirectLink;
use ti_link::cable::silverlink::SilverLink;
use ti_link::cable::tiemu::link_users;
use ti_link::cable::usb::{self, pid};
use ti_link::{Calculator, Titanium};

use super::output::Out;

/// Adds a line to the report (printed whole at the end, through [`Out`]).
macro_rules! say {
    ($out:expr, $($arg:tt)*) => {{
        $out.push_str(&format!($($arg)*));
        $out.push('\n');
    }};
}

/// List the cables and calculators connected.
#[derive(Args, Debug)]
pub struct ProbeArgs {
    /// Only list the devices: do not open them to ask which calculator answers.
    #[arg(long)]
    no_talk: bool,
    /// Seconds to wait for a calculator's answer.
    #[arg(long, default_value_t = 0.5)]
    timeout: f64,
}

fn process_name(pid: i32) -> String {
    std::fs::read_to_string(format!("/proc/{pid}/comm"))
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|_| "?".into())
}

fn usb_devices(args: &ProbeArgs, timeout: Duration, out: &mut String) {
    say!(out, "USB:");
    let devices = match usb::list_devices() {
        Ok(d) => d,
        Err(e) => {
            say!(out, "  cannot list the USB devices: {e}");
            return;
        }
    };
    if devices.is_empty() {
        say!(out, "  no Texas Instruments device (vendor 0451)");
    }
    let (mut silver, mut titanium) = (0, 0);
    for d in &devices {
        let (cable, talk): (String, Option<String>) = match d.product {
            pid::SILVERLINK => {
                silver += 1;
                let spec = if silver == 1 {
                    "silver".to_string()
                } else {
                    format!("silver:{silver}")
                };
                let talk = (!args.no_talk).then(|| match SilverLink::open(silver) {
                    Ok(c) => match probe_calculator(c, timeout).who_answers() {
                        Ok((id, who)) => format!("{who} answers (machine ID {id:#04x})"),
                        Err(e) => format!("no calculator answers ({e})"),
                    },
                    Err(e) => format!("cannot open it: {e}"),
                });
                (spec, talk)
            }
            pid::TI89_TITANIUM => {
                titanium += 1;
                let spec = if titanium == 1 {
                    "usb".to_string()
                } else {
                    format!("usb:{titanium}")
                };
                let talk = (!args.no_talk).then(|| match DirectLink::open(titanium) {
                    Ok(c) => match probe_titanium(c, timeout).ready() {
                        Ok(()) => "it answers a ready check".to_string(),
                        Err(e) => format!("it does not answer ({e})"),
                    },
                    Err(e) => format!("cannot open it: {e}"),
                });
                (spec, talk)
            }
            _ => ("(not usable by ti68k)".to_string(), None),
        };
        say!(out, "  {d}");
        say!(
            out,
            "      --cable {cable}{}",
            talk.map(|t| format!(": {t}")).unwrap_or_default()
        );
    }
}

fn serial_ports(out: &mut String) {
    say!(out, "Serial ports:");
    match serialport::available_ports() {
        Ok(ports) if ports.is_empty() => say!(out, "  none"),
        Ok(ports) => {
            for p in ports {
                let kind = match &p.port_type {
                    serialport::SerialPortType::UsbPort(u) => format!(
                        "USB serial adapter {:04x}:{:04x}{}",
                        u.vid,
                        u.pid,
                        u.product
                            .as_deref()
                            .map(|s| format!(" ({s})"))
                            .unwrap_or_default()
                    ),
                    serialport::SerialPortType::PciPort => "built-in or PCI".to_string(),
                    _ => "serial port".to_string(),
                };
                say!(out, "  {} ({kind})", p.port_name);
                say!(
                    out,
                    "      --cable gray:{0} (GrayLink) or black:{0} (BlackLink); not probed",
                    p.port_name
                );
            }
        }
        Err(e) => say!(out, "  cannot list them: {e}"),
    }
}

fn tiemu_link(out: &mut String) {
    say!(out, "TiEmu virtual link:");
    match link_users() {
        Ok(None) => say!(out, "  not in use (start TiEmu to use --cable tiemu)"),
        Ok(Some(u)) if u.attached == 0 => {
            say!(out, "  a stale presence counter is left from a killed session (ti68k cleans it up when it opens the link)")
        }
        Ok(Some(u)) => {
            let who = format!("{} (pid {})", process_name(u.creator_pid), u.creator_pid);
            if u.attached == 1 {
                say!(out, "  {who} waits for a linking program: --cable tiemu");
            } else {
                say!(
                    out,
                    "  in use by {} programs (created by {who}, last used by pid {}): busy",
                    u.attached,
                    u.last_pid
                );
            }
        }
        Err(e) => say!(out, "  cannot tell: {e}"),
    }
}

/// Runs `ti68k probe`.
pub fn run(args: ProbeArgs) -> anyhow::Result<()> {
    let timeout = Duration::try_from_secs_f64(args.timeout.max(0.01))?;
    let mut text = String::new();
    usb_devices(&args, timeout, &mut text);
    serial_ports(&mut text);
    tiemu_link(&mut text);
    Out::new().write_all(text.as_bytes())?;
    Ok(())
}

/// A calculator on `cable` whose exchanges wait at most `timeout`.
fn probe_calculator<C: ti_link::Cable>(cable: C, timeout: std::time::Duration) -> Calculator<C> {
    let mut calc = Calculator::new(cable, Model::Ti89);
    calc.set_timeout(timeout);
    calc
}

/// A Titanium on `cable` whose transfers wait at most `timeout`.
fn probe_titanium<C: ti_link::Cable>(cable: C, timeout: std::time::Duration) -> Titanium<C> {
    let mut titanium = Titanium::new(cable);
    titanium.set_timeout(timeout);
    titanium
}
