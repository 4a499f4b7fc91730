/* A string cannot be stored in an integer member. */
struct s { int x; } v;
BEGIN { v.x = "abc"; }
