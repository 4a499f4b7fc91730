/* an enumerator's value must be an integer constant */
enum e {
	TAG = "x"
};
