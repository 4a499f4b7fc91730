/* ++ needs a scalar member (DTrace: D_OP_SCALAR). */
struct s { char name[4]; } v;
BEGIN { v.name++; }
