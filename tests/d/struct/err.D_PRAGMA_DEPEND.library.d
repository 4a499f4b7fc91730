#pragma D depends_on library nosuchlib.d
BEGIN { exit(0); }
