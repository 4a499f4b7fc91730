/* A function the module does not have, in a module named outright. */
/* @@opts: -c @BUILD@/tests/uprog */

pid$target:a.out:no_such_function:entry
{
}
