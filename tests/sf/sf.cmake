# Tests of area 'sf' (see cmake/sf.cmake); uses optinet_gtest, OPTINET_BIN, E2E_DIR from CMakeLists.txt.
# Bad --rtl link specs and --view are one line and exit 2.
optinet_usage_error_test(rtl_sf_no_such_link "--rtl" hypercube --n 4 --rtl link:0:3=sf_link_stage)
optinet_usage_error_test(rtl_sf_not_a_link "--rtl" hypercube --n 4 --rtl coupler:0:1=sf_link_stage)
optinet_usage_error_test(rtl_sf_unknown_model "--rtl" grid --rtl link:0:1=my_link)
optinet_usage_error_test(rtl_sf_pins_do_not_fit "--rtl"
                         hypercube --n 4 --rtl link:0:1=optical_passive_star)
optinet_usage_error_test(rtl_sf_grouped_view "--rtl"
                         hypercube --n 4 --view grouped --rtl link:0:1=sf_link_stage)
optinet_usage_error_test(rtl_sf_grouped_by_default "--rtl"
                         hypercube --n 11 --rtl link:0:1=sf_link_stage)
optinet_usage_error_test(rtl_sf_named_twice "--rtl" hypercube --n 4
                         --rtl link:0:1=sf_link_stage --rtl link:0:1=sf_link_stage:lockstep)
optinet_usage_error_test(sf_unknown_view "--view" ccc --view wires)
optinet_usage_error_test(sf_pins_node_processes "--node-processes"
                         hypercube --n 4 --view pins --node-processes)
if(Python3_Interpreter_FOUND)
  # The store-and-forward networks' pins and grouped views give the same runs (JSON, and VCD
  # values slot by slot) for every topology and scheme.
  optinet_script_test(sf_views_match sf/sf_views_match.py sf_views 300)
endif()

optinet_gtest(sf/test_sf_tickets SHARE_A_PROCESS)
optinet_gtest(sf/test_sf_line)
optinet_gtest(sf/test_sf_phases)
optinet_gtest(sf/test_sf_networks)
optinet_gtest(sf/test_sf_step_list)
optinet_gtest(sf/test_sf_deadlock)

optinet_usage_error_test(sf_hypercube_n_zero "--n" hypercube --n 0)
optinet_usage_error_test(sf_hypercube_n_large "--n" hypercube --n 40)
optinet_usage_error_test(sf_shuffle_d_one "--d" shuffle --d 1 --n 3)
optinet_usage_error_test(sf_shuffle_too_many_nodes "--n" shuffle --d 16 --n 8)
optinet_usage_error_test(sf_ccc_s_one "--s" ccc --s 1)
optinet_usage_error_test(sf_grid_too_many_nodes "--k" grid --n 100 --k 4)
optinet_usage_error_test(sf_wrong_protocol "--protocol" hypercube --protocol mshuffle)
optinet_usage_error_test(sf_grid3_needs_k2 "--protocol" grid --n 4 --k 3 --protocol grid3)
optinet_usage_error_test(sf_unknown_discipline "--discipline" hypercube --discipline lifo)
optinet_usage_error_test(sf_capacity_not_a_number "--queue-capacity" hypercube --queue-capacity x)
optinet_usage_error_test(sf_unknown_traffic "--traffic" hypercube --traffic nope)
optinet_usage_error_test(sf_runs_zero "--runs" ccc --runs 0)
optinet_usage_error_test(sf_option_of_other_network "--s" hypercube --s 3)
optinet_usage_error_test(sf_unwritable_json "--json" grid --json /nonexistent-dir/x.json)
optinet_usage_error_test(sf_unwritable_vcd "--vcd" shuffle-exchange --vcd /nonexistent-dir/x.vcd)

# A run that is too slow stops at the slot limit: exit status 1.
add_test(NAME sf_slot_limit_exit_status
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_exit_status.sh 1 ""
                 ${OPTINET_BIN} hypercube --n 8 --max-slots 5 --quiet)
set_tests_properties(sf_slot_limit_exit_status PROPERTIES TIMEOUT 30)
# A run that deadlocks ends at once with its reason (not at the slot limit): exit status 1.
add_test(NAME sf_deadlock_exit_status
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_exit_status.sh 1
                 "DEADLOCKED" ${OPTINET_BIN} shuffle-exchange --n 4 --traffic random
                 --queue-capacity 1)
set_tests_properties(sf_deadlock_exit_status PROPERTIES TIMEOUT 10)

# --json: the per-run fields and the summary the docs and scripts rely on.
if(Python3_Interpreter_FOUND)
  add_test(NAME sf_json_output
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/sf/test_sf_json.py
                   ${OPTINET_BIN} ${E2E_DIR}/sf_run.json)
  set_tests_properties(sf_json_output PROPERTIES TIMEOUT 30)
endif()

# --vcd: a trace with the hierarchical link names.
add_test(NAME sf_vcd_names
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_in_file.sh ${E2E_DIR}/sf_run.vcd
                 +link_d2 +busy
                 -- ${OPTINET_BIN} hypercube --n 3 --vcd ${E2E_DIR}/sf_run.vcd --quiet)
set_tests_properties(sf_vcd_names PROPERTIES TIMEOUT 30)

# --trace-nodes: only the chosen nodes and their links are in the VCD.
add_test(NAME sf_vcd_trace_nodes
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_in_file.sh ${E2E_DIR}/sf_nodes.vcd
                 +node3 "-node4 " "-node1 "
                 -- ${OPTINET_BIN} hypercube --n 4 --vcd ${E2E_DIR}/sf_nodes.vcd --trace-nodes 2:3
                 --quiet)
set_tests_properties(sf_vcd_trace_nodes PROPERTIES TIMEOUT 30)
optinet_usage_error_test(sf_trace_nodes_without_vcd "--trace-nodes" hypercube --trace-nodes 0:1)
optinet_usage_error_test(sf_trace_nodes_out_of_range "--trace-nodes" hypercube --n 3 --vcd ${E2E_DIR}/x.vcd --trace-nodes 2:9)

# Open-loop runs (--traffic bernoulli|bursty) on the grid and the hypercube.
optinet_gtest(sf/test_sf_open_loop)
optinet_usage_error_test(sf_open_loop_on_ccc "--traffic" ccc --traffic bernoulli)
optinet_usage_error_test(sf_open_loop_phase_b_start "--phase-b-start" grid --traffic bernoulli
                         --phase-b-start 100)
optinet_usage_error_test(sf_open_loop_transpose_not_square "--pattern" hypercube --n 5
                         --traffic bernoulli --pattern transpose)
optinet_usage_error_test(sf_open_loop_ids_overflow "--max-slots" hypercube --n 20
                         --traffic bernoulli --max-slots 100000)
# --phases: pipelined or separate (the paper's set-up); separate is a permutation run's.
optinet_usage_error_test(sf_phases_unknown "--phases: 'both' is not accepted (pipelined or separate)"
                         hypercube --phases both)
optinet_usage_error_test(sf_phases_separate_with_start "--phase-b-start: not with --phases separate"
                         hypercube --phases separate --phase-b-start 10)
optinet_usage_error_test(sf_phases_separate_open_loop "--phases: separate phases"
                         grid --traffic bernoulli --phases separate)

# h-relations (--traffic random-h-relation --h H, --relation-file): the OCPC family's readers.
optinet_gtest(sf/test_sf_h_relation)
file(WRITE ${E2E_DIR}/sf_relation_h2.txt "# node 5 is the destination of two packets\n0 5\n1 5\n")
optinet_usage_error_test(sf_h_without_relation "--h: needs --traffic random-h-relation"
                         hypercube --h 2)
optinet_usage_error_test(sf_unknown_traffic_lists_relation "partial, random-h-relation;" ccc
                         --traffic nope)
optinet_usage_error_test(sf_h_zero "--h" hypercube --traffic random-h-relation --h 0)
optinet_usage_error_test(sf_relation_file_breaks_h "processor 5" hypercube --n 4
                         --relation-file ${E2E_DIR}/sf_relation_h2.txt)
optinet_usage_error_test(sf_relation_file_missing "--relation-file" hypercube
                         --relation-file ${E2E_DIR}/no-such-relation.txt)
optinet_usage_error_test(sf_relation_file_and_traffic "--relation-file" hypercube
                         --traffic random --relation-file ${E2E_DIR}/sf_relation_h2.txt)
optinet_usage_error_test(sf_h_open_loop "--h" grid --traffic bernoulli --h 2)
add_test(NAME sf_relation_file_runs
         COMMAND ${OPTINET_BIN} hypercube --n 4 --h 2 --relation-file ${E2E_DIR}/sf_relation_h2.txt
                 --phases separate --quiet)
set_tests_properties(sf_relation_file_runs PROPERTIES TIMEOUT 30)

# Theorem 4's windows (--phase-window W).
optinet_gtest(sf/test_sf_windows)
optinet_usage_error_test(sf_phase_window_zero "--phase-window" grid --k 3 --phase-window 0)
optinet_usage_error_test(sf_phase_window_separate "--phase-window: not with --phases separate"
                         grid --k 3 --phase-window 10 --phases separate)

# The network's process stepping the nodes (the default) and one SC_METHOD per node
# (--node-processes) give exactly the same runs and VCDs.
if(Python3_Interpreter_FOUND)
  add_test(NAME sf_schedules_match
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/sf/sf_schedules_match.py
                   ${OPTINET_BIN} ${E2E_DIR}/sf_schedules)
  set_tests_properties(sf_schedules_match PROPERTIES TIMEOUT 120)
  # The network's look-ahead fetches are compiled in (GCC deletes prefetch-only loops).
  find_program(OBJDUMP_PROGRAM objdump)
  if(OBJDUMP_PROGRAM)
    add_test(NAME sf_prefetch_kept
             COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/repo/check_prefetch_kept.py
                     ${OPTINET_BIN} ${CMAKE_CXX_COMPILER} ${PROJECT_SOURCE_DIR})
  endif()
endif()
