//! The AMS ROM calls the project knows: for each, its name as the OS and GCC4TI spell it, its
//! index in the jump table at 0xC8 (docs/rom-calls.md#resolution-through-the-jump-table) and its
//! C prototype. This table is the one place that holds the indexes: the build generates the
//! programs' `rom_calls.h` from it ([`c_header`]), the emulator (`ti-emulator`) names and serves
//! calls through it, the assembly fixtures of `emu-tests` get their `ROM_<name>` symbols from
//! it, and a test holds docs/rom-calls.md#rom-calls-the-project-uses to it.
//!
//! Indexes and prototypes are those of GCC4TI's documentation
//! (`doc/System/Include/<header>/<name>.hsf`); PedroM's jump table (`src/RomCalls.h`) puts the
//! same routines at the same indexes. A call's index must be below the OS's `TIOS_entries` for
//! the call to exist there (docs/rom-calls.md#resolution-through-the-jump-table): several are
//! AMS 2 only. A ROM *variable*'s entry holds the variable's address, not code.
//!
//! Each call is a constant named exactly as the OS names it (`rom_calls::DrawStr`), so that a
//! reader meets the same name in GCC4TI's documentation, in the C of the programs (`ROM_DrawStr`)
//! and in the emulator; hence `non_upper_case_globals` is allowed in this module.

#![allow(non_upper_case_globals)]

/// Whether a jump-table entry is the address of code or of a variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RomCallKind {
    /// A function: the entry is its address, called with `jsr` under AMS's convention
    /// (docs/rom-calls.md#calling-convention).
    Function,
    /// A variable (`ScrRect`, `top_estack`...): the entry is the variable's address.
    Variable,
}

/// One ROM call: a jump-table entry of AMS.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RomCall {
    /// The name, as GCC4TI and the OS spell it (`DrawStr`, `top_estack`).
    pub name: &'static str,
    /// The index of its entry in the jump table.
    pub index: u16,
    /// Function or variable.
    pub kind: RomCallKind,
    /// Its C declaration with GCC4TI's types (`HANDLE`, `SYM_STR`, `ESI`...): the prototype of a
    /// function, the declaration of a variable.
    pub prototype: &'static str,
}

impl RomCall {
    /// Whether the entry is the address of a variable rather than of code.
    pub const fn is_variable(&self) -> bool {
        matches!(self.kind, RomCallKind::Variable)
    }
}

impl std::fmt::Display for RomCall {
    /// `DrawStr (0x1A9)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({:#X})", self.name, self.index)
    }
}

/// Defines each call once: a constant named after it, and an entry of [`ALL`].
macro_rules! rom_calls {
    ($($kind:ident $name:ident = $index:literal, $prototype:literal;)*) => {
        $(
            #[doc = concat!("`", $prototype, "`: entry ", stringify!($index),
                " of the jump table (", stringify!($kind), ").")]
            pub const $name: RomCall = RomCall {
                name: stringify!($name),
                index: $index,
                kind: RomCallKind::$kind,
                prototype: $prototype,
            };
        )*

        /// Every call of the table, in increasing order of index.
        pub const ALL: &[RomCall] = &[$($name),*];
    };
}

rom_calls! {
    Variable ScrRect = 0x2F, "SCR_RECT *const ScrRect";
    Function display_statements = 0x4E,
        "HANDLE display_statements(CESI p, unsigned short newlines, unsigned short full_precision)";
    Function pushkey = 0x50, "void pushkey(short code)";
    Function ngetchx = 0x51, "short ngetchx(void)";
    Function kbhit = 0x52, "short kbhit(void)";
    Function SymAdd = 0x5C, "HSym SymAdd(SYM_STR name)";
    Function SymAddMain = 0x5D, "HSym SymAddMain(SYM_STR name)";
    Function SymDel = 0x5E, "short SymDel(SYM_STR name)";
    Function HSymDel = 0x5F, "short HSymDel(HSym s)";
    Function SymFind = 0x60, "HSym SymFind(SYM_STR name)";
    Function SymFindMain = 0x61, "HSym SymFindMain(SYM_STR name)";
    Function SymFindHome = 0x62, "HSym SymFindHome(SYM_STR name)";
    Function SymMove = 0x63, "short SymMove(SYM_STR src, SYM_STR dest)";
    Function FolderAdd = 0x64, "HANDLE FolderAdd(SYM_STR name)";
    Function FolderCur = 0x65, "short FolderCur(SYM_STR name, short non_system)";
    Function FolderDel = 0x66, "short FolderDel(SYM_STR name)";
    Function FolderFind = 0x67, "short FolderFind(SYM_STR name)";
    Function FolderGetCur = 0x68, "void FolderGetCur(char *buf)";
    Function FolderOp = 0x69, "short FolderOp(SYM_STR name, short flags)";
    Function SymFindFirst = 0x6C, "SYM_ENTRY *SymFindFirst(SYM_STR name, unsigned short flags)";
    Function SymFindNext = 0x6D, "SYM_ENTRY *SymFindNext(void)";
    Function SymFindPrev = 0x6E, "SYM_ENTRY *SymFindPrev(void)";
    Function SymFindFolderName = 0x6F, "char *SymFindFolderName(void)";
    Function AddSymToFolder = 0x70, "HSym AddSymToFolder(SYM_STR name, SYM_STR folder)";
    Function FindSymInFolder = 0x71, "HSym FindSymInFolder(SYM_STR name, const char *folder)";
    Function FolderCurTemp = 0x72, "short FolderCurTemp(SYM_STR name)";
    Function DerefSym = 0x79, "SYM_ENTRY *DerefSym(HSym s)";
    Function StrToTokN = 0x7B, "ESI StrToTokN(const char *src, unsigned char *dest)";
    Function TokToStrN = 0x7C, "short TokToStrN(unsigned char *dest, SYM_STR src)";
    Function TokenizeSymName = 0x80, "ESI TokenizeSymName(const char *src, unsigned short flags)";
    Function VarRecall = 0x85, "HSym VarRecall(SYM_STR name, unsigned short flags)";
    Function VarStore = 0x86,
        "HSym VarStore(SYM_STR name, unsigned short flags, unsigned short size, ...)";
    Function VarStoreLink = 0x87,
        "HSym VarStoreLink(ESI esi, HANDLE *dest, unsigned short *status)";
    Function HeapAvail = 0x8F, "unsigned long HeapAvail(void)";
    Function HeapAlloc = 0x90, "HANDLE HeapAlloc(unsigned long size)";
    Function HeapAllocHigh = 0x92, "HANDLE HeapAllocHigh(unsigned long size)";
    Function HeapAllocThrow = 0x93, "HANDLE HeapAllocThrow(unsigned long size)";
    Function HeapDeref = 0x96, "void *HeapDeref(HANDLE h)";
    Function HeapFree = 0x97, "void HeapFree(HANDLE h)";
    Function HLock = 0x99, "void *HLock(HANDLE h)";
    Function HeapLock = 0x9A, "HANDLE HeapLock(HANDLE h)";
    Function HeapGetLock = 0x9B, "short HeapGetLock(HANDLE h)";
    Function HeapMax = 0x9C, "unsigned long HeapMax(void)";
    Function HeapRealloc = 0x9D, "HANDLE HeapRealloc(HANDLE h, unsigned long size)";
    Function HeapSize = 0x9E, "unsigned long HeapSize(HANDLE h)";
    Function HeapUnlock = 0x9F, "HANDLE HeapUnlock(HANDLE h)";
    Function HeapAllocPtr = 0xA2, "void *HeapAllocPtr(unsigned long size)";
    Function HeapFreePtr = 0xA3, "void HeapFreePtr(void *p)";
    Function EX_getArg = 0xBE, "ESI EX_getArg(short n)";
    Function EX_stoBCD = 0xC0, "void EX_stoBCD(unsigned char *name, float *value)";
    Function ST_folder = 0xE4, "void ST_folder(const char *name)";
    Function ST_helpMsg = 0xE6, "void ST_helpMsg(const char *msg)";
    Function OSRegisterTimer = 0xF0, "short OSRegisterTimer(short id, unsigned long ticks)";
    Function OSFreeTimer = 0xF1, "short OSFreeTimer(short id)";
    Function OSTimerCurVal = 0xF2, "unsigned long OSTimerCurVal(short id)";
    Function OSTimerExpired = 0xF3, "short OSTimerExpired(short id)";
    Function OSTimerRestart = 0xF4, "unsigned long OSTimerRestart(short id)";
    Variable top_estack = 0x109, "ESI top_estack";
    Function next_expression_index = 0x10A, "ESI next_expression_index(CESI p)";
    Function ERD_dialog = 0x151, "short ERD_dialog(short err, short prog_flag)";
    Function ER_throwVar = 0x153, "void ER_throwVar(short err)";
    Function ER_catch = 0x154, "short ER_catch(void *frame)";
    Function ER_success = 0x155, "void ER_success(void)";
    Function EX_patch = 0x15A, "void EX_patch(void *base, void *tag_ptr)";
    Function FL_getHardwareParmBlock = 0x16B, "const void *FL_getHardwareParmBlock(void)";
    Function GKeyIn = 0x17E, "short GKeyIn(SCR_RECT *cursor_shape, unsigned short flags)";
    Function GKeyFlush = 0x180, "void GKeyFlush(void)";
    Function ScrRectFill = 0x189,
        "void ScrRectFill(const SCR_RECT *rect, const SCR_RECT *clip, short attr)";
    Function FontGetSys = 0x18E, "unsigned char FontGetSys(void)";
    Function FontSetSys = 0x18F, "unsigned char FontSetSys(short font)";
    Function DrawClipEllipse = 0x192,
        "void DrawClipEllipse(short x, short y, short a, short b, const SCR_RECT *clip, short attr)";
    Function DrawClipLine = 0x193,
        "void DrawClipLine(const WIN_RECT *line, const SCR_RECT *clip, short attr)";
    Function DrawStrWidth = 0x197, "short DrawStrWidth(const char *s, short font)";
    Function SetCurAttr = 0x19A, "short SetCurAttr(short attr)";
    Function ClrScr = 0x19E, "void ClrScr(void)";
    Function PortSet = 0x1A2, "void PortSet(void *vm_addr, short x_max, short y_max)";
    Function PortRestore = 0x1A3, "void PortRestore(void)";
    Function DrawChar = 0x1A4, "void DrawChar(short x, short y, char c, short attr)";
    Function DrawLine = 0x1A7, "void DrawLine(short x0, short y0, short x1, short y1, short attr)";
    Function DrawPix = 0x1A8, "void DrawPix(short x, short y, short attr)";
    Function DrawStr = 0x1A9, "void DrawStr(short x, short y, const char *s, short attr)";
    Function HeapPtrToHandle = 0x23A, "HANDLE HeapPtrToHandle(void *p)";
    Function HS_popEStack = 0x244, "HANDLE HS_popEStack(void)";
    Function OSLinkReset = 0x24C, "void OSLinkReset(void)";
    Function NG_approxESI = 0x25C, "void NG_approxESI(CESI p)";
    Function NG_execute = 0x25D, "void NG_execute(HANDLE h, short approx)";
    Function NG_rationalESI = 0x25F, "void NG_rationalESI(CESI p)";
    Function NG_tokenize = 0x260,
        "short NG_tokenize(HANDLE text, unsigned short *err, unsigned short *offset)";
    Function push_END_TAG = 0x263, "void push_END_TAG(void)";
    Function push_LIST_TAG = 0x264, "void push_LIST_TAG(void)";
    Function SymFindPtr = 0x283, "SYM_ENTRY *SymFindPtr(SYM_STR name, unsigned short flags)";
    Function off = 0x29A, "void off(void)";
    Function idle = 0x29B, "void idle(void)";
    Function find_error_message = 0x2C1, "const char *find_error_message(short err)";
    Function delete_expression = 0x2C5, "void delete_expression(ESI p)";
    Function estack_to_short = 0x2C7, "short estack_to_short(CESI p, short *out)";
    Function estack_to_ushort = 0x2C8, "short estack_to_ushort(CESI p, unsigned short *out)";
    Function GetValue = 0x2CB, "long GetValue(CESI p, long low, long high)";
    Function push_expr_quantum = 0x2E9, "void push_expr_quantum(CESI p, ESQ tag)";
    Function push_quantum = 0x2EE, "void push_quantum(ESQ tag)";
    Function estack_number_to_Float = 0x2F9, "float estack_number_to_Float(CESI p)";
    Function push_Float = 0x30A, "void push_Float(float value)";
    Function push_rand = 0x31F, "void push_rand(CESI range)";
    Function push_setfold = 0x321, "void push_setfold(CESI folder)";
    Function cmd_copyvar = 0x333, "void cmd_copyvar(SYM_STR src, SYM_STR dest)";
    Function cmd_disphome = 0x33F, "void cmd_disphome(void)";
    Function cmd_newfold = 0x364, "void cmd_newfold(SYM_STR folder)";
    Function cmd_randseed = 0x380, "void cmd_randseed(CESI seed)";
    Function OSdequeue = 0x3AA, "short OSdequeue(unsigned short *dest, void *queue)";
    Function RemainingArgCnt = 0x3C3, "unsigned short RemainingArgCnt(CESI ap)";
    Function push_parse_text = 0x3CA, "short push_parse_text(const char *text)";
    Variable bottom_estack = 0x432, "CESI bottom_estack";
    Variable ReleaseDate = 0x43F, "const char *const ReleaseDate";
    Variable ReleaseVersion = 0x440, "const char *const ReleaseVersion";
    Function cmd_archive = 0x448, "void cmd_archive(CESI names)";
    Function cmd_unarchiv = 0x449, "void cmd_unarchiv(CESI names)";
    Function push_zstr = 0x48A, "void push_zstr(const char *s)";
    Function push_long_to_integer = 0x4E3, "void push_long_to_integer(long value)";
    Function push_ulong_to_integer = 0x4E4, "void push_ulong_to_integer(unsigned long value)";
    Function push_internal_simplify = 0x4F8, "void push_internal_simplify(CESI p)";
    Variable FiftyMsecTick = 0x4FC, "volatile unsigned long FiftyMsecTick";
    Variable estack_max_index = 0x5BF, "CESI estack_max_index";
}

/// The call named `name` (exact spelling, as GCC4TI's), if the table has it.
pub fn by_name(name: &str) -> Option<&'static RomCall> {
    ALL.iter().find(|c| c.name == name)
}

/// The call at jump-table index `index`, if the table has it.
pub fn by_index(index: u16) -> Option<&'static RomCall> {
    ALL.binary_search_by_key(&index, |c| c.index)
        .ok()
        .map(|i| &ALL[i])
}

/// The text of `rom_calls.h`, the header the build writes for the programs' C and `start.S`
/// (through cpp): one `#define ROM_<name> 0x<index>` a call, with its prototype in a comment.
/// It holds only `#define`s, so that assembler sources can include it.
pub fn c_header() -> String {
    let mut h = String::from(
        "/* AMS ROM calls: their indexes in the jump table at 0xC8.\n \
         * Generated by the build from ti_build::rom_calls (host/build/src/rom_calls.rs): edit\n \
         * the table there, not this file. How the programs call them: rom.h. */\n\
         #ifndef W68K_ROM_CALLS_H\n\
         #define W68K_ROM_CALLS_H\n\n",
    );
    for call in ALL {
        let what = match call.kind {
            RomCallKind::Function => "",
            RomCallKind::Variable => "variable: ",
        };
        h.push_str(&format!(
            "#define ROM_{} {:#X} /* {what}{} */\n",
            call.name, call.index, call.prototype
        ));
    }
    h.push_str("\n#endif\n");
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexes_increase_so_no_index_is_twice_in_the_table() {
        for pair in ALL.windows(2) {
            assert!(
                pair[0].index < pair[1].index,
                "{} and {} are out of order or share an index",
                pair[0],
                pair[1]
            );
        }
    }

    #[test]
    fn no_name_is_twice_in_the_table() {
        let mut names: Vec<&str> = ALL.iter().map(|c| c.name).collect();
        names.sort_unstable();
        for pair in names.windows(2) {
            assert_ne!(pair[0], pair[1], "{} is twice in the table", pair[0]);
        }
    }

    #[test]
    fn each_prototype_declares_its_call() {
        for call in ALL {
            let declared = call.prototype.split('(').next().unwrap_or_default();
            assert!(
                declared.trim_end().ends_with(call.name),
                "the prototype of {call} declares something else: {}",
                call.prototype
            );
            assert_eq!(
                call.is_variable(),
                !call.prototype.contains('('),
                "{call}: a variable is declared without parameters, a function with"
            );
        }
    }

    #[test]
    fn lookups_find_every_call() {
        for call in ALL {
            assert_eq!(by_name(call.name), Some(call));
            assert_eq!(by_index(call.index), Some(call));
        }
        assert_eq!(by_index(0x1A9).map(|c| c.name), Some("DrawStr"));
        assert_eq!(by_name("DrawStr").map(|c| c.index), Some(0x1A9));
        assert_eq!(by_index(0x1), None);
        assert_eq!(by_name("drawstr"), None);
        assert_eq!(DrawStr.to_string(), "DrawStr (0x1A9)");
    }

    #[test]
    fn the_header_defines_every_call_once() {
        let h = c_header();
        assert!(h.contains("#define ROM_DrawStr 0x1A9 /* void DrawStr("));
        assert!(h.contains("#define ROM_ScrRect 0x2F /* variable: SCR_RECT *const ScrRect */"));
        let defines = h.lines().filter(|l| l.starts_with("#define ROM_")).count();
        assert_eq!(defines, ALL.len());
        // A comment must not end early: cpp would read the rest as code.
        for call in ALL {
            assert!(!call.prototype.contains("*/"), "{call}");
        }
    }
}
