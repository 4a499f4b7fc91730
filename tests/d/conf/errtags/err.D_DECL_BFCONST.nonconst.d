/* a bit-field width that is not a constant */
struct bf { int a:timestamp; };
BEGIN { exit(0); }
