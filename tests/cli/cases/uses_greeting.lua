-- Reads a global set by -e before it.
print(greeting)
