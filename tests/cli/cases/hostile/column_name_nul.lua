-- A column name with a NUL byte inside is the whole name, never cut short; CSV cannot hold it.
dml.save({ { a = 1, ["b\0c"] = 2 } }, "column_name_nul.csv")
