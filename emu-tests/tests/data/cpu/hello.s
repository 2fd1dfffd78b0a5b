| A nostub program that reaches AMS only through the jump table at 0xC8: clears the screen,
| tells the model from ScrRect's x1, prints two lines with DrawStr, waits for a key with
| ngetchx and returns its code in d0.
        .text
        .globl  _start
_start:
        movem.l d3/a2,-(sp)
        move.l  0xC8,a2                 | a2 = jump table
        move.l  ROM_ClrScr*4(a2),a0
        jsr     (a0)
        move.w  #1,-(sp)                | attr A_NORMAL
        pea     greeting(pc)
        clr.l   -(sp)                   | y = 0, x = 0 (two words)
        move.l  ROM_DrawStr*4(a2),a0
        jsr     (a0)
        lea     10(sp),sp
        move.l  ROM_ScrRect*4(a2),a0    | ScrRect (a variable: the entry is its address)
        lea     ti92(pc),a1
        cmp.b   #159,2(a0)              | x1 == 159 on a TI-89
        bne.s   1f
        lea     ti89(pc),a1
1:      move.w  #1,-(sp)
        move.l  a1,-(sp)
        move.w  #10,-(sp)               | y = 10
        clr.w   -(sp)                   | x = 0
        move.l  ROM_DrawStr*4(a2),a0
        jsr     (a0)
        lea     10(sp),sp
        move.l  ROM_ngetchx*4(a2),a0
        jsr     (a0)
        ext.l   d0
        movem.l (sp)+,d3/a2
        rts

greeting:
        .asciz  "Hello from the 68000"
ti89:   .asciz  "Model: TI-89"
ti92:   .asciz  "Model: TI-92 Plus or V200"
