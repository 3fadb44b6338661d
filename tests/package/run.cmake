# Consumer tests, run by CTest as `cmake -D MODE=... -P run.cmake` (see tests/CMakeLists.txt).
#
# MODE=find_package      configure arbiter alone, `cmake --install` it into a temporary prefix,
#                        then build and run tests/package/find_package against that prefix,
#                        and once more against arbiter's build tree (export()).
# MODE=add_subdirectory  build and run tests/package/add_subdirectory, which vendors arbiter.
#
# Inputs: MODE, ARBITER_SOURCE_DIR, WORK_DIR (emptied first), and optionally GENERATOR,
# MAKE_PROGRAM, CXX_COMPILER, BUILD_TYPE, to match the build that runs the test.
cmake_minimum_required(VERSION 3.16)

foreach(var IN ITEMS MODE ARBITER_SOURCE_DIR WORK_DIR)
  if(NOT ${var})
    message(FATAL_ERROR "run.cmake: ${var} is not set")
  endif()
endforeach()

set(common_args)
if(GENERATOR)
  list(APPEND common_args -G "${GENERATOR}")
endif()
if(MAKE_PROGRAM)
  list(APPEND common_args "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
endif()
if(CXX_COMPILER)
  list(APPEND common_args "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}")
endif()
if(NOT BUILD_TYPE)
  set(BUILD_TYPE Release)
endif()
list(APPEND common_args "-DCMAKE_BUILD_TYPE=${BUILD_TYPE}")

# run(<description> <command>...): run a command, stop the test if it fails.
function(run description)
  message(STATUS "[${MODE}] ${description}")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "[${MODE}] failed (${rc}): ${description}\n  command: ${ARGN}")
  endif()
endfunction()

# consumer(<name> <source dir> <cmake args>...): configure, build and run one consumer.
function(consumer name source_dir)
  set(build_dir "${WORK_DIR}/${name}")
  run("configure ${name}" "${CMAKE_COMMAND}" -S "${source_dir}" -B "${build_dir}"
      ${common_args} ${ARGN})
  run("build ${name}" "${CMAKE_COMMAND}" --build "${build_dir}")
  run("run ${name}" "${build_dir}/consumer")
endfunction()

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

if(MODE STREQUAL "find_package")
  set(arbiter_build "${WORK_DIR}/arbiter-build")
  set(prefix "${WORK_DIR}/prefix")
  run("configure arbiter" "${CMAKE_COMMAND}" -S "${ARBITER_SOURCE_DIR}" -B "${arbiter_build}"
      ${common_args}
      -DARBITER_BUILD_TESTS=OFF -DARBITER_BUILD_EXAMPLES=OFF -DARBITER_BUILD_BENCH=OFF
      -DARBITER_INSTALL=ON "-DCMAKE_INSTALL_PREFIX=${prefix}")
  run("build arbiter" "${CMAKE_COMMAND}" --build "${arbiter_build}")
  run("install arbiter" "${CMAKE_COMMAND}" --install "${arbiter_build}" --prefix "${prefix}")

  # Only the temporary prefix may satisfy find_package: no package registry, no system paths.
  set(isolate -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF)
  consumer(consumer-installed "${ARBITER_SOURCE_DIR}/tests/package/find_package"
           ${isolate} "-DCMAKE_PREFIX_PATH=${prefix}" -DCMAKE_FIND_USE_CMAKE_SYSTEM_PATH=OFF)
  file(STRINGS "${WORK_DIR}/consumer-installed/CMakeCache.txt" found REGEX "^arbiter_DIR:")
  string(FIND "${found}" "${prefix}/" at)
  if(NOT at GREATER -1)
    message(FATAL_ERROR "[${MODE}] arbiter was found outside the install prefix: ${found}")
  endif()

  consumer(consumer-build-tree "${ARBITER_SOURCE_DIR}/tests/package/find_package"
           ${isolate} "-Darbiter_DIR=${arbiter_build}")
elseif(MODE STREQUAL "add_subdirectory")
  consumer(consumer-subdirectory "${ARBITER_SOURCE_DIR}/tests/package/add_subdirectory"
           "-DARBITER_SOURCE_DIR=${ARBITER_SOURCE_DIR}")
else()
  message(FATAL_ERROR "run.cmake: unknown MODE '${MODE}'")
endif()

message(STATUS "[${MODE}] consumer built and ran")
