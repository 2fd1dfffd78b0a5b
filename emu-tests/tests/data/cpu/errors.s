| ER_catch / ER_throwVar / ER_success, and the A-line ER_throw, through the jump table.
        .text
        .globl  _start
_start:
        moveq   #0,d0
        rts

| short try_throw(long code): registers an ER_catch frame, then throws `code` from a nested
| function (unless it is 0, then pops the frame with ER_success); returns what ER_catch
| returned the second time (the code), or 0. d3 is changed after ER_catch and must come back
| from the frame on the throw.
        .globl  try_throw
try_throw:
        move.l  d3,-(sp)
        lea     -60(sp),sp              | ERROR_FRAME
        move.l  #0x1234,d3
        pea     (sp)
        move.l  0xC8,a0
        move.l  ROM_ER_catch*4(a0),a0
        jsr     (a0)
        addq.l  #4,sp
        tst.w   d0
        bne.s   caught
        move.l  #0x5678,d3              | clobbered; the throw restores 0x1234
        move.l  68(sp),d1               | code (60 frame + 4 saved d3 + 4 return address)
        beq.s   nothrow
        move.l  d1,-(sp)
        bsr.s   thrower
        illegal                         | never reached
nothrow:
        move.l  0xC8,a0
        move.l  ROM_ER_success*4(a0),a0
        jsr     (a0)
        moveq   #0,d0
        bra.s   out
caught:
        cmp.l   #0x1234,d3
        beq.s   1f
        moveq   #-1,d0                  | d3 not restored: report -1
1:      ext.l   d0
out:    lea     60(sp),sp
        move.l  (sp)+,d3
        rts

thrower:                                | void thrower(long code)
        move.w  6(sp),-(sp)
        move.l  0xC8,a0
        move.l  ROM_ER_throwVar*4(a0),a0
        jsr     (a0)
        illegal

| short try_aline(void): ER_catch, then ER_throw(40) as the A-line opcode 0xA000 + 40.
        .globl  try_aline
try_aline:
        lea     -60(sp),sp
        pea     (sp)
        move.l  0xC8,a0
        move.l  ROM_ER_catch*4(a0),a0
        jsr     (a0)
        addq.l  #4,sp
        tst.w   d0
        bne.s   1f
        .short  0xA000 + 40
        illegal
1:      ext.l   d0
        lea     60(sp),sp
        rts

| void throw_uncaught(void): ER_throwVar(670) with no frame registered.
        .globl  throw_uncaught
throw_uncaught:
        move.w  #670,-(sp)
        move.l  0xC8,a0
        move.l  ROM_ER_throwVar*4(a0),a0
        jsr     (a0)
        illegal
