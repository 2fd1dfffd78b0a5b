//! The harness's address bus: RAM, ROM, the code of the programs loaded, and the checks that
//! turn a wrong access into a recorded [`Violation`] (an unmapped address, a write into a
//! program's code, into ROM, or below the user stack into the exception vectors).
//!
//! Every program image loaded (by the test, by NG_execute, by a program calling EX_patch) is
//! registered as a [`CodeRange`]: the run loop lets the CPU execute inside any of them and
//! nowhere else, and the bus refuses writes into the text of those whose text length is known.
//! A range is forgotten when the heap block holding it is freed.
//!
//! The RAM answers also in the ghost space, its mirror at +0x40000 ([`map::GHOST`]): a read or
//! a write there is one of the RAM byte below, with the same checks, and code may run there (a
//! range covers its text at both addresses), as HW2 launchers run programs.
//!
//! The CPU crate calls the `try_*` methods; an unmapped access returns a bus fault, so the
//! 68000 takes a real bus-error exception, and the run loop reports the recorded violation.
//! Writes into code, ROM or the vectors are refused (memory is left as it was) and reported
//! the same way.
//! The harness itself reads and writes memory with [`Bus::peek`] and [`Bus::poke`], which
//! bypass the checks.

use m68k::core::memory::{BusFault, BusFaultKind};
use m68k::AddressBus;

use super::failure::Failure;
use super::map::{self, Layout};
use super::memory::ReadMemory;

/// A wrong memory access seen by the bus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Violation {
    /// An access to an address no memory answers at.
    Unmapped {
        /// The address.
        address: u32,
        /// True for a write.
        write: bool,
        /// Access size in bytes.
        size: u32,
    },
    /// A write into a program's code (below its `text_len`).
    WriteIntoCode {
        /// The address.
        address: u32,
        /// Access size in bytes.
        size: u32,
    },
    /// A write into ROM.
    WriteIntoRom {
        /// The address.
        address: u32,
        /// Access size in bytes.
        size: u32,
    },
    /// A write below the user stack, into the exception vector table (0-0x3FF): a stack
    /// overflow, or a stray pointer.
    WriteIntoVectors {
        /// The address.
        address: u32,
        /// Access size in bytes.
        size: u32,
    },
}

/// One program image the CPU may execute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeRange {
    /// Address of the program's first byte (its entry).
    pub base: u32,
    /// Length of the executable text (the whole body when the text length is unknown).
    pub text_len: u32,
    /// Length of the body (code and data, before the relocation table).
    pub body_len: u32,
    /// Whether the text length is known: writes into the text are then violations.
    pub protected: bool,
    /// What it is, for messages: `ai1\joueur`, "the loaded program"...
    pub label: String,
    /// Offsets (sorted) of the 4-byte relocation slots its launcher writes at every run, a
    /// launcher's body relocated in place (docs/building.md#programs-over-24-kb): a write
    /// inside one is not a write into its code.
    pub relocation_slots: Vec<u32>,
}

impl CodeRange {
    /// Whether `pc` (in RAM or in the ghost space) is inside the executable text.
    #[inline]
    pub fn contains(&self, pc: u32) -> bool {
        map::physical(pc).wrapping_sub(self.ram_base()) < self.text_len
    }

    /// Whether `[address, address + len)` (in RAM) lies inside one relocation slot (the
    /// 68000 writes a long as two words).
    fn in_relocation_slot(&self, address: u32, len: u32) -> bool {
        let offset = address.wrapping_sub(self.ram_base());
        let at = self
            .relocation_slots
            .partition_point(|&slot| slot <= offset);
        at > 0 && offset + len <= self.relocation_slots[at - 1] + 4
    }

    /// The range's first byte in RAM (its base may be given in the ghost space).
    #[inline]
    pub fn ram_base(&self) -> u32 {
        map::physical(self.base)
    }

    /// The first byte of the text as the CPU at `pc` sees it: in the ghost space when `pc` is.
    pub fn start_seen_from(&self, pc: u32) -> u32 {
        if map::in_ghost(pc) {
            self.ram_base() + map::GHOST
        } else {
            self.ram_base()
        }
    }
}

/// RAM and ROM, with the programs' code protected against writes.
pub struct Bus {
    /// The 256 KB of RAM, from address 0.
    pub(crate) ram: Vec<u8>,
    /// The ROM region, from [`Layout::rom_base`].
    pub(crate) rom: Vec<u8>,
    /// Where the ROM region starts.
    pub(crate) rom_base: u32,
    /// The programs loaded: where the CPU may execute.
    pub(crate) code: Vec<CodeRange>,
    /// Lowest address of a protected text (for a quick test before the list).
    protect_lo: u32,
    /// One past the highest address of a protected text (`protect_lo` when none).
    protect_hi: u32,
    /// The first violation since the last [`Bus::take_violation`].
    pub(crate) violation: Option<Violation>,
}

impl Bus {
    /// A bus with zeroed RAM and a ROM region filled with 0xFF (erased FLASH).
    pub fn new(layout: &Layout) -> Bus {
        Bus {
            ram: vec![0; map::RAM_SIZE as usize],
            rom: vec![0xFF; map::ROM_SIZE as usize],
            rom_base: layout.rom_base,
            code: Vec::new(),
            protect_lo: 0,
            protect_hi: 0,
            violation: None,
        }
    }

    /// Registers a program image the CPU may execute; it replaces any range with the same
    /// base.
    pub fn add_code(&mut self, range: CodeRange) {
        self.code.retain(|c| c.base != range.base);
        self.code.push(range);
        self.update_protection();
    }

    /// Forgets every program image inside `[start, start + len)` of RAM (its memory was freed).
    pub fn forget_code_in(&mut self, start: u32, len: u32) {
        let before = self.code.len();
        self.code
            .retain(|c| c.ram_base().wrapping_sub(start) >= len);
        if self.code.len() != before {
            self.update_protection();
        }
    }

    /// Moves every program image inside `[start, start + len)` of RAM by `to - start` (its
    /// block was moved by the heap, as AMS moves unlocked blocks when it compacts); a base in
    /// the ghost space stays there.
    pub fn move_code_in(&mut self, start: u32, len: u32, to: u32) {
        let mut moved = false;
        for c in &mut self.code {
            let ram = c.ram_base();
            if ram.wrapping_sub(start) < len {
                c.base = c.base - ram + (ram - start + to);
                moved = true;
            }
        }
        if moved {
            self.update_protection();
        }
    }

    /// The program image whose text holds `pc` (in RAM or in the ghost space).
    pub fn code_at(&self, pc: u32) -> Option<&CodeRange> {
        self.code.iter().find(|c| c.contains(pc))
    }

    /// The program image whose body (text and data) holds `address`.
    pub fn body_at(&self, address: u32) -> Option<&CodeRange> {
        let a = map::physical(address);
        self.code
            .iter()
            .find(|c| a.wrapping_sub(c.ram_base()) < c.body_len)
    }

    /// The protected text that `[address, address + len)` (in RAM or in the ghost space)
    /// overlaps, if any.
    pub fn protected_text_hit(&self, address: u32, len: u32) -> Option<&CodeRange> {
        let address = map::physical(address);
        let end = address.wrapping_add(len);
        if len == 0 || address >= self.protect_hi || end <= self.protect_lo {
            return None;
        }
        self.code.iter().find(|c| {
            c.protected
                && address < c.ram_base() + c.text_len
                && end > c.ram_base()
                && !c.in_relocation_slot(address, len)
        })
    }

    fn update_protection(&mut self) {
        let protected = self.code.iter().filter(|c| c.protected && c.text_len > 0);
        let (mut lo, mut hi) = (u32::MAX, 0);
        for c in protected {
            lo = lo.min(c.ram_base());
            hi = hi.max(c.ram_base() + c.text_len);
        }
        if hi == 0 {
            lo = 0;
        }
        (self.protect_lo, self.protect_hi) = (lo, hi);
    }

    /// Takes the recorded violation, if any.
    pub fn take_violation(&mut self) -> Option<Violation> {
        self.violation.take()
    }

    /// Whether a violation is waiting.
    #[inline]
    pub fn has_violation(&self) -> bool {
        self.violation.is_some()
    }

    /// Reads `out.len()` bytes at `address` without any check; `None` if a byte is unmapped.
    pub fn peek(&self, address: u32, out: &mut [u8]) -> Option<()> {
        for (i, b) in out.iter_mut().enumerate() {
            *b = self.byte_ref(address.wrapping_add(i as u32))?;
        }
        Some(())
    }

    /// Writes `data` at `address` (RAM or ROM) without any check; `None` if a byte is unmapped.
    pub fn poke(&mut self, address: u32, data: &[u8]) -> Option<()> {
        for (i, &b) in data.iter().enumerate() {
            *self.byte_mut(address.wrapping_add(i as u32))? = b;
        }
        Some(())
    }

    #[inline]
    fn byte_ref(&self, address: u32) -> Option<u8> {
        let a = map::physical(address);
        if a < map::RAM_SIZE {
            Some(self.ram[a as usize])
        } else {
            let r = a.wrapping_sub(self.rom_base);
            (r < map::ROM_SIZE).then(|| self.rom[r as usize])
        }
    }

    #[inline]
    fn byte_mut(&mut self, address: u32) -> Option<&mut u8> {
        let a = map::physical(address);
        if a < map::RAM_SIZE {
            Some(&mut self.ram[a as usize])
        } else {
            let r = a.wrapping_sub(self.rom_base);
            if r < map::ROM_SIZE {
                Some(&mut self.rom[r as usize])
            } else {
                None
            }
        }
    }

    fn record(&mut self, v: Violation) {
        if self.violation.is_none() {
            self.violation = Some(v);
        }
    }

    #[inline]
    fn read(&mut self, address: u32, size: u32) -> Result<u32, BusFault> {
        let mut a = address & 0x00FF_FFFF;
        if a >= map::GHOST && a + size <= map::GHOST_END {
            a -= map::GHOST;
        }
        if a + size <= map::RAM_SIZE {
            let i = a as usize;
            return Ok(match size {
                1 => u32::from(self.ram[i]),
                2 => u32::from(u16::from_be_bytes([self.ram[i], self.ram[i + 1]])),
                _ => u32::from_be_bytes([
                    self.ram[i],
                    self.ram[i + 1],
                    self.ram[i + 2],
                    self.ram[i + 3],
                ]),
            });
        }
        let r = a.wrapping_sub(self.rom_base);
        if r < map::ROM_SIZE && r + size <= map::ROM_SIZE {
            let i = r as usize;
            let mut v = 0u32;
            for k in 0..size as usize {
                v = (v << 8) | u32::from(self.rom[i + k]);
            }
            return Ok(v);
        }
        self.record(Violation::Unmapped {
            address: a,
            write: false,
            size,
        });
        Err(BusFault {
            kind: BusFaultKind::BusError,
            address: a,
        })
    }

    #[inline]
    fn write(&mut self, address: u32, size: u32, value: u32) -> Result<(), BusFault> {
        let mut a = address & 0x00FF_FFFF;
        if a >= map::GHOST && a + size <= map::GHOST_END {
            a -= map::GHOST;
        }
        if a + size <= map::RAM_SIZE {
            if a < map::USER_STACK_LOW {
                self.record(Violation::WriteIntoVectors { address: a, size });
                return Ok(());
            }
            if a < self.protect_hi
                && a + size > self.protect_lo
                && self.protected_text_hit(a, size).is_some()
            {
                self.record(Violation::WriteIntoCode { address: a, size });
                return Ok(());
            }
            let i = a as usize;
            match size {
                1 => self.ram[i] = value as u8,
                2 => self.ram[i..i + 2].copy_from_slice(&(value as u16).to_be_bytes()),
                _ => self.ram[i..i + 4].copy_from_slice(&value.to_be_bytes()),
            }
            return Ok(());
        }
        if a.wrapping_sub(self.rom_base) < map::ROM_SIZE {
            self.record(Violation::WriteIntoRom { address: a, size });
            return Ok(());
        }
        self.record(Violation::Unmapped {
            address: a,
            write: true,
            size,
        });
        Err(BusFault {
            kind: BusFaultKind::BusError,
            address: a,
        })
    }
}

impl ReadMemory for Bus {
    fn read_bytes(&self, address: u32, len: u32) -> Result<Vec<u8>, Failure> {
        let mut out = vec![0; len as usize];
        self.peek(address, &mut out).ok_or_else(|| {
            Failure::Setup(format!(
                "{len} byte(s) at {address:#08x} are not all mapped"
            ))
        })?;
        Ok(out)
    }
}

impl AddressBus for Bus {
    fn read_byte(&mut self, address: u32) -> u8 {
        self.read(address, 1).unwrap_or(0xFF) as u8
    }
    fn read_word(&mut self, address: u32) -> u16 {
        self.read(address, 2).unwrap_or(0xFFFF) as u16
    }
    fn read_long(&mut self, address: u32) -> u32 {
        self.read(address, 4).unwrap_or(0xFFFF_FFFF)
    }
    fn write_byte(&mut self, address: u32, value: u8) {
        let _ = self.write(address, 1, u32::from(value));
    }
    fn write_word(&mut self, address: u32, value: u16) {
        let _ = self.write(address, 2, u32::from(value));
    }
    fn write_long(&mut self, address: u32, value: u32) {
        let _ = self.write(address, 4, value);
    }
    fn try_read_byte(&mut self, address: u32) -> Result<u8, BusFault> {
        self.read(address, 1).map(|v| v as u8)
    }
    fn try_read_word(&mut self, address: u32) -> Result<u16, BusFault> {
        self.read(address, 2).map(|v| v as u16)
    }
    fn try_read_long(&mut self, address: u32) -> Result<u32, BusFault> {
        self.read(address, 4)
    }
    fn try_write_byte(&mut self, address: u32, value: u8) -> Result<(), BusFault> {
        self.write(address, 1, u32::from(value))
    }
    fn try_write_word(&mut self, address: u32, value: u16) -> Result<(), BusFault> {
        self.write(address, 2, u32::from(value))
    }
    fn try_write_long(&mut self, address: u32, value: u32) -> Result<(), BusFault> {
        self.write(address, 4, value)
    }
    fn try_read_immediate_word(&mut self, address: u32) -> Result<u16, BusFault> {
        self.read(address, 2).map(|v| v as u16)
    }
    fn try_read_immediate_long(&mut self, address: u32) -> Result<u32, BusFault> {
        self.read(address, 4)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Layout;
    use ti_files::Model;

    fn range(base: u32) -> CodeRange {
        CodeRange {
            base,
            text_len: 0x40,
            body_len: 0x50,
            protected: true,
            label: "a program".into(),
            relocation_slots: vec![0x10],
        }
    }

    #[test]
    fn code_moves_with_its_block() {
        let mut bus = Bus::new(&Layout::of(Model::Ti89));
        bus.add_code(range(0x1_0002));
        bus.add_code(range(0x2_0002));
        bus.move_code_in(0x1_0000, 0x60, 0x3_0000);
        assert!(bus.protected_text_hit(0x1_0010, 2).is_none());
        assert_eq!(bus.protected_text_hit(0x3_0010, 2).unwrap().base, 0x3_0002);
        // A write inside a relocation slot is its launcher relocating it.
        assert!(bus.protected_text_hit(0x3_0012, 4).is_none());
        assert!(bus.protected_text_hit(0x3_0014, 2).is_none());
        assert!(bus.protected_text_hit(0x3_0010, 4).is_some());
        assert!(bus.protected_text_hit(0x3_0014, 4).is_some());
        assert!(bus.code_at(0x3_0002).is_some());
        assert!(bus.code_at(0x2_0002).is_some(), "a block elsewhere stays");
    }

    #[test]
    fn the_ghost_space_is_the_ram_again_with_the_same_checks() {
        let mut bus = Bus::new(&Layout::of(Model::Ti89));
        bus.write_long(0x4_1000, 0x1234_5678);
        assert_eq!(bus.read_long(0x1000), 0x1234_5678);
        assert_eq!(bus.try_read_word(0x7_FFFE), Ok(0));
        assert!(
            bus.try_read_word(0x8_0000).is_err(),
            "only the first mirror is mapped"
        );
        assert!(matches!(
            bus.take_violation(),
            Some(Violation::Unmapped {
                address: 0x8_0000,
                ..
            })
        ));
        // Code registered in the ghost space runs at both addresses, moves and is freed by
        // its RAM address, and its text is protected through both.
        bus.add_code(range(0x5_0002));
        assert!(bus.code_at(0x1_0010).is_some() && bus.code_at(0x5_0010).is_some());
        assert_eq!(
            bus.code_at(0x1_0010).unwrap().start_seen_from(0x5_0010),
            0x5_0002
        );
        bus.write_word(0x5_0010, 0);
        assert!(matches!(
            bus.take_violation(),
            Some(Violation::WriteIntoCode { .. })
        ));
        bus.write_word(0x1_0010, 0);
        assert!(bus.take_violation().is_some());
        bus.move_code_in(0x1_0000, 0x60, 0x2_0000);
        assert_eq!(bus.code_at(0x2_0002).unwrap().base, 0x6_0002);
        bus.forget_code_in(0x2_0000, 0x60);
        assert!(bus.code_at(0x6_0002).is_none());
        // A write into the vectors through the mirror is still one.
        bus.write_word(0x4_0010, 0);
        assert!(matches!(
            bus.take_violation(),
            Some(Violation::WriteIntoVectors { .. })
        ));
    }
}
