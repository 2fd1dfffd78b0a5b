/* One run of a program, from the OS's side: start.S calls w68k_session_begin, then (inside an
 * AMS error frame) w68k_session_run, then w68k_session_end with the error the frame caught (0
 * if none).
 *
 * The program variable is executed in place, so every run must start from the same state:
 * start.S zeroes .bss, and the build refuses initialised writable data. The linear memory and
 * tables come from the OS heap and go back to it at the end, whatever happened. A wasm trap
 * (a Rust panic, a shadow-stack overflow, ...) is thrown as an AMS error that the session's
 * frame catches; the session then frees everything, restores the screen and shows why the
 * program stopped on the status line (and, with the build setting trap-error, raises that AMS
 * error to its caller). Any other AMS error (thrown by a ROM call) is passed on
 * to the OS after the same clean-up, so the OS reports it as usual. */
#include <stdint.h>
#include <string.h>

#include "rom.h"
#include "w68k.h"

volatile uint16_t w68k_trap_reason;

/* The screen as it was when the program started, put back when it ends. */
static void *saved_screen;

/* A program's blocks (its linear memory, tables, the screen's copy) stay locked while it runs,
 * and a contest runs three programs nested (meta, the arbiter, an AI), each with its blocks.
 * Allocated with HeapAllocPtr they land in the first free place, between the variables, and
 * the locked blocks of the outer programs cut the heap into places too small for the inner
 * one's memory. HeapAllocHigh (locked, at the high end, after AMS compresses the heap: what
 * kernels and launchers use for blocks kept for a while) stacks them at the top instead, so
 * the free space stays in one piece. The handle goes in the word before the block, as
 * HeapAllocPtr keeps it. */
void *w68k_os_alloc(uint32_t bytes) {
  uint16_t handle = ROM_FN(uint16_t (*)(uint32_t), ROM_HeapAllocHigh)(bytes + 2);
  rom_short_arg arg = {(int16_t)handle, 0};
  uint16_t *block;
  if (!handle) return 0;
  block = ROM_FN(uint16_t *(*)(rom_short_arg), ROM_HeapDeref)(arg);
  block[0] = handle;
  return block + 1;
}

void w68k_os_free(void *block) {
  rom_short_arg arg = {0, 0};
  if (!block) return;
  arg.value = (int16_t)((uint16_t *)block)[-1];
  ROM_FN(void (*)(rom_short_arg), ROM_HeapFree)(arg);
}

void w68k_trap(uint32_t reason) {
  rom_short_arg error = {W68K_TRAP_ERROR, 0};
  w68k_trap_reason = (uint16_t)reason;
  ROM_FN(void (*)(rom_short_arg), ROM_ER_throwVar)(error);
  for (;;) {
  }
}

void w68k_session_begin(void) {
  w68k_trap_reason = 0;
  saved_screen = 0;
}

/* The linear memory first, the screen's copy after: the larger block gets the highest free
 * place and the copy any place left, not the other way round (under meta, the copy taken
 * first left an AI's linear memory 132 bytes short of a place). Nothing draws before main. */
void w68k_session_run(void) {
  w68k_instantiate();
  saved_screen = w68k_os_alloc(LCD_BYTES);
  if (saved_screen) memcpy(saved_screen, (const void *)LCD_MEM, LCD_BYTES);
  w68k_run_main();
}

static const char *trap_text(uint16_t reason) {
  switch (reason) {
    case W68K_TRAP_UNREACHABLE: return "panic";
    case W68K_TRAP_EXHAUSTION: return "stack overflow";
    case W68K_TRAP_NO_MEMORY: return "not enough memory";
    case W68K_TRAP_DIV_BY_ZERO: return "division by zero";
    case W68K_TRAP_INT_OVERFLOW: return "integer overflow";
    case W68K_TRAP_OOB: return "memory access out of bounds";
    case W68K_TRAP_CALL_INDIRECT: return "bad indirect call";
    default: return "unsupported wasm feature";
  }
}

/* Shows "<program>: <reason>" on the status line, where it stays after the program returns. */
static void show_trap(uint16_t reason) {
  char message[48];
  const char *parts[3];
  uint32_t at = 0, i;
  parts[0] = w68k_program_name;
  parts[1] = ": ";
  parts[2] = trap_text(reason);
  for (i = 0; i < 3; i++) {
    const char *p = parts[i];
    while (*p && at < sizeof message - 1) message[at++] = *p++;
  }
  message[at] = 0;
  ROM_FN(void (*)(const char *), ROM_ST_helpMsg)(message);
}

void w68k_release_timer(void); /* gfx.c */

void w68k_session_end(int32_t error) {
  w68k_release_timer();
  w68k_release();
  if (saved_screen) {
    memcpy((void *)LCD_MEM, saved_screen, LCD_BYTES);
    w68k_os_free(saved_screen);
    saved_screen = 0;
  }
  if (error == W68K_TRAP_ERROR && w68k_trap_reason) {
    show_trap(w68k_trap_reason);
    if (w68k_trap_error) {
      /* A program run by another one (a contest AI): its caller must learn that it failed;
       * AMS's own memory error (670) when the OS could not lend the program its memory, so
       * that the caller can tell a full calculator from a failing program. */
      int16_t code = w68k_trap_reason == W68K_TRAP_NO_MEMORY ? 670 : (int16_t)w68k_trap_error;
      rom_short_arg raised = {code, 0};
      ROM_FN(void (*)(rom_short_arg), ROM_ER_throwVar)(raised);
    }
  } else if (error) {
    rom_short_arg again = {(int16_t)error, 0};
    ROM_FN(void (*)(rom_short_arg), ROM_ER_throwVar)(again);
  }
}
