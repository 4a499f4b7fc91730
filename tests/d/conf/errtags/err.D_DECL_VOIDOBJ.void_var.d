/* a variable of type void */
void x;
BEGIN { exit(0); }
