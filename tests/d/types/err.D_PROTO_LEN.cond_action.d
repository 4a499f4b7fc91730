/* the actions' prototypes are checked before ?: objects to actions */
BEGIN
{
	x = 1 ? trace(1) : exit();
}
