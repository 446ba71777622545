# Script mode (CTest lua_module.objects): the two rules that make dml.so sound in a host built
# with the C build of Lua (interpreter/src/c_lua.hpp, docs/embedding.md), checked on the objects:
#  1. The objects of dml.so call no Lua API function that can raise an error (the manual's 'm',
#     'v' and 'e' functions) except through c_lua.cpp, whose protected versions throw a C++
#     exception in a binding body instead of a longjmp. The functions allowed below never raise
#     (lua_settop raises only to close a to-be-closed slot, and dml marks none: lua_toclose is
#     not allowed).
#  2. dml.so defines no Lua API function and needs no Lua library: the host's Lua is the only one.
#   cmake -DOBJECTS=<a|b|...> -DMODULE=<dml.so> -DNM=<nm> -DREADELF=<readelf> -P check_objects.cmake
cmake_policy(VERSION 3.25)
set(never_raise
    lua_absindex lua_gettop lua_settop lua_pushvalue lua_rotate lua_copy lua_checkstack
    lua_type lua_typename lua_isinteger lua_isnumber lua_isstring lua_isuserdata lua_iscfunction
    lua_tonumberx lua_tointegerx lua_toboolean lua_rawlen lua_tocfunction lua_touserdata
    lua_topointer lua_tothread lua_rawequal lua_pushnil lua_pushnumber lua_pushinteger
    lua_pushboolean lua_pushlightuserdata lua_rawget lua_rawgeti lua_rawgetp lua_getmetatable
    lua_setmetatable lua_getstack lua_sethook lua_gethook lua_gethookmask lua_gethookcount
    lua_version luaL_loadbufferx)

string(REPLACE "|" ";" objects "${OBJECTS}")
set(checked 0)
set(seen_calls "")
set(raw_in_c_lua "")
# The target's objects list its precompiled header too (cmake_pch.hxx.gch or .pch): not code.
list(FILTER objects EXCLUDE REGEX "\\.(gch|pch)$")
foreach(object IN LISTS objects)
  execute_process(COMMAND "${NM}" -u "${object}" OUTPUT_VARIABLE out RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${NM} -u ${object} failed (${rc})")
  endif()
  string(REGEX MATCHALL "[ \n]luaL?_[A-Za-z_]+" calls "${out}")
  list(TRANSFORM calls STRIP)
  get_filename_component(name "${object}" NAME)
  if(name MATCHES "^c_lua\\.cpp\\.o")
    set(raw_in_c_lua "${calls}")
    continue()
  endif()
  math(EXPR checked "${checked} + 1")
  list(APPEND seen_calls ${calls})
  foreach(call IN LISTS calls)
    if(NOT call IN_LIST never_raise)
      message(FATAL_ERROR "${name} calls ${call} directly: in dml.so a Lua function that may raise "
                          "must go through interpreter/src/c_lua.hpp (add a protected version there)")
    endif()
  endforeach()
endforeach()
# The check itself: it saw the objects (the bindings' calls among them; CMake's unity build
# compiles them a few to an object), and it sees the raw calls of c_lua.cpp.
if(checked LESS 3 OR NOT "lua_gettop" IN_LIST seen_calls OR NOT "lua_getfield" IN_LIST raw_in_c_lua
   OR NOT "lua_error" IN_LIST raw_in_c_lua)
  message(FATAL_ERROR "the objects of dml.so were not found (${checked} checked; c_lua.cpp.o calls: "
                      "${raw_in_c_lua})")
endif()

execute_process(COMMAND "${NM}" -D --defined-only "${MODULE}" OUTPUT_VARIABLE defined RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT defined MATCHES " luaopen_dml\n")
  message(FATAL_ERROR "${MODULE} does not export luaopen_dml (${rc})")
endif()
string(REGEX MATCHALL "[ \n]luaL?_[A-Za-z_]+" own_lua "${defined}")
if(own_lua)
  message(FATAL_ERROR "${MODULE} defines Lua API functions (a Lua runtime of its own):${own_lua}")
endif()
execute_process(COMMAND "${READELF}" -d "${MODULE}" OUTPUT_VARIABLE dynamic RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT dynamic MATCHES "NEEDED")
  message(FATAL_ERROR "${READELF} -d ${MODULE} failed (${rc})")
endif()
if(dynamic MATCHES "NEEDED[^\n]*liblua")
  message(FATAL_ERROR "${MODULE} needs a Lua library: it must use the host's Lua alone")
endif()
