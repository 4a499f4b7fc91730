/*
 * mutex_type_adaptive() and mutex_type_spin() answer for every Linux
 * mutex without reading it; mutex_owner() and mutex_owned() read its
 * owner word, so a NULL mutex faults at address 0 and abandons only its
 * clause.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", mutex_type_adaptive((struct mutex *)0),
	    mutex_type_spin((struct mutex *)0));
}

BEGIN { trace(mutex_owner((struct mutex *)0)); printf("not reached\n"); }
BEGIN { trace(mutex_owned((struct mutex *)0)); printf("not reached\n"); }
BEGIN { exit(0); }
