struct s {
	int a : 40;
};

BEGIN
{
	exit(0);
}
