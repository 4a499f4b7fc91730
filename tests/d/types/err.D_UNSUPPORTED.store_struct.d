/* Assigning a whole struct member is not supported yet. */
struct in { int a; };
struct out { struct in i; };
struct out x;
struct out y;
BEGIN { x.i = y.i; }
