# Program Structure chapter: on the command line a bare probe
# description is a complete program (the default action).
"$1" -n BEGIN -n 'BEGIN { exit(0); }' | sed 's/^ *[0-9][0-9]*  /  0  /'
