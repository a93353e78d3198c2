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
  # Bad input: one line, exit 2.
  add_test(NAME reference_loop_bad_d COMMAND pops_randomized_ref --d 0)
  set_tests_properties(reference_loop_bad_d PROPERTIES WILL_FAIL TRUE)
  add_test(NAME reference_sf_loop_bad_queues COMMAND sf_cubes_ref --n 4 --queues deque)
  set_tests_properties(reference_sf_loop_bad_queues PROPERTIES WILL_FAIL TRUE)
endif()
