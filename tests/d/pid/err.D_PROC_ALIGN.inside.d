/*
 * An offset inside an instruction (up_asm's offset 3 is in its 10-byte
 * movabs) is refused, as DTrace refuses it.
 */
/* @@opts: -c @BUILD@/tests/uprog */

pid$target:a.out:up_asm:3
{
}
