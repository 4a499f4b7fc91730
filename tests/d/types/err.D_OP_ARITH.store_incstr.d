/* ++ needs an arithmetic member. */
struct s { char name[4]; } v;
BEGIN { v.name++; }
