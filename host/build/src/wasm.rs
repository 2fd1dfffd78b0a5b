//! What the build needs to know about a program's wasm module, and the checks that keep it
//! within what the 68000 route supports: one fixed page of memory, imports only from the OS
//! layer (`ams`), integer-only exports, no floating point, no formatting machinery, and no
//! multi-byte access that may be at an odd address (a 68000 raises an address error on it).

use std::collections::BTreeMap;

use wasmparser::{
    CompositeInnerType, DataKind, ExternalKind, KnownCustom, MemArg, Name, Operator, Parser,
    Payload, TypeRef, ValType,
};

/// A wasm value type, as far as the route cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValKind {
    /// i32: passed as a 32-bit C integer.
    I32,
    /// i64: passed as a 64-bit C integer.
    I64,
    /// f32 or f64: not supported on the 68000 route.
    Float,
    /// v128 or a reference: not supported.
    Other,
}

impl From<ValType> for ValKind {
    fn from(v: ValType) -> ValKind {
        match v {
            ValType::I32 => ValKind::I32,
            ValType::I64 => ValKind::I64,
            ValType::F32 | ValType::F64 => ValKind::Float,
            _ => ValKind::Other,
        }
    }
}

/// A function signature.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Signature {
    /// Parameter types.
    pub params: Vec<ValKind>,
    /// Result types.
    pub results: Vec<ValKind>,
}

/// An imported function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportFn {
    /// Module it is imported from.
    pub module: String,
    /// Its name there.
    pub name: String,
    /// Its signature.
    pub signature: Signature,
}

/// An exported function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportFn {
    /// The export's name.
    pub name: String,
    /// Its signature.
    pub signature: Signature,
}

/// The facts the build reads from a module.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ModuleInfo {
    /// Imported functions, in index order.
    pub imports: Vec<ImportFn>,
    /// Imports that are not functions (tables, memories, globals), as "module.name".
    pub other_imports: Vec<String>,
    /// Exported functions.
    pub exports: Vec<ExportFn>,
    /// Memories: (initial pages, maximum pages).
    pub memories: Vec<(u64, Option<u64>)>,
    /// Number of tables.
    pub tables: usize,
    /// Initial value of `__stack_pointer` (the top of the shadow stack, which grows down).
    pub stack_pointer: Option<u32>,
    /// Value of the exported `__data_end`: end of static data.
    pub data_end: Option<u32>,
    /// Value of the exported `__heap_base`: the first byte no static uses.
    pub heap_base: Option<u32>,
    /// Total bytes of the active data segments (copied into linear memory at start).
    pub data_segment_bytes: u32,
    /// Number of functions defined in the module.
    pub functions: usize,
    /// Multi-byte memory accesses whose alignment hint is one byte: "function: instruction".
    pub unaligned: Vec<String>,
    /// Functions that use floating point.
    pub float_functions: Vec<String>,
    /// Functions of `core::fmt` (the formatting machinery).
    pub fmt_functions: Vec<String>,
}

/// A module that cannot be read.
#[derive(Debug, thiserror::Error)]
#[error("the wasm module is malformed: {0}")]
pub struct WasmError(#[from] wasmparser::BinaryReaderError);

impl ModuleInfo {
    /// Reads the module in `bytes`.
    pub fn read(bytes: &[u8]) -> Result<ModuleInfo, WasmError> {
        let mut info = ModuleInfo::default();
        let mut types: Vec<Signature> = Vec::new();
        let mut func_types: Vec<u32> = Vec::new();
        let mut global_inits: Vec<Option<u32>> = Vec::new();
        let mut global_names: BTreeMap<u32, String> = BTreeMap::new();
        let mut func_names: BTreeMap<u32, String> = BTreeMap::new();
        let mut export_globals: Vec<(String, u32)> = Vec::new();
        let mut export_funcs: Vec<(String, u32)> = Vec::new();
        let mut bodies = Vec::new();

        for payload in Parser::new(0).parse_all(bytes) {
            match payload? {
                Payload::TypeSection(reader) => {
                    for group in reader {
                        for sub in group?.into_types() {
                            let signature = match &sub.composite_type.inner {
                                CompositeInnerType::Func(f) => Signature {
                                    params: f.params().iter().map(|&v| v.into()).collect(),
                                    results: f.results().iter().map(|&v| v.into()).collect(),
                                },
                                _ => Signature::default(),
                            };
                            types.push(signature);
                        }
                    }
                }
                Payload::ImportSection(reader) => {
                    for import in reader.into_imports() {
                        let import = import?;
                        match import.ty {
                            TypeRef::Func(t) => {
                                func_types.push(t);
                                info.imports.push(ImportFn {
                                    module: import.module.to_string(),
                                    name: import.name.to_string(),
                                    signature: types.get(t as usize).cloned().unwrap_or_default(),
                                });
                            }
                            _ => info
                                .other_imports
                                .push(format!("{}.{}", import.module, import.name)),
                        }
                    }
                }
                Payload::FunctionSection(reader) => {
                    for t in reader {
                        func_types.push(t?);
                        info.functions += 1;
                    }
                }
                Payload::TableSection(reader) => info.tables += reader.count() as usize,
                Payload::MemorySection(reader) => {
                    for memory in reader {
                        let memory = memory?;
                        info.memories.push((memory.initial, memory.maximum));
                    }
                }
                Payload::GlobalSection(reader) => {
                    for global in reader {
                        let global = global?;
                        let mut ops = global.init_expr.get_operators_reader();
                        let value = match ops.read()? {
                            Operator::I32Const { value } => Some(value as u32),
                            _ => None,
                        };
                        global_inits.push(value);
                    }
                }
                Payload::ExportSection(reader) => {
                    for export in reader {
                        let export = export?;
                        match export.kind {
                            ExternalKind::Func => {
                                export_funcs.push((export.name.to_string(), export.index))
                            }
                            ExternalKind::Global => {
                                export_globals.push((export.name.to_string(), export.index))
                            }
                            _ => {}
                        }
                    }
                }
                Payload::DataSection(reader) => {
                    for data in reader {
                        let data = data?;
                        if let DataKind::Active { .. } = data.kind {
                            info.data_segment_bytes += data.data.len() as u32;
                        }
                    }
                }
                Payload::CodeSectionEntry(body) => bodies.push(body),
                Payload::CustomSection(section) => {
                    if let KnownCustom::Name(reader) = section.as_known() {
                        for name in reader {
                            match name? {
                                Name::Function(map) => {
                                    for naming in map {
                                        let naming = naming?;
                                        func_names.insert(naming.index, naming.name.to_string());
                                    }
                                }
                                Name::Global(map) => {
                                    for naming in map {
                                        let naming = naming?;
                                        global_names.insert(naming.index, naming.name.to_string());
                                    }
                                }
                                _ => {}
                            }
                        }
                    }
                }
                _ => {}
            }
        }

        let imported = info.imports.len() as u32;
        let name_of = |index: u32| {
            func_names
                .get(&index)
                .cloned()
                .unwrap_or_else(|| format!("function #{index}"))
        };
        for (name, index) in export_funcs {
            let signature = func_types
                .get(index as usize)
                .and_then(|&t| types.get(t as usize))
                .cloned()
                .unwrap_or_default();
            info.exports.push(ExportFn { name, signature });
        }
        for (name, index) in export_globals {
            let value = global_inits.get(index as usize).copied().flatten();
            match name.as_str() {
                "__heap_base" => info.heap_base = value,
                "__data_end" => info.data_end = value,
                _ => {}
            }
        }
        info.stack_pointer = global_names
            .iter()
            .find(|(_, name)| name.as_str() == "__stack_pointer")
            .and_then(|(&index, _)| global_inits.get(index as usize).copied().flatten());

        for (i, body) in bodies.iter().enumerate() {
            let index = imported + i as u32;
            let name = name_of(index);
            let signature = func_types
                .get(index as usize)
                .and_then(|&t| types.get(t as usize));
            let mut uses_float = signature.is_some_and(|s| {
                s.params
                    .iter()
                    .chain(&s.results)
                    .any(|&v| v == ValKind::Float)
            });
            for local in body.get_locals_reader()? {
                let (_, ty) = local?;
                uses_float |= ValKind::from(ty) == ValKind::Float;
            }
            let mut ops = body.get_operators_reader()?;
            while !ops.eof() {
                let op = ops.read()?;
                if let Some((memarg, bytes)) = memory_access(&op) {
                    if bytes > 1 && memarg.align == 0 {
                        info.unaligned.push(format!("{name}: {op:?}"));
                    }
                }
                if !uses_float && is_float_op(&op) {
                    uses_float = true;
                }
            }
            if uses_float {
                info.float_functions.push(name.clone());
            }
            if is_fmt_function(&name) {
                info.fmt_functions.push(name);
            }
        }
        Ok(info)
    }

    /// Bytes of linear memory the program uses: statics up to `__heap_base`, rounded up to a
    /// multiple of 4 (the size of the block the runtime borrows from the OS).
    pub fn linear_bytes(&self) -> Option<u32> {
        self.heap_base.map(|b| b.div_ceil(4) * 4)
    }
}

/// The memory argument of a load or store, and how many bytes it accesses.
fn memory_access(op: &Operator) -> Option<(MemArg, u32)> {
    use Operator::*;
    Some(match *op {
        I32Load8S { memarg }
        | I32Load8U { memarg }
        | I64Load8S { memarg }
        | I64Load8U { memarg }
        | I32Store8 { memarg }
        | I64Store8 { memarg } => (memarg, 1),
        I32Load16S { memarg }
        | I32Load16U { memarg }
        | I64Load16S { memarg }
        | I64Load16U { memarg }
        | I32Store16 { memarg }
        | I64Store16 { memarg } => (memarg, 2),
        I32Load { memarg }
        | F32Load { memarg }
        | I64Load32S { memarg }
        | I64Load32U { memarg }
        | I32Store { memarg }
        | F32Store { memarg }
        | I64Store32 { memarg } => (memarg, 4),
        I64Load { memarg } | F64Load { memarg } | I64Store { memarg } | F64Store { memarg } => {
            (memarg, 8)
        }
        _ => return None,
    })
}

/// Whether an instruction computes with or converts to or from floating point.
fn is_float_op(op: &Operator) -> bool {
    let name = format!("{op:?}");
    name.contains("F32") || name.contains("F64")
}

/// Whether a (mangled) function name belongs to `core::fmt`. Rust's v0 mangling writes the
/// path as length-prefixed identifiers (`4core3fmt`), the legacy one as `4core3fmt` too.
fn is_fmt_function(name: &str) -> bool {
    name.contains("4core3fmt") || name.starts_with("core::fmt::")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fmt_names_are_recognised() {
        assert!(is_fmt_function(
            "_RNvMs5_NtCs1_4core3fmtNtB5_9Formatter3pad"
        ));
        assert!(is_fmt_function("_ZN4core3fmt5write17h0123E"));
        assert!(!is_fmt_function(
            "_RNvNtCspDyCHxMKIP_4core9panicking9panic_fmt"
        ));
    }

    #[test]
    fn float_instructions_are_recognised() {
        assert!(is_float_op(&Operator::F64Add));
        assert!(is_float_op(&Operator::I32TruncF32S));
        assert!(!is_float_op(&Operator::I64Add));
    }
}
