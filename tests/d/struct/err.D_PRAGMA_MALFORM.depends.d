#pragma D depends_on provider
BEGIN { exit(0); }
