/*
 * A printf of thirty-two string results: each is copied into the record
 * as soon as it is made, so the scratch its subroutine used is given
 * back for the next (cg_reclaim.c).  Taken from the bump allocator's
 * days, this clause needed twice the scratch a clause has.
 */
#pragma D option quiet

BEGIN
{
	printf("%s %s %s %s %s %s %s %s\n%s %s %s %s %s %s %s %s\n%s %s %s %s %s %s %s %s\n%s %s %s %s %s %s %s %s\n",
	    strjoin("a", "1"), strjoin("b", "2"), strjoin("c", "3"),
	    strjoin("d", "4"), strjoin("e", "5"), strjoin("f", "6"),
	    strjoin("g", "7"), strjoin("h", "8"),
	    substr("alpha", 1), substr("beta", 2), substr("gamma", -2),
	    substr("delta", 1, 2), substr("epsilon", 3, 3),
	    substr("zeta", 0, 1), substr("eta", -1), substr("theta", 2, -1),
	    toupper(strjoin("i", "ota")), tolower(strjoin("KAP", "PA")),
	    lltostr(12345), lltostr(-6789), lltostr(255, 16),
	    basename("/usr/lib/lambda"), dirname("/usr/lib/mu"),
	    cleanpath("/a/./b/../nu"),
	    strjoin(substr("xiomicron", 0, 2), toupper("o")),
	    strstr("the pi here", "pi"), strchr("rho.sigma", '.'),
	    strrchr("tau/upsilon/phi", '/'), strjoin(lltostr(1), "chi"),
	    substr(strjoin("ps", "iomega"), 0, 3),
	    strjoin(basename("/x/om"), dirname("ega/y")),
	    toupper(substr(strjoin("end", "ing"), 3)));
	exit(0);
}
