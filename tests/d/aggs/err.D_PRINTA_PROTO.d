/* printa() with a format needs an aggregation */
BEGIN { printa("%@d"); exit(0); }
