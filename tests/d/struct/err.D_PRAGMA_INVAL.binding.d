#pragma D binding "one" foo
BEGIN { exit(0); }
