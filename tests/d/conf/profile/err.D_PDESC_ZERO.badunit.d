/*
 * An unknown time unit names no probe.
 */
tick-10parsecs
{
}
