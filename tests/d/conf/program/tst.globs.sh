# Program Structure chapter, probe descriptions: globs (*, ?, [...])
# in each field, empty fields that match everything, and fewer than
# four fields, which fill from the right (name, then function ...).
d=$1
list() {
	echo "== $1"
	"$d" -l -n "$1" 2>/dev/null | awk 'NR > 1 { $1 = ""; print }' | sort
}
list 'syscall::read:entry'
list 'syscall::rea?:entry'
list 'syscall::[rw]ead:entry'
list 'syscall::pread6*:entry'
list 'dtrace:::'
list 'BEGIN'
list ':BEGIN'
list 'syscall::read:'
