| The heap through the jump table: allocate, lock, write, size, free; and mistakes.
        .text
        .globl  _start
_start:                                 | entry: allocates 100 bytes and never frees them
        move.l  #100,-(sp)
        move.l  0xC8,a0
        move.l  ROM_HeapAlloc*4(a0),a0
        jsr     (a0)
        addq.l  #4,sp
        rts

| long roundtrip(long size): HeapAlloc(size), HLock, fill with 0x42, HeapSize, HeapUnlock,
| HeapFree; returns the size HeapSize reported plus the first byte read back (0x42).
        .globl  roundtrip
roundtrip:
        movem.l d3-d4/a2-a3,-(sp)
        move.l  0xC8,a2
        move.l  20(sp),-(sp)
        move.l  ROM_HeapAlloc*4(a2),a0
        jsr     (a0)
        addq.l  #4,sp
        move.w  d0,d3                   | d3 = handle
        beq.s   fail
        move.w  d3,-(sp)
        move.l  ROM_HLock*4(a2),a0      | HLock -> a0
        jsr     (a0)
        addq.l  #2,sp
        move.l  a0,a3
        move.l  20(sp),d1
        subq.l  #1,d1
1:      move.b  #0x42,(a3)+
        dbra    d1,1b
        move.w  d3,-(sp)
        move.l  ROM_HeapSize*4(a2),a0   | HeapSize -> d0
        jsr     (a0)
        addq.l  #2,sp
        move.l  d0,d4
        move.w  d3,-(sp)
        move.l  ROM_HeapDeref*4(a2),a0  | HeapDeref -> a0
        jsr     (a0)
        moveq   #0,d0
        move.b  (a0),d0
        add.l   d0,d4
        move.l  ROM_HeapUnlock*4(a2),a0 | HeapUnlock (handle still on the stack)
        jsr     (a0)
        move.l  ROM_HeapFree*4(a2),a0
        jsr     (a0)
        addq.l  #2,sp
        move.l  d4,d0
        bra.s   2f
fail:   moveq   #-1,d0
2:      movem.l (sp)+,d3-d4/a2-a3
        rts

| void double_free(void): HeapAlloc(10), HeapFree twice.
        .globl  double_free
double_free:
        move.l  a2,-(sp)
        move.l  0xC8,a2
        pea     10
        move.l  ROM_HeapAlloc*4(a2),a0
        jsr     (a0)
        addq.l  #4,sp
        move.w  d0,-(sp)
        move.l  ROM_HeapFree*4(a2),a0
        jsr     (a0)
        move.l  ROM_HeapFree*4(a2),a0
        jsr     (a0)
        addq.l  #2,sp
        move.l  (sp)+,a2
        rts

| void overrun(void): HeapAllocPtr(8), writes 9 bytes, HeapFreePtr.
        .globl  overrun
overrun:
        move.l  a2,-(sp)
        move.l  0xC8,a2
        pea     8
        move.l  ROM_HeapAllocPtr*4(a2),a0 | HeapAllocPtr -> a0
        jsr     (a0)
        addq.l  #4,sp
        moveq   #8,d1
1:      clr.b   (a0,d1.w)
        dbra    d1,1b
        move.l  a0,-(sp)
        move.l  ROM_HeapFreePtr*4(a2),a0
        jsr     (a0)
        addq.l  #4,sp
        move.l  (sp)+,a2
        rts

| long stale_pointer(void): HeapAlloc(16), HeapDeref, writes 0x42 there and keeps the pointer
| (the bug), HeapAlloc(16) again (AMS may compact the heap and move the unlocked first block);
| returns the byte at the kept pointer in bits 8-15 and the byte at the first block's current
| place (HeapDeref again) in bits 0-7; frees both blocks.
        .globl  stale_pointer
stale_pointer:
        movem.l d3-d5/a2-a3,-(sp)
        move.l  0xC8,a2
        pea     16
        move.l  ROM_HeapAlloc*4(a2),a0
        jsr     (a0)
        addq.l  #4,sp
        move.w  d0,d3                   | d3 = first handle
        move.w  d3,-(sp)
        move.l  ROM_HeapDeref*4(a2),a0  | HeapDeref -> a0
        jsr     (a0)
        addq.l  #2,sp
        move.l  a0,a3                   | a3 = the pointer kept across the next allocation
        move.b  #0x42,(a3)
        pea     16
        move.l  ROM_HeapAlloc*4(a2),a0  | HeapAlloc again
        jsr     (a0)
        addq.l  #4,sp
        move.w  d0,d4                   | d4 = second handle
        moveq   #0,d5
        move.b  (a3),d5                 | the byte at the kept pointer
        lsl.w   #8,d5
        move.w  d3,-(sp)
        move.l  ROM_HeapDeref*4(a2),a0  | HeapDeref(first): its place now
        jsr     (a0)
        move.b  (a0),d5                 | the byte there
        move.l  ROM_HeapFree*4(a2),a0   | HeapFree(first) (handle still on the stack)
        jsr     (a0)
        addq.l  #2,sp
        move.w  d4,-(sp)
        move.l  ROM_HeapFree*4(a2),a0   | HeapFree(second)
        jsr     (a0)
        addq.l  #2,sp
        moveq   #0,d0
        move.w  d5,d0
        movem.l (sp)+,d3-d5/a2-a3
        rts
