| Position-independent functions under GCC's m68k C convention (4-byte argument slots,
| result in d0). Used by tests/cpu_run.rs and tests/cpu_diff.rs.
        .text
        .globl  _start
_start:                         | entry: nothing to do
        moveq   #0,d0
        rts

| long sum_words(const short *p, long n): the sum of n signed words.
        .globl  sum_words
sum_words:
        move.l  4(sp),a0
        move.l  8(sp),d1
        moveq   #0,d0
        bra.s   2f
1:      move.w  (a0)+,d2
        ext.l   d2
        add.l   d2,d0
2:      subq.l  #1,d1
        bpl.s   1b
        rts

| unsigned long xorshift32(unsigned long x): one step of Marsaglia's xorshift (13, 17, 5).
        .globl  xorshift32
xorshift32:
        move.l  4(sp),d0
        move.l  d0,d1
        lsl.l   #8,d1
        lsl.l   #5,d1
        eor.l   d1,d0
        move.l  d0,d1
        clr.w   d1
        swap    d1              | d1 = x >> 16
        lsr.l   #1,d1           | x >> 17
        eor.l   d1,d0
        move.l  d0,d1
        lsl.l   #5,d1
        eor.l   d1,d0
        rts

| unsigned long mul16(unsigned long a, unsigned long b): (a & 0xFFFF) * (b & 0xFFFF).
        .globl  mul16
mul16:
        move.w  6(sp),d0
        mulu.w  10(sp),d0
        rts

| void fill_squares(unsigned short *out, long n): out[i] = i * i, for i < n.
        .globl  fill_squares
fill_squares:
        move.l  4(sp),a0
        move.l  8(sp),d1
        moveq   #0,d0
        bra.s   2f
1:      move.w  d0,d2
        mulu.w  d0,d2
        move.w  d2,(a0)+
        addq.l  #1,d0
2:      cmp.l   d1,d0
        blt.s   1b
        rts

| long spin(long n): counts n down, n times around a small loop (for the speed report).
        .globl  spin
spin:
        move.l  4(sp),d0
        moveq   #0,d1
1:      add.l   d0,d1
        rol.l   #3,d1
        subq.l  #1,d0
        bne.s   1b
        move.l  d1,d0
        rts
