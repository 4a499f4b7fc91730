/* a declaration of a plain type with no name declares nothing */
int;
BEGIN { exit(0); }
