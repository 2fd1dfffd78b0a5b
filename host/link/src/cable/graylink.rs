//! The GrayLink cable: an ordinary serial port at 9600 baud, 8N1, no flow control; a
//! microcontroller in the cable turns bytes into the two-wire protocol, so the DBUS bytes
//! pass unchanged (docs/link.md#graylink; tilibs `libticables/trunk/src/linux/link_gry.cc`).
//! DTR and RTS only power the converter: they are raised on opening, and errors doing so are
//! ignored, because a pseudo-terminal (the tests' stand-in for a calculator) has no modem
//! lines (docs/link.md#libticalcs2-on-a-pseudo-terminal).

use std::io::{ErrorKind, Read, Write};
use std::time::Duration;

use serialport::{ClearBuffer, DataBits, FlowControl, Parity, SerialPort, StopBits};

use super::{Cable, CableError, DEFAULT_TIMEOUT};

/// A GrayLink on a serial device.
pub struct GrayLink {
    port: Box<dyn SerialPort>,
    path: String,
    /// The port's read timeout as last set (changed only when an exchange asks another).
    timeout: Duration,
}

impl GrayLink {
    /// Opens the GrayLink on `path` (`/dev/ttyS0`, `/dev/ttyUSB0`, a pty...).
    pub fn open(path: &str) -> Result<GrayLink, CableError> {
        let timeout = DEFAULT_TIMEOUT;
        let describe = format!("GrayLink on {path}");
        let mut port = serialport::new(path, 9600)
            .data_bits(DataBits::Eight)
            .parity(Parity::None)
            .stop_bits(StopBits::One)
            .flow_control(FlowControl::None)
            .timeout(timeout)
            .open()
            .map_err(|e| CableError::Unavailable {
                cable: describe.clone(),
                reason: format!("cannot open the serial port: {e}; check the path and your permissions (group dialout)"),
            })?;
        // Power for the converter; a pty has no modem lines, which is fine.
        let _ = port.write_data_terminal_ready(true);
        let _ = port.write_request_to_send(true);
        port.clear(ClearBuffer::All).map_err(|e| CableError::Io {
            cable: describe,
            source: e.into(),
        })?;
        Ok(GrayLink {
            port,
            path: path.to_string(),
            timeout,
        })
    }
}

impl Cable for GrayLink {
    fn describe(&self) -> String {
        format!("GrayLink on {}", self.path)
    }

    fn send(&mut self, bytes: &[u8], _timeout: Duration) -> Result<(), CableError> {
        self.port
            .write_all(bytes)
            .and_then(|()| self.port.flush())
            .map_err(|source| CableError::Io {
                cable: self.describe(),
                source,
            })
    }

    fn recv(&mut self, buf: &mut [u8], timeout: Duration) -> Result<(), CableError> {
        if timeout != self.timeout {
            self.port.set_timeout(timeout).map_err(|e| CableError::Io {
                cable: self.describe(),
                source: e.into(),
            })?;
            self.timeout = timeout;
        }
        let mut got = 0;
        while got < buf.len() {
            match self.port.read(&mut buf[got..]) {
                Ok(0) => {
                    return Err(CableError::Disconnected {
                        cable: self.describe(),
                    })
                }
                Ok(n) => got += n,
                Err(e) if e.kind() == ErrorKind::TimedOut || e.kind() == ErrorKind::WouldBlock => {
                    return Err(CableError::Timeout {
                        cable: self.describe(),
                        timeout: self.timeout,
                        got,
                        wanted: buf.len(),
                    })
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(source) => {
                    return Err(CableError::Io {
                        cable: self.describe(),
                        source,
                    })
                }
            }
        }
        Ok(())
    }

    fn discard_input(&mut self) -> Result<(), CableError> {
        self.port
            .clear(ClearBuffer::Input)
            .map_err(|e| CableError::Io {
                cable: self.describe(),
                source: e.into(),
            })
    }
}
