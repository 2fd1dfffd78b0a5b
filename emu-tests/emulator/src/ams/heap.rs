//! The heap: a real handle table in emulated RAM (the long at `HANDLE_TABLE + 4 * h` is the
//! address of handle `h`'s block) and blocks in the heap area, so a program may dereference
//! handles itself, and wrong frees, overruns and leaks are caught.
//!
//! Served: HeapAvail, HeapAlloc, HeapAllocHigh, HeapAllocThrow,
//! HeapDeref, HeapFree, HLock, HeapLock, HeapGetLock, HeapMax,
//! HeapRealloc, HeapSize, HeapUnlock, HeapAllocPtr, HeapFreePtr,
//! HeapPtrToHandle (the handle whose block starts at the pointer, or H_NULL); HeapAllocHigh
//! allocates at the heap's top and locks the block, as documented
//! (prototypes in docs/rom-calls.md#rom-calls-the-project-uses). A block moves when HeapRealloc (or
//! the OS growing a VAT table) needs more room than follows it; and AMS may move unlocked blocks
//! when it compacts the heap, which an allocation can do: so before every allocation a program asks
//! for (HeapAlloc*, HeapAllocPtr, HeapRealloc, HS_popEStack; not yet the VAT calls), the harness
//! moves every unlocked block to another free place (the handle table follows) and fills its old
//! place with 0xDD, so that a pointer kept from `HeapDeref` across an allocation reads garbage here
//! as it may on a calculator. When no free place is then large enough, the unlocked blocks slide
//! down to gather the free space ([`Heap::compact`]), as AMS compacts the heap before it refuses
//! an allocation: otherwise the moves above could leave enough bytes free only in pieces; the OS's
//! own allocations ([`Heap::alloc_os`], [`Heap::realloc_os`]) compact the same way, without the
//! moves before. A new block is filled with 0xCD so that code reading memory it never
//! wrote gives a visible value, and 4 guard bytes after each block are checked when it is freed and
//! at the end of a program. A block is at most 65,520 bytes, as on AMS; a larger request returns
//! H_NULL. `HeapFree(H_NULL)` and `HeapFreePtr(NULL)` do nothing.

use crate::ReadMemory;
use std::collections::BTreeMap;

use ti_build::rom_calls;

use super::{errors, Reply, RomCallDef, RomCtx};
use crate::bus::Bus;
use crate::failure::Failure;
use crate::map;

/// Largest block AMS allocates.
pub const MAX_BLOCK: u32 = 65_520;
/// Guard bytes after each block.
const GUARD: [u8; 4] = [0xA5, 0x5A, 0xA5, 0x5A];
/// Fill of a newly allocated block.
const FILL: u8 = 0xCD;
/// Fill of the place a block was moved away from.
const MOVED: u8 = 0xDD;
/// AMS error code thrown by HeapAllocThrow when memory runs out.
pub const ERR_MEMORY: u16 = 670;

/// Who allocated a block: leaks are only reported for the program's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    /// The program, through a ROM call.
    Program,
    /// The test, through the harness (argument buffers).
    Harness,
    /// The OS itself (the program's own variable).
    Os,
}

/// One allocated block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// Its handle.
    pub handle: u16,
    /// Address of its first byte.
    pub address: u32,
    /// Size asked for.
    pub size: u32,
    /// Locked (HeapLock/HLock/HeapAllocPtr).
    pub locked: bool,
    /// Who allocated it.
    pub owner: Owner,
    /// The ROM call that allocated it ("harness" for the test's own buffers).
    pub via: &'static str,
    /// Return address of that call.
    pub caller: u32,
    /// When the block holds a program variable the test stored from a
    /// [`ti_build::ProgramImage`]: the length of its text, so that running it protects
    /// its code against writes.
    pub text_len: Option<u32>,
}

/// The heap's bookkeeping (the handle table itself lives in emulated RAM).
#[derive(Debug, Default)]
pub struct Heap {
    /// Allocated blocks by handle.
    handles: BTreeMap<u16, Block>,
    /// Allocated blocks by address: address -> handle.
    by_address: BTreeMap<u32, u16>,
}

fn footprint(size: u32) -> u32 {
    size.div_ceil(2) * 2 + GUARD.len() as u32
}

impl Heap {
    /// The block of handle `h`, if allocated.
    pub fn block(&self, h: u16) -> Option<&Block> {
        self.handles.get(&h)
    }

    /// Every allocated block, by handle.
    pub fn blocks(&self) -> impl Iterator<Item = &Block> {
        self.handles.values()
    }

    /// Free gaps as (start, end), from low to high addresses.
    fn gaps(&self) -> Vec<(u32, u32)> {
        let mut gaps = Vec::new();
        let mut at = map::HEAP_START;
        for (&addr, h) in &self.by_address {
            if addr > at {
                gaps.push((at, addr));
            }
            at = addr + footprint(self.handles[h].size);
        }
        if at < map::HEAP_END {
            gaps.push((at, map::HEAP_END));
        }
        gaps
    }

    /// Total free bytes, however fragmented (what HeapAvail returns: the sum of the free
    /// spaces), less the guard a block needs. Moving blocks around does not change it.
    pub fn avail(&self) -> u32 {
        let free: u32 = self.gaps().iter().map(|(s, e)| e - s).sum();
        free.saturating_sub(GUARD.len() as u32)
    }

    /// The largest block that could be allocated now (what HeapMax returns).
    pub fn max_block(&self) -> u32 {
        self.gaps()
            .iter()
            .map(|(s, e)| (e - s).saturating_sub(GUARD.len() as u32) & !1)
            .max()
            .unwrap_or(0)
            .min(MAX_BLOCK)
    }

    /// Allocates `size` bytes: from the low end of the heap, or the high end when `high`.
    /// Returns the handle and the block's address, or `None` when nothing fits.
    pub fn alloc(
        &mut self,
        bus: &mut Bus,
        size: u32,
        high: bool,
        owner: Owner,
        via: &'static str,
        caller: u32,
    ) -> Option<(u16, u32)> {
        if size > MAX_BLOCK {
            return None;
        }
        let need = footprint(size);
        let gaps = self.gaps();
        let address = if high {
            gaps.iter()
                .rev()
                .find(|(s, e)| e - s >= need)
                .map(|(_, e)| e - need)?
        } else {
            gaps.iter().find(|(s, e)| e - s >= need).map(|(s, _)| *s)?
        };
        let handle = (1..map::HANDLE_COUNT as u16).find(|h| !self.handles.contains_key(h))?;
        bus.poke(
            map::HANDLE_TABLE + 4 * u32::from(handle),
            &address.to_be_bytes(),
        );
        bus.poke(address, &vec![FILL; size as usize]);
        bus.poke(address + need - GUARD.len() as u32, &GUARD);
        self.handles.insert(
            handle,
            Block {
                handle,
                address,
                size,
                locked: false,
                owner,
                via,
                caller,
                text_len: None,
            },
        );
        self.by_address.insert(address, handle);
        Some((handle, address))
    }

    /// Moves every unlocked block to another free place, as AMS may when it compacts the heap:
    /// its bytes and guard go along, the handle table entry and any program image in it follow,
    /// and the old place is filled with 0xDD. A block with no other place to go stays. Returns how
    /// many moved.
    pub fn move_unlocked(&mut self, bus: &mut Bus) -> usize {
        let unlocked: Vec<u16> = self
            .handles
            .values()
            .filter(|b| !b.locked)
            .map(|b| b.handle)
            .collect();
        let mut moved = 0;
        for h in unlocked {
            let old = self.handles[&h].address;
            let need = footprint(self.handles[&h].size);
            // The gaps exclude the block itself, so the new place never overlaps the old.
            let Some((new, _)) = self.gaps().into_iter().find(|(s, e)| e - s >= need) else {
                continue;
            };
            let mut bytes = vec![0; need as usize];
            bus.peek(old, &mut bytes);
            bus.poke(new, &bytes);
            bus.poke(old, &vec![MOVED; need as usize]);
            // A program's code moves with its block (it stays executable and protected).
            bus.move_code_in(old, need, new);
            bus.poke(map::HANDLE_TABLE + 4 * u32::from(h), &new.to_be_bytes());
            self.by_address.remove(&old);
            self.by_address.insert(new, h);
            self.handles.get_mut(&h).expect("listed above").address = new;
            moved += 1;
        }
        moved
    }

    /// Slides every unlocked block down toward the start of the heap, in address order, as
    /// AMS compacts the heap before it refuses an allocation: the free space between the
    /// blocks that cannot move (locked) is gathered after the movable ones. Bytes, guard,
    /// handle table entry and program code go along; what a block no longer covers is filled
    /// with 0xDD. Returns how many moved.
    pub fn compact(&mut self, bus: &mut Bus) -> usize {
        let order: Vec<(u32, u16)> = self.by_address.iter().map(|(&a, &h)| (a, h)).collect();
        let mut at = map::HEAP_START;
        let mut moved = 0;
        for (old, h) in order {
            let block = &self.handles[&h];
            let need = footprint(block.size);
            if block.locked || old <= at {
                at = old.max(at) + need;
                continue;
            }
            // Every block below `old` is below `at` now: [at, old) is free, and the new place
            // overlaps only the block's own old place.
            let mut bytes = vec![0; need as usize];
            bus.peek(old, &mut bytes);
            bus.poke(at, &bytes);
            let uncovered = (at + need).max(old);
            bus.poke(uncovered, &vec![MOVED; (old + need - uncovered) as usize]);
            bus.move_code_in(old, need, at);
            bus.poke(map::HANDLE_TABLE + 4 * u32::from(h), &at.to_be_bytes());
            self.by_address.remove(&old);
            self.by_address.insert(at, h);
            self.handles.get_mut(&h).expect("listed above").address = at;
            at += need;
            moved += 1;
        }
        moved
    }

    /// Whether a block of `size` bytes can be allocated, after compacting the heap when no free
    /// place is large enough (as AMS does before it refuses an allocation).
    pub fn make_room(&mut self, bus: &mut Bus, size: u32) -> bool {
        if self.max_block() < size {
            self.compact(bus);
        }
        self.max_block() >= size
    }

    /// An allocation for the OS itself (a variable's data, a VAT table): when no free place is
    /// large enough, after compacting the heap ([`Heap::make_room`]). Owned by the OS,
    /// unlocked, from the low end; `None` when nothing fits even then.
    pub fn alloc_os(&mut self, bus: &mut Bus, size: u32, via: &'static str) -> Option<(u16, u32)> {
        self.make_room(bus, size);
        self.alloc(bus, size, false, Owner::Os, via, 0)
    }

    /// [`Heap::realloc`] for the OS itself (a VAT table growing): when the block can neither
    /// grow in place nor move to a free place, after compacting the heap, as AMS does before it
    /// refuses.
    pub fn realloc_os(&mut self, bus: &mut Bus, h: u16, size: u32) -> Option<u32> {
        self.realloc(bus, h, size).or_else(|| {
            self.compact(bus);
            self.realloc(bus, h, size)
        })
    }

    /// Checks the guard bytes after block `b`; the error says what was overwritten.
    fn check_guard(bus: &Bus, b: &Block) -> Result<(), String> {
        let at = b.address + footprint(b.size) - GUARD.len() as u32;
        let mut g = [0u8; 4];
        bus.peek(at, &mut g);
        if g == GUARD {
            Ok(())
        } else {
            Err(format!(
                "the bytes just after handle {}'s {}-byte block at {:#08x} were overwritten (a write past its end)",
                b.handle, b.size, b.address
            ))
        }
    }

    /// Frees handle `h`. The error says what was wrong (not allocated, overrun).
    pub fn free(&mut self, bus: &mut Bus, h: u16) -> Result<Block, String> {
        let Some(b) = self.handles.get(&h) else {
            return Err(format!("handle {h} is not allocated (a double free, or a handle that was never returned by the heap)"));
        };
        Self::check_guard(bus, b)?;
        let b = self.handles.remove(&h).expect("present");
        self.by_address.remove(&b.address);
        bus.poke(map::HANDLE_TABLE + 4 * u32::from(h), &[0; 4]);
        bus.forget_code_in(b.address, b.size);
        Ok(b)
    }

    /// Resizes handle `h`'s block to `size` bytes, keeping its handle and its contents (up to
    /// the smaller size), as HeapRealloc does: in place when the room after it allows, else
    /// moved (the handle table is updated; pointers into the old block become stale, as on
    /// AMS). A locked block is never moved. Returns the block's address, or `None` when
    /// nothing fits (the block is then unchanged).
    pub fn realloc(&mut self, bus: &mut Bus, h: u16, size: u32) -> Option<u32> {
        if size > MAX_BLOCK {
            return None;
        }
        let b = self.handles.get(&h)?.clone();
        let need = footprint(size);
        let next = self
            .by_address
            .range(b.address + 1..)
            .next()
            .map_or(map::HEAP_END, |(&a, _)| a);
        let address = if b.address + need <= next {
            b.address
        } else if b.locked {
            return None;
        } else {
            self.by_address.remove(&b.address);
            let found = self
                .gaps()
                .iter()
                .find(|(s, e)| e - s >= need)
                .map(|(s, _)| *s);
            let Some(a) = found else {
                self.by_address.insert(b.address, h);
                return None;
            };
            self.by_address.insert(a, h);
            a
        };
        let mut data = vec![0; b.size.min(size) as usize];
        bus.peek(b.address, &mut data);
        if size > b.size {
            bus.poke(address, &vec![FILL; size as usize]);
        }
        bus.poke(address, &data);
        bus.poke(address + need - GUARD.len() as u32, &GUARD);
        bus.poke(map::HANDLE_TABLE + 4 * u32::from(h), &address.to_be_bytes());
        let block = self.handles.get_mut(&h).expect("present");
        block.address = address;
        block.size = size;
        Some(address)
    }

    /// Records the text length of the program image stored in handle `h`'s block.
    pub fn set_text_len(&mut self, h: u16, text_len: Option<u32>) {
        if let Some(b) = self.handles.get_mut(&h) {
            b.text_len = text_len;
        }
    }

    /// The block that holds `address`, if any.
    pub fn block_at(&self, address: u32) -> Option<&Block> {
        let (_, h) = self.by_address.range(..=address).next_back()?;
        let b = &self.handles[h];
        (address < b.address + b.size.max(1)).then_some(b)
    }

    /// Sets or clears a handle's lock. The error says the handle is not allocated.
    /// Returns the block's address.
    pub fn set_lock(&mut self, h: u16, locked: bool) -> Result<u32, String> {
        let b = self
            .handles
            .get_mut(&h)
            .ok_or_else(|| format!("handle {h} is not allocated"))?;
        b.locked = locked;
        Ok(b.address)
    }

    /// Problems found at the end of a program: overwritten guards.
    pub fn check_all_guards(&self, bus: &Bus) -> Result<(), String> {
        self.handles
            .values()
            .try_for_each(|b| Self::check_guard(bus, b))
    }
}

fn deref(ctx: &RomCtx<'_>, h: u16) -> Result<Block, Failure> {
    ctx.os
        .heap
        .block(h)
        .cloned()
        .ok_or_else(|| ctx.misuse(format!("handle {h} is not allocated")))
}

/// An allocation on the program's behalf, after moving the unlocked blocks (AMS may compact
/// the heap in any allocation); when no free place is large enough, after compacting the heap,
/// as AMS does before it refuses. At the high end (`HeapAllocHigh`), always after compacting:
/// AMS compresses the heap first, so that the block goes as high as it can.
fn alloc_call(ctx: &mut RomCtx<'_>, high: bool, size: u32, extra: u32) -> Option<(u16, u32)> {
    ctx.os.heap.move_unlocked(ctx.bus);
    if high {
        ctx.os.heap.compact(ctx.bus);
    } else {
        ctx.os.heap.make_room(ctx.bus, size + extra);
    }
    ctx.os.heap.alloc(
        ctx.bus,
        size + extra,
        high,
        Owner::Program,
        ctx.name,
        ctx.caller,
    )
}

fn heap_avail(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let n = ctx.os.heap.avail();
    ctx.detail = format!("() = {n}");
    Ok(Reply::D0(n))
}

fn heap_max(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let n = ctx.os.heap.max_block();
    ctx.detail = format!("() = {n}");
    Ok(Reply::D0(n))
}

fn heap_alloc(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [size] = ctx.args([4])?;
    let h = alloc_call(ctx, false, size, 0).map_or(0, |(h, _)| h);
    ctx.detail = format!("({size}) = {h}");
    Ok(Reply::Short(h))
}

/// HeapAllocHigh: at the high end of the heap, and locked (GCC4TI `alloc.h/HeapAllocHigh.hsf`:
/// "allocates a block of Size bytes ... at the high end of the heap, locks it"; PedroM
/// `src/Heap.asm` sets the lock bit too).
fn heap_alloc_high(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [size] = ctx.args([4])?;
    let h = alloc_call(ctx, true, size, 0).map_or(0, |(h, _)| h);
    if h != 0 {
        ctx.os.heap.set_lock(h, true).expect("just allocated");
    }
    ctx.detail = format!("({size}) = {h}, locked");
    Ok(Reply::Short(h))
}

fn heap_alloc_throw(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [size] = ctx.args([4])?;
    match alloc_call(ctx, false, size, 0) {
        Some((h, _)) => {
            ctx.detail = format!("({size}) = {h}");
            Ok(Reply::Short(h))
        }
        None => {
            ctx.detail = format!("({size}) throws {ERR_MEMORY}");
            errors::throw(ctx, ERR_MEMORY)
        }
    }
}

fn heap_deref(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [h] = ctx.args([2])?;
    let a = deref(ctx, h as u16)?.address;
    ctx.detail = format!("({h}) = {a:#x}");
    Ok(Reply::A0(a))
}

fn heap_free(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [h] = ctx.args([2])?;
    ctx.detail = format!("({h})");
    if h != 0 {
        ctx.os
            .heap
            .free(ctx.bus, h as u16)
            .map_err(|e| ctx.misuse(e))?;
    }
    Ok(Reply::Void)
}

fn h_lock(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [h] = ctx.args([2])?;
    let r = ctx.os.heap.set_lock(h as u16, true);
    let a = r.map_err(|e| ctx.misuse(e))?;
    ctx.detail = format!("({h}) = {a:#x}");
    Ok(Reply::A0(a))
}

fn heap_lock(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [h] = ctx.args([2])?;
    let r = ctx.os.heap.set_lock(h as u16, true);
    r.map_err(|e| ctx.misuse(e))?;
    ctx.detail = format!("({h})");
    Ok(Reply::Short(h as u16))
}

fn heap_unlock(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [h] = ctx.args([2])?;
    let r = ctx.os.heap.set_lock(h as u16, false);
    r.map_err(|e| ctx.misuse(e))?;
    ctx.detail = format!("({h})");
    Ok(Reply::Short(h as u16))
}

fn heap_get_lock(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [h] = ctx.args([2])?;
    let locked = deref(ctx, h as u16)?.locked;
    ctx.detail = format!("({h}) = {}", u32::from(locked));
    Ok(Reply::Short(u16::from(locked)))
}

fn heap_realloc(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [h, size] = ctx.args([2, 4])?;
    let r = if h == 0 {
        // HeapRealloc(H_NULL, n) is HeapAlloc(n).
        alloc_call(ctx, false, size, 0).map_or(0, |(h, _)| u32::from(h))
    } else {
        deref(ctx, h as u16)?;
        ctx.os.heap.move_unlocked(ctx.bus);
        ctx.os
            .heap
            .realloc(ctx.bus, h as u16, size)
            .map_or(0, |_| h)
    };
    ctx.detail = format!("({h}, {size}) = {r}");
    Ok(Reply::Short(r as u16))
}

fn heap_ptr_to_handle(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [p] = ctx.args([4])?;
    let h = ctx
        .os
        .heap
        .blocks()
        .find(|b| b.address == p)
        .map_or(0, |b| b.handle);
    ctx.detail = format!("({p:#x}) = {h}");
    Ok(Reply::D0(u32::from(h)))
}

fn heap_size(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [h] = ctx.args([2])?;
    let size = deref(ctx, h as u16)?.size;
    ctx.detail = format!("({h}) = {size}");
    Ok(Reply::D0(size))
}

fn heap_alloc_ptr(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [size] = ctx.args([4])?;
    let p = match alloc_call(ctx, false, size, 2) {
        Some((h, a)) => {
            ctx.os.heap.set_lock(h, true).expect("just allocated");
            ctx.bus.poke(a, &h.to_be_bytes());
            a + 2
        }
        None => 0,
    };
    ctx.detail = format!("({size}) = {p:#x}");
    Ok(Reply::A0(p))
}

fn heap_free_ptr(ctx: &mut RomCtx<'_>) -> Result<Reply, Failure> {
    let [p] = ctx.args([4])?;
    ctx.detail = format!("({p:#x})");
    if p == 0 {
        return Ok(Reply::Void);
    }
    let h = ctx.read_u16(p.wrapping_sub(2))?;
    match ctx.os.heap.block(h) {
        Some(b) if b.address + 2 == p => {}
        _ => {
            return Err(ctx.misuse(format!(
                "{p:#x} is not a pointer returned by HeapAllocPtr (the word before it, {h}, is not the handle of a block starting there)"
            )))
        }
    }
    ctx.os.heap.free(ctx.bus, h).map_err(|e| ctx.misuse(e))?;
    Ok(Reply::Void)
}

/// The heap calls served.
#[rustfmt::skip]
pub const CALLS: &[RomCallDef] = &[
    RomCallDef { call: rom_calls::HeapAvail, handler: heap_avail },
    RomCallDef { call: rom_calls::HeapAlloc, handler: heap_alloc },
    RomCallDef { call: rom_calls::HeapAllocHigh, handler: heap_alloc_high },
    RomCallDef { call: rom_calls::HeapAllocThrow, handler: heap_alloc_throw },
    RomCallDef { call: rom_calls::HeapDeref, handler: heap_deref },
    RomCallDef { call: rom_calls::HeapFree, handler: heap_free },
    RomCallDef { call: rom_calls::HLock, handler: h_lock },
    RomCallDef { call: rom_calls::HeapLock, handler: heap_lock },
    RomCallDef { call: rom_calls::HeapGetLock, handler: heap_get_lock },
    RomCallDef { call: rom_calls::HeapMax, handler: heap_max },
    RomCallDef { call: rom_calls::HeapRealloc, handler: heap_realloc },
    RomCallDef { call: rom_calls::HeapSize, handler: heap_size },
    RomCallDef { call: rom_calls::HeapUnlock, handler: heap_unlock },
    RomCallDef { call: rom_calls::HeapAllocPtr, handler: heap_alloc_ptr },
    RomCallDef { call: rom_calls::HeapFreePtr, handler: heap_free_ptr },
    RomCallDef { call: rom_calls::HeapPtrToHandle, handler: heap_ptr_to_handle },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Layout;
    use ti_files::Model;

    fn alloc(heap: &mut Heap, bus: &mut Bus, size: u32) -> (u16, u32) {
        heap.alloc(bus, size, false, Owner::Program, "test", 0)
            .expect("room")
    }

    #[test]
    fn compacting_gathers_the_free_space_around_locked_blocks() {
        let mut bus = Bus::new(&Layout::of(Model::Ti89));
        let mut heap = Heap::default();
        // Fill the heap with 16 KB blocks, lock every other one but the fifth, free the rest
        // but the sixth: the free space is in pieces between locked blocks, and the sixth
        // block has free space below it.
        let mut blocks = Vec::new();
        while heap.max_block() >= 16_384 {
            blocks.push(alloc(&mut heap, &mut bus, 16_384));
        }
        let (kept, kept_at) = blocks[5];
        bus.poke(kept_at, b"kept bytes");
        for (i, &(h, _)) in blocks.iter().enumerate() {
            if i % 2 == 0 && i != 4 {
                heap.set_lock(h, true).unwrap();
            } else if h != kept {
                heap.free(&mut bus, h).unwrap();
            }
        }
        let locked: Vec<(u16, u32)> = blocks
            .iter()
            .enumerate()
            .filter(|&(i, _)| i % 2 == 0 && i != 4)
            .map(|(_, &b)| b)
            .collect();
        assert!(heap.max_block() < 40_000);
        assert!(heap.avail() > 60_000);
        let before = heap.avail();

        let moved = heap.compact(&mut bus);
        assert_eq!(moved, 1, "only the unlocked block moves");
        // Locked blocks stay where they were; the unlocked one went down, its bytes, guard
        // and handle table entry with it; the free total is unchanged.
        for &(h, at) in &locked {
            assert_eq!(heap.block(h).unwrap().address, at);
        }
        let now = heap.block(kept).unwrap().address;
        assert!(now < kept_at);
        let mut bytes = [0u8; 10];
        bus.peek(now, &mut bytes);
        assert_eq!(&bytes, b"kept bytes");
        let mut entry = [0u8; 4];
        bus.peek(map::HANDLE_TABLE + 4 * u32::from(kept), &mut entry);
        assert_eq!(u32::from_be_bytes(entry), now);
        assert!(Heap::check_guard(&bus, heap.block(kept).unwrap()).is_ok());
        assert_eq!(heap.avail(), before);
        // What it left is marked as moved away from.
        let mut old = [0u8; 2];
        bus.peek(kept_at + 16_384 - 2, &mut old);
        assert_eq!(old, [MOVED, MOVED]);

        // With nothing locked, compacting leaves one free place, at the end of the heap.
        for &(h, _) in &locked {
            heap.set_lock(h, false).unwrap();
        }
        heap.compact(&mut bus);
        let gaps = heap.gaps();
        assert_eq!(gaps.len(), 1, "{gaps:x?}");
        assert_eq!(gaps[0].1, map::HEAP_END);
        assert_eq!(heap.avail(), before);
    }
}
