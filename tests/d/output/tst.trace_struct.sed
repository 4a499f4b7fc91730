s/^ *[0-9][0-9]*  *[0-9][0-9]*  *write:entry/CPU ID write:entry/
