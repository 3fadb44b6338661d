# Writes the man page arbiter.1 from the tool's own help, so that it cannot drift from it:
# help2man turns `arbiter --help` and `arbiter --version` into the page, and a COMMANDS
# section is added with the `--help` of every command listed there.
#
#   cmake -D HELP2MAN=<help2man> -D TOOL=<arbiter> -D OUT=<arbiter.1> -P man_page.cmake
foreach(var IN ITEMS HELP2MAN TOOL OUT)
  if(NOT ${var})
    message(FATAL_ERROR "man_page.cmake: ${var} is not set")
  endif()
endforeach()

# Run by name from PATH, so that the usage lines say "arbiter", not the build folder.
get_filename_component(tool_dir "${TOOL}" DIRECTORY)
get_filename_component(tool_name "${TOOL}" NAME)
if(CMAKE_HOST_WIN32)
  set(ENV{PATH} "${tool_dir};$ENV{PATH}")
else()
  set(ENV{PATH} "${tool_dir}:$ENV{PATH}")
endif()
execute_process(COMMAND "${tool_name}" --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "man_page.cmake: ${TOOL} --help failed (${rc})")
endif()

# The commands: the lines of the SUBCOMMANDS section of CLI11's help ("  name   what").
string(REGEX MATCH "[Ss][Uu][Bb][Cc][Oo][Mm][Mm][Aa][Nn][Dd][Ss]:\n.*" section "${help}")
string(REPLACE "\n" ";" section_lines "${section}")
set(commands)
foreach(line IN LISTS section_lines)
  if(line MATCHES "^  ([a-z][a-z0-9-]*)( |$)")
    list(APPEND commands "${CMAKE_MATCH_1}")
  endif()
endforeach()
if(NOT commands)
  message(FATAL_ERROR "man_page.cmake: no commands found in `arbiter --help`:\n${help}")
endif()

# roff: a leading dot or apostrophe starts a request, a backslash an escape.
function(roff_escape text out)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

set(include_text "[COMMANDS]\n")
foreach(command IN LISTS commands)
  execute_process(COMMAND "${tool_name}" ${command} --help OUTPUT_VARIABLE command_help RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "man_page.cmake: ${TOOL} ${command} --help failed (${rc})")
  endif()
  roff_escape("${command_help}" command_help)
  string(APPEND include_text ".SS \"arbiter ${command}\"\n.nf\n${command_help}.fi\n")
endforeach()
string(APPEND include_text "
[EXIT STATUS]
0 on success; 1 when fen was given an invalid FEN, when pgn, trace or audit met a game that
cannot be read, or when claim rules the claim incorrect or inadmissible; 2 for bad input
or usage.

[SEE ALSO]
The README of arbiter, which documents every command with its output formats.
")

get_filename_component(out_dir "${OUT}" DIRECTORY)
file(MAKE_DIRECTORY "${out_dir}")
set(include_file "${OUT}.include")
file(WRITE "${include_file}" "${include_text}")
execute_process(
  COMMAND "${HELP2MAN}" --no-info --section=1
          "--name=rulings on chess games by the FIDE Laws of Chess"
          "--include=${include_file}" "--output=${OUT}" "${tool_name}"
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "man_page.cmake: help2man failed (${rc})")
endif()
