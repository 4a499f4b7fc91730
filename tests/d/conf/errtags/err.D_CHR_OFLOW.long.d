/* a character constant longer than an int */
BEGIN { trace('abcdefghi'); exit(0); }
