/* an option's value is one word: no expressions */
#pragma D option nspec=2 + 2

BEGIN { s = speculation(); exit(0); }
