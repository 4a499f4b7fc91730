/* a stability pragma may not change a built-in variable */
#pragma D attributes Stable/Stable/Common execname

BEGIN { exit(0); }
