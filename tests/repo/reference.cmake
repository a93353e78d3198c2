# bench/reference/: the bare loops run the same distribution of steps (slots) as optinet's
# routers (Welch's z and a Kolmogorov-Smirnov test, fixed seeds).
if(Python3_Interpreter_FOUND)
  add_test(NAME reference_loop_same_distribution
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/bench/reference_ratio.py --check
                   --build $<TARGET_FILE_DIR:pops_randomized_ref> --sizes 8 16 --samples 400)
  set_tests_properties(reference_loop_same_distribution PROPERTIES TIMEOUT 120)
  # The bare CUBES loop on the n-cube: optinet's slot distribution, both queue layouts alike.
  add_test(NAME reference_sf_loop_same_distribution
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/bench/sf_hop_rate.py
                   --check $<TARGET_FILE_DIR:sf_cubes_ref>)
  set_tests_properties(reference_sf_loop_same_distribution PROPERTIES TIMEOUT 120)
  # The rate sweep: a row per repeat, n and binary, then the medians; a dimension out of range
  # is refused.
  add_test(NAME sf_hop_rate_sweep
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/bench/sf_hop_rate.py
                   $<TARGET_FILE:optinet> --sizes 3 5 --repeats 1)
  set_tests_properties(sf_hop_rate_sweep PROPERTIES TIMEOUT 120 PASS_REGULAR_EXPRESSION
                       "\\| n = 3 \\| n = 5 \\|\n[^\n]*\n\\| [^|]*optinet \\| [0-9.e+]+ \\| [0-9.e+]+ \\|")
  # A build folder without the loops is refused before any run, naming the option.
  add_test(NAME sf_hop_rate_bad_reference
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_one_line_error.sh --reference
                   ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/bench/sf_hop_rate.py
                   $<TARGET_FILE:optinet> --reference ${CMAKE_CURRENT_SOURCE_DIR})
  add_test(NAME sf_hop_rate_bad_size
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_exit_status.sh 2 ""
                   ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/bench/sf_hop_rate.py
                   $<TARGET_FILE:optinet> --sizes 21)
  # Bad input: one line, exit 2.
  add_test(NAME reference_loop_bad_d COMMAND pops_randomized_ref --d 0)
  set_tests_properties(reference_loop_bad_d PROPERTIES WILL_FAIL TRUE)
  add_test(NAME reference_sf_loop_bad_queues COMMAND sf_cubes_ref --n 4 --queues deque)
  set_tests_properties(reference_sf_loop_bad_queues PROPERTIES WILL_FAIL TRUE)
  add_test(NAME reference_sf_loop_bad_edge_bytes COMMAND sf_cubes_ref --n 4 --edge-bytes 6)
  set_tests_properties(reference_sf_loop_bad_edge_bytes PROPERTIES WILL_FAIL TRUE)
  # Edge records: the loop checks that they took two updates per hop (one line, exit 1 if not),
  # and they change no slot (seed 7 without them: 1114 hops, slots 9, 10, 9).
  add_test(NAME reference_sf_loop_edge_records
           COMMAND sf_cubes_ref --n 6 --runs 3 --seed 7 --queues list --edge-bytes 32)
  set_tests_properties(reference_sf_loop_edge_records PROPERTIES PASS_REGULAR_EXPRESSION
                       "\"edge_bytes\": 32, .*\"hops\": 1114, \"slots\": \\[9, 10, 9\\]")
  # Misses per hop under valgrind's cache simulator: a row with hops and instructions counted.
  find_program(VALGRIND_PROGRAM valgrind)
  if(VALGRIND_PROGRAM AND NOT OPTINET_SANITIZE)  # valgrind cannot run an ASan binary
    add_test(NAME sf_cache_misses_counts
             COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/bench/sf_cache_misses.py
                     $<TARGET_FILE:optinet> --n 6 --ll-mib 1)
    set_tests_properties(sf_cache_misses_counts PROPERTIES TIMEOUT 120
                         PASS_REGULAR_EXPRESSION "\\| 6 \\| 1 \\| [^|]+ \\| [1-9][0-9]* \\| [1-9][0-9]* \\|")
  endif()
  add_test(NAME memory_latency_bad_max COMMAND memory_latency --max-mib 0)
  set_tests_properties(memory_latency_bad_max PROPERTIES WILL_FAIL TRUE)
  # A value that is not a number is named as such, not read as 0 or a prefix.
  add_test(NAME memory_latency_not_a_number COMMAND memory_latency --max-mib 4x)
  set_tests_properties(memory_latency_not_a_number PROPERTIES
                       PASS_REGULAR_EXPRESSION "--max-mib '4x' is not accepted")
  # A short curve reaches its largest size.
  add_test(NAME memory_latency_curve COMMAND memory_latency --max-mib 4 --loads 100000)
  set_tests_properties(memory_latency_curve PROPERTIES
                       PASS_REGULAR_EXPRESSION "\"mib\": 4, \"ns_per_load\": [0-9]+\\.[0-9]")
endif()
