-- Prints the arg table and the chunk's varargs, as `lua` sets them.
print("arg[0] = " .. arg[0])
for i = 1, #arg do print(("arg[%d] = %s"):format(i, arg[i])) end
print("select('#', ...) = " .. select("#", ...))
