/* a predicate of struct type */
BEGIN / *curthread / { exit(0); }
