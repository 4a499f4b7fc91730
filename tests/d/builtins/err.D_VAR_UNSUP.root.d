BEGIN { trace(root); }
