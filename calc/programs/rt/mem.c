/* memcpy, memmove, memset and memcmp for the 68000: GCC calls them for block copies, and the
 * translated program for memory.fill/copy. Longs are used when both addresses are even (a
 * 68000 raises an address error on an odd word or long access).
 * Compiled with -fno-builtin -fno-tree-loop-distribute-patterns, so that GCC does not turn
 * these loops back into calls to themselves. */
#include <stddef.h>
#include <stdint.h>

void *memcpy(void *restrict dest, const void *restrict src, size_t n) {
  uint8_t *d = dest;
  const uint8_t *s = src;
  if ((((uintptr_t)d | (uintptr_t)s) & 1) == 0) {
    uint32_t *dl = (uint32_t *)d;
    const uint32_t *sl = (const uint32_t *)s;
    for (; n >= 16; n -= 16) {
      *dl++ = *sl++;
      *dl++ = *sl++;
      *dl++ = *sl++;
      *dl++ = *sl++;
    }
    for (; n >= 4; n -= 4) *dl++ = *sl++;
    d = (uint8_t *)dl;
    s = (const uint8_t *)sl;
  }
  while (n--) *d++ = *s++;
  return dest;
}

void *memmove(void *dest, const void *src, size_t n) {
  uint8_t *d = dest;
  const uint8_t *s = src;
  if (d <= s || d >= s + n) return memcpy(dest, src, n);
  d += n;
  s += n;
  if ((((uintptr_t)d | (uintptr_t)s) & 1) == 0) {
    for (; n >= 4; n -= 4) {
      d -= 4;
      s -= 4;
      *(uint32_t *)d = *(const uint32_t *)s;
    }
  }
  while (n--) *--d = *--s;
  return dest;
}

void *memset(void *dest, int c, size_t n) {
  uint8_t *d = dest;
  if (((uintptr_t)d & 1) && n) {
    *d++ = (uint8_t)c;
    n--;
  }
  if (n >= 4) {
    uint32_t v = (uint8_t)c;
    uint32_t *dl = (uint32_t *)d;
    v |= v << 8;
    v |= v << 16;
    for (; n >= 16; n -= 16) {
      *dl++ = v;
      *dl++ = v;
      *dl++ = v;
      *dl++ = v;
    }
    for (; n >= 4; n -= 4) *dl++ = v;
    d = (uint8_t *)dl;
  }
  while (n--) *d++ = (uint8_t)c;
  return dest;
}

int memcmp(const void *a, const void *b, size_t n) {
  const uint8_t *x = a, *y = b;
  for (; n; n--, x++, y++) {
    if (*x != *y) return (int)*x - (int)*y;
  }
  return 0;
}
