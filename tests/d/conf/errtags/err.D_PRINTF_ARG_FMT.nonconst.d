/* a printf format that is not a constant */
BEGIN { printf(probefunc); exit(0); }
