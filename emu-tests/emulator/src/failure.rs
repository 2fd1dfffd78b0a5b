//! Why a run of the harness failed. Every variant names what happened, where (the PC of the
//! instruction at fault, the faulting address) and, when it helps, the instruction itself.

use thiserror::Error;

/// The error type of the CPU harness: a program did something a real calculator would crash
/// on, or something the harness does not emulate, or the test set it up wrongly.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Failure {
    /// An access to an address where nothing is mapped (the 68000 took a bus error).
    #[error("bus error: {access} of {size} byte(s) at {address:#08x} ({region}) by the instruction at pc {pc:#08x}: {instruction}")]
    BusError {
        /// "read" or "write".
        access: &'static str,
        /// The faulting address.
        address: u32,
        /// Access size.
        size: u32,
        /// What lives there.
        region: &'static str,
        /// The instruction's address.
        pc: u32,
        /// The instruction, disassembled.
        instruction: String,
    },
    /// A word or long access at an odd address (the 68000 took an address error).
    #[error("address error: {access} at odd address {address:#08x} by the instruction at pc {pc:#08x}: {instruction}")]
    AddressError {
        /// "read", "write" or "instruction fetch".
        access: &'static str,
        /// The faulting address.
        address: u32,
        /// The instruction's address (for a fetch, the instruction that jumped there).
        pc: u32,
        /// The instruction, disassembled.
        instruction: String,
    },
    /// A write into the program's code (its text).
    #[error("write into code: {size} byte(s) at {address:#08x} (offset {offset:#x} of the program's text) by the instruction at pc {pc:#08x}: {instruction}")]
    WriteIntoCode {
        /// The address written.
        address: u32,
        /// The offset in the program.
        offset: u32,
        /// Access size.
        size: u32,
        /// The instruction's address.
        pc: u32,
        /// The instruction, disassembled.
        instruction: String,
    },
    /// A write into ROM.
    #[error("write into ROM: {size} byte(s) at {address:#08x} by the instruction at pc {pc:#08x}: {instruction}")]
    WriteIntoRom {
        /// The address written.
        address: u32,
        /// Access size.
        size: u32,
        /// The instruction's address.
        pc: u32,
        /// The instruction, disassembled.
        instruction: String,
    },
    /// A write below the user stack, into the exception vector table.
    #[error("write into the exception vector table: {size} byte(s) at {address:#08x} by the instruction at pc {pc:#08x}: {instruction} (a stack overflow? the user stack is 0x400-0x4BFF, the stack pointer is {sp:#x})")]
    WriteIntoVectors {
        /// The address written.
        address: u32,
        /// Access size.
        size: u32,
        /// The instruction's address.
        pc: u32,
        /// The instruction, disassembled.
        instruction: String,
        /// The stack pointer when the run stopped.
        sp: u32,
    },
    /// Control went somewhere that is neither the program's text nor a ROM-call stub.
    #[error("jump outside the image: pc {target:#08x} ({region}) reached from the instruction at pc {from:#08x}: {instruction}")]
    JumpOutside {
        /// Where control went.
        target: u32,
        /// What lives there.
        region: &'static str,
        /// The instruction that went there.
        from: u32,
        /// That instruction, disassembled.
        instruction: String,
    },
    /// An opcode the 68000 does not have (including 68020-only ones and `illegal`).
    #[error("illegal instruction {opcode:#06x} at pc {pc:#08x} ({instruction}); 68020+ opcodes such as mulu.l, divs.l, extb.l are illegal on the 68000")]
    IllegalInstruction {
        /// The opcode word.
        opcode: u16,
        /// Its address.
        pc: u32,
        /// The opcode, disassembled.
        instruction: String,
    },
    /// Another exception the program caused (privilege violation, division by zero, CHK, ...).
    #[error(
        "exception {vector} ({name}) raised by the instruction at pc {pc:#08x}: {instruction}"
    )]
    Exception {
        /// Vector number.
        vector: u32,
        /// The exception's name.
        name: &'static str,
        /// The instruction's address.
        pc: u32,
        /// The instruction, disassembled.
        instruction: String,
    },
    /// A `TRAP #n` or F-line opcode: AMS services the harness does not emulate.
    #[error("{what} at pc {pc:#08x} is not emulated")]
    UnemulatedTrap {
        /// What was executed ("TRAP #9", "F-line opcode 0xf8a0", ...).
        what: String,
        /// Its address.
        pc: u32,
    },
    /// The CPU halted (a double fault).
    #[error("the CPU halted (double bus or address fault) near pc {pc:#08x}")]
    Halted {
        /// Last known PC.
        pc: u32,
    },
    /// The run used up its cycle budget.
    #[error("cycle budget of {budget} cycles exhausted at pc {pc:#08x}: {instruction}{hint}")]
    CycleBudget {
        /// The budget.
        budget: u64,
        /// Where the program was.
        pc: u32,
        /// The instruction there.
        instruction: String,
        /// What the program was doing, when the harness can tell (e.g. polling kbhit).
        hint: String,
    },
    /// A ROM call the harness does not serve.
    #[error("ROM call {index:#x} ({name}) is not emulated (called from pc {caller:#08x}); see emu-tests/emulator/src/ams for the served calls")]
    RomCallNotEmulated {
        /// Jump-table index.
        index: u16,
        /// Its name, or "unknown".
        name: &'static str,
        /// The return address of the call.
        caller: u32,
    },
    /// A ROM call was used wrongly (bad handle, double free, out-of-range argument, ...).
    #[error("ROM call {index:#x} ({name}) called from pc {caller:#08x}: {problem}")]
    RomCallMisuse {
        /// Jump-table index.
        index: u16,
        /// Its name.
        name: &'static str,
        /// The return address of the call.
        caller: u32,
        /// What was wrong.
        problem: String,
    },
    /// The program waited for a key and the test's key queue was empty.
    #[error("the program waits for a key ({call} from pc {caller:#08x}) but the test's key queue is empty; give more keys with Machine::push_keys")]
    KeysExhausted {
        /// The ROM call that waited.
        call: &'static str,
        /// Its return address.
        caller: u32,
    },
    /// An error was thrown with no ER_catch frame to receive it.
    #[error("uncaught AMS error {code} ({name}) thrown from pc {pc:#08x}")]
    UncaughtError {
        /// The error code.
        code: u16,
        /// Its name.
        name: &'static str,
        /// Where it was thrown.
        pc: u32,
    },
    /// The called code did not preserve d3-d7/a2-a6 or left the stack unbalanced.
    #[error("calling convention broken by {function}: {details}")]
    ConventionBroken {
        /// The function called.
        function: String,
        /// Which registers changed, or how the stack moved.
        details: String,
    },
    /// The program ended with heap blocks it allocated still allocated.
    #[error("the program ended with {count} heap block(s) still allocated: {list}")]
    Leaks {
        /// Number of leaked blocks.
        count: usize,
        /// Handle, size and allocating call of each.
        list: String,
    },
    /// The program ended with ER_catch frames still registered (a missing ER_success).
    #[error(
        "the program ended with {count} ER_catch frame(s) still registered (missing ER_success)"
    )]
    ErrorFramesLeft {
        /// Number of frames.
        count: usize,
    },
    /// Loading the program failed (bad relocation table, too large, ...).
    #[error("cannot load the program: {0}")]
    Load(String),
    /// The test asked for something the harness cannot do (unknown export, no program, ...).
    #[error("harness misuse: {0}")]
    Setup(String),
}
