//! Reading emulated memory as the 68000 sees it (big-endian), for the two readers of this crate:
//! a test reading the machine ([`crate::Machine`], whose failures are set-up errors) and a ROM
//! call reading its program's arguments (whose failures blame the program). Each says how a read
//! of unmapped memory fails; the big-endian words and longs are built here once.

use crate::failure::Failure;

/// Emulated memory that can be read, with the failure its reader reports for unmapped bytes.
pub trait ReadMemory {
    /// Reads `len` bytes at `address` (RAM or ROM).
    fn read_bytes(&self, address: u32, len: u32) -> Result<Vec<u8>, Failure>;

    /// Reads a big-endian word.
    fn read_u16(&self, address: u32) -> Result<u16, Failure> {
        let b = self.read_bytes(address, 2)?;
        Ok(u16::from_be_bytes([b[0], b[1]]))
    }

    /// Reads a big-endian long.
    fn read_u32(&self, address: u32) -> Result<u32, Failure> {
        let b = self.read_bytes(address, 4)?;
        Ok(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }
}
