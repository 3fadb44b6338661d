# Included by the add_subdirectory and FetchContent consumers after arbiter was added: it
# must define its library targets and nothing else, then the consumer programs are built.
if(NOT TARGET arbiter::arbiter)
  message(FATAL_ERROR "arbiter as a subproject did not define arbiter::arbiter")
endif()
foreach(target IN ITEMS arbiter_tests arbiter_cli arbiter_gui arbiter_engine arbiter_perft_bench
                        fen_fuzzer arbiter_single_header arbiter_header_checks docs)
  if(TARGET ${target})
    message(FATAL_ERROR "arbiter as a subproject must not define its target ${target}")
  endif()
endforeach()
foreach(option IN ITEMS ARBITER_BUILD_TESTS ARBITER_BUILD_EXAMPLES ARBITER_BUILD_BENCH
                        ARBITER_INSTALL)
  if(${option})
    message(FATAL_ERROR "arbiter as a subproject must default ${option} to OFF")
  endif()
endforeach()

add_executable(consumer "${CMAKE_CURRENT_LIST_DIR}/main.cpp")
target_link_libraries(consumer PRIVATE arbiter::arbiter)
target_compile_definitions(consumer PRIVATE "ARBITER_EXPECTED_VERSION=\"${EXPECTED_VERSION}\"")
if(TARGET arbiter::format)
  add_executable(consumer_format "${CMAKE_CURRENT_LIST_DIR}/main.cpp")
  target_link_libraries(consumer_format PRIVATE arbiter::format)
  target_compile_definitions(consumer_format PRIVATE ARBITER_CONSUMER_FORMAT
                             "ARBITER_EXPECTED_VERSION=\"${EXPECTED_VERSION}\"")
endif()
