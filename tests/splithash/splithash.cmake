# Tests of area 'splithash' (see cmake/splithash.cmake).
if(Python3_Interpreter_FOUND)
  # Split&hash's pins and grouped views give the same runs (JSON and VCD) for every protocol.
  optinet_script_test(splithash_views_match splithash/splithash_views_match.py splithash_views 300
                      ${trimmed_under_sanitizers})
endif()

optinet_gtest(splithash/test_splithash)

# Bad input: exit status 2, one line on stderr naming the option, before anything runs.
optinet_usage_error_test(splithash_k_too_small "--k" splithash --k 1)
optinet_usage_error_test(splithash_view_unknown "--view" splithash --view literal)
optinet_usage_error_test(splithash_pins_trace_slots "--trace-slots"
                         splithash --view pins --vcd ${E2E_DIR}/splithash_pins.vcd
                         --trace-slots 0:9)
optinet_usage_error_test(splithash_depth_zero "--depth" splithash --depth 0)
optinet_usage_error_test(splithash_a_too_small "--a" splithash --a 1)
optinet_usage_error_test(splithash_blocks_do_not_fit "--a" splithash --k 4 --depth 2 --a 3)
optinet_usage_error_test(splithash_too_many_sinks "--k" splithash --k 65536 --depth 2)
optinet_usage_error_test(splithash_too_large_for_memory "--max-memory" splithash --k 256
                         --depth 2 --max-memory 64M)
optinet_usage_error_test(splithash_unknown_protocol "--protocol" splithash --protocol nope)
optinet_usage_error_test(splithash_funnel_needs_permutations "--h" splithash --h 2)
optinet_usage_error_test(splithash_open_loop "--traffic" splithash --traffic bernoulli)
optinet_usage_error_test(splithash_batches_zero "--batches" splithash --batches 0)
optinet_usage_error_test(splithash_trace_nodes_without_vcd "--trace-nodes" splithash
                         --trace-nodes 0:3)

# A stuck packet ends its level at the round limit: the run fails with status 1 and says why.
add_test(NAME splithash_stuck_exit_status
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_exit_status.sh 1 "stuck in the Funnel"
                 ${OPTINET_BIN} splithash --k 16 --depth 3 --batches 1 --round-limit 5)
set_tests_properties(splithash_stuck_exit_status PROPERTIES TIMEOUT 60)

# The buses to the sinks run the OCPC's gjlr unchanged (random-function's last level).
add_test(NAME splithash_sink_bus_is_an_ocpc
         COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/splithash/check_splithash_sink_bus.py ${OPTINET_BIN})
set_tests_properties(splithash_sink_bus_is_an_ocpc PROPERTIES TIMEOUT 120)
optinet_usage_error_test(splithash_funnel_random_function "--traffic" splithash --traffic random-function)
optinet_usage_error_test(splithash_network_seed_negative "--network-seed" splithash --network-seed -1)
# h-relation (Theorem 4a): bad h refused before anything runs.
optinet_usage_error_test(splithash_h_relation_h_zero "--h" splithash --protocol h-relation --h 0)
optinet_usage_error_test(splithash_h_relation_h_above_log_n "--h" splithash --k 16 --depth 2
                         --a 3 --protocol h-relation --h 9)
optinet_usage_error_test(splithash_h_relation_groups_do_not_fit "--h" splithash --k 16 --depth 2
                         --a 2 --protocol h-relation --h 8 --thinning-c 4)
optinet_usage_error_test(splithash_h_relation_random_function "--traffic" splithash
                         --protocol h-relation --traffic random-function)
# The thinning options belong to the h-relation protocol: refused with another, not ignored.
optinet_usage_error_test(splithash_thinning_without_h_relation "--thinning-rounds" splithash --k 4
                         --thinning-rounds 3)
optinet_usage_error_test(splithash_applications_without_h_relation "--applications" splithash
                         --k 4 --applications 2)
optinet_usage_error_test(splithash_applications_zero "--applications" splithash
                         --protocol h-relation --applications 0)
