# Fuzzing the input parsers with libFuzzer (clang sanitizer build only, see OPTINET_SANITIZE).
# Each target has a committed seed corpus in tests/fuzz/corpus/<target>/. ctest runs each for a
# bounded time (OPTINET_FUZZ_SECONDS, 15 s by default) with new inputs written to a scratch
# folder; `make fuzz` (the Makefile) runs them longer and merges what they found into the corpus.
if(NOT OPTINET_FUZZ)
  return()
endif()
set(OPTINET_FUZZ_SECONDS 15 CACHE STRING "seconds each fuzz target runs under ctest")
set(OPTINET_FUZZ_TARGETS fuzz_permutation_file fuzz_relation_file fuzz_device_file
                         fuzz_command_line)
foreach(target IN LISTS OPTINET_FUZZ_TARGETS)
  add_executable(${target} fuzz/${target}.cpp)
  target_link_libraries(${target} PRIVATE optinet_model optinet_warnings)
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR})
  target_link_options(${target} PRIVATE -fsanitize=fuzzer)
  set(scratch ${CMAKE_CURRENT_BINARY_DIR}/fuzz-scratch/${target})
  file(MAKE_DIRECTORY ${scratch})
  add_test(NAME fuzz.${target}
           COMMAND $<TARGET_FILE:${target}> -max_total_time=${OPTINET_FUZZ_SECONDS} -timeout=10
                   -rss_limit_mb=2048 -artifact_prefix=${scratch}/ ${scratch}
                   ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/corpus/${target})
  set_tests_properties(fuzz.${target} PROPERTIES TIMEOUT 120)
endforeach()
