/* clear() takes exactly one argument */
BEGIN { @a = count(); clear(@a, 1); exit(0); }
