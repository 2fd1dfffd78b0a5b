/* AMS ROM calls: how C code calls them.
 *
 * The OS publishes its entry points in a jump table whose address is stored at 0xC8; entry i
 * (4 bytes) is the address of ROM function i, or, for a ROM "variable" such as ScrRect, the
 * address of the variable (docs/rom-calls.md#resolution-through-the-jump-table; GCC4TI include/C/default.h).
 * The indexes, ROM_<name> as the OS names the call (ROM_DrawStr), come from rom_calls.h, which
 * the build generates from the project's one table of ROM calls (ti_build::rom_calls,
 * host/build/src/rom_calls.rs; each call's prototype is there and in
 * docs/rom-calls.md#rom-calls-the-project-uses). A call missing from the table is an undeclared
 * identifier in C, an undefined symbol in assembler: add it to the table.
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

#include "rom_calls.h"

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
