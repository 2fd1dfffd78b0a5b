//! [`Machine`]: one emulated calculator (a 68000, its memory, the high-level AMS) holding at
//! most one loaded program, and the test-side helpers to put data into its memory and read
//! results back.

use crate::memory::ReadMemory;
use std::collections::BTreeMap;

use m68k::{CpuCore, CpuType};
use ti_files::Model;

use super::ams::heap::{Block, Owner};
use super::ams::{self, keyboard, system, OsState, Registry, RomCallDef, Transcript};
use super::bus::Bus;
use super::failure::Failure;
use super::map::{self, Layout};

/// Default cycle budget of one call: 1.2 billion cycles, 100 s of a 12 MHz calculator.
pub const DEFAULT_BUDGET: u64 = 1_200_000_000;

/// A program loaded in the machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded {
    /// Handle of the heap block holding the program (size word, then the variable data).
    pub handle: u16,
    /// Address of the program's first byte (offset 0, the entry point).
    pub base: u32,
    /// Length of the body (code and data, before the relocation table).
    pub body_len: u32,
    /// Length of the protected, executable text (the whole body when unknown).
    pub text_len: u32,
    /// Whether `text_len` came from the image (writes below it are then failures).
    pub text_protected: bool,
    /// Number of relocations applied.
    pub relocations: usize,
    /// Exported symbols: name to offset.
    pub exports: BTreeMap<String, u32>,
}

/// One emulated TI-89 / TI-92 Plus / Voyage 200 running programs under the high-level AMS.
pub struct Machine {
    pub(crate) cpu: CpuCore,
    pub(crate) bus: Bus,
    pub(crate) os: OsState,
    pub(crate) registry: Registry,
    pub(crate) layout: Layout,
    pub(crate) program: Option<Loaded>,
    /// Cycles run since the machine was created.
    pub(crate) cycles: u64,
    /// Instructions run since the machine was created.
    pub(crate) instructions: u64,
    /// Cycle count at which FiftyMsecTick next increments.
    pub(crate) next_tick_at: u64,
    /// Cycle budget of one call.
    pub(crate) budget: u64,
    /// The cycle profiler, while profiling is on (`Machine::start_profiling`).
    pub(crate) profiler: Option<Box<super::profile::Profiler>>,
    /// ROM calls served since the machine was created.
    pub(crate) rom_calls_total: u64,
    /// The program started by [`Machine::start_run`] (or [`Machine::run`]) and not finished.
    pub(crate) pending: Option<crate::session::PendingRun>,
}

impl Machine {
    /// A freshly reset calculator of `model`, with no program.
    pub fn new(model: Model) -> Machine {
        let layout = Layout::of(model);
        let mut bus = Bus::new(&layout);
        let rom = layout.rom_base;
        // ROM: jump table, ROM-call stubs, exception stubs, hardware parameter block.
        let jt = layout.jump_table();
        bus.poke(jt - 4, &map::TIOS_ENTRIES.to_be_bytes());
        for i in 0..map::TIOS_ENTRIES as u16 {
            let entry = ams::VARIABLES
                .iter()
                .find(|v| v.call.index == i)
                .map_or(layout.rom_call_stub(i), |v| v.address);
            bus.poke(jt + 4 * u32::from(i), &entry.to_be_bytes());
            bus.poke(layout.rom_call_stub(i), &map::OPCODE_RTS.to_be_bytes());
        }
        for v in 0..256 {
            bus.poke(layout.exception_stub(v), &0x4AFCu16.to_be_bytes());
        }
        bus.poke(layout.return_address(), &0x4AFCu16.to_be_bytes());
        let block = rom + map::ROM_HW_PARM_BLOCK;
        bus.poke(rom + map::ROM_HW_PARM_POINTER, &block.to_be_bytes());
        bus.poke(block, &system::hardware_parm_block(model));
        // RAM: vectors, jump-table pointer, OS variables.
        bus.poke(0, &map::SUPERVISOR_STACK_TOP.to_be_bytes());
        bus.poke(4, &layout.return_address().to_be_bytes());
        for v in 2..256 {
            bus.poke(4 * v, &layout.exception_stub(v).to_be_bytes());
        }
        bus.poke(map::JT_POINTER, &jt.to_be_bytes());
        bus.poke(map::SCR_RECT, &layout.scr_rect());
        ams::estack::reset(&mut bus);
        let mut os = OsState::default();
        os.vat = ams::vat::init(&mut bus, &mut os.heap);
        let mut cpu = CpuCore::new();
        cpu.set_cpu_type(CpuType::M68000);
        cpu.reset(&mut bus);
        Machine {
            cpu,
            bus,
            os,
            registry: Registry::standard(),
            layout,
            program: None,
            cycles: 0,
            instructions: 0,
            next_tick_at: ams::timers::CYCLES_PER_TICK,
            budget: DEFAULT_BUDGET,
            profiler: None,
            rom_calls_total: 0,
            pending: None,
        }
    }

    /// The model emulated.
    pub fn model(&self) -> Model {
        self.layout.model
    }

    /// The model's addresses (ROM base, stubs, ...).
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// Sets the cycle budget of each later call (a call that needs more fails with
    /// [`Failure::CycleBudget`]).
    pub fn set_budget(&mut self, cycles: u64) {
        self.budget = cycles;
    }

    /// The loaded program.
    pub fn program(&self) -> Option<&Loaded> {
        self.program.as_ref()
    }

    /// Address of exported symbol `name` of the loaded program.
    pub fn symbol(&self, name: &str) -> Option<u32> {
        let p = self.program.as_ref()?;
        p.exports.get(name).map(|off| p.base + off)
    }

    /// Cycles run since the machine was created.
    pub fn total_cycles(&self) -> u64 {
        self.cycles
    }

    /// Instructions run since the machine was created.
    pub fn total_instructions(&self) -> u64 {
        self.instructions
    }

    /// Adds ROM call `def`, or replaces the one with its index.
    pub fn register_rom_call(&mut self, def: RomCallDef) {
        self.registry.register(def);
    }

    /// The ROM calls served.
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// Queues keys for ngetchx/kbhit (ngetchx codes, docs/rom-calls.md#keyboard-codes), in the
    /// order pressed.
    pub fn push_keys(&mut self, keys: &[u16]) {
        self.os
            .keys
            .queue
            .extend(keys.iter().map(|&k| (k, keyboard::Press::Now)));
    }

    /// Queues keys that a person presses only when the program waits for one: ngetchx takes
    /// them in order, kbhit never reports them (a program that watches the keyboard while it
    /// works does not see them early). After any keys queued before.
    pub fn answer_keys(&mut self, keys: &[u16]) {
        self.os
            .keys
            .queue
            .extend(keys.iter().map(|&k| (k, keyboard::Press::WhenAsked)));
    }

    /// Keys queued and not yet read.
    pub fn keys_left(&self) -> usize {
        self.os.keys.queue.len()
    }

    /// Every ROM call served and all text drawn since the machine was created (or cleared).
    pub fn transcript(&self) -> &Transcript {
        &self.os.transcript
    }

    /// Forgets the ROM calls and texts recorded so far.
    pub fn clear_transcript(&mut self) {
        self.os.transcript.clear();
    }

    /// What the status line shows (ST_helpMsg, ST_folder).
    pub fn status_line(&self) -> &ams::statline::StatusLine {
        &self.os.status
    }

    /// Takes the transcript, leaving an empty one.
    pub fn take_transcript(&mut self) -> Transcript {
        std::mem::take(&mut self.os.transcript)
    }

    /// The heap blocks allocated now.
    pub fn heap_blocks(&self) -> Vec<Block> {
        self.os.heap.blocks().cloned().collect()
    }

    /// Free heap bytes (what HeapAvail would return).
    pub fn heap_avail(&self) -> u32 {
        self.os.heap.avail()
    }

    /// The largest block the heap can give now, without compacting it (what HeapMax returns).
    pub fn heap_max(&self) -> u32 {
        self.os.heap.max_block()
    }

    /// The memory, for the OS's own drawing (the link's home screen).
    pub(crate) fn bus_mut(&mut self) -> &mut Bus {
        &mut self.bus
    }

    /// The CPU, for registers and flags after a call.
    pub fn cpu(&self) -> &CpuCore {
        &self.cpu
    }

    /// Writes bytes into RAM (the harness may write anywhere in RAM, code included).
    pub fn write_bytes(&mut self, address: u32, data: &[u8]) -> Result<(), Failure> {
        if address as u64 + data.len() as u64 > map::RAM_SIZE as u64 {
            return Err(Failure::Setup(format!(
                "cannot write {} byte(s) at {address:#08x}: outside RAM",
                data.len()
            )));
        }
        self.bus.poke(address, data);
        Ok(())
    }

    /// Writes a big-endian long.
    pub fn write_u32(&mut self, address: u32, value: u32) -> Result<(), Failure> {
        self.write_bytes(address, &value.to_be_bytes())
    }

    /// Moves every unlocked heap block to another place, as AMS may whenever it compacts the
    /// heap (between two runs of a program, for one); returns how many moved.
    pub fn move_unlocked_blocks(&mut self) -> usize {
        self.os.heap.move_unlocked(&mut self.bus)
    }

    /// Allocates a locked heap block of `len` bytes for the test (an argument buffer, a
    /// transposition table) and returns its address. It is not counted as a program leak.
    pub fn alloc(&mut self, len: u32) -> Result<u32, Failure> {
        let (h, a) = self
            .os
            .heap
            .alloc(&mut self.bus, len, true, Owner::Harness, "harness", 0)
            .ok_or_else(|| {
                Failure::Setup(format!(
                    "the heap has no room for {len} bytes ({} free)",
                    self.os.heap.avail()
                ))
            })?;
        self.os.heap.set_lock(h, true).expect("just allocated");
        Ok(a)
    }

    /// Copies `data` into a new harness block (see [`Machine::alloc`]) and returns its address.
    pub fn alloc_bytes(&mut self, data: &[u8]) -> Result<u32, Failure> {
        let a = self.alloc(data.len() as u32)?;
        self.bus.poke(a, data);
        Ok(a)
    }

    /// Frees a block returned by [`Machine::alloc`].
    pub fn free(&mut self, address: u32) -> Result<(), Failure> {
        let h = self
            .os
            .heap
            .blocks()
            .find(|b| b.address == address && b.owner == Owner::Harness)
            .map(|b| b.handle)
            .ok_or_else(|| Failure::Setup(format!("{address:#x} is not a harness block")))?;
        self.os
            .heap
            .free(&mut self.bus, h)
            .map(|_| ())
            .map_err(Failure::Setup)
    }

    /// The instruction at `pc`, disassembled, with its words.
    pub fn describe_instruction(&self, pc: u32) -> String {
        super::disasm::describe(&self.bus, pc)
    }
}

impl ReadMemory for Machine {
    fn read_bytes(&self, address: u32, len: u32) -> Result<Vec<u8>, Failure> {
        let mut out = vec![0; len as usize];
        self.bus.peek(address, &mut out).ok_or_else(|| {
            Failure::Setup(format!(
                "cannot read {len} byte(s) at {address:#08x}: not all mapped"
            ))
        })?;
        Ok(out)
    }
}
