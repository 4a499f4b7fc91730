/* two members of one name: DTrace reports libctf's failure */
union u {
	int v;
	long v;
};
