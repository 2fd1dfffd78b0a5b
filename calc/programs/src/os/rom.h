/* AMS ROM calls: the indexes this project uses, and how C code calls them.
 *
 * The OS publishes its entry points in a jump table whose address is stored at 0xC8; entry i
 * (4 bytes) is the address of ROM function i, or, for a ROM "variable" such as ScrRect, the
 * address of the variable (docs: ti68k-facts.md section 4.1; GCC4TI include/C/default.h).
 * Indexes and prototypes: GCC4TI doc/System/Include/<header>/<name>.hsf, ti68k-facts.md 4.3.
 *
 * Calling convention (ti68k-facts.md 4.2): arguments on the stack right to left, `short` in
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
#endif
#endif
