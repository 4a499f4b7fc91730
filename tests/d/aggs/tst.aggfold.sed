s/vmlinux`[A-Za-z0-9_.]*/vmlinux`FUNC/
