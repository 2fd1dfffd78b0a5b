//! Command IDs of the DBUS protocol, named as in the link guide and libticalcs2
//! (tilibs `libticalcs/trunk/src/dbus_pkt.h`, `dbus_pkt.cc`; docs/link.md#command-ids).

use core::fmt;

/// A command ID (second byte of every packet).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Command(pub u8);

impl Command {
    /// Variable header (non-silent send; the calculator's reply to REQ).
    pub const VAR: Command = Command(0x06);
    /// Clear to send.
    pub const CTS: Command = Command(0x09);
    /// Data packet.
    pub const XDP: Command = Command(0x15);
    /// Request version information.
    pub const VER: Command = Command(0x2D);
    /// Skip / exit / reject, with a reason code.
    pub const SKP: Command = Command(0x36);
    /// Send calculator ID.
    pub const SID: Command = Command(0x47);
    /// Acknowledge (status word in the length field).
    pub const ACK: Command = Command(0x56);
    /// Checksum error: send the last packet again.
    pub const ERR: Command = Command(0x5A);
    /// Test if ready.
    pub const RDY: Command = Command(0x68);
    /// Request a screenshot.
    pub const SCR: Command = Command(0x6D);
    /// Request calculator ID.
    pub const RID: Command = Command(0x74);
    /// Continue.
    pub const CNT: Command = Command(0x78);
    /// Remote key press (key code in the length field).
    pub const KEY: Command = Command(0x87);
    /// Delete a variable.
    pub const DEL: Command = Command(0x88);
    /// Run a variable or application.
    pub const RUN: Command = Command(0x89);
    /// End of transmission.
    pub const EOT: Command = Command(0x92);
    /// Request a variable or a directory listing (silent).
    pub const REQ: Command = Command(0xA2);
    /// Alternate checksum error.
    pub const ERR2: Command = Command(0xB4);
    /// Request a variable index.
    pub const IND: Command = Command(0xB7);
    /// Request to send (silent).
    pub const RTS: Command = Command(0xC9);
    /// Request to send and execute.
    pub const RSE: Command = Command(0xCA);

    /// (command, name, TI's official name, carries data).
    const TABLE: [(Command, &'static str, &'static str, bool); 21] = [
        (Command::VAR, "VAR", "RTS", true),
        (Command::CTS, "CTS", "RDY", false),
        (Command::XDP, "XDP", "XDP", true),
        (Command::VER, "VER", "RDI", false),
        (Command::SKP, "SKP", "EOR", true),
        (Command::SID, "SID", "SIOA", true),
        (Command::ACK, "ACK", "ACK", false),
        (Command::ERR, "ERR", "CHK", false),
        (Command::RDY, "RDY", "RDC", false),
        (Command::SCR, "SCR", "REQ", false),
        (Command::RID, "RID", "RIOA", false),
        (Command::CNT, "CNT", "RTC", false),
        (Command::KEY, "KEY", "SKY", false),
        (Command::DEL, "DEL", "DVL", true),
        (Command::RUN, "RUN", "EPL", true),
        (Command::EOT, "EOT", "DONE", false),
        (Command::REQ, "REQ", "GET", true),
        (Command::ERR2, "ERR2", "???", false),
        (Command::IND, "IND", "GTE", true),
        (Command::RTS, "RTS", "SEND", true),
        (Command::RSE, "RSE", "SETP", true),
    ];

    fn entry(self) -> Option<&'static (Command, &'static str, &'static str, bool)> {
        Self::TABLE.iter().find(|e| e.0 == self)
    }

    /// Whether the command is known.
    pub fn is_known(self) -> bool {
        self.entry().is_some()
    }

    /// The name libticalcs2 and the link guide use ("RTS", "XDP"...), "?" if unknown.
    pub fn name(self) -> &'static str {
        self.entry().map_or("?", |e| e.1)
    }

    /// TI's own name for the command.
    pub fn official_name(self) -> &'static str {
        self.entry().map_or("?", |e| e.2)
    }

    /// Whether packets of this command carry data and a checksum after the header.
    pub fn has_data(self) -> bool {
        self.entry().is_some_and(|e| e.3)
    }
}

impl fmt::Debug for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(0x{:02X})", self.name(), self.0)
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_known() {
            f.write_str(self.name())
        } else {
            write!(f, "unknown command 0x{:02X}", self.0)
        }
    }
}
