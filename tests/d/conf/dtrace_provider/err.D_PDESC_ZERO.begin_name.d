/*
 * dtrace:::BEGINX names no probe.
 */
dtrace:::BEGINX
{
}
