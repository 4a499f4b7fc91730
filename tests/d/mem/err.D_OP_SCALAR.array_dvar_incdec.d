/* ++ needs a scalar operand, not a whole array */
this int b[2];

BEGIN
{
	this->b++;
}
