#pragma D depends_on colour blue
BEGIN { exit(0); }
