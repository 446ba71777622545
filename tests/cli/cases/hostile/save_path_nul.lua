-- A NUL byte inside a save path would end the file's name there: refused.
dml.save({ { a = 1 } }, "results.csv\0.txt")
