/* trace() of a void expression */
BEGIN { trace((void)0); exit(0); }
