/* sizeof applied to a bit-field */
struct bf { int a:3; } b;
BEGIN { trace(sizeof (b.a)); exit(0); }
