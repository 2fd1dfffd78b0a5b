/* The program's first instruction: AMS (or PedroM) jumps to offset 0 of the program after
 * relocating it (docs/rom-calls.md#how-ams-starts-a-program). Saves the registers AMS expects back
 * (d3-d7/a2-a6, docs/rom-calls.md#returning-to-ams), zeroes .bss (the variable is run in place:
 * nothing may leak from the previous run), then runs the session (session.c) inside an AMS error
 * frame (ER_catch, docs/rom-calls.md#errors), so that a wasm trap or an OS error still frees the
 * program's memory before it returns with rts. In a program built PC-relative (the default) every
 * reference here is PC-relative and needs no relocation; in absolute code the references to .bss
 * are absolute.
 *
 * A program over 24 KB runs as the body of a launcher (launcher.S,
 * docs/building.md#programs-over-24-kb), which calls it with d0 = W68K_LAUNCH_MAGIC, d1 = ~d0
 * and a0 = the launcher's own variable: that address is kept in w68k_launcher_variable (0 when
 * the OS started the program itself), where vat.c looks for the program's folder. */
#include "rom.h"
#include "launch_format.h"

/* .bss, at the program's end: PC-relative in a program built PC-relative (W68K_PCREL, from the
 * build), absolute (a relocation entry) in absolute code, which may be over the 32 KB a 16-bit
 * PC-relative reference reaches. */
#ifdef W68K_PCREL
#define BSS(symbol) symbol(%pc)
#else
#define BSS(symbol) symbol
#endif

	.section .text.start,"ax",@progbits
	.globl	_start
_start:
	movem.l	%d3-%d7/%a2-%a6,-(%sp)

	moveq	#0,%d2				/* the launcher's variable: none */
	cmpi.l	#W68K_LAUNCH_MAGIC,%d0
	bne.s	0f
	not.l	%d1
	cmp.l	%d0,%d1
	bne.s	0f
	move.l	%a0,%d2
0:	lea	BSS(__bss_start),%a0
	lea	BSS(__bss_end),%a1
	bra.s	2f
1:	clr.w	(%a0)+
2:	cmpa.l	%a1,%a0
	bcs.s	1b
	lea	BSS(w68k_launcher_variable),%a0
	move.l	%d2,(%a0)

	lea	-ER_FRAME_BYTES(%sp),%sp	/* the ERROR_FRAME */
	jbsr	w68k_session_begin

	move.l	%sp,-(%sp)
	move.l	(ROM_JUMP_TABLE_PTR).w,%a0
	move.l	ROM_ER_catch*4(%a0),%a0
	jsr	(%a0)				/* 0 now; the error number after a throw */
	addq.l	#4,%sp
	tst.w	%d0
	bne.s	3f

	jbsr	w68k_session_run
	move.l	(ROM_JUMP_TABLE_PTR).w,%a0
	move.l	ROM_ER_success*4(%a0),%a0
	jsr	(%a0)				/* unlink the frame */
	moveq	#0,%d0

3:	ext.l	%d0
	move.l	%d0,-(%sp)
	jbsr	w68k_session_end
	lea	4+ER_FRAME_BYTES(%sp),%sp

	movem.l	(%sp)+,%d3-%d7/%a2-%a6
	rts

	.section .bss.w68k_launcher_variable,"aw",@nobits
	.even
	.globl	w68k_launcher_variable
w68k_launcher_variable:
	.skip	4
