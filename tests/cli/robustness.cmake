# A user's files and the process: checked paths, atomic checked writes, bounded inputs, strict
# numbers (unit tests), and the whole command and the scripts run as a user runs them
# (check_user_safety.py: bad paths, bad files, bad numbers, options that cannot act, messages,
# help, full disks, signals; docs/robustness.md lists the cases).
optinet_gtest(cli/test_robustness SHARE_A_PROCESS)
if(Python3_Interpreter_FOUND)
  add_test(NAME user_safety
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/cli/check_user_safety.py
                   $<TARGET_FILE:optinet> $<$<BOOL:${OPTINET_SANITIZE}>:--sanitized>)
  set_tests_properties(user_safety PROPERTIES TIMEOUT 300)
endif()

# The GTKWave save files open their dump as the README says, from the project root or any other
# folder (GTKWave's own lookup, and GTKWave itself under xvfb-run where both are installed).
add_test(NAME gtkw_dumpfiles
         COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/trace/check_gtkw_dumpfiles.py
                 ${PROJECT_SOURCE_DIR} $<TARGET_FILE:optinet>)
set_tests_properties(gtkw_dumpfiles PROPERTIES TIMEOUT 120)

# Golden runs: exact results of every network, protocol and traffic kind on fixed seeds
# (tests/golden/runs.json); a change in behaviour fails here until re-blessed with
# scripts/dev/golden.py bless build/optinet.
if(Python3_Interpreter_FOUND)
  add_test(NAME golden_runs
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/dev/golden.py check
                   $<TARGET_FILE:optinet>)
  set_tests_properties(golden_runs PROPERTIES TIMEOUT 300)
endif()
optinet_gtest(open_loop/test_distributions SHARE_A_PROCESS)
optinet_gtest(shared/test_protocol_cost)

# Each family's memory estimate against the peak RSS of the same network (within 20%); not
# under the sanitizers, whose shadow memory is not the model's.
if(NOT OPTINET_SANITIZE)
  add_test(NAME memory_estimate_per_family
           COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/cli/check_memory_estimate.py
                   $<TARGET_FILE:optinet>)
  set_tests_properties(memory_estimate_per_family PROPERTIES TIMEOUT 60)
endif()

# The memory estimate against --max-memory: one line naming the size option, before anything
# is elaborated (user_safety checks the same through the address-space limit).
optinet_usage_error_test(memory_estimate_above_max_memory "more than the 1 MiB of --max-memory"
                         pops --max-memory 1M)
# --version and --help stand alone: a network after them is not silently dropped.
optinet_usage_error_test(version_with_a_network "--version" --version pops)
