# Options bdtrace does not take yet are refused by their whole name
# (-32, not -3), with the usage status 2.
dtrace=$1
"$dtrace" -32 -n BEGIN 2>&1
echo "status $?"
"$dtrace" -A -n BEGIN 2>&1
echo "status $?"
