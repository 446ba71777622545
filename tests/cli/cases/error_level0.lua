-- A message the script raises itself with level 0 keeps no position, "attempt to" or not (helper-131).
error("attempt to leave early", 0)
