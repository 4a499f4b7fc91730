/*
 * "allowing destructive actions" is said once tracing has started, even
 * when BEGIN ends it at once, as dtrace(1M) says it after dtrace_go().
 */
#pragma D option destructive

BEGIN
{
	exit(0);
}
