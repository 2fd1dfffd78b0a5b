/* The 68000 runtime's own interface: what the runtime (runtime.c), the OS layer
 * (src/os/session.c, src/os/ams.c) and the glue the build generates for each program
 * (host/build/src/glue.rs) share. Not included by the translated program, which sees the
 * linear memory through prelude.h. */
#ifndef W68K_H
#define W68K_H

#include <stdint.h>

/* Why a program stopped early. 1..8 are wasm traps (the values of wasm_rt_trap_t); the others
 * are the runtime's own. */
enum {
  W68K_TRAP_OOB = 1,            /* memory access outside the backed linear memory */
  W68K_TRAP_INT_OVERFLOW = 2,   /* integer overflow in a division or conversion */
  W68K_TRAP_DIV_BY_ZERO = 3,    /* integer division by zero */
  W68K_TRAP_INVALID_CONVERSION = 4,
  W68K_TRAP_UNREACHABLE = 5,    /* wasm `unreachable`: a Rust panic */
  W68K_TRAP_CALL_INDIRECT = 6,  /* indirect call through a bad table entry */
  W68K_TRAP_UNCAUGHT_EXCEPTION = 7,
  W68K_TRAP_EXHAUSTION = 8,     /* the wasm shadow stack overflowed */
  W68K_TRAP_NO_MEMORY = 16,     /* the OS could not lend the linear memory or a table */
  W68K_TRAP_BAD_MODULE = 17,    /* the module asks for what this runtime cannot give */
};

/* The AMS error number a trap is thrown with (ER_throwVar); session.c catches it. */
#define W68K_TRAP_ERROR 0x7E00

/* --- defined by the generated glue of each program --------------------------------------- */

/* Bytes of linear memory backed by RAM: __heap_base rounded up to 4. */
extern const uint32_t w68k_linear_bytes;
/* The program's name, for messages. */
extern const char w68k_program_name[];
/* The AMS error raised to the caller after a trap (0: none; setting trap-error). */
extern const uint16_t w68k_trap_error;
/* Initialises the runtime and instantiates the module (allocates its memory and tables). */
void w68k_instantiate(void);
/* Calls the module's `ti_main` export. */
void w68k_run_main(void);

/* --- defined by runtime.c ------------------------------------------------------------------ */

/* One past the last byte of the linear memory block while a module is instantiated: the wasm
 * byte at offset a is w68k_top[-1 - a]. */
extern uint8_t *w68k_top;
/* Frees every block the runtime took from the OS (linear memory, tables). Safe to call at any
 * point, also after a failed instantiation. */
void w68k_release(void);

/* --- defined by the OS layer (src/os/session.c) -------------------------------------------- */

/* Why the last run stopped early (a W68K_TRAP_* value), 0 if it did not. */
extern volatile uint16_t w68k_trap_reason;
/* Ends the run: records the reason and unwinds to the session's error frame. */
__attribute__((noreturn)) void w68k_trap(uint32_t reason);
/* Memory from the OS heap (HeapAllocHigh: locked, at the top; session.c); 0 when there is not enough. */
void *w68k_os_alloc(uint32_t bytes);
/* Returns a block from w68k_os_alloc to the OS heap. */
void w68k_os_free(void *block);

#endif
