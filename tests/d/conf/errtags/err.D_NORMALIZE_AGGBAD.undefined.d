/* normalize() of an aggregation never defined */
BEGIN { normalize(@nope, 2); exit(0); }
