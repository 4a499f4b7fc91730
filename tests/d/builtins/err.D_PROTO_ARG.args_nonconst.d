/* args[] takes an integer constant (its prototype in DTrace), not a variable */
syscall::openat:entry { x = 1; trace(args[x]); }
