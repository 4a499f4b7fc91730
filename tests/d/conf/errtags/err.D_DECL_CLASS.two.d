/* two storage classes in one declaration */
extern static int x;

BEGIN { exit(0); }
