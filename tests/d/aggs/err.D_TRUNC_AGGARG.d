/* trunc() of something that is not an aggregation */
BEGIN { trunc(1); exit(0); }
