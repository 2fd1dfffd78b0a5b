/* w68k_try(body, arg): calls body(arg) inside an AMS error frame and returns 0, or the error
 * number thrown by body or by anything it called (docs/rom-calls.md#errors: ER_catch returns 0,
 * then "again" with the error after a throw; ER_success unlinks the frame on the normal path,
 * a throw unlinks it itself). Written in assembly because ER_catch returns twice: compiled C
 * could keep values in registers or stack slots that the second return does not restore.
 * The frame restores d3-d7/a2-a7 as they were at ER_catch; saving them here as well keeps
 * the function honest to its C callers whatever happens. */
#include "rom.h"

	.section .text.w68k_try,"ax",@progbits
	.globl	w68k_try
w68k_try:
	movem.l	%d3-%d7/%a2-%a6,-(%sp)		/* 40 bytes */
	lea	-ER_FRAME_BYTES(%sp),%sp
	move.l	%sp,-(%sp)
	move.l	(ROM_JUMP_TABLE_PTR).w,%a0
	move.l	ROM_ER_catch*4(%a0),%a0
	jsr	(%a0)
	addq.l	#4,%sp
	tst.w	%d0
	bne.s	1f

	/* sp: frame (60), registers (40), return address (4), body, arg */
	move.l	ER_FRAME_BYTES+40+8(%sp),-(%sp)
	move.l	ER_FRAME_BYTES+40+8(%sp),%a0	/* body, 4 bytes further now */
	jsr	(%a0)
	addq.l	#4,%sp
	move.l	(ROM_JUMP_TABLE_PTR).w,%a0
	move.l	ROM_ER_success*4(%a0),%a0
	jsr	(%a0)
	moveq	#0,%d0

1:	ext.l	%d0
	lea	ER_FRAME_BYTES(%sp),%sp
	movem.l	(%sp)+,%d3-%d7/%a2-%a6
	rts
