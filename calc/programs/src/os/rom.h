/* AMS ROM calls: the indexes this project uses, and how C code calls them.
 *
 * The OS publishes its entry points in a jump table whose address is stored at 0xC8; entry i
 * (4 bytes) is the address of ROM function i, or, for a ROM "variable" such as ScrRect, the
 * address of the variable (docs/rom-calls.md#resolution-through-the-jump-table; GCC4TI include/C/default.h).
 * Indexes and prototypes: GCC4TI doc/System/Include/<header>/<name>.hsf, docs/rom-calls.md#rom-calls-the-project-uses.
 *
 * Calling convention (docs/rom-calls.md#calling-convention): arguments on the stack right to left, `short` in
 * 2-byte slots, longs and pointers in 4; results in d0, pointers in a0; d0-d2/a0-a1
 * clobbered. GCC (m68k-linux) pushes every scalar argument in a 4-byte slot, so a ROM call
 * whose parameters include a `short` takes ONE by-value struct laid out like the ROM's
 * parameter list: GCC copies a struct of 4 bytes or more unpadded to the first argument slot
 * (a struct under 4 bytes would be right-justified: pad it to 4). Every file that calls the
 * ROM is compiled with -fcall-used-d2 (AMS clobbers d2; GCC's m68k-linux ABI keeps it).
 * This header is also included by start.S: only #defines outside the C part. */
#ifndef W68K_ROM_H
#define W68K_ROM_H

#define ROM_JUMP_TABLE_PTR 0xC8 /* address of the pointer to the jump table */

#define ROM_ScrRect 0x2F        /* SCR_RECT *const ScrRect (variable) */
#define ROM_ngetchx 0x51        /* short ngetchx(void) */
#define ROM_HeapAllocPtr 0xA2   /* void *HeapAllocPtr(unsigned long size) */
#define ROM_HeapFreePtr 0xA3    /* void HeapFreePtr(void *p) */
#define ROM_ST_helpMsg 0xE6     /* void ST_helpMsg(const char *msg) */
#define ROM_ER_throwVar 0x153   /* void ER_throwVar(short err), noreturn */
#define ROM_ER_catch 0x154      /* short ER_catch(void *frame) */
#define ROM_ER_success 0x155    /* void ER_success(void) */
#define ROM_FontSetSys 0x18F    /* unsigned char FontSetSys(short font) */
#define ROM_ClrScr 0x19E        /* void ClrScr(void) */
#define ROM_DrawStr 0x1A9       /* void DrawStr(short x, short y, const char *s, short attr) */

/* Variables, folders, the expression stack, running programs (src/os/vat.c, exec.c; the
 * contest's arbiter and AIs). Same sources: GCC4TI doc/System/Include/vat.h, estack.h,
 * error.h, alloc.h, system.h and include/S/os.h; docs/rom-calls.md#rom-calls-the-project-uses, docs/rom-calls.md#running-another-program. */
#define ROM_SymAdd 0x5C         /* HSym SymAdd(SYM_STR name) */
#define ROM_SymDel 0x5E         /* short SymDel(SYM_STR name) */
#define ROM_FolderAdd 0x64      /* HANDLE FolderAdd(SYM_STR name) */
#define ROM_FolderCur 0x65      /* short FolderCur(SYM_STR name, short non_system) */
#define ROM_FolderFind 0x67     /* short FolderFind(SYM_STR name): FOLDER_STATS below */
#define ROM_FolderGetCur 0x68   /* void FolderGetCur(char *buf9) */
#define ROM_SymFindFirst 0x6C   /* SYM_ENTRY *SymFindFirst(SYM_STR folder, unsigned short flags) */
#define ROM_SymFindNext 0x6D    /* SYM_ENTRY *SymFindNext(void) */
#define ROM_DerefSym 0x79       /* SYM_ENTRY *DerefSym(HSym s) */
#define ROM_VarStore 0x86       /* HSym VarStore(SYM_STR, unsigned short flags, unsigned short size, ...) */
#define ROM_HeapAlloc 0x90      /* HANDLE HeapAlloc(unsigned long size) */
#define ROM_HeapDeref 0x96      /* void *HeapDeref(HANDLE h) */
#define ROM_HeapFree 0x97       /* void HeapFree(HANDLE h) */
#define ROM_top_estack 0x109    /* ESI top_estack (variable) */
#define ROM_next_expression_index 0x10A /* ESI next_expression_index(CESI p) */
#define ROM_HS_popEStack 0x244  /* HANDLE HS_popEStack(void) */
#define ROM_NG_execute 0x25D    /* void NG_execute(HANDLE h, short approx) */
#define ROM_SymFindPtr 0x283    /* SYM_ENTRY *SymFindPtr(SYM_STR name, unsigned short flags) */
#define ROM_push_quantum 0x2EE  /* void push_quantum(ESQ tag) */
#define ROM_push_parse_text 0x3CA /* short push_parse_text(const char *text) */
#define ROM_bottom_estack 0x432 /* CESI bottom_estack (variable; AMS 2 and later) */

/* Keys, timers and drawing beyond the basics (src/os/gfx.c). */
#define ROM_kbhit 0x52          /* short kbhit(void) */
#define ROM_ScrRectFill 0x189   /* void ScrRectFill(const SCR_RECT *r, const SCR_RECT *clip, short attr) */
#define ROM_DrawLine 0x1A7      /* void DrawLine(short x0, short y0, short x1, short y1, short attr) */
#define ROM_FiftyMsecTick 0x4FC /* volatile unsigned long FiftyMsecTick (variable; AMS 2) */
#define ROM_OSRegisterTimer 0xF0 /* short OSRegisterTimer(short timer_no, unsigned long ticks) */
#define ROM_OSFreeTimer 0xF1    /* short OSFreeTimer(short timer_no) */
#define ROM_OSTimerExpired 0xF3 /* short OSTimerExpired(short timer_no) */
#define USER_TIMER 6            /* the notify timer left to programs (enum Timers) */

#define END_TAG 0xE5            /* the end of an argument list (docs/files.md#tags) */
#define STR_TAG 0x2D            /* a string: 00 chars 00 2D */
#define STOF_ESI 0x4000         /* VarStore: the value is the expression at the ESI argument */
#define FO_RECURSE 0x02         /* SymFindFirst: every folder and its variables */
#define FOLDER_MAIN 2           /* FolderFind results (enum FolderStats) */
#define FOLDER_FOUND 3
#define FOLDER_NOT_FOUND 4

#define ER_FRAME_BYTES 60       /* ERROR_FRAME: a2-a7, d3-d7, NG_control, RetIndex, PC, Link */

#define LCD_MEM 0x4C00          /* the screen: 240x128 pixels, 30 bytes a row */
#define LCD_BYTES 3840

#ifndef __ASSEMBLER__
#include <stdint.h>

/* The address stored in jump-table entry `idx`. */
#define ROM_ENTRY(idx) ((*(void *const *const *)ROM_JUMP_TABLE_PTR)[idx])
/* Jump-table entry `idx` as a function of type `type`. */
#define ROM_FN(type, idx) ((type)ROM_ENTRY(idx))

/* One 2-byte argument slot padded to 4 bytes (see above). */
typedef struct { int16_t value; int16_t pad; } rom_short_arg;

typedef struct { uint8_t x0, y0, x1, y1; } rom_scr_rect;

/* A VAT entry (GCC4TI vat.h SYM_ENTRY; docs/rom-calls.md#the-vat). */
typedef struct {
  char name[8];
  uint16_t compat;
  uint16_t flags;
  uint16_t handle;
} rom_sym_entry;

/* The number of entries of the jump table (TIOS_entries, stored just below it): a ROM call
 * exists only if its index is smaller (docs/rom-calls.md#resolution-through-the-jump-table). */
#define ROM_ENTRIES (((const uint32_t *)*(void *const *)ROM_JUMP_TABLE_PTR)[-1])
#endif
#endif
