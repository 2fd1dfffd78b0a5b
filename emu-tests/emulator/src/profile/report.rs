//! The reports of a [`Profile`]: cycles per function (self and inclusive), the callers of a
//! function, the hottest instructions, a text table of all of it, and the call tree as
//! collapsed stacks and as a flame graph (SVG, by the `inferno` crate).

use std::collections::HashMap;

use super::{FunctionKind, Profile, ROOT};

/// 68000 cycles per millisecond at the calculators' 12 MHz.
const CYCLES_PER_MS: f64 = 12_000.0;

/// The cost of one function over the whole profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionCost {
    /// Its readable name.
    pub name: String,
    /// What it is.
    pub kind: FunctionKind,
    /// Cycles of its own instructions.
    pub self_cycles: u64,
    /// Cycles from its calls to their returns, callees included (a recursive function's
    /// inner calls are inside its outermost ones and not counted again).
    pub total_cycles: u64,
    /// Times it was called (or tail-called, or entered by the harness).
    pub calls: u64,
}

/// The calls of a function from one caller.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallerCost {
    /// The caller (`(harness)` for the calls of the harness itself).
    pub caller: String,
    /// Calls from it.
    pub calls: u64,
    /// Cycles of those calls, callees included.
    pub total_cycles: u64,
}

/// One instruction address and the cycles spent there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HotInstruction {
    /// Offset from the start of the program (as in the ELF file and its disassembly).
    pub offset: u32,
    /// Cycles of the instruction over the profile.
    pub cycles: u64,
    /// The function holding it.
    pub function: String,
}

/// Per function: self, inclusive and call counts; per (caller, callee): calls and inclusive.
struct Sums {
    self_cycles: Vec<u64>,
    total: Vec<u64>,
    calls: Vec<u64>,
    edges: HashMap<(u32, u32), (u64, u64)>,
}

impl Profile {
    /// The function of node `n` (`u32::MAX` for the root).
    fn function_of(&self, n: u32) -> u32 {
        self.nodes[n as usize].function
    }

    fn sums(&self) -> Sums {
        let n = self.nodes.len();
        let f = self.functions.len();
        // Cycles of every node's subtree: children come after their parents.
        let mut subtree: Vec<u64> = self.nodes.iter().map(|x| x.self_cycles).collect();
        for i in (1..n).rev() {
            let parent = self.nodes[i].parent as usize;
            subtree[parent] += subtree[i];
        }
        let mut children: Vec<Vec<u32>> = vec![Vec::new(); n];
        for i in 1..n {
            children[self.nodes[i].parent as usize].push(i as u32);
        }
        let mut sums = Sums {
            self_cycles: vec![0; f],
            total: vec![0; f],
            calls: vec![0; f],
            edges: HashMap::new(),
        };
        // Depth-first, counting each function (and each caller/callee pair) only where it is
        // not already on the path above.
        let mut on_path = vec![0u32; f];
        let mut edge_on_path: HashMap<(u32, u32), u32> = HashMap::new();
        let mut stack: Vec<(u32, bool)> = children[ROOT as usize]
            .iter()
            .rev()
            .map(|&c| (c, true))
            .collect();
        while let Some((node, entering)) = stack.pop() {
            let function = self.function_of(node);
            let caller = self.function_of(self.nodes[node as usize].parent);
            let edge = (caller, function);
            if entering {
                let x = &self.nodes[node as usize];
                sums.self_cycles[function as usize] += x.self_cycles;
                sums.calls[function as usize] += x.calls;
                if on_path[function as usize] == 0 {
                    sums.total[function as usize] += subtree[node as usize];
                }
                let depth = edge_on_path.entry(edge).or_insert(0);
                let e = sums.edges.entry(edge).or_insert((0, 0));
                e.0 += x.calls;
                if *depth == 0 {
                    e.1 += subtree[node as usize];
                }
                *depth += 1;
                on_path[function as usize] += 1;
                stack.push((node, false));
                for &c in children[node as usize].iter().rev() {
                    stack.push((c, true));
                }
            } else {
                on_path[function as usize] -= 1;
                *edge_on_path.get_mut(&edge).expect("entered") -= 1;
            }
        }
        sums
    }

    /// Every function that ran, by decreasing self cycles.
    pub fn functions(&self) -> Vec<FunctionCost> {
        let sums = self.sums();
        let mut out: Vec<FunctionCost> = self
            .functions
            .iter()
            .enumerate()
            .filter(|&(i, _)| sums.calls[i] > 0 || sums.self_cycles[i] > 0)
            .map(|(i, f)| FunctionCost {
                name: f.name.clone(),
                kind: f.kind,
                self_cycles: sums.self_cycles[i],
                total_cycles: sums.total[i],
                calls: sums.calls[i],
            })
            .collect();
        out.sort_by(|a, b| {
            b.self_cycles
                .cmp(&a.self_cycles)
                .then(b.total_cycles.cmp(&a.total_cycles))
                .then(a.name.cmp(&b.name))
        });
        out
    }

    /// The callers of the function named `name`, by decreasing cycles.
    pub fn callers(&self, name: &str) -> Vec<CallerCost> {
        let sums = self.sums();
        let mut out: Vec<CallerCost> = sums
            .edges
            .iter()
            .filter(|((_, callee), _)| self.functions[*callee as usize].name == name)
            .map(|(&(caller, _), &(calls, total))| CallerCost {
                caller: if caller == u32::MAX {
                    "(harness)".into()
                } else {
                    self.functions[caller as usize].name.clone()
                },
                calls,
                total_cycles: total,
            })
            .collect();
        out.sort_by(|a, b| {
            b.total_cycles
                .cmp(&a.total_cycles)
                .then(a.caller.cmp(&b.caller))
        });
        out
    }

    /// The `count` instructions that took the most cycles.
    pub fn hot_instructions(&self, count: usize) -> Vec<HotInstruction> {
        let mut hot: Vec<(u32, u64)> = self
            .pc_cycles
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c > 0)
            .map(|(i, &c)| (2 * i as u32, c))
            .collect();
        hot.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        hot.truncate(count);
        hot.into_iter()
            .map(|(offset, cycles)| {
                let i = self
                    .intervals
                    .partition_point(|&(start, _)| start <= offset)
                    .saturating_sub(1);
                let function = self
                    .intervals
                    .get(i)
                    .map_or("[no symbol]".to_string(), |&(_, f)| {
                        self.functions[f as usize].name.clone()
                    });
                HotInstruction {
                    offset,
                    cycles,
                    function,
                }
            })
            .collect()
    }

    /// The report as text: totals, the `functions` most costly functions by self cycles,
    /// the callers of the `callers_of` hottest, and the `instructions` hottest instruction
    /// addresses.
    pub fn table(&self, functions: usize, callers_of: usize, instructions: usize) -> String {
        let costs = self.functions();
        let pct = |c: u64| 100.0 * c as f64 / self.cycles.max(1) as f64;
        let mut out = format!(
            "Profile of {}: {}\n{} cycles ({} ms at 12 MHz), {} instructions, {} function(s) run\n\n",
            self.program,
            summarise_runs(&self.runs),
            thousands(self.cycles),
            thousands((self.cycles as f64 / CYCLES_PER_MS).round() as u64),
            thousands(self.instructions),
            costs.len()
        );
        out.push_str(&format!(
            "{:>7} {:>14} {:>7} {:>14} {:>11} {:>11}  {:<7}  function\n",
            "self %", "self cycles", "total %", "total cycles", "calls", "cycles/call", "kind"
        ));
        for f in costs.iter().take(functions) {
            out.push_str(&format!(
                "{:>6.1}% {:>14} {:>6.1}% {:>14} {:>11} {:>11}  {:<7}  {}\n",
                pct(f.self_cycles),
                thousands(f.self_cycles),
                pct(f.total_cycles),
                thousands(f.total_cycles),
                thousands(f.calls),
                thousands(f.total_cycles / f.calls.max(1)),
                f.kind.as_str(),
                f.name
            ));
        }
        if costs.len() > functions {
            let rest: u64 = costs[functions..].iter().map(|f| f.self_cycles).sum();
            out.push_str(&format!(
                "{:>6.1}% {:>14}  ({} more functions)\n",
                pct(rest),
                thousands(rest),
                costs.len() - functions
            ));
        }
        let mut by_kind: Vec<(&'static str, u64)> = Vec::new();
        for f in &costs {
            match by_kind.iter_mut().find(|(k, _)| *k == f.kind.as_str()) {
                Some((_, c)) => *c += f.self_cycles,
                None => by_kind.push((f.kind.as_str(), f.self_cycles)),
            }
        }
        by_kind.sort_by_key(|k| std::cmp::Reverse(k.1));
        out.push_str("\nSelf cycles by kind of code: ");
        let kinds: Vec<String> = by_kind
            .iter()
            .map(|(k, c)| format!("{k} {:.1} %", pct(*c)))
            .collect();
        out.push_str(&kinds.join(", "));
        out.push('\n');
        if callers_of > 0 {
            out.push_str(&format!(
                "\nCallers of the {} hottest functions (by self cycles):\n",
                callers_of.min(costs.len())
            ));
            for f in costs.iter().take(callers_of) {
                out.push_str(&format!(
                    "\n{} ({}): {} calls, {} cycles with callees\n",
                    f.name,
                    f.kind.as_str(),
                    thousands(f.calls),
                    thousands(f.total_cycles)
                ));
                for c in self.callers(&f.name) {
                    out.push_str(&format!(
                        "  {:>6.1}% {:>14} cycles {:>11} calls  from {}\n",
                        100.0 * c.total_cycles as f64 / f.total_cycles.max(1) as f64,
                        thousands(c.total_cycles),
                        thousands(c.calls),
                        c.caller
                    ));
                }
            }
        }
        if instructions > 0 {
            out.push_str(&format!(
                "\nThe {instructions} hottest instructions (offsets as in the ELF file's disassembly):\n"
            ));
            for h in self.hot_instructions(instructions) {
                out.push_str(&format!(
                    "  {:#07x} {:>6.1}% {:>14}  {}\n",
                    h.offset,
                    pct(h.cycles),
                    thousands(h.cycles),
                    h.function
                ));
            }
        }
        out
    }

    /// The call tree as collapsed stacks, one line per path with cycles of its own: frames
    /// from the outermost, separated by `;`, then a space and the cycles (the input format of
    /// Brendan Gregg's `flamegraph.pl` and of `inferno-flamegraph`). Frames other than the
    /// program's Rust carry their kind in brackets (`memset [runtime]`).
    pub fn collapsed(&self) -> String {
        let labels: Vec<String> = self.functions.iter().map(|f| f.label()).collect();
        let mut lines: Vec<String> = Vec::new();
        for (i, node) in self.nodes.iter().enumerate().skip(1) {
            if node.self_cycles == 0 {
                continue;
            }
            let mut path = Vec::new();
            let mut n = i as u32;
            while n != ROOT {
                path.push(labels[self.nodes[n as usize].function as usize].as_str());
                n = self.nodes[n as usize].parent;
            }
            path.reverse();
            lines.push(format!("{} {}", path.join(";"), node.self_cycles));
        }
        lines.sort();
        let mut out = lines.join("\n");
        out.push('\n');
        out
    }

    /// The call tree as a flame graph (SVG): each frame as wide as its cycles, callers below
    /// callees, colours by function name (the same name always gets the same colour).
    pub fn flame_graph(&self, title: &str) -> std::io::Result<String> {
        let collapsed = self.collapsed();
        let mut options = inferno::flamegraph::Options::default();
        options.title = title.to_string();
        options.subtitle = Some(format!(
            "{} cycles, {} ms at 12 MHz; frames in [brackets] are not the program's Rust",
            thousands(self.cycles),
            thousands((self.cycles as f64 / CYCLES_PER_MS).round() as u64)
        ));
        options.count_name = "cycles".into();
        options.hash = true;
        options.deterministic = true;
        let mut svg = Vec::new();
        inferno::flamegraph::from_lines(&mut options, collapsed.lines(), &mut svg)?;
        String::from_utf8(svg).map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
    }
}

/// `c4_choose x 16` for 16 calls of `c4_choose`.
fn summarise_runs(runs: &[String]) -> String {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for r in runs {
        match counts.iter_mut().find(|(n, _)| n == r) {
            Some((_, c)) => *c += 1,
            None => counts.push((r, 1)),
        }
    }
    if counts.is_empty() {
        return "no call".into();
    }
    counts
        .iter()
        .map(|(n, c)| {
            if *c == 1 {
                n.to_string()
            } else {
                format!("{n} x {c}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `n` with a comma every three digits.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}
