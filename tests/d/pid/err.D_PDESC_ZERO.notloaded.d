/* A module the process has not loaded matches no probe. */
/* @@opts: -c @BUILD@/tests/uprog */

pid$target:libnotloaded.so.1::entry
{
}
