# `cmake --install build --prefix P` installs:
#   bin/dml                             the command
#   lib/libdml_model.a, libdml_interpreter.a, include/dml/*.hpp
#   lib/cmake/dml/                      find_package(dml): dml::interpreter, dml::model
#   lib/pkgconfig/dml.pc                pkg-config --cflags --libs dml
#   share/man/man1/dml.1                generated from `dml --help` and the reference
#   lib/lua/5.4/dml.so                  the Lua module: require "dml" from lua5.4
# (lib is CMAKE_INSTALL_LIBDIR: lib/<multiarch> when P is /usr; the Lua module's directory is
# always lib/lua/5.4, Debian's lua5.4 path for P = /usr/local.) Everything is relocatable: no
# file holds P.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(DML_CMAKE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/dml")

set_target_properties(dml_model PROPERTIES EXPORT_NAME model)
set_target_properties(dml_interpreter PROPERTIES EXPORT_NAME interpreter)
install(TARGETS dml RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
if(DML_LUA_MODULE)
  install(TARGETS dml_lua LIBRARY DESTINATION lib/lua/5.4)
endif()
install(TARGETS dml_model dml_interpreter EXPORT dmlTargets
  ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}"
  INCLUDES DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/model/include/dml" "${PROJECT_SOURCE_DIR}/interpreter/include/dml"
  DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}" FILES_MATCHING PATTERN "*.hpp")

# The package's files describe the installed tree, not the build tree: they are made in a folder
# that neither find_package nor pkg-config searches. At the build tree's top,
# CMAKE_PREFIX_PATH=<build> found a dmlConfig.cmake whose dmlTargets.cmake only the install writes
# (a hard error), and PKG_CONFIG_PATH=<build> a dml.pc of the prefix's paths; the copies that
# earlier builds left there go.
set(DML_PACKAGE_FILES "${PROJECT_BINARY_DIR}/install-files")
file(REMOVE "${PROJECT_BINARY_DIR}/dmlConfig.cmake" "${PROJECT_BINARY_DIR}/dmlConfigVersion.cmake"
     "${PROJECT_BINARY_DIR}/dml.pc")

install(EXPORT dmlTargets NAMESPACE dml:: DESTINATION "${DML_CMAKE_DIR}")
configure_package_config_file("${PROJECT_SOURCE_DIR}/cmake/dmlConfig.cmake.in"
  "${DML_PACKAGE_FILES}/dmlConfig.cmake" INSTALL_DESTINATION "${DML_CMAKE_DIR}")
# 0.x: a new minor version may change the API, so only the same minor version is compatible.
write_basic_package_version_file("${DML_PACKAGE_FILES}/dmlConfigVersion.cmake"
  COMPATIBILITY SameMinorVersion)
install(FILES "${DML_PACKAGE_FILES}/dmlConfig.cmake" "${DML_PACKAGE_FILES}/dmlConfigVersion.cmake"
  DESTINATION "${DML_CMAKE_DIR}")

# pkg-config: the prefix relative to the .pc file, so that `--prefix P` at install time holds.
file(RELATIVE_PATH DML_PC_PREFIX "/p/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/p")
string(REGEX REPLACE "/$" "" DML_PC_PREFIX "${DML_PC_PREFIX}")
configure_file("${PROJECT_SOURCE_DIR}/cmake/dml.pc.in" "${DML_PACKAGE_FILES}/dml.pc" @ONLY)
install(FILES "${DML_PACKAGE_FILES}/dml.pc" DESTINATION "${CMAKE_INSTALL_LIBDIR}/pkgconfig")

# The man page, made by the built dml from its --help and the reference (docs/man.lua).
set(DML_MAN_PAGE "${PROJECT_BINARY_DIR}/man/dml.1")
file(MAKE_DIRECTORY "${PROJECT_BINARY_DIR}/man")
add_custom_command(OUTPUT "${DML_MAN_PAGE}"
  COMMAND "${CMAKE_COMMAND}" -DDML=$<TARGET_FILE:dml> -DSRC=${PROJECT_SOURCE_DIR}
          -DOUT=${DML_MAN_PAGE} -P "${PROJECT_SOURCE_DIR}/cmake/make_manpage.cmake"
  DEPENDS dml "${PROJECT_SOURCE_DIR}/docs/man.lua" "${PROJECT_SOURCE_DIR}/docs/reference.lua"
          "${PROJECT_SOURCE_DIR}/cmake/make_manpage.cmake"
  COMMENT "Generating the man page dml.1"
  VERBATIM)
add_custom_target(dml_man_page ALL DEPENDS "${DML_MAN_PAGE}")
install(FILES "${DML_MAN_PAGE}" DESTINATION "${CMAKE_INSTALL_MANDIR}/man1")
