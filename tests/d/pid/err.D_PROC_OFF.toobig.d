/* An offset past the function's end. */
/* @@opts: -c @BUILD@/tests/uprog */

pid$target:a.out:up_asm:100
{
}
