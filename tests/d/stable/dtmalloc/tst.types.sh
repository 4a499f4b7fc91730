#!/bin/bash
#
# dtmalloc: the traced command (kwork malloc) opens and reads
# /proc/self/stat ten times: each open() allocates and frees a
# names_cache object (kmem_cache_alloc, kmem_cache_free: the cache is
# known), each read a 4 KiB seq_file buffer from kmalloc, freed by kfree
# at close (the free is known from the allocation it remembered).
#
dtrace=$1
kwork=$(dirname "$BDT_WORKLOAD")/kwork

$dtrace -q -c "$kwork malloc" -s /dev/stdin <<'EOF2'
int n[string, string], bad[string, string];

dtmalloc::names_cache:malloc,
dtmalloc::names_cache:free
/pid == $target/
{
	n[probefunc, probename]++;
	bad[probefunc, probename] += args[0] == NULL || args[1] == NULL ||
	    args[2] == NULL || args[3] != args[0]->object_size;
}

dtmalloc::kmalloc-4k:malloc,
dtmalloc::kmalloc-4k:free
/pid == $target/
{
	n[probefunc, probename]++;
	/* kmalloc does not say its cache; sizes: requested, then taken */
	bad[probefunc, probename] += args[0] != NULL || args[1] == NULL ||
	    args[3] > 4096 || args[3] <= 2048;
}

END
{
	printf("names_cache malloc: %s\n", n["names_cache", "malloc"] < 10 ?
	    "too few" : bad["names_cache", "malloc"] ? "wrong" : "ok");
	printf("names_cache free: %s\n", n["names_cache", "free"] < 10 ?
	    "too few" : bad["names_cache", "free"] ? "wrong" : "ok");
	printf("kmalloc-4k malloc: %s\n", n["kmalloc-4k", "malloc"] < 10 ?
	    "too few" : bad["kmalloc-4k", "malloc"] ? "wrong" : "ok");
	printf("kmalloc-4k free: %s\n", n["kmalloc-4k", "free"] < 10 ?
	    "too few" : bad["kmalloc-4k", "free"] ? "wrong" : "ok");
}
EOF2
