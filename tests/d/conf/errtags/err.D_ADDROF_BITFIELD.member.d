/* the address of a bit-field */
struct bf { int a:3; } b;
BEGIN { trace(&b.a); exit(0); }
