# clang_format_clean: every C++ file of the repository matches .clang-format.
#   cmake -D CLANG_FORMAT=<program> -D SOURCE_DIR=<repository> -P check.cmake
# The files are found by globbing include/, tests/ and examples/ (not by git, so that a
# source tarball checks the same way); build folders are not under those folders.
file(GLOB_RECURSE sources
  "${SOURCE_DIR}/include/*.hpp" "${SOURCE_DIR}/tests/*.hpp" "${SOURCE_DIR}/tests/*.cpp"
  "${SOURCE_DIR}/examples/*.hpp" "${SOURCE_DIR}/examples/*.cpp")
list(LENGTH sources count)
if(count EQUAL 0)
  message(FATAL_ERROR "clang_format_clean: no C++ files found under ${SOURCE_DIR}")
endif()
execute_process(
  COMMAND "${CLANG_FORMAT}" --dry-run -Werror "--style=file" ${sources}
  RESULT_VARIABLE rc
  ERROR_VARIABLE diagnostics)
if(NOT rc EQUAL 0)
  message("${diagnostics}")
  message(FATAL_ERROR "clang_format_clean: files above differ from .clang-format; run "
                      "clang-format -i on them (clang-format ${CLANG_FORMAT_VERSION})")
endif()
message(STATUS "clang_format_clean: ${count} files match .clang-format")
