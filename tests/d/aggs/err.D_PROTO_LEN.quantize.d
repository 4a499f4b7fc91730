/* quantize() takes at most two arguments */
BEGIN { @ = quantize(1, 2, 3); exit(0); }
