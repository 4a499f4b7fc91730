/* A probe name that is neither entry, return nor an offset. */
/* @@opts: -c @BUILD@/tests/uprog */

pid$target:a.out:up_add:beginning
{
}
