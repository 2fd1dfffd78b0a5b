/* The linear-memory accessors of the translated program, for the 68000. The build
 * (host/build/src/prelude.rs) replaces wasm2c's own load/store definitions with an #include of
 * this file, and its memory_fill/memory_copy with the ones below.
 *
 * wasm2c (built with WABT_BIG_ENDIAN=1) keeps linear memory byte-reversed on a big-endian
 * host: an n-byte value at wasm offset a occupies the n bytes that end at w68k_top - a, and a
 * native big-endian access of those bytes reads the little-endian wasm value. The accessors
 * address w68k_top directly instead of reloading the memory object at every access, with the
 * alignment the wasm code declares (the build rejects modules with under-aligned accesses, so
 * every multi-byte access here is at an even address, as the 68000 requires).
 *
 * w68k_top is set when the module is instantiated and does not change while wasm code runs.
 * It is declared const here, though runtime.c writes it, so that GCC may keep it in a
 * register across the stores of a function: those stores go through may_alias pointers, and
 * GCC would otherwise reload it after each of them. */
#ifndef W68K_PRELUDE_H
#define W68K_PRELUDE_H

#if !WABT_BIG_ENDIAN
#error "the 68000 prelude needs WABT_BIG_ENDIAN=1 (reversed linear memory)"
#endif

extern u8 *const w68k_top;

#if defined(W68K_BOUNDS_CHECK) && W68K_BOUNDS_CHECK
#define W68K_CHECK(mem, addr, bytes) \
  if (UNLIKELY((u64)(addr) + (bytes) > (mem)->size)) TRAP(OOB)
#else
#define W68K_CHECK(mem, addr, bytes) (void)(mem)
#endif

/* The shadow stack occupies wasm offsets [0, W68K_STACK_TOP) and grows down from its top
 * (the build defines W68K_STACK_TOP, the module's initial stack pointer). A stack pointer
 * past the bottom wraps around to a huge value: every write of the stack pointer is checked,
 * so an overflow traps before anything below the linear memory is written. */
#if defined(W68K_STACK_CHECK) && !W68K_STACK_CHECK
#define W68K_SET_STACK_POINTER(sp, value) ((sp) = (value))
#else
#define W68K_SET_STACK_POINTER(sp, value)                    \
  do {                                                       \
    u32 w68k_sp_ = (value);                                  \
    if (UNLIKELY(w68k_sp_ > W68K_STACK_TOP)) TRAP(EXHAUSTION); \
    (sp) = w68k_sp_;                                         \
  } while (0)
#endif

/* Data segments, at instantiation: copied in reversed. */
static inline void load_data(void *dest, const void *src, size_t n) {
  u8 *d = (u8 *)dest + n;
  const u8 *s = src;
  while (n--) *--d = *s++;
}
#define LOAD_DATA(m, o, i, s)                   \
  do {                                          \
    RANGE_CHECK((&m), o, s);                    \
    load_data(&(m.data[m.size - o - s]), i, s); \
  } while (0)

#define DEFINE_LOAD(name, t1, t2, t3)                                    \
  static inline t3 name(wasm_rt_memory_t *mem, u64 addr) {               \
    typedef t1 __attribute__((may_alias)) cell_t;                        \
    W68K_CHECK(mem, addr, sizeof(t1));                                   \
    return (t3)(t2) * (const cell_t *)(w68k_top - sizeof(t1) - (u32)addr); \
  }

#define DEFINE_STORE(name, t1, t2)                                         \
  static inline void name(wasm_rt_memory_t *mem, u64 addr, t2 value) {     \
    typedef t1 __attribute__((may_alias)) cell_t;                          \
    W68K_CHECK(mem, addr, sizeof(t1));                                     \
    *(cell_t *)(w68k_top - sizeof(t1) - (u32)addr) = (t1)value;            \
  }

/* memory.fill and memory.copy: the wasm range [a, a + n) is the real range
 * [w68k_top - a - n, w68k_top - a), in reverse order, so whole ranges map onto whole ranges.
 * (wabt 1.0.32's own versions address the memory as if it were not reversed.) */
static inline void memory_fill(wasm_rt_memory_t *mem, u32 d, u32 val, u32 n) {
  W68K_CHECK(mem, d, n);
  memset(w68k_top - d - n, (int)val, n);
}

static inline void memory_copy(wasm_rt_memory_t *dest, const wasm_rt_memory_t *src, u32 dest_addr,
                               u32 src_addr, u32 n) {
  W68K_CHECK(dest, dest_addr, n);
  W68K_CHECK(src, src_addr, n);
  memmove(w68k_top - dest_addr - n, w68k_top - src_addr - n, n);
}

/* i32.mul (prelude step 8): the low 32 bits of a product, inline. GCC calls __mulsi3 for
 * every 32-bit product on the 68000, whose call and register saves cost about as much as its
 * three MULU.W; here they are inline. A factor known to fit 16 bits is left to GCC, whose shifts
 * and adds are cheaper for most. MULU.W multiplies the low words of its operands, so no masking
 * is needed. */
static inline __attribute__((always_inline)) u32 w68k_mulu16(u32 a, u16 b) {
  __asm__("mulu.w %1,%0" : "+d"(a) : "dmi"(b) : "cc");
  return a;
}

static inline __attribute__((always_inline)) u32 w68k_mul32(u32 a, u32 b) {
  /* A factor known to fit 16 bits: GCC's own shifts and adds, or its call. */
  if ((__builtin_constant_p(a) && a <= 0xFFFFu) || (__builtin_constant_p(b) && b <= 0xFFFFu))
    return a * b;
  return w68k_mulu16(a, (u16)b) + ((w68k_mulu16(a, (u16)(b >> 16)) + w68k_mulu16(a >> 16, (u16)b)) << 16);
}

/* Rust's memcmp on linear memory (prelude step 6): the first differing byte, going up from the
 * given wasm addresses (down in real memory), decides: its difference, as compiler_builtins'
 * memcmp returns. */
static inline u32 w68k_memcmp(u32 a, u32 b, u32 n) {
  const u8 *p = w68k_top - 1 - a;
  const u8 *q = w68k_top - 1 - b;
  while (n--) {
    s32 x = *p--, y = *q--;
    if (x != y) return (u32)(x - y);
  }
  return 0;
}

#endif
