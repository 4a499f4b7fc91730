/*
 * && on strings: "requires operands of scalar type", reported on the
 * line of the "{" DTrace's lexer read past the predicate's closing "/".
 */
BEGIN
/"char" && "foo"/
{
}
