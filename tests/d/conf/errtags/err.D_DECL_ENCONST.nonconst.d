/* an enumerator that is not a constant */
enum e { A = timestamp };
BEGIN { exit(0); }
