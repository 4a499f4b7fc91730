/* calling something that is not a function name */
BEGIN { (1)(2); exit(0); }
