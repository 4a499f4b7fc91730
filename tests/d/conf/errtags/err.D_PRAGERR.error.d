/* #error stops the compilation */
#error stop here
BEGIN { exit(0); }
