/* asmonly.S: a whole program in assembler, run through the C preprocessor: tigcclib.h gives
 * it the ROM-call indexes (ROM_<name>) and TIGCC's constants. _main draws "asm" in the 8x10
 * font and returns; the build links it with the same start-up code as any program. */
#include "tigcclib.h"

	.text
	.globl	_main
_main:
	move.l	%a2,-(%sp)
	move.l	0xC8.w,%a2
	move.w	#F_8x10,-(%sp)
	move.l	ROM_FontSetSys*4(%a2),%a0
	jsr	(%a0)
	addq.l	#2,%sp
	move.w	#A_NORMAL,-(%sp)
	pea	text(%pc)
	move.w	#7,-(%sp)		/* y */
	move.w	#5,-(%sp)		/* x */
	move.l	ROM_DrawStr*4(%a2),%a0
	jsr	(%a0)
	lea	10(%sp),%sp
	move.l	(%sp)+,%a2
	rts

	.section .rodata
text:	.asciz	"asm"
