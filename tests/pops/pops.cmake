# Tests of area 'pops' (see cmake/pops.cmake).
optinet_gtest(pops/test_optical_passive_star)
if(OPTINET_SANITIZE)
  # LeakSanitizer scans the main thread's own stack at exit (models/core/sanitizer_stack.h): a
  # test whose SystemC thread ends (a driver that returns) is the case that went wrong.
  add_test(NAME sanitizer_scans_the_main_stack
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/sanitizer_main_stack.sh
                   $<TARGET_FILE:test_optical_passive_star>
                   OpticalPassiveStar.OneTransmitterRaisesBusyForItsSlotOnly)
  set_tests_properties(sanitizer_scans_the_main_stack PROPERTIES TIMEOUT 60)
endif()

optinet_gtest(pops/test_randomized_plan SHARE_A_PROCESS)
optinet_gtest(pops/test_pops_randomized_sim)
optinet_gtest(pops/test_pops_exact_runs)
optinet_gtest(pops/test_pops_run_control)
optinet_gtest(pops/test_pops_stepped)
optinet_gtest(pops/test_pops_offline)
optinet_gtest(pops/test_pops_sorting_network SHARE_A_PROCESS)
optinet_gtest(pops/test_pops_sorting)
optinet_gtest(pops/test_pops_class_delivery SHARE_A_PROCESS)

# Bad input: exit status 2, one line on stderr naming the option.
optinet_usage_error_test(d_zero "--d" pops --d 0)
optinet_usage_error_test(d_not_a_number "--d" pops --d abc)
optinet_usage_error_test(g_too_large "--g" pops --g 2000)
optinet_usage_error_test(unknown_protocol "--protocol" pops --protocol nope)
optinet_usage_error_test(unknown_traffic "--traffic" pops --traffic nope)
optinet_usage_error_test(bit_reversal_n12 "--traffic" pops --d 3 --g 4 --traffic bit-reversal)
optinet_usage_error_test(transpose_n8 "--traffic" pops --d 2 --g 4 --traffic transpose)
optinet_usage_error_test(runs_zero "--runs" pops --runs 0)
optinet_usage_error_test(permutation_file_duplicate "--permutation-file"
                         pops --permutation-file ${E2E_DIR}/duplicate_destination.txt)
optinet_usage_error_test(permutation_file_out_of_range "--permutation-file"
                         pops --permutation-file ${E2E_DIR}/out_of_range_destination.txt)
optinet_usage_error_test(permutation_file_too_short "--permutation-file"
                         pops --permutation-file ${E2E_DIR}/too_few_destinations.txt)
optinet_usage_error_test(sorting_duplicate_destination "--permutation-file"
                         pops --protocol sorting --permutation-file ${E2E_DIR}/duplicate_destination.txt)
optinet_usage_error_test(sorting_d_not_power_of_two "--d/--g" pops --protocol sorting --d 3 --g 4)
optinet_usage_error_test(sorting_g_not_power_of_two "--d/--g" pops --protocol sorting --d 4 --g 6)
optinet_usage_error_test(sorter_without_sorting "--sorter" pops --sorter bitonic)
optinet_usage_error_test(sorter_unknown "--sorter" pops --protocol sorting --sorter quick)
optinet_usage_error_test(permutation_file_missing "--permutation-file"
                         pops --permutation-file ${E2E_DIR}/no-such-file.txt)
optinet_usage_error_test(trace_group_without_vcd "--trace-group" pops --trace-group 0)

# The sorting router end to end: a partial permutation, both sorters, exactly its slot count
# (POPS(8,2): 14 stages of 8 slots), status 0.
foreach(sorter odd-even bitonic)
  add_test(NAME cli_sorting_partial_${sorter}
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_exit_status.sh 0
                   "slots mean 63.00 sd 0.00 max 63.00"
                   ${OPTINET_BIN} pops --protocol sorting --sorter ${sorter} --d 8 --g 2
                   --traffic partial --runs 3 --quiet)
  set_tests_properties(cli_sorting_partial_${sorter} PROPERTIES TIMEOUT 30)
endforeach()

# A run stopped at the slot limit fails with status 1 and says so.
add_test(NAME cli_slot_limit_exit_status
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_exit_status.sh 1 ""
                 ${OPTINET_BIN} pops --d 32 --g 2 --max-slots 50 --quiet)
set_tests_properties(cli_slot_limit_exit_status PROPERTIES TIMEOUT 30)

# A good run with --json: exit 0 and a JSON object with runs and their summary.
add_test(NAME cli_json_output
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/cli_json_run.sh ${OPTINET_BIN}
                 ${E2E_DIR}/run.json "${OPTINET_PYTHON}" ${CMAKE_CURRENT_SOURCE_DIR}/pops/check_json.py)
set_tests_properties(cli_json_output PROPERTIES TIMEOUT 60 SKIP_RETURN_CODE 77)

# Bad --rtl specs are one line and exit 2.
optinet_usage_error_test(rtl_no_such_coupler "--rtl" pops --rtl coupler:4:0=optical_passive_star)
optinet_usage_error_test(rtl_not_a_coupler "--rtl" pops --rtl link:0:1=optical_passive_star)
optinet_usage_error_test(rtl_unknown_model "--rtl" pops --rtl coupler:1:0=my_star)
optinet_usage_error_test(rtl_grouped_view "--rtl"
                         pops --view grouped --rtl coupler:1:0=optical_passive_star)
optinet_usage_error_test(rtl_grouped_by_default "--rtl"
                         pops --d 64 --g 64 --rtl coupler:1:0=optical_passive_star)
optinet_usage_error_test(rtl_named_twice "--rtl" pops --rtl coupler:1:0=optical_passive_star
                         --rtl coupler:1:0=optical_passive_star:lockstep)
optinet_usage_error_test(rtl_more_sources_than_ports "--rtl"
                         pops --d 128 --g 2 --view pins --rtl coupler:1:0=optical_passive_star)
optinet_usage_error_test(pops_view_unknown "--view" pops --view literal)
optinet_usage_error_test(pops_pins_rtl_coupler "--coupler" pops --view pins --coupler rtl)
optinet_usage_error_test(pops_pins_trace_slots "--trace-slots"
                         pops --view pins --vcd ${E2E_DIR}/pins.vcd --trace-slots 0:9)

if(Python3_Interpreter_FOUND)
  # POPS's pins and grouped views give the same runs (JSON and VCD) for every protocol.
  optinet_script_test(pops_views_match pops/pops_views_match.py views 300)
  # The pins view's GTKWave save file: its signals are in the demo's VCD, its collisions true.
  add_test(NAME pops_pins_gtkw_signals
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/pops/pops_pins_gtkw.py
                   ${OPTINET_BIN} ${PROJECT_SOURCE_DIR}/traces/pops_pins_coupler.gtkw ${E2E_DIR})
  set_tests_properties(pops_pins_gtkw_signals PROPERTIES TIMEOUT 30)
endif()
