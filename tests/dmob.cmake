# Tests of the D-dimensional mesh of optical buses (issue 17, `optinet dmob`).
optinet_gtest(test_dmob_indexing SHARE_A_PROCESS)
optinet_gtest(test_dmob_sim)
optinet_gtest(test_dmob_funnel_embedding SHARE_A_PROCESS)

# D = 2 is the MOB-PC: dim-order on dmob --dim 2 gives exactly row-column's runs on mob.
if(Python3_Interpreter_FOUND)
  add_test(NAME dmob_dim2_matches_mob
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/dmob_matches_mob.py
                   ${OPTINET_BIN} ${E2E_DIR}/dmob)
  set_tests_properties(dmob_dim2_matches_mob PROPERTIES TIMEOUT 120)
endif()

# Bad input: exit status 2, one line on stderr naming the option, before anything runs.
optinet_usage_error_test(dmob_k_too_small "--k" dmob --k 1)
optinet_usage_error_test(dmob_dim_zero "--dim" dmob --dim 0)
optinet_usage_error_test(dmob_too_many_nodes "--dim" dmob --k 16 --dim 5)
optinet_usage_error_test(dmob_too_large_for_memory "--k" dmob --k 64 --dim 3 --max-memory 20M)
optinet_usage_error_test(dmob_ocpc_protocol "--protocol" dmob --protocol coinflip)
optinet_usage_error_test(dmob_gjlr "--protocol" dmob --protocol gjlr)
optinet_usage_error_test(dmob_mob_name "--protocol" dmob --protocol row-column)
optinet_usage_error_test(dmob_open_loop "--traffic" dmob --traffic bernoulli --rate 0.1)
optinet_usage_error_test(dmob_p_is_mob "--p" dmob --p 4)
optinet_usage_error_test(mob_dim_is_dmob "--dim" mob --dim 3)
optinet_usage_error_test(dmob_relation_breaks_h "processor 5" dmob --k 3 --dim 2 --h 1
                         --relation-file ${E2E_DIR}/ocpc_relation_h1.txt)
optinet_usage_error_test(dmob_trace_nodes_out_of_range "--trace-nodes" dmob --k 2 --dim 3 --vcd
                         ${E2E_DIR}/dmob_x.vcd --trace-nodes 2:8)

# --vcd: per-bus signals and processors under hierarchical names (dmob.bus_d2_4,
# dmob.x2_1.x1_0.proc2 with rx_collision).
add_test(NAME dmob_vcd_hierarchy
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/expect_in_file.sh ${E2E_DIR}/dmob.vcd
                 "+scope module bus_d0_0 " "+scope module bus_d2_4 " "+scope module x2_1 "
                 "+scope module x1_0 " "+scope module proc2 " +rx_collision +collisions
                 +frame_packet
                 -- ${OPTINET_BIN} dmob --k 3 --dim 3 --seed 3 --vcd ${E2E_DIR}/dmob.vcd --quiet)
set_tests_properties(dmob_vcd_hierarchy PROPERTIES TIMEOUT 30)

# The relation file runs on dmob (a 2-relation on 9 nodes), and the slot limit stops a run.
add_test(NAME dmob_relation_file_runs
         COMMAND ${OPTINET_BIN} dmob --k 3 --dim 2 --h 2
                 --relation-file ${E2E_DIR}/ocpc_relation_h1.txt --quiet)
set_tests_properties(dmob_relation_file_runs PROPERTIES TIMEOUT 30)
add_test(NAME dmob_slot_limit_exit_status
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/expect_exit_status.sh 1 "STOPPED AT SLOT LIMIT"
                 ${OPTINET_BIN} dmob --k 4 --dim 3 --h 4 --max-slots 6)
set_tests_properties(dmob_slot_limit_exit_status PROPERTIES TIMEOUT 30)
