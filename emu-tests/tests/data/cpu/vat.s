| The VAT, the estack and running programs, through the jump table with AMS's calling
| convention: generic trampolines that call any ROM call with the arguments the test gives,
| and the code patterns real programs use (create a variable the low-level way, run a
| program with push_parse_text + HS_popEStack + NG_execute inside an ER_catch frame, launch
| an ASM program directly with EX_patch).
        .text
        .globl  _start
_start:
        moveq   #0,d0
        rts

| a0 = the jump-table entry of ROM call d0.
entry:
        move.l  0xC8,a0
        lsl.l   #2,d0
        move.l  0(a0,d0.l),a0
        rts

| The trampolines: long rc_XY(long index, args...) pushes the arguments as AMS wants them
| (l = a long or pointer, w = a short in a 2-byte slot; the test passes every argument in a
| 4-byte slot), calls ROM call `index`, and returns with its d0 and a0.
        .globl  rc0
rc0:
        link    a6,#0
        move.l  8(a6),d0
        bsr     entry
        jsr     (a0)
        unlk    a6
        rts

        .globl  rc_l
rc_l:
        link    a6,#0
        move.l  12(a6),-(sp)
        move.l  8(a6),d0
        bsr     entry
        jsr     (a0)
        unlk    a6
        rts

        .globl  rc_w
rc_w:
        link    a6,#0
        move.w  14(a6),-(sp)
        move.l  8(a6),d0
        bsr     entry
        jsr     (a0)
        unlk    a6
        rts

        .globl  rc_lw
rc_lw:
        link    a6,#0
        move.w  18(a6),-(sp)
        move.l  12(a6),-(sp)
        move.l  8(a6),d0
        bsr     entry
        jsr     (a0)
        unlk    a6
        rts

        .globl  rc_ll
rc_ll:
        link    a6,#0
        move.l  16(a6),-(sp)
        move.l  12(a6),-(sp)
        move.l  8(a6),d0
        bsr     entry
        jsr     (a0)
        unlk    a6
        rts

        .globl  rc_ww
rc_ww:
        link    a6,#0
        move.w  18(a6),-(sp)
        move.w  14(a6),-(sp)
        move.l  8(a6),d0
        bsr     entry
        jsr     (a0)
        unlk    a6
        rts

| VarStore(name, flags, size, ESI): l w w l
        .globl  rc_lwwl
rc_lwwl:
        link    a6,#0
        move.l  24(a6),-(sp)
        move.w  22(a6),-(sp)
        move.w  18(a6),-(sp)
        move.l  12(a6),-(sp)
        move.l  8(a6),d0
        bsr     entry
        jsr     (a0)
        unlk    a6
        rts

| VarStore(name, flags, size, HANDLE): l w w w
        .globl  rc_lwww
rc_lwww:
        link    a6,#0
        move.w  26(a6),-(sp)
        move.w  22(a6),-(sp)
        move.w  18(a6),-(sp)
        move.l  12(a6),-(sp)
        move.l  8(a6),d0
        bsr     entry
        jsr     (a0)
        unlk    a6
        rts

| long create_string(SYM_STR name, const char *text): the low-level way of GCC4TI's SymAdd
| documentation: hs = SymAdd(name); h = HeapAlloc(len + 4) (before DerefSym: the heap may
| move the VAT); DerefSym(hs)->handle = h; fill {size, 0, text, 0, STR_TAG}. Returns h.
        .globl  create_string
create_string:
        link    a6,#0
        movem.l d3-d4/a2-a3,-(sp)
        move.l  12(a6),a0               | strlen(text) -> d4
        moveq   #-1,d4
1:      addq.l  #1,d4
        tst.b   (a0)+
        bne.s   1b
        move.l  8(a6),-(sp)
        move.l  #ROM_SymAdd,d0
        bsr     entry
        jsr     (a0)
        addq.l  #4,sp
        move.l  d0,d3                   | hs
        move.l  d4,d0
        addq.l  #5,d0                   | size word + 0 + text + 0 + tag
        move.l  d0,-(sp)
        move.l  #ROM_HeapAlloc,d0
        bsr     entry
        jsr     (a0)
        addq.l  #4,sp
        move.w  d0,-(sp)                | keep h
        move.l  d3,-(sp)
        move.l  #ROM_DerefSym,d0
        bsr     entry
        jsr     (a0)
        addq.l  #4,sp
        move.w  (sp),12(a0)             | ->handle = h
        move.l  #ROM_HeapDeref,d0       | HeapDeref(h)
        bsr     entry
        jsr     (a0)
        move.w  d4,d0
        addq.w  #3,d0
        move.w  d0,(a0)+                | size
        clr.b   (a0)+
        move.l  12(a6),a1
2:      move.b  (a1)+,(a0)+
        bne.s   2b                      | text and its zero
        move.b  #0x2D,(a0)              | STR_TAG
        moveq   #0,d0
        move.w  (sp)+,d0
        movem.l -16(a6),d3-d4/a2-a3
        unlk    a6
        rts

| short launch(const char *text): TRY { push_parse_text(text); h = HS_popEStack();
| NG_execute(h, FALSE); } ONERR { code = errCode; } ENDTRY; HeapFree(h). Returns 0 or the
| error code. The handle lives in memory (-62(a6)): a throw restores the registers of
| ER_catch's time.
        .globl  launch
launch:
        link    a6,#-64                 | ERROR_FRAME at -60(a6), handle at -62(a6)
        move.l  d3,-(sp)
        clr.w   -62(a6)
        pea     -60(a6)
        move.l  #ROM_ER_catch,d0
        bsr     entry
        jsr     (a0)
        addq.l  #4,sp
        tst.w   d0
        bne.s   3f
        move.l  8(a6),-(sp)
        move.l  #ROM_push_parse_text,d0
        bsr     entry
        jsr     (a0)
        addq.l  #4,sp
        move.l  #ROM_HS_popEStack,d0
        bsr     entry
        jsr     (a0)
        move.w  d0,-62(a6)
        clr.w   -(sp)                   | approx_flag = FALSE
        move.w  d0,-(sp)
        move.l  #ROM_NG_execute,d0
        bsr     entry
        jsr     (a0)
        addq.l  #4,sp
        move.l  #ROM_ER_success,d0
        bsr     entry
        jsr     (a0)
        moveq   #0,d0
3:      move.w  d0,d3                   | 0 or the error code
        move.w  -62(a6),-(sp)
        move.l  #ROM_HeapFree,d0        | HeapFree (does nothing for H_NULL)
        bsr     entry
        jsr     (a0)
        addq.l  #2,sp
        move.w  d3,d0
        ext.l   d0
        move.l  -68(a6),d3
        unlk    a6
        rts

| long exlaunch(SYM_STR name): the launcher of GCC4TI's Launcher example without ghost
| space: e = SymFindPtr(name, 0); p = HLock(e->handle); EX_patch(p + 2, p + size + 1);
| call p + 2; HeapUnlock. Returns what the program left in d0, or -1 if it is not found.
        .globl  exlaunch
exlaunch:
        link    a6,#0
        movem.l d3/a2,-(sp)
        clr.w   -(sp)
        move.l  8(a6),-(sp)
        move.l  #ROM_SymFindPtr,d0
        bsr     entry
        jsr     (a0)
        addq.l  #6,sp
        moveq   #-1,d0
        cmp.l   #0,a0
        beq.s   4f
        move.w  12(a0),d3               | handle
        move.w  d3,-(sp)
        move.l  #ROM_HLock,d0
        bsr     entry
        jsr     (a0)
        addq.l  #2,sp
        move.l  a0,a2
        moveq   #0,d0
        move.w  (a2),d0
        pea     1(a2,d0.l)              | tag_ptr = p + size + 1
        pea     2(a2)                   | base = p + 2
        move.l  #ROM_EX_patch,d0
        bsr     entry
        jsr     (a0)
        addq.l  #8,sp
        jsr     2(a2)                   | run it
        move.l  d0,-(sp)
        move.w  d3,-(sp)
        move.l  #ROM_HeapUnlock,d0
        bsr     entry
        jsr     (a0)
        addq.l  #2,sp
        move.l  (sp)+,d0
4:      movem.l -8(a6),d3/a2
        unlk    a6
        rts
