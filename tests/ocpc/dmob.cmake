# Tests of the D-dimensional mesh of optical buses (`optinet dmob`).
optinet_gtest(ocpc/test_dmob_indexing SHARE_A_PROCESS)
optinet_gtest(ocpc/test_dmob_sim)
optinet_gtest(ocpc/test_dmob_funnel_embedding SHARE_A_PROCESS)

# D = 2 is the MOB-PC: dim-order on dmob --dim 2 gives exactly row-column's runs on mob.
if(Python3_Interpreter_FOUND)
  add_test(NAME dmob_dim2_matches_mob
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/ocpc/dmob_matches_mob.py
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
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_in_file.sh ${E2E_DIR}/dmob.vcd
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
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_exit_status.sh 1 "STOPPED AT SLOT LIMIT"
                 ${OPTINET_BIN} dmob --k 4 --dim 3 --h 4 --max-slots 6)
set_tests_properties(dmob_slot_limit_exit_status PROPERTIES TIMEOUT 30)

# funnel (Theorem 2: the split&hash Funnel Algorithm simulated on the mesh). The embedding and
# the routes are checked by test_dmob_funnel_embedding; here conservation (exit status 0: the
# scoreboard found every packet delivered once, intact), exact step counts, the failure paths
# and bad input.
# dmob_conserves(PROTOCOL TRAFFIC ARGS...): one test per ARGS (options separated by commas),
# named dmob_PROTOCOL_conserves.ARGS, that runs the protocol with --traffic TRAFFIC (none if
# empty) and must exit 0.
function(dmob_conserves protocol traffic)
  string(REPLACE "-" "_" stem "${protocol}")
  set(traffic_option "")
  if(traffic)
    set(traffic_option --traffic ${traffic})
  endif()
  foreach(args ${ARGN})
    string(REPLACE "," ";" options "${args}")
    string(REPLACE "," "_" name "${args}")
    string(REPLACE "--" "" name "${name}")
    add_test(NAME dmob_${stem}_conserves.${name}
             COMMAND ${OPTINET_BIN} dmob --protocol ${protocol} ${traffic_option} ${options} --quiet)
    set_tests_properties(dmob_${stem}_conserves.${name} PROPERTIES TIMEOUT 60)
  endforeach()
endfunction()
dmob_conserves(funnel permutation "--k,4,--dim,2,--runs,3,--seed,1"
               "--k,6,--dim,2,--a,3,--network-seed,2,--runs,3,--seed,4"
               "--k,7,--dim,3,--network-seed,4,--runs,2,--seed,2"
               "--k,8,--dim,3,--network-seed,6,--runs,2,--seed,7")
# Exact: k = 4, d = 2: 9 batches of one round (4 steps of 4 phases of 3 + 1 slots, there and
# back, and the line slot) and the last level (3 slots): 9 * (129 + 3) = 1188 slots.
add_test(NAME dmob_funnel_exact_steps_k4_d2
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_exit_status.sh 0
                 "^run 0 (seed 1): 1188 slots, 594 steps, 16/16 delivered"
                 ${OPTINET_BIN} dmob --k 4 --dim 2 --protocol funnel --traffic permutation --seed 1)
add_test(NAME dmob_funnel_exact_steps_k8_d3
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_exit_status.sh 0
                 "^run 0 (seed 1): 6929 slots, 3464 steps, 512/512 delivered"
                 ${OPTINET_BIN} dmob --k 8 --dim 3 --protocol funnel --traffic permutation --seed 1)
# One batch and two rounds per level: packets stay stuck; the run fails and says so.
add_test(NAME dmob_funnel_stuck_exit_status
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_exit_status.sh 1 "stuck in the Funnel"
                 ${OPTINET_BIN} dmob --k 8 --dim 3 --protocol funnel --batches 1 --round-limit 2
                 --traffic permutation)
add_test(NAME dmob_funnel_slot_limit_exit_status
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_exit_status.sh 1 "STOPPED AT SLOT LIMIT"
                 ${OPTINET_BIN} dmob --k 4 --dim 2 --protocol funnel --max-slots 50)
set_tests_properties(dmob_funnel_exact_steps_k4_d2 dmob_funnel_exact_steps_k8_d3
                     dmob_funnel_stuck_exit_status dmob_funnel_slot_limit_exit_status
                     PROPERTIES TIMEOUT 60)
# The JSON carries the preprocessing's size and the funnel fields of every run.
add_test(NAME dmob_funnel_json
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_in_file.sh ${E2E_DIR}/dmob_funnel.json
                 "+\"psi_permutations\":16" "+\"preprocessing_entries_max\":" "+\"stuck\":0"
                 "+\"max_rounds\":1"
                 -- ${OPTINET_BIN} dmob --k 4 --dim 2 --protocol funnel --traffic permutation
                 --json ${E2E_DIR}/dmob_funnel.json --quiet)
set_tests_properties(dmob_funnel_json PROPERTIES TIMEOUT 30)
optinet_usage_error_test(dmob_funnel_a_too_small "--a" dmob --k 4 --dim 2 --protocol funnel --a 1)
optinet_usage_error_test(dmob_funnel_blocks_do_not_fit "--a" dmob --k 8 --dim 2 --protocol funnel
                         --a 5)
optinet_usage_error_test(dmob_funnel_a_needs_funnel "--a" dmob --k 8 --dim 2 --a 3)
optinet_usage_error_test(dmob_funnel_needs_permutations "--h" dmob --k 4 --dim 2 --protocol funnel
                         --h 2)
optinet_usage_error_test(dmob_funnel_network_seed_negative "--network-seed" dmob --k 4 --dim 2
                         --protocol funnel --network-seed -1)
optinet_usage_error_test(dmob_funnel_batches_zero "--batches" dmob --k 4 --dim 2 --protocol funnel
                         --batches 0)
optinet_usage_error_test(dmob_funnel_round_limit_zero "--round-limit" dmob --k 4 --dim 2
                         --protocol funnel --round-limit 0)
# The memory estimate counts funnel's preprocessed routes (--check: nothing is elaborated).
if(Python3_Interpreter_FOUND)
  add_test(NAME dmob_funnel_memory_estimate_counts_routes
           COMMAND ${Python3_EXECUTABLE} -c
                   "import json, subprocess, sys
def estimate(p):
    out = subprocess.run([sys.argv[1], 'dmob', '--k', '12', '--dim', '5', '--protocol', p, '--check'], capture_output=True, check=True).stdout
    return json.loads(out)['memory_estimate_bytes']
sys.exit(0 if estimate('funnel') > estimate('dim-order') + 300000000 else 1)"
                   ${OPTINET_BIN})
  set_tests_properties(dmob_funnel_memory_estimate_counts_routes PROPERTIES TIMEOUT 30)
endif()

# random-function (Corollary 3b: the split&hash random-function algorithm on the mesh):
# conservation (exit status 0: the scoreboard found every packet delivered once, intact).
dmob_conserves(random-function random-function "--k,16,--dim,2,--a,3,--runs,1,--seed,1"
               "--k,32,--dim,2,--a,3,--runs,2,--seed,1" "--k,8,--dim,2,--runs,2,--seed,2"
               "--k,8,--dim,1,--runs,3,--seed,1")
# Exact: k = 16, d = 2, a = 3: 2 (2ad + 1) = 26 random batches of one round at level 1
# (a_1 = 6 steps of iota_1 = 8 phases of 3 + 1 slots, there and back: 64 slots a step, and the
# line slot: 385), the hand-over slot, then gjlr on the 16-node buses of dimension 0 with
# h = 26, which takes 574 slots as on the OCPC (`ocpc --p 16 --protocol gjlr --h 26`):
# 26 * 385 + 1 + 574 = 10585 slots.
add_test(NAME dmob_random_function_exact_steps_k16_d2
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_exit_status.sh 0
                 "^run 0 (seed 1): 10585 slots, 5292 steps, 256/256 delivered"
                 ${OPTINET_BIN} dmob --k 16 --dim 2 --a 3 --protocol random-function
                 --traffic random-function --seed 1)
add_test(NAME dmob_random_function_gjlr_part_k16
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_exit_status.sh 0
                 "^run 0 (seed 1): 574 slots"
                 ${OPTINET_BIN} ocpc --p 16 --protocol gjlr --h 26 --seed 1)
# Blocks of one node at level 1 (k = 4, a_1 = 4): two packets of a random batch for one child
# funnel can never both be placed, so the shape is refused before it runs. With blocks of two
# (k = 8) a packet can still be stuck (seed 2): the run fails and says so.
optinet_usage_error_test(dmob_random_function_one_node_blocks_d2 "k >= 8" dmob --k 4 --dim 2
                         --protocol random-function --traffic random-function --seed 1)
add_test(NAME dmob_random_function_stuck_exit_status
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_exit_status.sh 1 "stuck in the Funnel"
                 ${OPTINET_BIN} dmob --k 8 --dim 2 --protocol random-function --seed 2)
set_tests_properties(dmob_random_function_exact_steps_k16_d2 dmob_random_function_gjlr_part_k16
                     dmob_random_function_stuck_exit_status PROPERTIES TIMEOUT 60)
if(Python3_Interpreter_FOUND)
  add_test(NAME dmob_random_function_reproducible
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/ocpc/dmob_runs_reproducible.py
                   ${OPTINET_BIN} ${E2E_DIR}/dmob_rf_repro dmob --k 8 --dim 2 --runs 2
                   --protocol random-function --traffic random-function)
  set_tests_properties(dmob_random_function_reproducible PROPERTIES TIMEOUT 60)
endif()
optinet_usage_error_test(dmob_random_function_traffic_needs_protocol "--traffic" dmob --k 8 --dim 2
                         --protocol funnel --traffic random-function)
optinet_usage_error_test(dmob_random_function_one_packet "--h" dmob --k 8 --dim 2
                         --protocol random-function --h 2)
optinet_usage_error_test(dmob_random_function_no_applications "--applications" dmob --k 8
                         --dim 2 --protocol random-function --applications 2)
optinet_usage_error_test(dmob_random_function_cannot_embed "--a" dmob --k 4 --dim 3
                         --protocol random-function)

# h-relation (Theorem 4b: the split&hash h-relation algorithm on the mesh): conservation.
dmob_conserves(h-relation "" "--k,8,--dim,2,--h,1,--runs,2,--seed,1"
               "--k,8,--dim,2,--h,2,--runs,2,--seed,1" "--k,16,--dim,2,--a,3,--h,4,--runs,1,--seed,1"
               "--k,8,--dim,1,--h,3,--runs,2,--seed,1")
# Exact: k = 8, d = 2, a = 2, h = 1: no thinning phase (log h = 0), so the remainder is every
# packet, at level 2: one line slot (up), the spreading's 16-slot maximum (1: nothing moves),
# 2 * 18 random batches of one round at level 1 (a_1 = 4 steps of iota_1 = 4 phases of 3 + 1
# slots, there and back, and the line slot: 129 each), one line slot (down), the 16-slot
# maximum of the level-1 loads (6 in this run), the hand-over slot, then gjlr on the 8-node buses
# of dimension 0 with h' = 6, 210 slots as on the OCPC (`ocpc --p 8 --protocol gjlr --h 6`):
# 1 + 16 + 36 * 129 + 1 + 16 + 1 + 210 = 4889 slots.
add_test(NAME dmob_h_relation_exact_steps_k8_d2_h1
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_exit_status.sh 0
                 "^run 0 (seed 1): 4889 slots, 2444 steps, 64/64 delivered"
                 ${OPTINET_BIN} dmob --k 8 --dim 2 --protocol h-relation --h 1 --seed 1)
add_test(NAME dmob_h_relation_gjlr_part_k8
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_exit_status.sh 0
                 "^run 0 (seed 1): 210 slots"
                 ${OPTINET_BIN} ocpc --p 8 --protocol gjlr --h 6 --seed 1)
# One application allowed and one round per level: what the remainder leaves is stuck; the run
# fails and says so.
add_test(NAME dmob_h_relation_stuck_exit_status
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_exit_status.sh 1 "stuck in the Funnel"
                 ${OPTINET_BIN} dmob --k 8 --dim 2 --protocol h-relation --h 1 --seed 2
                 --applications 1 --round-limit 1)
set_tests_properties(dmob_h_relation_exact_steps_k8_d2_h1 dmob_h_relation_gjlr_part_k8
                     dmob_h_relation_stuck_exit_status PROPERTIES TIMEOUT 60)
if(Python3_Interpreter_FOUND)
  add_test(NAME dmob_h_relation_reproducible
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/ocpc/dmob_runs_reproducible.py
                   ${OPTINET_BIN} ${E2E_DIR}/dmob_hr_repro dmob --k 8 --dim 2 --runs 2
                   --protocol h-relation --h 2)
  set_tests_properties(dmob_h_relation_reproducible PROPERTIES TIMEOUT 60)
  # The JSON carries the thinning schedule and the applications.
  add_test(NAME dmob_h_relation_json
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_in_file.sh ${E2E_DIR}/dmob_hr.json
                   "+\"applications\":8" "+\"function_groups\":" "+\"stuck\":0"
                   -- ${OPTINET_BIN} dmob --k 8 --dim 2 --protocol h-relation --h 2
                   --json ${E2E_DIR}/dmob_hr.json --quiet)
  set_tests_properties(dmob_h_relation_json PROPERTIES TIMEOUT 30)
endif()
optinet_usage_error_test(dmob_h_relation_h_above_log_n "--h" dmob --k 8 --dim 2
                         --protocol h-relation --h 7)
optinet_usage_error_test(dmob_h_relation_no_room_for_groups "--h" dmob --k 8 --dim 2
                         --protocol h-relation --h 4 --thinning-c 30)
optinet_usage_error_test(dmob_h_relation_thinning_needs_protocol "--thinning-rounds" dmob --k 8
                         --dim 2 --protocol funnel --thinning-rounds 3)
optinet_usage_error_test(dmob_h_relation_not_random_function "--traffic" dmob --k 8 --dim 2
                         --protocol h-relation --traffic random-function)
optinet_usage_error_test(dmob_h_relation_cannot_embed "--a" dmob --k 4 --dim 3
                         --protocol h-relation --h 2)
# A shape the protocol cannot serve is refused before it runs, with the reason: random-function
# on blocks of one node (here k = 6, D = 3, a = 2: a_1 = 6 blocks of one of the 6 level-1
# nodes); the split&hash network the same.
optinet_usage_error_test(dmob_random_function_one_node_blocks "k >= 12" dmob --k 6 --dim 3
                         --protocol random-function)
optinet_usage_error_test(splithash_random_function_one_node_blocks "k >= 12" splithash --k 6
                         --depth 3 --protocol random-function)
