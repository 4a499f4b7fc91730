/* clear() of an aggregation never defined */
BEGIN { clear(@nope); exit(0); }
