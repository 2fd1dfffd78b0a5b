//! Disassembly for failure messages: the instruction at an address, decoded with its extension
//! words by the `m68000` crate's disassembler (the `m68k` crate's only looks at the opcode
//! word), followed by the raw words; also the profiler's annotated listings.

use m68000::instruction::Instruction;
use m68000::MemoryAccess;

use super::bus::Bus;

/// A few bytes of memory seen at their real addresses (read-only).
struct Window {
    base: u32,
    bytes: [u8; 10],
}

impl MemoryAccess for Window {
    fn get_byte(&mut self, addr: u32) -> Option<u8> {
        self.bytes
            .get(addr.wrapping_sub(self.base) as usize)
            .copied()
    }
    fn get_word(&mut self, addr: u32) -> Option<u16> {
        Some(u16::from_be_bytes([
            self.get_byte(addr)?,
            self.get_byte(addr + 1)?,
        ]))
    }
    fn set_byte(&mut self, _: u32, _: u8) -> Option<()> {
        None
    }
    fn set_word(&mut self, _: u32, _: u16) -> Option<()> {
        None
    }
    fn reset_instruction(&mut self) {}
}

/// The instruction at `pc`: "move.w 1(a0),d0 [3028 0001]" (the words it occupies).
pub fn describe(bus: &Bus, pc: u32) -> String {
    match decode(bus, pc) {
        Some((text, words)) => format!("{text} [{words}]"),
        None => "<no instruction: odd or unmapped address>".into(),
    }
}

/// The instruction at `pc` disassembled, and its words in hexadecimal (their number is its
/// length); `None` at an odd or unmapped address.
pub fn decode(bus: &Bus, pc: u32) -> Option<(String, String)> {
    let mut w = Window {
        base: pc,
        bytes: [0; 10],
    };
    if pc % 2 != 0 || bus.peek(pc, &mut w.bytes).is_none() {
        return None;
    }
    let words: Vec<u16> = w
        .bytes
        .chunks(2)
        .map(|c| u16::from_be_bytes([c[0], c[1]]))
        .collect();
    let mut it = w.iter_u16(pc);
    let (text, len) = match Instruction::from_memory(&mut it) {
        Ok(inst) => (
            inst.disassemble(),
            (it.next_addr.wrapping_sub(pc) as usize / 2).clamp(1, 5),
        ),
        Err(_) => ("?".into(), 1),
    };
    let hex: Vec<String> = words[..len].iter().map(|w| format!("{w:04x}")).collect();
    Some((text.trim().to_lowercase(), hex.join(" ")))
}
