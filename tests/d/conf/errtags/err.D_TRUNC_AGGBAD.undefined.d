/* trunc() of an aggregation never defined */
BEGIN { trunc(@nope); exit(0); }
