/* an integer constant too large for any type */
BEGIN { trace(123456789012345678901234567890); exit(0); }
