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
set_tests_properties(gtkw_dumpfiles PROPERTIES LABELS repository TIMEOUT 120)

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
  set_tests_properties(memory_estimate_per_family PROPERTIES TIMEOUT 180)
endif()

# The memory estimate against --max-memory: one line naming the size option, before anything
# is elaborated (user_safety checks the same through the address-space limit).
optinet_usage_error_test(memory_estimate_above_max_memory "more than the 1 MiB of --max-memory"
                         pops --max-memory 1M)
# --version and --help stand alone: a network after them is not silently dropped.
optinet_usage_error_test(version_with_a_network "--version" --version pops)
# One reader of numbers: a decimal beyond a double (here a subnormal rate) is refused with one
# line naming the option, with --check too; a device file's number is echoed as written.
optinet_usage_error_test(rates_subnormal "--rates" pops --traffic bernoulli --rates 0.1,1e-310)
optinet_usage_error_test(rates_subnormal_check "--rates" pops --traffic bernoulli
                         --rates 1e-310 --check)
optinet_usage_error_test(rate_underflow "--rate" pops --traffic bernoulli --rate 1e-400)
optinet_usage_error_test(fault_ber_subnormal "--fault" pops --fault ber:1e-320)
optinet_usage_error_test(device_number_as_written "got 1e3 (not written as an integer)" pops
                         --device ${CMAKE_CURRENT_SOURCE_DIR}/cli/device_integer_as_float.json)
# No figure that is not a number without the reason beside it: a budget whose laser is beyond a
# double (each device value in its range) prints the laser and the energy per bit as none, why.
add_test(NAME cli_laser_beyond_a_double
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_exit_status.sh 0
                 "laser: none (the required launch of 9999992.42 dBm is beyond a double"
                 ${OPTINET_BIN} pops --d 4 --g 4 --traffic bernoulli --rate 0.1 --measure 500
                 --device ${CMAKE_CURRENT_SOURCE_DIR}/cli/device_budget_beyond_a_laser.json)
add_test(NAME cli_energy_beyond_a_double
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_exit_status.sh 0
                 "energy: none per delivered bit (the laser power"
                 ${OPTINET_BIN} pops --d 4 --g 4 --traffic bernoulli --rate 0.1 --measure 500
                 --device ${CMAKE_CURRENT_SOURCE_DIR}/cli/device_budget_beyond_a_laser.json)
set_tests_properties(cli_laser_beyond_a_double cli_energy_beyond_a_double PROPERTIES TIMEOUT 30)
