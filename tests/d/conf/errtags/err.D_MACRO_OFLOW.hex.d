/* a macro argument read as an integer that does not fit in 64 bits */
/* @@args: 0x12345678123456781 */
BEGIN { x = $1; exit(0); }
