# dml_soname(VAR NAME DIRS): the SONAME of the shared library libNAME found in DIRS
# ("libplplot.so.17"), for a library dml loads with dlopen when it is first needed rather than
# linking it (the Debian runtime package provides that name, the -dev package only libNAME.so).
function(dml_soname var name dirs)
  find_library(lib_${name} NAMES ${name} HINTS ${dirs} NO_CACHE REQUIRED)
  get_filename_component(real "${lib_${name}}" REALPATH)
  get_filename_component(real "${real}" NAME)
  if(NOT real MATCHES "^(lib${name}\\.so\\.[0-9]+)")
    message(FATAL_ERROR "cannot tell the SONAME of ${lib_${name}} (${real})")
  endif()
  set(${var} "${CMAKE_MATCH_1}" PARENT_SCOPE)
endfunction()
