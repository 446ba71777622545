# Script mode (CTest docs.man_page): the generated dml.1 renders with groff without a warning,
# and the text shows the synopsis, every option of --help and the reference's types.
#   cmake -DGROFF=<groff> -DPAGE=<dml.1> -P check_man_page.cmake
execute_process(COMMAND "${GROFF}" -man -Tutf8 -ww "${PAGE}" RESULT_VARIABLE rc
                OUTPUT_VARIABLE text ERROR_VARIABLE warnings)
if(NOT rc EQUAL 0 OR NOT warnings STREQUAL "")
  message(FATAL_ERROR "groff -man -ww ${PAGE} (${rc}):\n${warnings}")
endif()
# Without the overstrikes of bold and underline, as a reader sees it.
string(ASCII 8 backspace)
string(REGEX REPLACE ".${backspace}" "" text "${text}")
foreach(want "SYNOPSIS\n +dml \\[options\\] \\[script \\[args\\]\\]"
             "\n +--doc NAME\n +print the reference of a dml type or function"
             "\n +--stdlib DIR\n" "\nEXIT STATUS\n +0 +success, +1 +an +error"
             "\nFUNCTIONS\n" "\n +• dml\\.optimize\\(run" "\nDECLARED TYPES\n" "\n   dml\\.cluster\n"
             "\nRESULTS\n" "\n   plan\n" "\n +bandwidth\n +takes: a bandwidth like \"900 GB/s\""
             # (an option whose text starts on its next line; one whose text goes on over lines)
             "\n +--merge OUT PART...\n +join the saved slices of a sharded sweep"
             "write only inside the[\n ]+working[\n ]+directory"
             "takes it as --name=value")
  if(NOT text MATCHES "${want}")
    message(FATAL_ERROR "dml.1 as groff renders it has no match for ${want}:\n${text}")
  endif()
endforeach()
