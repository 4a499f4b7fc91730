/*
 * A chain of ?: each comparing two strjoin() results: the scratch each
 * comparison's operands take is given back once it has its result, so
 * the chain fits in one clause.
 */
#pragma D option quiet

BEGIN
{
	x = "q";
	printf("%d\n",
	    strjoin(x, "a") == strjoin("b", x) ? 1 :
	    strjoin(x, "b") < strjoin("a", x) ? 2 :
	    strjoin(x, "c") == strjoin("c", x) ? 3 :
	    strjoin(x, "d") <= strjoin("q", "c") ? 4 :
	    strjoin(x, "e") != strjoin(x, "e") ? 5 :
	    strjoin(x, "f") > strjoin(x, "g") ? 6 :
	    strjoin(x, "h") >= strjoin(x, "hh") ? 7 :
	    strjoin(x, "i") == strjoin(x, "i") ? 8 :
	    strjoin(x, "j") == strjoin(x, "j") ? 9 :
	    strjoin(x, "k") == strjoin(x, "k") ? 10 :
	    strjoin(x, "l") == strjoin(x, "l") ? 11 :
	    strjoin(x, "m") == strjoin(x, "m") ? 12 :
	    strjoin(x, "n") == strjoin(x, "n") ? 13 :
	    strjoin(x, "o") == strjoin(x, "o") ? 14 :
	    strjoin(x, "p") == strjoin(x, "p") ? 15 :
	    strjoin(x, "r") == strjoin(x, "r") ? 16 :
	    strjoin(x, "s") == strjoin(x, "s") ? 17 :
	    strjoin(x, "t") == strjoin(x, "t") ? 18 : 0);
	exit(0);
}
