/*
 * lockstat.d: the constants of the lockstat provider's arguments: rw-spin
 * and rw-block tell readers from writers in args[2]:
 *	lockstat:::rw-block /args[2] == RW_WRITER/ { @[stack()] = sum(args[1]); }
 * Shipped with bdtrace and loaded before every program.
 */

inline int RW_WRITER = 0x00;
inline int RW_READER = 0x01;
