/* a variable that holds an integer takes no pointer */
BEGIN
{
	this->x = 1;
	this->x = curthread;
}
