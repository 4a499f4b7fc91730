/* an empty character constant */
BEGIN { trace(''); exit(0); }
