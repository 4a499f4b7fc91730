/* The function "-" takes one address, not a glob. */
/* @@opts: -c @BUILD@/tests/uprog */

pid$target::-:10*
{
}
