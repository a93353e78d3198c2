# Tests of area 'ocpc' (see cmake/ocpc.cmake); uses optinet_gtest, OPTINET_BIN, E2E_DIR from CMakeLists.txt.
optinet_usage_error_test(ocpc_view_unknown "--view" ocpc --view literal)
optinet_usage_error_test(rtl_no_such_receiver "--rtl" ocpc --rtl receiver:16=ocpc_bus_receiver)
optinet_usage_error_test(rtl_not_a_receiver "--rtl" ocpc --rtl coupler:1:0=ocpc_bus_receiver)
optinet_usage_error_test(rtl_unknown_receiver_model "--rtl" ocpc --rtl receiver:1=my_receiver)
optinet_usage_error_test(rtl_receiver_grouped_view "--rtl"
                         ocpc --view grouped --rtl receiver:1=ocpc_bus_receiver)
optinet_usage_error_test(rtl_receiver_more_transmitters_than_lanes "--rtl"
                         ocpc --p 128 --rtl receiver:1=ocpc_bus_receiver)
optinet_usage_error_test(rtl_receiver_named_twice "--rtl" ocpc --rtl receiver:1=ocpc_bus_receiver
                         --rtl receiver:1=ocpc_bus_receiver:lockstep)
optinet_usage_error_test(rtl_receiver_with_faults "--rtl"
                         ocpc --rtl receiver:1=ocpc_bus_receiver --fault jammer:3)
optinet_usage_error_test(ocpc_pins_trace_slots "--trace-slots"
                         ocpc --view pins --vcd ${E2E_DIR}/ocpc_pins.vcd --trace-slots 0:9)
if(Python3_Interpreter_FOUND)
  # The OCPC's pins and grouped views give the same runs (JSON and VCD) for every protocol.
  optinet_script_test(ocpc_views_match ocpc/ocpc_views_match.py ocpc_views 300)
  # The D-MOB's pins and grouped views give the same runs (JSON and VCD) for every protocol.
  optinet_script_test(dmob_views_match ocpc/dmob_views_match.py dmob_views 300)
endif()

optinet_gtest(ocpc/test_ocpc_bus)
optinet_gtest(ocpc/test_ocpc_protocols)
optinet_gtest(ocpc/test_ocpc_collectives)
optinet_gtest(ocpc/test_ocpc_h_relation SHARE_A_PROCESS)

# Bad input: exit status 2, one line on stderr naming the option, before anything runs.
file(WRITE ${E2E_DIR}/ocpc_relation_h1.txt "# processor 5 is the destination of two messages\n0 5\n1 5\n")
optinet_usage_error_test(ocpc_p_too_small "--p" ocpc --p 1)
optinet_usage_error_test(ocpc_p_too_large "--p" ocpc --p 300000)
optinet_usage_error_test(mob_p_too_large "--p" mob --p 600)
optinet_usage_error_test(ocpc_unknown_protocol "--protocol" ocpc --protocol nope)
optinet_usage_error_test(mob_ocpc_only_protocol "--protocol" mob --protocol coinflip)
optinet_usage_error_test(ocpc_mob_only_protocol "--protocol" ocpc --protocol row-column)
optinet_usage_error_test(ocpc_unknown_traffic "--traffic" ocpc --traffic nope)
optinet_usage_error_test(ocpc_lower_bound_h1 "--h" ocpc --traffic lower-bound --h 1)
optinet_usage_error_test(ocpc_h_zero "--h" ocpc --h 0)
optinet_usage_error_test(ocpc_relation_file_breaks_h "processor 5" ocpc --p 8 --h 1
                         --relation-file ${E2E_DIR}/ocpc_relation_h1.txt)
optinet_usage_error_test(ocpc_relation_file_missing "--relation-file" ocpc
                         --relation-file ${E2E_DIR}/no-such-relation.txt)
optinet_usage_error_test(ocpc_relation_file_and_traffic "--relation-file" ocpc
                         --traffic permutation --relation-file ${E2E_DIR}/ocpc_relation_h1.txt)
optinet_usage_error_test(ocpc_unwritable_json "--json" ocpc --json /nonexistent-dir/x.json)
optinet_usage_error_test(ocpc_trace_nodes_without_vcd "--trace-nodes" ocpc --trace-nodes 0:3)
optinet_usage_error_test(ocpc_trace_nodes_out_of_range "--trace-nodes" ocpc --p 8 --vcd
                         ${E2E_DIR}/x.vcd --trace-nodes 2:8)
optinet_usage_error_test(ocpc_trace_slots_reversed "--trace-slots" ocpc --vcd ${E2E_DIR}/x.vcd
                         --trace-slots 9:3)

# The same relation file with h = 2 runs (exit 0).
add_test(NAME ocpc_relation_file_runs
         COMMAND ${OPTINET_BIN} ocpc --p 8 --h 2 --relation-file ${E2E_DIR}/ocpc_relation_h1.txt
                 --protocol valiant --quiet)
set_tests_properties(ocpc_relation_file_runs PROPERTIES TIMEOUT 30)

# A run stopped at the slot limit fails with status 1 and says so.
add_test(NAME ocpc_slot_limit_exit_status
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_exit_status.sh 1 "STOPPED AT SLOT LIMIT"
                 ${OPTINET_BIN} ocpc --p 64 --h 4 --max-slots 6)
set_tests_properties(ocpc_slot_limit_exit_status PROPERTIES TIMEOUT 30)

# --vcd: bus and processor signals under hierarchical names (mob.row_bus0, mob.col_bus2,
# mob.row1.proc2 with rx_collision).
add_test(NAME ocpc_vcd_hierarchy
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_in_file.sh ${E2E_DIR}/mob.vcd
                 "+scope module row_bus0" "+scope module col_bus2" "+scope module row1"
                 +rx_collision +collisions +frame_packet
                 -- ${OPTINET_BIN} mob --p 3 --seed 3 --vcd ${E2E_DIR}/mob.vcd --quiet)
set_tests_properties(ocpc_vcd_hierarchy PROPERTIES TIMEOUT 30)

if(Python3_Interpreter_FOUND)
  add_test(NAME ocpc_json_output
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/ocpc/test_ocpc_json.py
                   ${OPTINET_BIN} ${E2E_DIR})
  set_tests_properties(ocpc_json_output PROPERTIES TIMEOUT 60)
endif()

# gjlr (area gjlr)
optinet_gtest(ocpc/test_ocpc_gjlr_plan SHARE_A_PROCESS)
optinet_gtest(ocpc/test_ocpc_gjlr_sim)

# Hardware acknowledgements (untraced processors) give exactly the runs of processors that step
# both slots themselves (traced), and of a mix of the two.
if(Python3_Interpreter_FOUND)
  add_test(NAME hardware_acks_match_stepping
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/ocpc/hardware_acks_match_stepping.py
                   ${OPTINET_BIN} ${E2E_DIR}/hardware_acks)
  set_tests_properties(hardware_acks_match_stepping PROPERTIES TIMEOUT 120)
endif()

# The schedule tables of docs/results/ocpc-mob.md against the plan code.
optinet_gtest(ocpc/test_ocpc_mob_page_schedules SHARE_A_PROCESS)
target_compile_definitions(test_ocpc_mob_page_schedules PRIVATE
                           OPTINET_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
