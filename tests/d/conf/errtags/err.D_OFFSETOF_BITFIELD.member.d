/* offsetof applied to a bit-field */
struct bf { int a:3; };
BEGIN { trace(offsetof(struct bf, a)); exit(0); }
