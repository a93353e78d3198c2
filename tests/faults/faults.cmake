# Injected hardware faults : --fault parsing, the faults acting slot for slot, the
# scoreboard's classification, and the command's exit status.
optinet_gtest(faults/test_fault_option SHARE_A_PROCESS)
optinet_gtest(faults/test_faults_sim)
optinet_gtest(faults/test_open_loop_faults)

# A spec naming what the network does not have: one line, exit 2, nothing run.
optinet_usage_error_test(fault_coupler_out_of_range "POPS(2,2) has couplers c(B,A) with B, A in 0..1"
                         pops --d 2 --g 2 --fault coupler:2:0)
optinet_usage_error_test(fault_bus_on_pops "--fault: 'bus:row0' names bus 'row0'"
                         pops --d 2 --g 2 --fault bus:row0)
optinet_usage_error_test(fault_bad_ber "--fault: 'ber:2' has probability '2'"
                         pops --fault ber:2)
optinet_usage_error_test(fault_unknown_kind "--fault: 'laser:1' is not a fault"
                         pops --fault laser:1)
optinet_usage_error_test(fault_on_a_network_without_faults "--fault: mesh has no fault model"
                         mesh --n 4 --fault link:0:1)

# Losses that the faults explain: exit status 4, each packet listed with its reason.
file(WRITE ${E2E_DIR}/fault_lone_packet.txt "2 - - -\n")
add_test(NAME cli_fault_loss_exit_status
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_exit_status.sh 4
                 "not delivered: packet 0 (0 -> 2): stopped by fault coupler:1:0@1 (first frame lost in slot 1)"
                 ${OPTINET_BIN} pops --d 2 --g 2 --protocol tdma
                 --permutation-file ${E2E_DIR}/fault_lone_packet.txt --fault coupler:1:0@1)
# dmob's funnel: packets stuck at the round limit after a dead receiver lost their frames are the
# faults' losses (status 4), not a model error (status 1).
add_test(NAME cli_fault_dmob_funnel_exit_status
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_exit_status.sh 4
                 "not delivered because of injected faults"
                 ${OPTINET_BIN} dmob --k 4 --dim 2 --protocol funnel --traffic permutation
                 --fault receiver:1)
set_tests_properties(cli_fault_dmob_funnel_exit_status PROPERTIES TIMEOUT 30)
# The same fault from slot 2 on comes too late: status 0.
add_test(NAME cli_fault_too_late_exit_status
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_exit_status.sh 0 "1/1 delivered"
                 ${OPTINET_BIN} pops --d 2 --g 2 --protocol tdma
                 --permutation-file ${E2E_DIR}/fault_lone_packet.txt --fault coupler:1:0@2)
set_tests_properties(cli_fault_loss_exit_status cli_fault_too_late_exit_status
                     PROPERTIES TIMEOUT 30)
optinet_gtest(faults/test_faults_media)
# Open-loop runs take bit errors with the protocols whose losses are final (tdma, reservation);
# the other faults, protocols and networks are one line, exit 2.
optinet_usage_error_test(fault_open_loop_protocol
                         "--fault: open-loop traffic takes faults with --protocol tdma or reservation"
                         pops --traffic bernoulli --fault ber:0.1)
optinet_usage_error_test(fault_open_loop_dead_coupler
                         "--fault: coupler:0:1 not with open-loop traffic"
                         pops --protocol tdma --traffic bernoulli --fault coupler:0:1)
optinet_usage_error_test(fault_open_loop_network "--fault: not with open-loop traffic on this network"
                         ocpc --p 4 --protocol tdma --traffic bernoulli --fault ber:0.1)
optinet_usage_error_test(fault_link_missing "--fault: 'link:0:3' names no link"
                         hypercube --n 4 --fault link:0:3)
optinet_usage_error_test(fault_mob_bus "MOB-PC p = 3 has buses row_bus0, row_bus1, row_bus2, col_bus0"
                         mob --p 3 --fault bus:row_bus3)

# The fault signals in the VCD: on the dead coupler and the dead receiver only, and they rise.
add_test(NAME vcd_fault_signal
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/faults/vcd_fault_signal.sh ${OPTINET_BIN} ${E2E_DIR})
set_tests_properties(vcd_fault_signal PROPERTIES TIMEOUT 30)

# The JSON report: the plan under parameters.faults, and per run what the faults did.
if(Python3_Interpreter_FOUND)
  add_test(NAME cli_fault_json
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/faults/check_fault_json.py
                   ${OPTINET_BIN} ${E2E_DIR})
  set_tests_properties(cli_fault_json PROPERTIES TIMEOUT 30)
endif()
