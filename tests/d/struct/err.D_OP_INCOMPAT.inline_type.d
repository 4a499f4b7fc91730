inline int i = "a string";
BEGIN { exit(0); }
