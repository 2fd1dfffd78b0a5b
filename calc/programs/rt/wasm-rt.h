/* The wasm2c runtime interface (wabt 1.0.32), for a freestanding 68000 under AMS.
 *
 * wasm2c's generated C includes "wasm-rt.h" and expects the declarations below. The stock
 * header assumes a hosted C library (setjmp, signals, malloc); this one declares the same
 * interface with nothing but freestanding headers, and the configuration this project uses:
 *  - no guard pages and no signal handler: wasm2c's per-access bounds checks are compiled out
 *    (WASM_RT_MEMCHECK_SIGNAL_HANDLER=1 makes its MEMCHECK empty). The project's load/store
 *    prelude (prelude.h) replaces wasm2c's accessors; build with W68K_BOUNDS_CHECK=1 to check
 *    every access against the backed linear memory instead;
 *  - no call-depth counting: the wasm shadow stack is checked by the prelude instead;
 *  - a trap never returns: wasm_rt_trap() ends the program (src/os/session.c).
 * The implementation is runtime.c. */
#ifndef WASM_RT_H_
#define WASM_RT_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#if defined(W68K_BOUNDS_CHECK) && W68K_BOUNDS_CHECK
#define WASM_RT_MEMCHECK_SIGNAL_HANDLER 0
#else
#define WASM_RT_MEMCHECK_SIGNAL_HANDLER 1
#endif
#define WASM_RT_SKIP_SIGNAL_RECOVERY 1
#define WASM_RT_SIGNAL_RECOVERY_SUPPORTED 0
#define WASM_RT_USE_STACK_DEPTH_COUNT 0
#define WASM_RT_MERGED_OOB_AND_EXHAUSTION_TRAPS 0

#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)
#define wasm_rt_memcpy __builtin_memcpy
#define wasm_rt_unreachable __builtin_unreachable
#define WASM_RT_NO_RETURN __attribute__((noreturn))

#ifdef __cplusplus
extern "C" {
#endif

/* Why a wasm program stopped. The values are those of wabt's header; runtime.c checks that
 * they match the W68K_TRAP_* reasons of w68k.h. */
typedef enum {
  WASM_RT_TRAP_NONE,
  WASM_RT_TRAP_OOB,
  WASM_RT_TRAP_INT_OVERFLOW,
  WASM_RT_TRAP_DIV_BY_ZERO,
  WASM_RT_TRAP_INVALID_CONVERSION,
  WASM_RT_TRAP_UNREACHABLE,
  WASM_RT_TRAP_CALL_INDIRECT,
  WASM_RT_TRAP_UNCAUGHT_EXCEPTION,
  WASM_RT_TRAP_EXHAUSTION,
} wasm_rt_trap_t;

typedef enum {
  WASM_RT_I32,
  WASM_RT_I64,
  WASM_RT_F32,
  WASM_RT_F64,
  WASM_RT_FUNCREF,
  WASM_RT_EXTERNREF,
} wasm_rt_type_t;

typedef void (*wasm_rt_function_ptr_t)(void);

/* An element of a funcref table: the function, its interned signature, and the instance it
 * closes over. */
typedef struct {
  uint32_t func_type;
  wasm_rt_function_ptr_t func;
  void *module_instance;
} wasm_rt_funcref_t;

static const wasm_rt_funcref_t wasm_rt_funcref_null_value = {0, 0, 0};

typedef void *wasm_rt_externref_t;

static const wasm_rt_externref_t wasm_rt_externref_null_value = 0;

/* A linear memory. On the 68000 `data` is the RAM block that backs the first `size` bytes of
 * the module's memory, stored byte-reversed (wasm2c's WABT_BIG_ENDIAN layout): the wasm byte
 * at offset a is data[size - 1 - a]. `pages` is what memory.size reports. */
typedef struct {
  uint8_t *data;
  uint32_t pages, max_pages;
  uint32_t size;
} wasm_rt_memory_t;

typedef struct {
  wasm_rt_funcref_t *data;
  uint32_t max_size;
  uint32_t size;
} wasm_rt_funcref_table_t;

typedef struct {
  wasm_rt_externref_t *data;
  uint32_t max_size;
  uint32_t size;
} wasm_rt_externref_table_t;

void wasm_rt_init(void);
bool wasm_rt_is_initialized(void);
void wasm_rt_free(void);
WASM_RT_NO_RETURN void wasm_rt_trap(wasm_rt_trap_t);
const char *wasm_rt_strerror(wasm_rt_trap_t);
uint32_t wasm_rt_register_func_type(uint32_t params, uint32_t results, ...);
uint32_t wasm_rt_register_tag(uint32_t size);
void wasm_rt_allocate_memory(wasm_rt_memory_t *, uint32_t initial_pages, uint32_t max_pages);
uint32_t wasm_rt_grow_memory(wasm_rt_memory_t *, uint32_t pages);
void wasm_rt_free_memory(wasm_rt_memory_t *);
void wasm_rt_allocate_funcref_table(wasm_rt_funcref_table_t *, uint32_t elements,
                                    uint32_t max_elements);
void wasm_rt_free_funcref_table(wasm_rt_funcref_table_t *);
void wasm_rt_allocate_externref_table(wasm_rt_externref_table_t *, uint32_t elements,
                                      uint32_t max_elements);
void wasm_rt_free_externref_table(wasm_rt_externref_table_t *);
uint32_t wasm_rt_grow_funcref_table(wasm_rt_funcref_table_t *, uint32_t delta,
                                    wasm_rt_funcref_t init);
uint32_t wasm_rt_grow_externref_table(wasm_rt_externref_table_t *, uint32_t delta,
                                      wasm_rt_externref_t init);

#ifdef __cplusplus
}
#endif

#endif /* WASM_RT_H_ */
