/* unsigned with a typedef name (not an integer type keyword) */
unsigned uint32_t x;
