#!/bin/bash
#
# -l -v of the network providers: DTrace's argument types (translated:
# pktinfo_t * ...) and the stability attributes Oracle's DTrace for
# Linux gives them; every probe of tcp listed.
#
dtrace=$1
$dtrace -lv -n ip:::send -n tcp:::state-change -n udp:::receive |
	sed 's/^ *[0-9][0-9]* / ID /'
$dtrace -l -n 'tcp:::' | sed 's/^ *[0-9][0-9]* / ID /'
