/*
 * a stability pragma names an identifier the program does not declare
 * (a variable first assigned in a clause does not exist yet)
 */
#pragma D attributes Stable/Stable/Common x

BEGIN { x = 1; exit(0); }
