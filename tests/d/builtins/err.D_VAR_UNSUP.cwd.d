BEGIN { trace(cwd); }
