/* Freestanding <string.h>: the mem* functions the generated C and GCC call, defined in mem.c. */
#include <stddef.h>
void *memcpy(void *, const void *, size_t);
void *memmove(void *, const void *, size_t);
void *memset(void *, int, size_t);
int memcmp(const void *, const void *, size_t);
