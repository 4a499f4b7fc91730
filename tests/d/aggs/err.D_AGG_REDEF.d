/* an aggregation keeps its function */
BEGIN { @a = count(); @a = quantize(1); exit(0); }
