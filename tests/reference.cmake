# bench/reference/: the bare loop of the POPS randomized router runs the same distribution of
# steps as optinet's router (d = g; Welch's z and a Kolmogorov-Smirnov test, fixed seeds).
if(Python3_Interpreter_FOUND)
  add_test(NAME reference_loop_same_distribution
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/bench/reference_ratio.py --check
                   --build $<TARGET_FILE_DIR:pops_randomized_ref> --sizes 8 16 --samples 400)
  set_tests_properties(reference_loop_same_distribution PROPERTIES TIMEOUT 120)
  # Bad input: one line, exit 2.
  add_test(NAME reference_loop_bad_d COMMAND pops_randomized_ref --d 0)
  set_tests_properties(reference_loop_bad_d PROPERTIES WILL_FAIL TRUE)
endif()
