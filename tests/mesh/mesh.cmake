# Tests of area 'mesh' (see cmake/mesh.cmake).
if(Python3_Interpreter_FOUND)
  # The mesh's pins and grouped views give the same runs (JSON and VCD) for every protocol.
  optinet_script_test(mesh_views_match mesh/mesh_views_match.py mesh_views 300)
endif()

optinet_gtest(mesh/test_mesh_logic SHARE_A_PROCESS)
optinet_gtest(mesh/test_mesh_sim)

optinet_usage_error_test(mesh_unknown_indexing "--indexing" mesh --indexing peano)
optinet_usage_error_test(mesh_hilbert_not_power_of_two "--n" mesh --n 12)
optinet_usage_error_test(mesh_buffers_zero "--buffers" mesh --buffers 0)
optinet_usage_error_test(mesh_levels_zero "--levels" mesh --levels 0)
optinet_usage_error_test(mesh_traffic "--traffic" mesh --traffic random)
optinet_usage_error_test(mesh_protocol "--protocol" mesh --protocol nope)
optinet_usage_error_test(mesh_unwritable_csv "--groups-csv" mesh --groups-csv /nonexistent-dir/x.csv)
add_test(NAME mesh_slot_limit_exit_status
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_exit_status.sh 1 ""
                 ${OPTINET_BIN} mesh --n 8 --max-slots 20 --quiet)
set_tests_properties(mesh_slot_limit_exit_status PROPERTIES TIMEOUT 30)
add_test(NAME mesh_vcd_names
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_in_file.sh ${E2E_DIR}/mesh.vcd
                 +link_x1_y2_E +occupancy +phase +level
                 -- ${OPTINET_BIN} mesh --n 4 --levels 2 --vcd ${E2E_DIR}/mesh.vcd --quiet)
set_tests_properties(mesh_vcd_names PROPERTIES TIMEOUT 30)
optinet_usage_error_test(mesh_membership "--membership" mesh --membership odd)
if(Python3_Interpreter_FOUND)
  add_test(NAME mesh_gtkw_signals
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/mesh/mesh_gtkw_names.py
                   ${OPTINET_BIN} ${PROJECT_SOURCE_DIR}/traces/mesh_sync_4x4.gtkw ${E2E_DIR})
  set_tests_properties(mesh_gtkw_signals PROPERTIES TIMEOUT 30)
endif()
if(Python3_Interpreter_FOUND)
  add_test(NAME mesh_json_output
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/mesh/test_mesh_json.py
                   ${OPTINET_BIN} ${E2E_DIR})
  set_tests_properties(mesh_json_output PROPERTIES TIMEOUT 30)
endif()
add_test(NAME mesh_vcd_trace_nodes
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_in_file.sh ${E2E_DIR}/mesh_nodes.vcd
                 +node_x1_y1 +link_x2_y1_E "-node_x3_y1 " "-link_x0_y0_E "
                 -- ${OPTINET_BIN} mesh --n 4 --vcd ${E2E_DIR}/mesh_nodes.vcd --trace-nodes 5:6
                 --quiet)
set_tests_properties(mesh_vcd_trace_nodes PROPERTIES TIMEOUT 30)
optinet_usage_error_test(mesh_trace_nodes_without_vcd "--trace-nodes" mesh --trace-nodes 0:1)
optinet_usage_error_test(mesh_trace_nodes_out_of_range "--trace-nodes" mesh --n 4 --vcd ${E2E_DIR}/m.vcd --trace-nodes 2:16)
# mesh_sync_paths takes no option: one given is refused (exit 2, one line); a full stdout is an
# error (exit 3), not a silent success.
add_test(NAME cli_usage_error.mesh_sync_paths_option
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/cli_usage_error.sh $<TARGET_FILE:mesh_sync_paths>
                 --n --n 3)
add_test(NAME mesh_sync_paths_full_stdout
         COMMAND sh -c "test ! -e /dev/full || { \"$0\" > /dev/full; test $? -eq 3; }"
                 $<TARGET_FILE:mesh_sync_paths>)
set_tests_properties(cli_usage_error.mesh_sync_paths_option mesh_sync_paths_full_stdout
                     PROPERTIES TIMEOUT 30)
optinet_usage_error_test(mesh_outbox "--outbox" mesh --outbox many)
optinet_usage_error_test(mesh_step4 "--step4" mesh --step4 sometimes)
optinet_usage_error_test(mesh_loop "--loop" mesh --loop forever)
optinet_usage_error_test(mesh_step4_sync_protocol "--step4" mesh --protocol sync --step4 one-by-one)
