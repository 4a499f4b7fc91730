/* printa() of an aggregation not defined before */
BEGIN { printa(@a); exit(0); }
BEGIN { @a = count(); }
