/* The integer helpers GCC calls when compiling for the 68000 (libgcc's names and meanings),
 * written for the 68000 itself. Debian's m68k libgcc.a is built for the 68020: its 64-bit
 * division and its clz/ctz use divu.l, mulu.l and bfffo, which a 68000 cannot execute, so no
 * libgcc is linked. Only MULU.W (16x16->32), DIVU.W (32/16->16,16) and shifts are used here.
 * Division by zero returns all ones and never reaches DIVU: the translated code traps on it
 * before calling these.
 * Compiled with -fno-builtin; every image is disassembled by the build's 68000 check. The
 * test-entry program (src/bin/test/testcore.rs) exercises each helper against native Rust. */
#include <stdint.h>

typedef uint16_t u16;
typedef uint32_t u32;
typedef int32_t s32;
typedef uint64_t u64;
typedef int64_t s64;

u32 __mulsi3(u32 a, u32 b);
u32 __udivsi3(u32 n, u32 d);
u32 __umodsi3(u32 n, u32 d);
s32 __divsi3(s32 n, s32 d);
s32 __modsi3(s32 n, s32 d);
u64 __muldi3(u64 a, u64 b);
u64 __udivdi3(u64 n, u64 d);
u64 __umoddi3(u64 n, u64 d);
s64 __divdi3(s64 n, s64 d);
s64 __moddi3(s64 n, s64 d);
u64 __ashldi3(u64 a, int shift);
u64 __lshrdi3(u64 a, int shift);
s64 __ashrdi3(s64 a, int shift);
int __popcountsi2(u32 x);
int __popcountdi2(u64 x);
int __clzsi2(u32 x);
int __ctzsi2(u32 x);
int __clzdi2(u64 x);
int __ctzdi2(u64 x);
int __paritysi2(u32 x);
int __paritydi2(u64 x);

static inline u32 high(u64 x) { return (u32)(x >> 32); }
static inline u32 low(u64 x) { return (u32)x; }
static inline u64 join(u32 h, u32 l) { return ((u64)h << 32) | l; }

/* MULU.W: the 32-bit product of two 16-bit numbers. */
static inline u32 mul16(u16 a, u16 b) {
  u32 product = a;
  __asm__("mulu.w %1,%0" : "+d"(product) : "dm"(b) : "cc");
  return product;
}

/* DIVU.W of a 32-bit n by a 16-bit d, when the quotient fits 16 bits (n >> 16 < d):
 * remainder << 16 | quotient. */
static inline u32 div16(u32 n, u16 d) {
  __asm__("divu.w %1,%0" : "+d"(n) : "dm"(d) : "cc");
  return n;
}

u32 __mulsi3(u32 a, u32 b) {
  u32 cross = mul16((u16)a, (u16)(b >> 16)) + mul16((u16)(a >> 16), (u16)b);
  return mul16((u16)a, (u16)b) + (cross << 16);
}

static u32 udivmod32(u32 n, u32 d, u32 *rem) {
  if (d == 0) {
    *rem = n;
    return 0xFFFFFFFFu;
  }
  if ((d >> 16) == 0) {
    /* Two DIVU.W steps, each with a dividend whose high word is below d. */
    u32 upper = div16(n >> 16, (u16)d);
    u32 lower = div16((upper & 0xFFFF0000u) | (n & 0xFFFFu), (u16)d);
    *rem = lower >> 16;
    return (upper << 16) | (lower & 0xFFFFu);
  } else {
    /* d >= 2^16, so the quotient has at most 16 bits: shift-subtract over them. */
    u32 r = n >> 16, q = 0, bits = n << 16;
    int i;
    for (i = 0; i < 16; i++) {
      u32 carry = r >> 31;
      r = (r << 1) | (bits >> 31);
      bits <<= 1;
      q <<= 1;
      if (carry || r >= d) {
        r -= d;
        q |= 1;
      }
    }
    *rem = r;
    return q;
  }
}

u32 __udivsi3(u32 n, u32 d) {
  u32 r;
  return udivmod32(n, d, &r);
}

u32 __umodsi3(u32 n, u32 d) {
  u32 r;
  udivmod32(n, d, &r);
  return r;
}

static inline u32 magnitude32(s32 x) { return x < 0 ? 0u - (u32)x : (u32)x; }

s32 __divsi3(s32 n, s32 d) {
  u32 r, q = udivmod32(magnitude32(n), magnitude32(d), &r);
  return (s32)((n < 0) != (d < 0) ? 0u - q : q);
}

s32 __modsi3(s32 n, s32 d) {
  u32 r;
  udivmod32(magnitude32(n), magnitude32(d), &r);
  return (s32)(n < 0 ? 0u - r : r);
}

/* The full 64-bit product of two 32-bit numbers, from four MULU.W. */
static u64 mul32(u32 a, u32 b) {
  u32 ll = mul16((u16)a, (u16)b);
  u32 lh = mul16((u16)a, (u16)(b >> 16));
  u32 hl = mul16((u16)(a >> 16), (u16)b);
  u32 hh = mul16((u16)(a >> 16), (u16)(b >> 16));
  u32 middle = lh + hl;
  u32 middle_carry = middle < lh ? 0x10000u : 0;
  u32 lo = ll + (middle << 16);
  u32 hi = hh + (middle >> 16) + middle_carry + (lo < ll);
  return join(hi, lo);
}

u64 __muldi3(u64 a, u64 b) {
  u64 product = mul32(low(a), low(b));
  u32 cross = __mulsi3(high(a), low(b)) + __mulsi3(low(a), high(b));
  return join(high(product) + cross, low(product));
}

static u64 udivmod64(u64 n, u64 d, u64 *rem) {
  if (high(d) == 0) {
    u32 d32 = low(d);
    if (d32 == 0) {
      *rem = n;
      return ~(u64)0;
    }
    if (high(n) == 0) {
      u32 r, q = udivmod32(low(n), d32, &r);
      *rem = r;
      return q;
    }
    if ((d32 >> 16) == 0) {
      /* Long division by a 16-bit divisor, one 16-bit digit of n per DIVU.W. */
      u16 d16 = (u16)d32;
      u32 step, q3, q2, q1, q0;
      step = div16(high(n) >> 16, d16);
      q3 = step & 0xFFFFu;
      step = div16((step & 0xFFFF0000u) | (high(n) & 0xFFFFu), d16);
      q2 = step & 0xFFFFu;
      step = div16((step & 0xFFFF0000u) | (low(n) >> 16), d16);
      q1 = step & 0xFFFFu;
      step = div16((step & 0xFFFF0000u) | (low(n) & 0xFFFFu), d16);
      q0 = step & 0xFFFFu;
      *rem = step >> 16;
      return join((q3 << 16) | q2, (q1 << 16) | q0);
    }
  }
  {
    /* Shift-subtract, from the highest set bit of n down. */
    u64 q = 0, r = 0;
    u32 nh = high(n), nl = low(n);
    int i = 64;
    while (i > 0 && (nh >> 31) == 0) {
      nh = (nh << 1) | (nl >> 31);
      nl <<= 1;
      i--;
    }
    for (; i > 0; i--) {
      u32 carry = high(r) >> 31;
      r = join((high(r) << 1) | (low(r) >> 31), (low(r) << 1) | (nh >> 31));
      nh = (nh << 1) | (nl >> 31);
      nl <<= 1;
      q = join((high(q) << 1) | (low(q) >> 31), low(q) << 1);
      if (carry || r >= d) {
        r -= d;
        q |= 1;
      }
    }
    *rem = r;
    return q;
  }
}

u64 __udivdi3(u64 n, u64 d) {
  u64 r;
  return udivmod64(n, d, &r);
}

u64 __umoddi3(u64 n, u64 d) {
  u64 r;
  udivmod64(n, d, &r);
  return r;
}

static inline u64 magnitude64(s64 x) { return x < 0 ? 0u - (u64)x : (u64)x; }

s64 __divdi3(s64 n, s64 d) {
  u64 r, q = udivmod64(magnitude64(n), magnitude64(d), &r);
  return (s64)((n < 0) != (d < 0) ? 0u - q : q);
}

s64 __moddi3(s64 n, s64 d) {
  u64 r;
  udivmod64(magnitude64(n), magnitude64(d), &r);
  return (s64)(n < 0 ? 0u - r : r);
}

/* Variable 64-bit shifts (GCC inlines the constant ones); the count is 0..63. */
u64 __ashldi3(u64 a, int shift) {
  if (shift == 0) return a;
  if (shift >= 32) return join(low(a) << (shift - 32), 0);
  return join((high(a) << shift) | (low(a) >> (32 - shift)), low(a) << shift);
}

u64 __lshrdi3(u64 a, int shift) {
  if (shift == 0) return a;
  if (shift >= 32) return join(0, high(a) >> (shift - 32));
  return join(high(a) >> shift, (low(a) >> shift) | (high(a) << (32 - shift)));
}

s64 __ashrdi3(s64 a, int shift) {
  s32 h = (s32)high((u64)a);
  if (shift == 0) return a;
  if (shift >= 32) return (s64)join((u32)(h >> 31), (u32)(h >> (shift - 32)));
  return (s64)join((u32)(h >> shift), (low((u64)a) >> shift) | ((u32)h << (32 - shift)));
}

/* Bit counts: branch-free SWAR sums (no multiply; the two words of a 64-bit count summed as
 * soon as their byte counts fit, and the last sums by a word swap instead of a 16-bit shift);
 * and binary searches ending in a table of the lowest bit of each nibble. */
static inline u32 byte_counts(u32 x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  return (x + (x >> 4)) & 0x0F0F0F0Fu;
}

static inline int add_bytes(u32 x) {
  x = x + (x >> 8);
  x = x + ((x << 16) | (x >> 16));
  return (int)((x >> 16) & 0x7Fu);
}

int __popcountsi2(u32 x) { return add_bytes(byte_counts(x)); }

int __popcountdi2(u64 x) { return add_bytes(byte_counts(high(x)) + byte_counts(low(x))); }

static inline int clz32(u32 x) {
  int n = 0;
  if ((x & 0xFFFF0000u) == 0) {
    n += 16;
    x <<= 16;
  }
  if ((x & 0xFF000000u) == 0) {
    n += 8;
    x <<= 8;
  }
  if ((x & 0xF0000000u) == 0) {
    n += 4;
    x <<= 4;
  }
  if ((x & 0xC0000000u) == 0) {
    n += 2;
    x <<= 2;
  }
  if ((x & 0x80000000u) == 0) n += 1;
  return n;
}

int __clzsi2(u32 x) { return x == 0 ? 32 : clz32(x); }

/* The lowest set bit of each nibble (4 for none, never looked up). */
static const unsigned char nibble_ctz[16] = {4, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0};

/* x != 0. */
static inline int ctz32(u32 x) {
  int n = 0;
  if ((x & 0xFFFFu) == 0) {
    n += 16;
    x >>= 16;
  }
  if ((x & 0xFFu) == 0) {
    n += 8;
    x >>= 8;
  }
  if ((x & 0xFu) == 0) {
    n += 4;
    x >>= 4;
  }
  return n + nibble_ctz[x & 0xFu];
}

int __ctzsi2(u32 x) { return x == 0 ? 32 : ctz32(x); }

int __clzdi2(u64 x) {
  if (high(x)) return clz32(high(x));
  return low(x) ? 32 + clz32(low(x)) : 64;
}

int __ctzdi2(u64 x) {
  if (low(x)) return ctz32(low(x));
  return high(x) ? 32 + ctz32(high(x)) : 64;
}

/* Parity (1 when an odd number of bits is set). GCC calls these for `popcount(x) & 1`,
 * which Rust's `count_ones() & 1` becomes (the Othello solver's quadrant parity). The last
 * four bits index a 16-bit table of parities held in a constant. */
int __paritysi2(u32 x) {
  x ^= x >> 16;
  x ^= x >> 8;
  x ^= x >> 4;
  return (int)((0x6996u >> (x & 0xFu)) & 1u);
}

int __paritydi2(u64 x) { return __paritysi2(high(x) ^ low(x)); }
