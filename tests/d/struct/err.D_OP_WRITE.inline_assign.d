inline int MAX = 10;
BEGIN { MAX = 3; }
