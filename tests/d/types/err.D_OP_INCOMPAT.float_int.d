/* An integer cannot be stored in a double: no conversion exists. */
double d;
BEGIN { d = 1; }
