# One version everywhere (test version_agrees): `arbiter --version` prints "arbiter X.Y.Z",
# the CHANGELOG's newest entry is X.Y.Z and the README's status line says version X.Y.Z,
# where X.Y.Z is project(VERSION). (config.hpp is checked when CMake configures.)
#   cmake -D VERSION=X.Y.Z -D SOURCE_DIR=<repository> [-D TOOL=<arbiter>] -P version.cmake
foreach(var IN ITEMS VERSION SOURCE_DIR)
  if(NOT ${var})
    message(FATAL_ERROR "version.cmake: ${var} is not set")
  endif()
endforeach()
set(errors)

if(TOOL)
  execute_process(COMMAND "${TOOL}" --version RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out STREQUAL "arbiter ${VERSION}\n" OR NOT err STREQUAL "")
    list(APPEND errors "`arbiter --version` exits ${rc} and prints '${out}' (stderr '${err}'), not 'arbiter ${VERSION}'")
  endif()
endif()

file(STRINGS "${SOURCE_DIR}/CHANGELOG.md" headings REGEX "^## ")
list(GET headings 0 newest)
if(NOT newest MATCHES "^## \\[?${VERSION}\\]?( |$)")
  list(APPEND errors "CHANGELOG.md's newest entry is '${newest}', not ${VERSION}")
endif()

file(STRINGS "${SOURCE_DIR}/README.md" status REGEX "^> Status: version ")
if(NOT status MATCHES "^> Status: version ${VERSION}[. ]")
  list(APPEND errors "README.md's status line is '${status}', not version ${VERSION}")
endif()

if(errors)
  string(REPLACE ";" "\n  " errors "${errors}")
  message(FATAL_ERROR "the version is not the same everywhere (project(VERSION) is ${VERSION}):\n  ${errors}")
endif()
message(STATUS "version ${VERSION} everywhere")
