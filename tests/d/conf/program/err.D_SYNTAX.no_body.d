/*
 * Program Structure chapter: in a program file, a probe description
 * must be followed by a predicate or actions (dtrace -n BEGIN is
 * accepted only on the command line).
 */

BEGIN
