/* a bit-field of a type that cannot be one */
struct bf { string a:3; };
BEGIN { exit(0); }
