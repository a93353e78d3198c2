# Tests of area 'tlm' (see cmake/tlm.cmake); uses optinet_gtest, OPTINET_BIN, E2E_DIR from CMakeLists.txt.

# Register maps, every error response, status and debug reads, runs started through the
# control registers (one process per TEST).
optinet_gtest(tlm/test_tlm_registers)

# The example virtual platform: permutations driven through the TLM-2.0 sockets equal the same
# seeds run by the built-in driver (slots, collisions, deliveries per node); d = g, d > g, d < g.
foreach(case "4;4;randomized;random" "8;2;randomized;random" "2;8;randomized;random"
             "4;4;offline;random" "8;2;offline;random" "2;8;offline;random"
             "8;8;randomized;bit-reversal" "3;5;randomized;partial"
             "4;4;sorting;random" "2;8;sorting-bitonic;random")
  list(GET case 0 d)
  list(GET case 1 g)
  list(GET case 2 protocol)
  list(GET case 3 traffic)
  add_test(NAME tlm_vp_same_as_built_in.d${d}_g${g}_${protocol}_${traffic}
           COMMAND $<TARGET_FILE:optinet_vp> --d ${d} --g ${g} --protocol ${protocol}
                   --traffic ${traffic} --seed 11 --runs 8)
  set_tests_properties(tlm_vp_same_as_built_in.d${d}_g${g}_${protocol}_${traffic}
                       PROPERTIES TIMEOUT 60)
endforeach()

# A run stopped at the slot limit fails (exit status 1), as in optinet.
add_test(NAME tlm_vp_slot_limit_exit_status
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_exit_status.sh 1 ""
                 $<TARGET_FILE:optinet_vp> --d 8 --g 2 --max-slots 10 --runs 1)
set_tests_properties(tlm_vp_slot_limit_exit_status PROPERTIES TIMEOUT 30)

# Bad input: exit status 2 and one line naming the option.
add_test(NAME tlm_vp_usage_error
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_one_line_error.sh --d
                 $<TARGET_FILE:optinet_vp> --d 0)
set_tests_properties(tlm_vp_usage_error PROPERTIES TIMEOUT 30)

# As optinet, every run's seed is one that --seed accepts; file traffic is not offered.
add_test(NAME tlm_vp_usage_error.seed_range
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/cli_usage_error.sh $<TARGET_FILE:optinet_vp> "--seed"
                 --seed 9223372036854775807 --runs 2)
add_test(NAME tlm_vp_usage_error.file_traffic
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/cli_usage_error.sh $<TARGET_FILE:optinet_vp> "--traffic"
                 --traffic file)

# optinet_vp refuses what optinet pops refuses, with the same line (the registry's preconditions).
add_test(NAME tlm_vp_usage_error.sorting_d_not_power_of_two
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/cli_usage_error.sh $<TARGET_FILE:optinet_vp> "--d/--g"
                 --d 3 --g 4 --protocol sorting)
add_test(NAME tlm_vp_usage_error.sorter_without_sorting
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/cli_usage_error.sh $<TARGET_FILE:optinet_vp> "--sorter"
                 --sorter bitonic)

# As optinet: Ctrl-C gives one line and exit 130; a standard output that cannot be written is an
# error (exit 3), not a silent success.
add_test(NAME tlm_vp_interrupt
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/tlm/vp_interrupt.sh $<TARGET_FILE:optinet_vp>)
add_test(NAME tlm_vp_full_stdout
         COMMAND sh -c "test ! -e /dev/full || { \"$0\" --runs 1 > /dev/full; test $? -eq 3; }"
                 $<TARGET_FILE:optinet_vp>)
set_tests_properties(tlm_vp_interrupt tlm_vp_full_stdout PROPERTIES TIMEOUT 60)
