-- A library loaded with -l from the current directory.
return { answer = 42 }
