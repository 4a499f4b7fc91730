/* but two commas leave an empty enumerator */
enum e {
	ONE,,
};
