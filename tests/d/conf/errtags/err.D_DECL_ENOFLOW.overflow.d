/* an enumerator past INT_MAX */
enum e { A = 0x7fffffff, B };
BEGIN { exit(0); }
