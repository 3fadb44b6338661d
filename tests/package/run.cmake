# The packaging tests, run by CTest as `cmake -D MODE=... -P run.cmake` (tests/CMakeLists.txt).
# Each builds and runs tests/package/main.cpp, a program that rules on a threefold claim
# and checks the version its headers say (plus its fmt variant where fmt is there):
#
# MODE=install           configure arbiter alone (library, single headers, pkg-config and
#                        CMake files) and `cmake --install` it into PREFIX: the fixture the
#                        next three share
# MODE=find_package      find_package against PREFIX, then against arbiter's build tree
# MODE=pkg_config        a plain compiler call with `pkg-config --cflags arbiter` (and
#                        `--cflags --libs arbiter-format`) from PREFIX, no CMake
# MODE=single_header     the installed single header copied alone into an empty folder,
#                        a plain compiler call with only that folder as include path
# MODE=add_subdirectory  a project that vendors arbiter with add_subdirectory
# MODE=fetchcontent      a project that takes arbiter with FetchContent from a local path
# MODE=deb               cpack -G DEB in BUILD_DIR (the build running the tests, with the
#                        tool), `dpkg -x` into a scratch root, the package's contents, the
#                        packaged tool's --version and its audit of the bundled sample, and
#                        the find_package, pkg-config and single-header consumers against
#                        that root
#
# Inputs: MODE, ARBITER_SOURCE_DIR, WORK_DIR (emptied first), EXPECTED_VERSION, and as
# needed PREFIX, ARBITER_BUILD_TREE (the install fixture's build folder), BUILD_DIR,
# GENERATOR, GENERATOR_PLATFORM, MAKE_PROGRAM, TOOLCHAIN_FILE, CXX_COMPILER, BUILD_TYPE,
# PKG_CONFIG, WITH_FMT (ON: the fmt variants must build too), TOOL_RUNTIME_STATIC (deb: ON,
# the package must depend on the C library alone).
cmake_minimum_required(VERSION 3.16)

foreach(var IN ITEMS MODE ARBITER_SOURCE_DIR WORK_DIR EXPECTED_VERSION)
  if(NOT ${var})
    message(FATAL_ERROR "run.cmake: ${var} is not set")
  endif()
endforeach()

set(common_args)
if(GENERATOR)
  list(APPEND common_args -G "${GENERATOR}")
endif()
if(GENERATOR_PLATFORM)
  list(APPEND common_args -A "${GENERATOR_PLATFORM}")
endif()
if(MAKE_PROGRAM)
  list(APPEND common_args "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
endif()
if(TOOLCHAIN_FILE)  # vcpkg on Windows: fmt and the others are found through it
  list(APPEND common_args "-DCMAKE_TOOLCHAIN_FILE=${TOOLCHAIN_FILE}")
endif()
if(CXX_COMPILER)
  list(APPEND common_args "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}")
else()
  set(CXX_COMPILER c++)
endif()
if(NOT BUILD_TYPE)
  set(BUILD_TYPE Release)
endif()
list(APPEND common_args "-DCMAKE_BUILD_TYPE=${BUILD_TYPE}" "-DEXPECTED_VERSION=${EXPECTED_VERSION}")
# Only the prefixes given may satisfy find_package: no package registry, no system paths.
set(isolate -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF)
set(strict -std=c++17 -Wall -Wextra -Wpedantic -Werror)

# run(<description> <command>...): run a command, stop the test if it fails.
function(run description)
  message(STATUS "[${MODE}] ${description}")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "[${MODE}] failed (${rc}): ${description}\n  command: ${ARGN}")
  endif()
endfunction()

# capture(<var> <description> <command>...): run a command and keep its standard output.
function(capture var description)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "[${MODE}] failed (${rc}): ${description}\n  command: ${ARGN}\n${out}${err}")
  endif()
  set(${var} "${out}" PARENT_SCOPE)
endfunction()

# run_consumers(<dir>): run the consumer programs built in <dir>; the fmt one must be
# there when WITH_FMT is on.
function(run_consumers dir)
  # Single-config generators write <dir>/consumer, Visual Studio <dir>/<config>/consumer.exe.
  foreach(name IN ITEMS consumer consumer_format)
    unset(${name}_path)
    foreach(candidate IN ITEMS "${dir}/${name}" "${dir}/${name}.exe" "${dir}/${BUILD_TYPE}/${name}.exe")
      if(EXISTS "${candidate}" AND NOT IS_DIRECTORY "${candidate}" AND NOT DEFINED ${name}_path)
        set(${name}_path "${candidate}")
      endif()
    endforeach()
  endforeach()
  if(NOT DEFINED consumer_path)
    message(FATAL_ERROR "[${MODE}] no consumer program was built in ${dir}")
  endif()
  run("run ${consumer_path}" "${consumer_path}")
  if(DEFINED consumer_format_path)
    run("run ${consumer_format_path}" "${consumer_format_path}")
  elseif(WITH_FMT)
    message(FATAL_ERROR "[${MODE}] ${dir}/consumer_format was not built (arbiter::format missing?)")
  endif()
endfunction()

# cmake_consumer(<name> <source dir> <cmake args>...): configure, build and run one consumer.
function(cmake_consumer name source_dir)
  set(build_dir "${WORK_DIR}/${name}")
  run("configure ${name}" "${CMAKE_COMMAND}" -S "${source_dir}" -B "${build_dir}" ${common_args} ${ARGN})
  run("build ${name}" "${CMAKE_COMMAND}" --build "${build_dir}" --config "${BUILD_TYPE}")
  run_consumers("${build_dir}")
endfunction()

# find_package_consumer(<name> <prefix>): the find_package consumer against <prefix> only.
function(find_package_consumer name prefix)
  cmake_consumer(${name} "${ARBITER_SOURCE_DIR}/tests/package/find_package" ${isolate}
                 "-DCMAKE_PREFIX_PATH=${prefix}" -DCMAKE_FIND_USE_CMAKE_SYSTEM_PATH=OFF)
  file(STRINGS "${WORK_DIR}/${name}/CMakeCache.txt" found REGEX "^arbiter_DIR:")
  string(FIND "${found}" "${prefix}/" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "[${MODE}] arbiter was found outside ${prefix}: ${found}")
  endif()
endfunction()

# pkg_config_consumer(<name> <folder of arbiter.pc>): plain compiler calls, flags from
# pkg-config only; checks that the .pc file points into its own prefix.
function(pkg_config_consumer name pc_dir expected_include_dir)
  if(NOT PKG_CONFIG)
    set(PKG_CONFIG pkg-config)
  endif()
  set(ENV{PKG_CONFIG_PATH} "${pc_dir}")
  set(dir "${WORK_DIR}/${name}")
  file(MAKE_DIRECTORY "${dir}")
  capture(version "pkg-config --modversion arbiter" "${PKG_CONFIG}" --modversion arbiter)
  if(NOT version STREQUAL EXPECTED_VERSION)
    message(FATAL_ERROR "[${MODE}] pkg-config says arbiter ${version}, expected ${EXPECTED_VERSION}")
  endif()
  capture(include_dir "pkg-config --variable=includedir" "${PKG_CONFIG}" --variable=includedir arbiter)
  get_filename_component(include_dir "${include_dir}" REALPATH)
  get_filename_component(expected_include_dir "${expected_include_dir}" REALPATH)
  if(NOT include_dir STREQUAL expected_include_dir)
    message(FATAL_ERROR "[${MODE}] arbiter.pc's includedir is ${include_dir}, not ${expected_include_dir}")
  endif()
  capture(cflags "pkg-config --cflags arbiter" "${PKG_CONFIG}" --cflags arbiter)
  message(STATUS "[${MODE}] pkg-config --cflags arbiter: ${cflags}")
  separate_arguments(cflags UNIX_COMMAND "${cflags}")
  run("compile ${name}/consumer" "${CXX_COMPILER}" ${strict} ${cflags}
      "-DARBITER_EXPECTED_VERSION=\"${EXPECTED_VERSION}\""
      "${ARBITER_SOURCE_DIR}/tests/package/main.cpp" -o "${dir}/consumer")
  if(WITH_FMT)
    capture(flags "pkg-config --cflags --libs arbiter-format" "${PKG_CONFIG}" --cflags --libs arbiter-format)
    message(STATUS "[${MODE}] pkg-config --cflags --libs arbiter-format: ${flags}")
    separate_arguments(flags UNIX_COMMAND "${flags}")
    run("compile ${name}/consumer_format" "${CXX_COMPILER}" ${strict} -DARBITER_CONSUMER_FORMAT
        "-DARBITER_EXPECTED_VERSION=\"${EXPECTED_VERSION}\""
        "${ARBITER_SOURCE_DIR}/tests/package/main.cpp" -o "${dir}/consumer_format" ${flags})
  endif()
  run_consumers("${dir}")
endfunction()

# single_header_consumer(<name> <folder with arbiter.hpp and arbiter_format.hpp>): each
# single header copied alone into an empty folder, the only include path given.
function(single_header_consumer name single_dir)
  set(dir "${WORK_DIR}/${name}")
  file(MAKE_DIRECTORY "${dir}/core" "${dir}/format")
  file(COPY "${single_dir}/arbiter.hpp" DESTINATION "${dir}/core")
  run("compile ${name}/consumer" "${CXX_COMPILER}" ${strict} -I "${dir}/core" -DARBITER_CONSUMER_SINGLE_HEADER
      "-DARBITER_EXPECTED_VERSION=\"${EXPECTED_VERSION}\""
      "${ARBITER_SOURCE_DIR}/tests/package/main.cpp" -o "${dir}/consumer")
  if(WITH_FMT)
    file(COPY "${single_dir}/arbiter_format.hpp" DESTINATION "${dir}/format")
    set(fmt_flags -lfmt)
    if(PKG_CONFIG)  # fmt outside the compiler's default paths (Homebrew)
      capture(fmt_flags "pkg-config --cflags --libs fmt" "${PKG_CONFIG}" --cflags --libs fmt)
      separate_arguments(fmt_flags UNIX_COMMAND "${fmt_flags}")
    endif()
    run("compile ${name}/consumer_format" "${CXX_COMPILER}" ${strict} -I "${dir}/format"
        -DARBITER_CONSUMER_SINGLE_HEADER -DARBITER_CONSUMER_FORMAT
        "-DARBITER_EXPECTED_VERSION=\"${EXPECTED_VERSION}\""
        "${ARBITER_SOURCE_DIR}/tests/package/main.cpp" -o "${dir}/consumer_format" ${fmt_flags})
  endif()
  run_consumers("${dir}")
endfunction()

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

if(MODE STREQUAL "install")
  if(NOT PREFIX)
    message(FATAL_ERROR "run.cmake: PREFIX is not set")
  endif()
  file(REMOVE_RECURSE "${PREFIX}")
  set(arbiter_build "${ARBITER_BUILD_TREE}")
  file(REMOVE_RECURSE "${arbiter_build}")
  run("configure arbiter" "${CMAKE_COMMAND}" -S "${ARBITER_SOURCE_DIR}" -B "${arbiter_build}"
      ${common_args} -DARBITER_BUILD_TESTS=OFF -DARBITER_BUILD_EXAMPLES=OFF -DARBITER_BUILD_BENCH=OFF
      -DARBITER_INSTALL=ON "-DCMAKE_INSTALL_PREFIX=${PREFIX}")
  run("build arbiter" "${CMAKE_COMMAND}" --build "${arbiter_build}" --config "${BUILD_TYPE}")
  run("install arbiter" "${CMAKE_COMMAND}" --install "${arbiter_build}" --prefix "${PREFIX}"
      --config "${BUILD_TYPE}")
elseif(MODE STREQUAL "find_package")
  find_package_consumer(consumer-installed "${PREFIX}")
  # The build tree of the install fixture, through arbiter_DIR.
  cmake_consumer(consumer-build-tree "${ARBITER_SOURCE_DIR}/tests/package/find_package" ${isolate}
                 "-Darbiter_DIR=${ARBITER_BUILD_TREE}")
elseif(MODE STREQUAL "pkg_config")
  pkg_config_consumer(consumer-pkg-config "${PREFIX}/share/pkgconfig" "${PREFIX}/include")
elseif(MODE STREQUAL "single_header")
  single_header_consumer(consumer-single-header "${PREFIX}/include/arbiter-single")
elseif(MODE STREQUAL "add_subdirectory")
  cmake_consumer(consumer-subdirectory "${ARBITER_SOURCE_DIR}/tests/package/add_subdirectory"
                 "-DARBITER_SOURCE_DIR=${ARBITER_SOURCE_DIR}")
elseif(MODE STREQUAL "fetchcontent")
  cmake_consumer(consumer-fetchcontent "${ARBITER_SOURCE_DIR}/tests/package/fetchcontent"
                 "-DARBITER_SOURCE_DIR=${ARBITER_SOURCE_DIR}")
elseif(MODE STREQUAL "deb")
  if(NOT BUILD_DIR)
    message(FATAL_ERROR "run.cmake: BUILD_DIR is not set")
  endif()
  run("cpack -G DEB" "${CMAKE_CPACK_COMMAND}" --config "${BUILD_DIR}/CPackConfig.cmake" -G DEB
      -C "${BUILD_TYPE}" -B "${WORK_DIR}/cpack")
  file(GLOB debs "${WORK_DIR}/cpack/*.deb")
  list(LENGTH debs count)
  if(NOT count EQUAL 1)
    message(FATAL_ERROR "[${MODE}] expected one .deb in ${WORK_DIR}/cpack, found: ${debs}")
  endif()
  capture(version "dpkg-deb -f Version" dpkg-deb -f "${debs}" Version)
  if(NOT version STREQUAL EXPECTED_VERSION)
    message(FATAL_ERROR "[${MODE}] the package's version is '${version}', expected ${EXPECTED_VERSION}")
  endif()
  capture(depends "dpkg-deb -f Depends" dpkg-deb -f "${debs}" Depends)
  message(STATUS "[${MODE}] ${debs}: version ${version}, depends: ${depends}")
  # The tool links the C++ runtime, fmt and the compression libraries in
  # (ARBITER_STATIC_TOOL_RUNTIME): the package needs the C library alone.
  if(TOOL_RUNTIME_STATIC AND depends MATCHES "libstdc|libgcc|libfmt|libzstd|zlib|libbz2|liblzma")
    message(FATAL_ERROR "[${MODE}] the tool links its runtime in, yet the package depends on "
                        "'${depends}'")
  endif()

  set(root "${WORK_DIR}/root")
  run("dpkg -x" dpkg -x "${debs}" "${root}")
  foreach(file IN ITEMS bin/arbiter share/man/man1/arbiter.1 share/arbiter/sample.pgn
                        include/arbiter/arbiter.hpp include/arbiter/format.hpp
                        include/arbiter-single/arbiter.hpp include/arbiter-single/arbiter_format.hpp
                        share/cmake/arbiter/arbiterConfig.cmake share/cmake/arbiter/arbiterConfigVersion.cmake
                        share/pkgconfig/arbiter.pc share/pkgconfig/arbiter-format.pc)
    if(NOT EXISTS "${root}/usr/${file}")
      message(FATAL_ERROR "[${MODE}] the package lacks /usr/${file}")
    endif()
  endforeach()
  file(READ "${root}/usr/share/man/man1/arbiter.1" man)
  foreach(word IN ITEMS ".SH NAME" ".SH COMMANDS" "arbiter audit" "arbiter claim" "${EXPECTED_VERSION}")
    string(FIND "${man}" "${word}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "[${MODE}] the man page does not mention '${word}'")
    endif()
  endforeach()

  # The packaged tool: its version, and its audit of the bundled sample, which it must
  # find beside itself in the unpacked root (not in the source tree).
  set(tool "${root}/usr/bin/arbiter")
  capture(tool_version "arbiter --version" "${tool}" --version)
  if(NOT tool_version STREQUAL "arbiter ${EXPECTED_VERSION}")
    message(FATAL_ERROR "[${MODE}] `arbiter --version` says '${tool_version}'")
  endif()
  capture(audit "arbiter audit --json (bundled sample)" "${tool}" audit --json --no-progress)
  string(FIND "${audit}" "\"file\":\"${root}/usr/share/arbiter/sample.pgn\"" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "[${MODE}] the packaged tool did not audit its bundled sample:\n${audit}")
  endif()
  string(REGEX MATCH "[^\n]*\"summary\":true[^\n]*" summary "${audit}")
  if(NOT summary MATCHES "\"games\":5[,}]" OR NOT summary MATCHES "\"bad_games\":0[,}]")
    message(FATAL_ERROR "[${MODE}] unexpected audit summary: ${summary}")
  endif()
  message(STATUS "[${MODE}] the packaged tool audited its sample: ${summary}")

  find_package_consumer(consumer-deb-find-package "${root}/usr")
  pkg_config_consumer(consumer-deb-pkg-config "${root}/usr/share/pkgconfig" "${root}/usr/include")
  single_header_consumer(consumer-deb-single-header "${root}/usr/include/arbiter-single")
else()
  message(FATAL_ERROR "run.cmake: unknown MODE '${MODE}'")
endif()

message(STATUS "[${MODE}] done")
