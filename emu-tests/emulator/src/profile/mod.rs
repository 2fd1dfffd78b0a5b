//! The cycle profiler: where a program spends its 68000 cycles, per function, with the call
//! tree, from the build's symbol map ([`ti_build::SymbolMap`]); docs/profiling.md.
//!
//! While profiling is on ([`Machine::start_profiling`]), the run loop hands every instruction
//! retired to a `Profiler` (its address, the PC after it, its opcode, the stack pointer and
//! its cycles). The profiler keeps a shadow call stack:
//! - the instruction's cycles go to the function on top of the stack (so a `jsr` is its
//!   caller's, an `rts` its callee's);
//! - after a `jsr`/`bsr` it pushes the function at the new PC, remembering the stack pointer
//!   that points at the return address;
//! - whenever the stack pointer rises above a frame's return address (an `rts`, or an AMS
//!   error thrown to an outer ER_catch frame) that frame is gone and is popped;
//! - a PC that leaves the function on top without a call (a tail call: `jra` to another
//!   function) replaces it.
//!
//! Each path of the call stack is a node of a call tree with its own cycles; the reports
//! ([`Profile`]) sum them per function (self and inclusive, a recursive function counted once
//! per outermost call), per caller, per instruction, and write the tree as collapsed stacks
//! for a flame graph. ROM calls show as `ROM name` (the emulator serves them in Rust: only
//! their stub's `rts` takes cycles), code outside the program as `[outside the program]`.

mod report;

use std::collections::HashMap;

use ti_build::{rom_calls, SymbolMap};

use super::failure::Failure;
use super::machine::Machine;
use super::map::Layout;
use super::CallOutcome;

pub use report::{thousands, CallerCost, FunctionCost, HotInstruction};

/// What a profiled function is: a kind of the symbol map, or one of the profiler's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FunctionKind {
    /// A function of the program (its kind from the symbol map).
    Code(ti_build::CodeKind),
    /// Bytes of the program's text no symbol covers.
    NoSymbol,
    /// A ROM call (its stub).
    RomCall,
    /// Code outside the loaded program (another program run by NG_execute, an exception stub).
    Outside,
}

impl FunctionKind {
    /// The word the reports use: rust, export, glue, runtime, helper, os, source, rom, unknown.
    pub fn as_str(self) -> &'static str {
        match self {
            FunctionKind::Code(k) => k.as_str(),
            FunctionKind::NoSymbol | FunctionKind::Outside => "unknown",
            FunctionKind::RomCall => "rom",
        }
    }
}

/// A function of the profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Function {
    pub name: String,
    pub kind: FunctionKind,
}

impl Function {
    /// The frame's name in a flame graph: the name, and the kind unless it is the program's
    /// Rust.
    pub fn label(&self) -> String {
        match self.kind {
            FunctionKind::Code(ti_build::CodeKind::Rust) => self.name.clone(),
            FunctionKind::NoSymbol | FunctionKind::Outside => self.name.clone(),
            kind => format!("{} [{}]", self.name, kind.as_str()),
        }
    }
}

/// A node of the call tree: one path of the call stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    /// The function (index into the functions).
    pub function: u32,
    /// The caller's node (the root is its own parent).
    pub parent: u32,
    /// Cycles of instructions run with this path on the stack.
    pub self_cycles: u64,
    /// Times this path was entered.
    pub calls: u64,
}

/// One frame of the shadow call stack.
#[derive(Clone, Copy, Debug)]
struct Frame {
    function: u32,
    node: u32,
    /// Addresses of the code the function covers (`start..end`).
    start: u32,
    end: u32,
    /// The stack pointer right after the call: where the return address is.
    entry_sp: u32,
}

/// A range of the program's text and the function it belongs to.
#[derive(Clone, Copy, Debug)]
struct Interval {
    start: u32,
    end: u32,
    function: u32,
}

/// The profiler's state while a program runs (module doc).
pub(crate) struct Profiler {
    program: String,
    base: u32,
    text_len: u32,
    layout: Layout,
    functions: Vec<Function>,
    /// The program's text cut into functions and gaps, by increasing address.
    intervals: Vec<Interval>,
    rom_calls: HashMap<u16, u32>,
    outside: u32,
    nodes: Vec<Node>,
    children: HashMap<(u32, u32), u32>,
    stack: Vec<Frame>,
    pc_cycles: Vec<u64>,
    cycles: u64,
    instructions: u64,
    runs: Vec<String>,
}

/// The root of the call tree (not a function; its children are the runs' entry functions).
const ROOT: u32 = 0;

impl Profiler {
    /// A profiler for the program loaded at `base` whose symbols are `symbols`.
    pub(crate) fn new(symbols: &SymbolMap, base: u32, text_len: u32, layout: Layout) -> Profiler {
        let mut functions: Vec<Function> = symbols
            .functions
            .iter()
            .map(|f| Function {
                name: f.name.clone(),
                kind: FunctionKind::Code(f.kind),
            })
            .collect();
        let no_symbol = functions.len() as u32;
        functions.push(Function {
            name: "[no symbol]".into(),
            kind: FunctionKind::NoSymbol,
        });
        let outside = functions.len() as u32;
        functions.push(Function {
            name: "[outside the program]".into(),
            kind: FunctionKind::Outside,
        });
        let mut intervals = Vec::new();
        let mut at = 0u32;
        for (i, f) in symbols.functions.iter().enumerate() {
            let next = symbols
                .functions
                .get(i + 1)
                .map_or(text_len, |n| n.offset)
                .min(text_len);
            let start = f.offset.max(at);
            let end = if f.size > 0 {
                (f.offset + f.size).min(next)
            } else {
                next
            };
            if end <= start {
                continue; // inside the function before it
            }
            if start > at {
                intervals.push(Interval {
                    start: base + at,
                    end: base + start,
                    function: no_symbol,
                });
            }
            intervals.push(Interval {
                start: base + start,
                end: base + end,
                function: i as u32,
            });
            at = end;
        }
        if at < text_len {
            intervals.push(Interval {
                start: base + at,
                end: base + text_len,
                function: no_symbol,
            });
        }
        Profiler {
            program: symbols.program.clone(),
            base,
            text_len,
            layout,
            functions,
            intervals,
            rom_calls: HashMap::new(),
            outside,
            nodes: vec![Node {
                function: u32::MAX,
                parent: ROOT,
                self_cycles: 0,
                calls: 0,
            }],
            children: HashMap::new(),
            stack: Vec::new(),
            pc_cycles: vec![0; (text_len as usize).div_ceil(2)],
            cycles: 0,
            instructions: 0,
            runs: Vec::new(),
        }
    }

    /// The function at `pc` and the addresses it covers.
    fn resolve(&mut self, pc: u32) -> (u32, u32, u32) {
        if pc.wrapping_sub(self.base) < self.text_len {
            let i = self.intervals.partition_point(|iv| iv.start <= pc) - 1;
            let iv = self.intervals[i];
            return (iv.function, iv.start, iv.end);
        }
        if let Some(index) = self.layout.rom_call_at(pc) {
            let next = self.functions.len() as u32;
            let functions = &mut self.functions;
            let id = *self.rom_calls.entry(index).or_insert_with(|| {
                functions.push(Function {
                    name: format!(
                        "ROM {}",
                        rom_calls::by_index(index).map_or("unknown", |c| c.name)
                    ),
                    kind: FunctionKind::RomCall,
                });
                next
            });
            return (id, pc, pc + 2);
        }
        (self.outside, pc, pc.wrapping_add(2))
    }

    /// The node for `function` called from node `parent`.
    fn child(&mut self, parent: u32, function: u32) -> u32 {
        let next = self.nodes.len() as u32;
        let nodes = &mut self.nodes;
        *self.children.entry((parent, function)).or_insert_with(|| {
            nodes.push(Node {
                function,
                parent,
                self_cycles: 0,
                calls: 0,
            });
            next
        })
    }

    fn push(&mut self, parent: u32, pc: u32, entry_sp: u32) {
        let (function, start, end) = self.resolve(pc);
        let node = self.child(parent, function);
        self.nodes[node as usize].calls += 1;
        self.stack.push(Frame {
            function,
            node,
            start,
            end,
            entry_sp,
        });
    }

    /// A call of the program by the harness starts at `pc` with the return address at `sp`.
    pub(crate) fn enter(&mut self, label: &str, pc: u32, sp: u32) {
        self.stack.clear();
        self.runs.push(label.to_string());
        self.push(ROOT, pc, sp);
    }

    /// One instruction retired: it was at `ppc` with opcode `ir`, took `cycles`; the CPU is
    /// now at `pc` with stack pointer `sp`.
    #[inline]
    pub(crate) fn step(&mut self, ppc: u32, pc: u32, ir: u32, sp: u32, cycles: i32) {
        let c = cycles.max(0) as u64;
        self.cycles += c;
        self.instructions += 1;
        if self.stack.is_empty() {
            self.push(ROOT, ppc, sp);
        }
        let top = *self.stack.last().expect("a frame");
        self.nodes[top.node as usize].self_cycles += c;
        let offset = ppc.wrapping_sub(self.base);
        if offset < self.text_len {
            self.pc_cycles[(offset / 2) as usize] += c;
        }
        // Frames whose return address is above the stack pointer have returned.
        while self.stack.last().is_some_and(|f| sp > f.entry_sp) {
            self.stack.pop();
        }
        let Some(&top) = self.stack.last() else {
            return; // the harness's call has returned
        };
        let is_call = ir & 0xFFC0 == 0x4E80 || ir & 0xFF00 == 0x6100;
        if is_call && sp < top.entry_sp {
            self.push(top.node, pc, sp);
        } else if pc.wrapping_sub(top.start) >= top.end.wrapping_sub(top.start) {
            let (function, start, end) = self.resolve(pc);
            let frame = self.stack.last_mut().expect("a frame");
            frame.start = start;
            frame.end = end;
            if function != top.function {
                let parent = self.nodes[top.node as usize].parent;
                let node = self.child(parent, function);
                self.nodes[node as usize].calls += 1;
                let frame = self.stack.last_mut().expect("a frame");
                frame.function = function;
                frame.node = node;
            }
        }
    }

    /// The profile so far.
    pub(crate) fn finish(self) -> Profile {
        Profile {
            program: self.program,
            base: self.base,
            functions: self.functions,
            nodes: self.nodes,
            pc_cycles: self.pc_cycles,
            intervals: self
                .intervals
                .iter()
                .map(|iv| (iv.start - self.base, iv.function))
                .collect(),
            cycles: self.cycles,
            instructions: self.instructions,
            runs: self.runs,
        }
    }
}

/// What a profiled run found: the call tree with cycles; see the reports in its methods
/// ([`Profile::functions`], [`Profile::table`], [`Profile::collapsed`],
/// [`Profile::flame_graph`]).
#[derive(Clone, Debug)]
pub struct Profile {
    /// The program's name (from the symbol map).
    pub program: String,
    /// Where the program was loaded.
    pub base: u32,
    pub(crate) functions: Vec<Function>,
    pub(crate) nodes: Vec<Node>,
    pub(crate) pc_cycles: Vec<u64>,
    /// Start offset of each interval of the text and its function.
    pub(crate) intervals: Vec<(u32, u32)>,
    /// Cycles of every instruction profiled.
    pub cycles: u64,
    /// Instructions profiled.
    pub instructions: u64,
    /// The calls profiled, as the harness named them (`c4_choose`, `the program's entry`).
    pub runs: Vec<String>,
}

impl Machine {
    /// Starts profiling the loaded program with the symbols of its build (`Built::symbols`,
    /// or the `PROGRAM.sym` file beside its calculator files): every later call or run is
    /// profiled until [`Machine::stop_profiling`]. Profiling slows the emulation about
    /// twofold and changes no cycle count.
    pub fn start_profiling(&mut self, symbols: &SymbolMap) -> Result<(), Failure> {
        let p = self
            .program
            .as_ref()
            .ok_or_else(|| Failure::Setup("load a program before profiling it".into()))?;
        if symbols.text_len != p.text_len {
            return Err(Failure::Setup(format!(
                "the symbol map of {:?} describes {} bytes of code, but the loaded program has {}: give the map of the same build",
                symbols.program, symbols.text_len, p.text_len
            )));
        }
        self.profiler = Some(Box::new(Profiler::new(
            symbols,
            p.base,
            p.text_len,
            self.layout,
        )));
        Ok(())
    }

    /// Stops profiling and returns what was measured since [`Machine::start_profiling`]
    /// (`None` if profiling was not on).
    pub fn stop_profiling(&mut self) -> Option<Profile> {
        self.profiler.take().map(|p| p.finish())
    }

    /// The instructions of the function named `function` (or, if no name is equal, the
    /// costliest function whose name contains it) with the cycles each took in `profile`: the
    /// offset, the share of the function's cycles, the cycles, the instruction and its words.
    pub fn annotate(&self, profile: &Profile, function: &str) -> Result<String, Failure> {
        let costs = profile.functions();
        let chosen = costs
            .iter()
            .find(|f| f.name == function)
            .or_else(|| costs.iter().find(|f| f.name.contains(function)))
            .ok_or_else(|| {
                Failure::Setup(format!(
                    "no function of the profile is named like {function:?}"
                ))
            })?;
        let id = profile
            .functions
            .iter()
            .position(|f| f.name == chosen.name)
            .expect("a profiled function") as u32;
        let mut out = format!(
            "{} ({}): {} cycles of its own\n",
            chosen.name,
            chosen.kind.as_str(),
            report::thousands(chosen.self_cycles)
        );
        for (i, &(start, f)) in profile.intervals.iter().enumerate() {
            if f != id {
                continue;
            }
            let end = profile
                .intervals
                .get(i + 1)
                .map_or(2 * profile.pc_cycles.len() as u32, |&(next, _)| next);
            let mut at = start;
            while at < end {
                let cycles = profile
                    .pc_cycles
                    .get((at / 2) as usize)
                    .copied()
                    .unwrap_or(0);
                let (text, words) = super::disasm::decode(&self.bus, profile.base + at)
                    .unwrap_or_else(|| ("?".into(), String::new()));
                out.push_str(&format!(
                    "{at:#07x} {:>6.1}% {:>12}  {text:<36} [{words}]\n",
                    100.0 * cycles as f64 / chosen.self_cycles.max(1) as f64,
                    report::thousands(cycles)
                ));
                at += 2 * (words.split(' ').count() as u32).max(1);
            }
        }
        Ok(out)
    }

    /// Calls the exported function `name` with `args` (as [`Machine::call`]) under the
    /// profiler, and returns its outcome and profile.
    pub fn profile_call(
        &mut self,
        symbols: &SymbolMap,
        name: &str,
        args: &[u32],
    ) -> Result<(CallOutcome, Profile), Failure> {
        self.start_profiling(symbols)?;
        let outcome = self.call(name, args);
        let profile = self.stop_profiling().expect("profiling was started");
        Ok((outcome?, profile))
    }
}

#[cfg(test)]
mod tests;
