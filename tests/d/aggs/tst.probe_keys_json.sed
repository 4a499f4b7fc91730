s/"timestamp":[0-9.]*/"timestamp":T/g
s/"cpu":[0-9]*/"cpu":C/g
s/"id":[0-9]*/"id":I/g
