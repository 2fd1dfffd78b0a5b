//! Loading a program as AMS does: the ASM variable (size word, code and data, zero word,
//! relocation table, 0xF3 tag) goes into a heap block, and EX_patch walks the relocation table
//! backwards from the tag, writing `base + target` at `base + location` for each entry
//! (docs/rom-calls.md#how-ams-starts-a-program, docs/rom-calls.md#relocation-table). The walk reads
//! the table from emulated memory, so a broken table in a file is caught here with the entry that
//! is wrong: an entry outside the body, two entries whose 4-byte slots overlap, or a slot that does
//! not hold zero before patching.

use ti_build::ProgramImage;

use super::ams::exec;
use super::ams::heap::Owner;
use super::bus::{Bus, CodeRange};
use super::failure::Failure;
use super::machine::{Loaded, Machine};

/// The tag byte ending an ASM variable (docs/files.md#asm-program-variables).
const ASM_TAG: u8 = 0xF3;

/// Largest ASM variable data (the size word is 16 bits; ld-tigcc's limit).
pub const MAX_DATA: usize = 0xFFEA;

impl Machine {
    /// Loads a linked program: its variable data as the packager writes it, with the image's
    /// text length (writes below it and execution above it are failures) and exports.
    pub fn load(&mut self, image: &ProgramImage) -> Result<Loaded, Failure> {
        // The harness reads the table's offsets unsigned, as a launcher does: a launcher's body
        // past 32 KB loads too.
        let data = image
            .to_variable_data_within(ti_build::MAX_BODY_RELOC_OFFSET)
            .map_err(|e| Failure::Load(e.to_string()))?;
        let text = (image.text_len > 0).then_some(image.text_len);
        self.load_data(&data, text, image.exports.clone())
    }

    /// Loads the data of an ASM variable (as stored in a `.89z`/`.9xz`/`.v2z` file, without
    /// its size word), exactly as AMS would. The file does not say where the code ends, so
    /// the whole body is executable and writable unless `text_len` is given.
    pub fn load_variable_data(
        &mut self,
        data: &[u8],
        text_len: Option<u32>,
    ) -> Result<Loaded, Failure> {
        self.load_data(data, text_len, Default::default())
    }

    /// Loads the data of an ASM variable (from a `.89z`/`.9xz`/`.v2z` file) with the symbol
    /// map its build wrote beside it (`PROGRAM.sym`): the map gives the length of the text and
    /// the exported functions, so [`Machine::call`] and the profiler work on the file alone.
    pub fn load_variable_data_with_symbols(
        &mut self,
        data: &[u8],
        symbols: &ti_build::SymbolMap,
    ) -> Result<Loaded, Failure> {
        self.load_data(data, Some(symbols.text_len), symbols.exports.clone())
    }

    fn load_data(
        &mut self,
        data: &[u8],
        text_len: Option<u32>,
        exports: std::collections::BTreeMap<String, u32>,
    ) -> Result<Loaded, Failure> {
        if let Some(old) = self.program.take() {
            let _ = self.os.heap.free(&mut self.bus, old.handle);
        }
        if data.len() > MAX_DATA {
            return Err(Failure::Load(format!(
                "the variable data is {} bytes; at most {MAX_DATA} fit in an ASM variable",
                data.len()
            )));
        }
        match data.last() {
            Some(&ASM_TAG) => {}
            other => {
                return Err(Failure::Load(format!(
                    "not an ASM program: the last byte is {:#04x}, not the tag 0xF3",
                    other.copied().unwrap_or(0)
                )))
            }
        }
        let len = data.len() as u32;
        let (handle, block) = self
            .os
            .heap
            .alloc(&mut self.bus, len + 2, false, Owner::Os, "program", 0)
            .ok_or_else(|| Failure::Load(format!("no room in the heap for {len} bytes")))?;
        self.os.heap.set_lock(handle, true).expect("just allocated");
        let mut var = Vec::with_capacity(data.len() + 2);
        var.extend_from_slice(&(len as u16).to_be_bytes());
        var.extend_from_slice(data);
        self.bus.poke(block, &var);
        let base = block + 2;
        let result = fresh_relocation(&mut self.bus, base, base + len - 1).map_err(Failure::Load);
        let (body_len, relocations) = match result {
            Ok(r) => r,
            Err(e) => {
                let _ = self.os.heap.free(&mut self.bus, handle);
                return Err(e);
            }
        };
        if let Some(t) = text_len {
            if t > body_len {
                let _ = self.os.heap.free(&mut self.bus, handle);
                return Err(Failure::Load(format!(
                    "text length {t} is larger than the {body_len}-byte body"
                )));
            }
        }
        for (name, &off) in &exports {
            if off > body_len {
                let _ = self.os.heap.free(&mut self.bus, handle);
                return Err(Failure::Load(format!(
                    "export {name} at offset {off:#x} is outside the {body_len}-byte body"
                )));
            }
        }
        let text = text_len.unwrap_or(body_len);
        self.bus.add_code(CodeRange {
            base,
            text_len: text,
            body_len,
            protected: text_len.is_some(),
            label: "the loaded program".into(),
            relocation_slots: Vec::new(),
        });
        let loaded = Loaded {
            handle,
            base,
            body_len,
            text_len: text,
            text_protected: text_len.is_some(),
            relocations,
            exports,
        };
        self.program = Some(loaded.clone());
        Ok(loaded)
    }
}

/// EX_patch on a program fresh from its file: every slot must hold zero before it is patched.
/// ld-tigcc zero-fills them, and whether AMS's EX_patch writes `base + target` or adds it to
/// what the slot holds is not confirmed (docs/rom-calls.md#relocation-table): overwriting a
/// non-zero slot here would hide a program that breaks on the latter.
fn fresh_relocation(bus: &mut Bus, base: u32, tag: u32) -> Result<(u32, usize), String> {
    let (body_len, entries) = exec::relocation_table(bus, base, tag)?;
    for &(location, _) in &entries {
        let mut slot = [0u8; 4];
        bus.peek(base + location, &mut slot);
        if slot != [0; 4] {
            return Err(format!(
                "bad relocation: the slot at {location:#x} holds {:#010x}, not zero; ld-tigcc zero-fills every relocation slot, and AMS's EX_patch may add to what is there",
                u32::from_be_bytes(slot)
            ));
        }
    }
    exec::apply_relocations(bus, base, &entries);
    Ok((body_len, entries.len()))
}
