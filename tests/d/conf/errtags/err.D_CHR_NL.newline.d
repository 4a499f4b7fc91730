/* a newline in a character constant */
BEGIN { trace('a
'); exit(0); }
