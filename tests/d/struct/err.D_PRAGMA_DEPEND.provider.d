#pragma D depends_on provider nosuchprovider
BEGIN { exit(0); }
