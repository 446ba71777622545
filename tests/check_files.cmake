# Each of FILES (a list, separated by '|') exists and is not empty: the --tsv and --plot files
# the paper's and Fernandez et al.'s scenarios write, which no other test reads.
string(REPLACE "|" ";" files "${FILES}")
foreach(f IN LISTS files)
  if(NOT EXISTS "${f}")
    message(FATAL_ERROR "not written: ${f}")
  endif()
  file(SIZE "${f}" size)
  if(size EQUAL 0)
    message(FATAL_ERROR "empty: ${f}")
  endif()
endforeach()
list(LENGTH files n)
message(STATUS "${n} files written")
