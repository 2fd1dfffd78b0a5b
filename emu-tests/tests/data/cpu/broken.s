| Functions that each do one thing a 68000 program must never do. Each test calls one and
| checks the harness's failure message.
        .text
        .globl  _start
_start:
        moveq   #0,d0
        rts

        .globl  do_illegal
do_illegal:
        illegal

        .globl  do_mulu_l               | mulu.l d1,d0: a 68020 opcode (0x4C01 0x0000)
do_mulu_l:
        .short  0x4C01, 0x0000
        rts

        .globl  do_bra_l                | bra.l: 0x60FF + 32-bit displacement (68020)
do_bra_l:
        .short  0x60FF, 0x0000, 0x0004
        rts

        .globl  write_code              | writes a word into its own code
write_code:
        lea     _start(pc),a0
        move.w  #0x4E71,(a0)
        rts

        .globl  jump_heap               | jumps into RAM outside the program (the heap end)
jump_heap:
        move.l  #0x3FF00,a0
        jmp     (a0)

        .globl  jump_unmapped           | jumps where nothing is mapped
jump_unmapped:
        move.l  #0x123456,a0
        jmp     (a0)

        .globl  read_unmapped           | reads the I/O ports, not emulated
read_unmapped:
        move.b  0x600017,d0
        rts

        .globl  odd_word                | a word read at an odd address
odd_word:
        lea     _start(pc),a0
        move.w  1(a0),d0
        rts

        .globl  forever                 | an endless loop
forever:
        bra.s   forever

        .globl  clobber_d3              | breaks the convention: d3 not preserved
clobber_d3:
        moveq   #7,d3
        rts

        .globl  unbalanced              | returns with the stack 4 bytes off
unbalanced:
        move.l  (sp)+,a0
        addq.l  #4,sp
        jmp     (a0)

        .globl  unserved_call           | push_internal_simplify, not emulated
unserved_call:
        pea     0
        move.l  0xC8,a0
        move.l  ROM_push_internal_simplify*4(a0),a0
        jsr     (a0)
        addq.l  #4,sp
        rts

        .globl  want_key                | ngetchx with no key queued
want_key:
        move.l  0xC8,a0
        move.l  ROM_ngetchx*4(a0),a0
        jsr     (a0)
        rts

        .globl  trap9                   | trap #9 (an AMS service, not emulated)
trap9:
        trap    #9
        rts

        .globl  divide_by_zero
divide_by_zero:
        moveq   #0,d1
        moveq   #5,d0
        divu.w  d1,d0
        rts

        .globl  privileged              | move to SR in user mode
privileged:
        move.w  #0x2700,sr
        rts

        .globl  overflow_stack          | endless recursion: the stack runs into the vectors
overflow_stack:
        move.l  d0,-(sp)
        bsr.s   overflow_stack
        rts
