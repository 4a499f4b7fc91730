/* The function "-" (an absolute address) is for the program only. */
/* @@opts: -c @BUILD@/tests/uprog */

pid$target:libc.so.6:-:800
{
}
