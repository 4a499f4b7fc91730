/*
 * A kernel too old for what bdtrace asks of it, said with the Linux
 * release that brought the missing piece.  The verifier
 * names a helper it does not know only by number ("invalid func
 * unknown#181"), which tells a user nothing; bdtrace knows which helper
 * that is and which Linux release brought it, and says so: "calls
 * bpf_loop(), which needs Linux 5.17 (this kernel is 5.10.0)".
 */
#ifndef BD_KVERS_H
#define BD_KVERS_H

#include <stdbool.h>
#include <stddef.h>

/*
 * If reason (the verifier's complaint) is about a helper the kernel of
 * release (uname -r) does not have, the words for it in buf, and true.
 */
bool kvers_helper_words(const char *reason, const char *release, char *buf,
			size_t len);

/*
 * If creating a map of this type failed with EINVAL because the kernel
 * of release is older than the type, the words for it in buf ("the BPF
 * ring buffer needs Linux 5.8 (this kernel is 5.4.0)"), and true.
 */
bool kvers_map_words(int type, const char *release, char *buf, size_t len);

#endif
