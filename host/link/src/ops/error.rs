//! The link layer's error: everything an operation with a calculator can run into, each with
//! a message that says what happened and what to do.

use crate::cable::CableError;
use crate::packet::PacketError;
use ti_files::{FileError, Model, NameError, VariableError};

/// What can go wrong talking to a calculator.
#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    /// The cable failed (timeout, disconnection, I/O).
    #[error(transparent)]
    Cable(#[from] CableError),
    /// The calculator sent bytes that are not a good packet.
    #[error("bad packet from the calculator: {0}")]
    Packet(#[from] PacketError),
    /// The calculator sent a packet the protocol does not allow here.
    #[error("protocol error while {doing}: expected {expected}, the calculator sent {got}")]
    Unexpected {
        /// The operation's step.
        doing: String,
        /// What was expected.
        expected: &'static str,
        /// The packet received (dissected).
        got: String,
    },
    /// The calculator refused (SKP).
    #[error("the calculator refused {what}: {reason} (code {code:#04x})")]
    Rejected {
        /// What was refused.
        what: String,
        /// The reason code.
        code: u8,
        /// Its meaning.
        reason: &'static str,
    },
    /// A variable too large for the one data packet a transfer uses.
    #[error("{path}: its image of {len} bytes does not fit in one data packet (at most {max} bytes); AMS itself refuses variables that large")]
    TooLargeToSend {
        /// The variable.
        path: String,
        /// Bytes of its image (size word and data).
        len: usize,
        /// The largest image a data packet carries.
        max: usize,
    },
    /// The calculator acknowledged with a non-zero status where libticalcs2 requires zero
    /// (its `ERR_NACK`).
    #[error("the calculator refused while {doing}: it acknowledged with status {status:#06x} instead of 0")]
    Nack {
        /// The operation's step.
        doing: String,
        /// The ACK's status word.
        status: u16,
    },
    /// The calculator reported a checksum error twice.
    #[error("the calculator reported a checksum error on our packet twice; check the cable")]
    ChecksumRejected,
    /// The variable does not exist on the calculator.
    #[error("variable {path} not found on the calculator{detail}")]
    NotFound {
        /// The variable.
        path: String,
        /// How we know ("" or a note such as "(or the calculator did not answer)").
        detail: String,
    },
    /// The calculator is busy (not on its home screen or running a program).
    #[error(
        "the calculator is busy (status {status:#06x}): go back to the home screen and try again"
    )]
    Busy {
        /// The ACK status.
        status: u16,
    },
    /// The calculator is another model than the one chosen.
    #[error("the calculator answers as a {found} (machine ID {machine_id:#04x}), not a {expected}: use --model")]
    WrongModel {
        /// The machine ID received.
        machine_id: u8,
        /// The model chosen.
        expected: Model,
        /// What the machine ID means.
        found: &'static str,
    },
    /// A reply's content is malformed.
    #[error("malformed reply from the calculator: {0}")]
    Malformed(String),
    /// A variable to send is invalid, or a received one cannot be built.
    #[error(transparent)]
    Variable(#[from] VariableError),
    /// A name is invalid.
    #[error(transparent)]
    Name(#[from] NameError),
    /// A file problem while building what to send.
    #[error(transparent)]
    File(#[from] FileError),
    /// The calculator answered a DUSB error packet (0xEE00).
    #[error("the calculator answered with error {code:#06x} while {doing}{}", known_note(*.known))]
    CalculatorError {
        /// The operation's step.
        doing: String,
        /// The error code.
        code: u16,
        /// Its index in libticalcs2's table of known codes, if it is there.
        known: Option<usize>,
    },
    /// The user asked to stop (Ctrl-C); the exchange in progress was finished first, so the
    /// calculator is left usable.
    #[error("stopped at your request after {done} of {total} {what}")]
    Cancelled {
        /// How many items were done.
        done: usize,
        /// How many there were.
        total: usize,
        /// What the items are ("variables").
        what: &'static str,
    },
    /// The protocol or the cable cannot do this.
    #[error("{what} is not possible {why}")]
    Unsupported {
        /// The operation.
        what: String,
        /// Why, and what to do instead.
        why: String,
    },
}

fn known_note(known: Option<usize>) -> String {
    match known {
        Some(i) => format!(
            " (libticalcs2 knows it as its calculator error {i}; TI does not document the meaning)"
        ),
        None => " (a code libticalcs2 does not know)".to_string(),
    }
}
