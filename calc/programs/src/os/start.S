/* The program's first instruction: AMS (or PedroM) jumps to offset 0 of the program after
 * relocating it (docs/rom-calls.md#how-ams-starts-a-program). Saves the registers AMS expects back
 * (d3-d7/a2-a6, docs/rom-calls.md#returning-to-ams), zeroes .bss (the variable is run in place:
 * nothing may leak from the previous run), then runs the session (session.c) inside an AMS error
 * frame (ER_catch, docs/rom-calls.md#errors), so that a wasm trap or an OS error still frees the
 * program's memory before it returns with rts. Every reference here is PC-relative: this code needs
 * no relocation. */
#include "rom.h"

	.section .text.start,"ax",@progbits
	.globl	_start
_start:
	movem.l	%d3-%d7/%a2-%a6,-(%sp)

	lea	__bss_start(%pc),%a0
	lea	__bss_end(%pc),%a1
	bra.s	2f
1:	clr.w	(%a0)+
2:	cmpa.l	%a1,%a0
	bcs.s	1b

	lea	-ER_FRAME_BYTES(%sp),%sp	/* the ERROR_FRAME */
	bsr.w	w68k_session_begin

	move.l	%sp,-(%sp)
	move.l	(ROM_JUMP_TABLE_PTR).w,%a0
	move.l	ROM_ER_catch*4(%a0),%a0
	jsr	(%a0)				/* 0 now; the error number after a throw */
	addq.l	#4,%sp
	tst.w	%d0
	bne.s	3f

	bsr.w	w68k_session_run
	move.l	(ROM_JUMP_TABLE_PTR).w,%a0
	move.l	ROM_ER_success*4(%a0),%a0
	jsr	(%a0)				/* unlink the frame */
	moveq	#0,%d0

3:	ext.l	%d0
	move.l	%d0,-(%sp)
	bsr.w	w68k_session_end
	lea	4+ER_FRAME_BYTES(%sp),%sp

	movem.l	(%sp)+,%d3-%d7/%a2-%a6
	rts
