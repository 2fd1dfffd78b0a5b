| Screen drawing, timers and key polling through the jump table.
        .text
        .globl  _start
_start:
        moveq   #0,d0
        rts

| long draw(void): FontSetSys(F_4x6) (returns the previous font), a pixel at (0,0), a line
| from (0,10) to (20,10), a filled 10x10 square at (30,30), an 'X' xored at (50,50).
        .globl  draw
draw:
        movem.l d3/a2,-(sp)
        move.l  0xC8,a2
        clr.w   -(sp)                   | F_4x6
        move.l  ROM_FontSetSys*4(a2),a0
        jsr     (a0)
        addq.l  #2,sp
        moveq   #0,d3
        move.b  d0,d3                   | previous font (FontSetSys returns an unsigned char)
        move.w  #1,-(sp)
        clr.l   -(sp)                   | (0, 0)
        move.l  ROM_DrawPix*4(a2),a0
        jsr     (a0)
        addq.l  #6,sp
        move.w  #1,-(sp)
        move.w  #10,-(sp)
        move.w  #20,-(sp)
        move.w  #10,-(sp)
        clr.w   -(sp)                   | (0,10)-(20,10)
        move.l  ROM_DrawLine*4(a2),a0
        jsr     (a0)
        lea     10(sp),sp
        move.w  #1,-(sp)
        move.l  ROM_ScrRect*4(a2),-(sp) | clip = ScrRect
        pea     square(pc)
        move.l  ROM_ScrRectFill*4(a2),a0
        jsr     (a0)
        lea     10(sp),sp
        move.w  #2,-(sp)                | A_XOR
        move.w  #'X',-(sp)
        move.w  #50,-(sp)
        move.w  #50,-(sp)
        move.l  ROM_DrawChar*4(a2),a0
        jsr     (a0)
        addq.l  #8,sp
        moveq   #0,d0
        move.w  d3,d0
        movem.l (sp)+,d3/a2
        rts
square: .byte   30, 30, 39, 39

| unsigned long wait_ticks(long n): waits n 50-ms ticks on timer 6 (USER_TIMER); returns
| FiftyMsecTick read directly from its variable afterwards.
| void circle(long attr): DrawClipEllipse(100, 60, 6, 6, ScrRect, attr), then the same
| ellipse with semi-axes 10 and 3 clipped at x 105.
        .globl  circle
circle:
        move.l  a2,-(sp)
        move.l  0xC8,a2
        move.w  10(sp),-(sp)            | attr (low word of the argument)
        move.l  ROM_ScrRect*4(a2),-(sp) | clip = ScrRect
        move.l  #0x00060006,-(sp)       | a = 6, b = 6
        move.l  #0x0064003C,-(sp)       | (100, 60)
        move.l  ROM_DrawClipEllipse*4(a2),a0
        jsr     (a0)
        lea     14(sp),sp
        move.w  10(sp),-(sp)
        pea     clip105(pc)
        move.l  #0x000A0003,-(sp)       | a = 10, b = 3
        move.l  #0x0064001E,-(sp)       | (100, 30)
        move.l  ROM_DrawClipEllipse*4(a2),a0
        jsr     (a0)
        lea     14(sp),sp
        move.l  (sp)+,a2
        rts
clip105:
        .byte   0, 0, 105, 127

        .globl  wait_ticks
wait_ticks:
        move.l  a2,-(sp)
        move.l  0xC8,a2
        move.w  #6,-(sp)
        move.l  ROM_OSFreeTimer*4(a2),a0 | OSFreeTimer(6)
        jsr     (a0)
        move.l  10(sp),-(sp)            | n (4 saved a2 + 2 pushed id + 4 return address)
        move.w  #6,-(sp)
        move.l  ROM_OSRegisterTimer*4(a2),a0 | OSRegisterTimer(6, n)
        jsr     (a0)
        addq.l  #6,sp
1:      move.l  ROM_OSTimerExpired*4(a2),a0 | OSTimerExpired(6) (6 still on the stack)
        jsr     (a0)
        tst.w   d0
        beq.s   1b
        move.l  ROM_OSFreeTimer*4(a2),a0 | OSFreeTimer(6)
        jsr     (a0)
        addq.l  #2,sp
        move.l  ROM_FiftyMsecTick*4(a2),a0 | &FiftyMsecTick
        move.l  (a0),d0
        move.l  (sp)+,a2
        rts

| short poll_key(void): loops on kbhit until a key is there, then returns ngetchx().
        .globl  poll_key
poll_key:
1:      move.l  0xC8,a0
        move.l  ROM_kbhit*4(a0),a0
        jsr     (a0)
        tst.w   d0
        beq.s   1b
        move.l  0xC8,a0
        move.l  ROM_ngetchx*4(a0),a0
        jsr     (a0)
        ext.l   d0
        rts
