# Tests of area 'evaluation' (see cmake/evaluation.cmake); uses optinet_gtest from CMakeLists.txt.
optinet_gtest(physical/test_evaluation_power_budget)
optinet_gtest(physical/test_loss_chain)
optinet_gtest(physical/test_laser_architectures)
optinet_gtest(physical/test_design_limits)
optinet_gtest(physical/test_control_plane_energy)
optinet_gtest(physical/test_evaluation_device_file)
optinet_gtest(physical/test_physical_layer)
# The device file tests read docs/devices/ and write scratch files under the build tree.
target_compile_definitions(test_evaluation_device_file PRIVATE
  OPTINET_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
  OPTINET_SCRATCH_DIR="${CMAKE_CURRENT_BINARY_DIR}/evaluation_scratch")
target_compile_definitions(test_laser_architectures PRIVATE
  OPTINET_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
optinet_usage_error_test(laser_unknown
                         "accepted: continuous, gated, throttled, per-node, comb"
                         pops --laser bogus)
optinet_gtest(open_loop/test_evaluation_injection)
optinet_gtest(open_loop/test_evaluation_latency_stats)
optinet_gtest(open_loop/test_open_loop)
optinet_gtest(open_loop/test_destination_queues)
optinet_gtest(open_loop/test_patterns)
optinet_gtest(open_loop/test_message_sizes)
optinet_gtest(open_loop/test_messages)
optinet_gtest(open_loop/test_steady_state SHARE_A_PROCESS)
optinet_gtest(open_loop/test_knee_search SHARE_A_PROCESS)
optinet_gtest(open_loop/test_protocol_capacity SHARE_A_PROCESS)
optinet_gtest(ocpc/test_ocpc_open_loop)
optinet_gtest(open_loop/test_hardware_bound SHARE_A_PROCESS)

# Open-loop runs through the command: bad input is one line naming the option, exit 2.
file(WRITE ${E2E_DIR}/device_negative.json "{\"bit_rate_gbps\": -10}\n")
optinet_usage_error_test(open_loop_rate_above_one "--rate" pops --traffic bernoulli --rate 1.5)
optinet_usage_error_test(open_loop_rate_without_open_loop "--rate" pops --rate 0.5)
optinet_usage_error_test(open_loop_warmup_past_limit "--warmup" pops --traffic bernoulli
                         --warmup 90000 --measure 20000)
optinet_usage_error_test(open_loop_hotspot_outside "--pattern" pops --traffic bernoulli
                         --pattern hotspot --hotspot 99)
optinet_usage_error_test(open_loop_max_backlog_negative "--max-backlog" grid --n 4 --k 2
  --protocol gridk --traffic bernoulli --max-backlog -1)
optinet_usage_error_test(open_loop_max_backlog_not_a_number "--max-backlog" pops
  --traffic bernoulli --max-backlog many)
optinet_usage_error_test(open_loop_max_backlog_closed_loop "--max-backlog" pops --max-backlog 10)
optinet_usage_error_test(open_loop_unknown_pattern "--pattern" pops --traffic bernoulli
                         --pattern spiral)
# Patterns the network's size does not admit, and traffic matrix files: one line naming it.
optinet_usage_error_test(open_loop_bit_complement_not_power_of_two "--pattern" pops --d 3 --g 2
                         --traffic bernoulli --pattern bit-complement)
optinet_usage_error_test(open_loop_tornado_two_nodes "--pattern" pops --d 1 --g 2
                         --protocol tdma --traffic bernoulli --pattern tornado)
file(WRITE ${E2E_DIR}/matrix_missing_field.txt "0 1 1\n1 2\n")
file(WRITE ${E2E_DIR}/matrix_outside.txt "# 4 nodes\n0 1 1\n0 99 2\n")
optinet_usage_error_test(open_loop_matrix_missing_field "line 2: has 2 fields" pops --d 2 --g 2
                         --traffic bernoulli --pattern matrix:${E2E_DIR}/matrix_missing_field.txt)
optinet_usage_error_test(open_loop_matrix_node_outside "line 3: node 99" pops --d 2 --g 2
                         --traffic bernoulli --pattern matrix:${E2E_DIR}/matrix_outside.txt)
optinet_usage_error_test(open_loop_matrix_no_file "--pattern" pops --traffic bernoulli
                         --pattern matrix:${E2E_DIR}/no_such_matrix.txt)
optinet_usage_error_test(open_loop_message_frames_zero "--message-frames" pops
                         --traffic bernoulli --message-frames 0)
optinet_usage_error_test(open_loop_message_sizes_sum "--message-sizes" pops --traffic bernoulli
                         --message-sizes 1:0.5,32:0.4)
optinet_usage_error_test(open_loop_message_both "--message-sizes" pops --traffic bernoulli
                         --message-frames 4 --message-sizes 1:0.5,32:0.5)
optinet_usage_error_test(open_loop_message_closed_loop "--message-frames" pops
                         --message-frames 4)
# Options that would do nothing are refused, not ignored.
optinet_usage_error_test(device_on_mesh "--device" mesh --n 4
                         --device ${PROJECT_SOURCE_DIR}/docs/devices/fibre.json)
# A closed-loop store-and-forward run with --device reports its links' budget (it was ignored).
add_test(NAME device_closed_loop_store_forward
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_in_file.sh ${E2E_DIR}/sf_device.json
                 +power_budget +point-to-point
                 -- ${OPTINET_BIN} hypercube --n 3 --quiet --json ${E2E_DIR}/sf_device.json
                 --device ${PROJECT_SOURCE_DIR}/docs/devices/fibre.json)
set_tests_properties(device_closed_loop_store_forward PROPERTIES TIMEOUT 30)
optinet_usage_error_test(open_loop_burst_without_bursty "--burst" pops --traffic bernoulli
                         --burst 4)
optinet_usage_error_test(open_loop_hotspot_without_pattern "--hotspot" pops --traffic bernoulli
                         --hotspot 3)
optinet_usage_error_test(open_loop_fraction_without_pattern "--fraction" ocpc --traffic bursty
                         --fraction 0.2)
optinet_usage_error_test(open_loop_burst_below_one "'0.5'" pops --traffic bursty --burst 0.5)
optinet_usage_error_test(open_loop_closed_loop_protocol "--protocol" pops --protocol sorting
                         --traffic bernoulli)
optinet_usage_error_test(open_loop_randomized_d_below_g "--protocol" pops --d 2 --g 8
                         --traffic bernoulli)
optinet_usage_error_test(open_loop_bursty_burst_too_short "--rate" pops --traffic bursty
                         --rate 0.9 --burst 2)
optinet_usage_error_test(open_loop_ocpc_with_h "--h" ocpc --traffic bernoulli --h 2)
optinet_usage_error_test(open_loop_ocpc_thinning "--protocol" ocpc --protocol thinning
                         --traffic bernoulli)
optinet_usage_error_test(device_negative_field "--device" pops --device
                         ${E2E_DIR}/device_negative.json)
optinet_usage_error_test(device_missing_file "--device" pops --device ${E2E_DIR}/no-device.json)

# The coupler heat map (scripts/results/coupler_heatmap.py, Debian's python3 with matplotlib) is a PNG
# whose values are the JSON's.
if(Python3_Interpreter_FOUND)
  add_test(NAME coupler_heatmap_matches_json
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/scripts/heatmap_matches_json.py
                   ${OPTINET_BIN} ${PROJECT_SOURCE_DIR}/scripts/results/coupler_heatmap.py ${E2E_DIR})
  set_tests_properties(coupler_heatmap_matches_json PROPERTIES TIMEOUT 120 SKIP_RETURN_CODE 77)
endif()
file(WRITE ${E2E_DIR}/device_incomplete.json "{\"launch_power_dbm\": 1.0}\n")
optinet_usage_error_test(device_missing_field "--device" pops --device
                         ${E2E_DIR}/device_incomplete.json)

# Steady state through the command: saturation decided from the window, the drain apart, the
# saturation search, null latencies.
if(Python3_Interpreter_FOUND)
  add_test(NAME open_loop_steady_state
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/open_loop/check_steady_state.py
                   ${OPTINET_BIN} ${E2E_DIR})
  set_tests_properties(open_loop_steady_state PROPERTIES TIMEOUT 300)
endif()
# The latency knee and each protocol's capacity through the command.
if(Python3_Interpreter_FOUND)
  add_test(NAME open_loop_knee
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/open_loop/check_knee.py
                   ${OPTINET_BIN} ${E2E_DIR}/knee)
  set_tests_properties(open_loop_knee PROPERTIES TIMEOUT 300)
endif()
optinet_usage_error_test(knee_factor_below_one "--knee-factor" pops --traffic bernoulli
                         --find-knee --knee-factor 0.5)
optinet_usage_error_test(knee_factor_one "--knee-factor" pops --traffic bernoulli --find-knee
                         --knee-factor 1)
optinet_usage_error_test(latency_budget_negative "--latency-budget-ns" pops --traffic bernoulli
                         --find-knee --latency-budget-ns -5)
optinet_usage_error_test(find_knee_closed_loop "--find-knee" pops --find-knee)
optinet_usage_error_test(knee_factor_closed_loop "--knee-factor" ocpc --knee-factor 2)
optinet_usage_error_test(knee_factor_without_knee "--knee-factor" pops --traffic bernoulli
                         --rate 0.1 --knee-factor 2)
optinet_usage_error_test(find_knee_with_rate "--rate" pops --traffic bernoulli --find-knee
                         --rate 0.2)
optinet_usage_error_test(find_knee_with_stability "--find-knee" pops --traffic bernoulli
                         --find-knee --find-stability-limit)
optinet_usage_error_test(find_stability_limit_closed_loop "--find-stability-limit" pops
                         --find-stability-limit)
optinet_usage_error_test(find_saturation_closed_loop "--find-saturation" pops
                         --find-saturation)
optinet_usage_error_test(find_saturation_with_rate "--rate" pops --traffic bernoulli
                         --find-saturation --rate 0.2)
optinet_usage_error_test(find_saturation_runs "--runs" ocpc --traffic bernoulli
                         --find-saturation --runs 2)
optinet_usage_error_test(rates_not_numbers "--rates" pops --traffic bernoulli --rates 0.1,x)
optinet_usage_error_test(rates_above_one "--rates" pops --traffic bernoulli --rates 0.5,1.5)
optinet_usage_error_test(rates_with_search "--rates" pops --traffic bernoulli --rates auto
                         --find-saturation)
optinet_usage_error_test(rates_with_rate "--rate" pops --traffic bernoulli --rates 0.1 --rate 0.2)
optinet_usage_error_test(rates_closed_loop "--rates" pops --rates 0.1)
optinet_usage_error_test(open_loop_confidence_one "--confidence" pops --traffic bernoulli
                         --confidence 1)
optinet_usage_error_test(open_loop_confidence_zero "--confidence" pops --traffic bernoulli
                         --confidence 0)
optinet_usage_error_test(open_loop_precision_above_one "--precision" pops --traffic bernoulli
                         --precision 1.5)
optinet_usage_error_test(open_loop_measured_window_no_room "--max-slots" pops --traffic bernoulli
                         --max-slots 1000)

# The physical layer through the command: transceiver counts, laser power, energy by part,
# ber:budget at +3 dB and -6 dB of margin, the VCD's received power.
if(Python3_Interpreter_FOUND)
  add_test(NAME cli_physical_layer
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/physical/check_physical_layer.py
                   ${OPTINET_BIN} ${E2E_DIR}/physical_layer)
  set_tests_properties(cli_physical_layer PROPERTIES TIMEOUT 120)
endif()
# Bad device files: one line naming the field, exit 2.
file(WRITE ${E2E_DIR}/device_no_base.json "{\"base\": \"silicon\"}\n")
file(WRITE ${E2E_DIR}/device_efficiency.json
     "{\"base\": \"onchip\", \"laser_wall_plug_efficiency\": 1.2}\n")
file(WRITE ${E2E_DIR}/device_negative_power.json "{\"base\": \"onchip\", \"laser_bias_mw\": -1}\n")
file(WRITE ${E2E_DIR}/device_unknown_field.json "{\"base\": \"fibre\", \"heater_mw\": 1}\n")
optinet_usage_error_test(device_missing_base "--device" pops --device ${E2E_DIR}/device_no_base.json)
optinet_usage_error_test(device_efficiency "--device" pops
                         --device ${E2E_DIR}/device_efficiency.json)
optinet_usage_error_test(device_negative_power "--device" pops
                         --device ${E2E_DIR}/device_negative_power.json)
optinet_usage_error_test(device_unknown_field "--device" pops
                         --device ${E2E_DIR}/device_unknown_field.json)
optinet_usage_error_test(device_unknown_set "--device" pops --device silicon)
# A negative loss, an overload ceiling below the sensitivity, a whole file without one element of
# the loss chain: each refused naming the field.
file(WRITE ${E2E_DIR}/device_negative_loss.json "{\"base\": \"onchip\", \"ring_drop_loss_db\": -1}\n")
file(WRITE ${E2E_DIR}/device_overload_below_sensitivity.json
     "{\"base\": \"fibre\", \"max_received_power_dbm\": -20}\n")
file(READ ${PROJECT_SOURCE_DIR}/docs/devices/fibre.json device_fibre_whole)
string(REGEX REPLACE "\n *\"photodetector_loss_db\": [^,]*," "" device_no_photodetector
       "${device_fibre_whole}")
file(WRITE ${E2E_DIR}/device_no_photodetector.json "${device_no_photodetector}")
optinet_usage_error_test(device_negative_loss "ring_drop_loss_db" pops
                         --device ${E2E_DIR}/device_negative_loss.json)
optinet_usage_error_test(device_overload_below_sensitivity "max_received_power_dbm" pops
                         --device ${E2E_DIR}/device_overload_below_sensitivity.json)
optinet_usage_error_test(device_missing_chain_element "photodetector_loss_db: missing" pops
                         --device ${E2E_DIR}/device_no_photodetector.json)
optinet_usage_error_test(fault_ber_budget_mesh "--fault" mesh --n 4 --fault ber:budget)

# Request-reply transactions through the command: conservation per class, Little's law, the
# zero-load round trip, a binding outstanding limit (check_request_reply.py); and its refusals.
if(Python3_Interpreter_FOUND)
  add_test(NAME open_loop_request_reply
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/open_loop/check_request_reply.py
                   ${OPTINET_BIN} ${E2E_DIR}/request_reply)
  set_tests_properties(open_loop_request_reply PROPERTIES TIMEOUT 120)
endif()
optinet_usage_error_test(request_reply_outstanding_zero "--outstanding" pops
                         --traffic request-reply --outstanding 0)
optinet_usage_error_test(request_reply_outstanding_bernoulli "--outstanding" pops
                         --traffic bernoulli --outstanding 2)
optinet_usage_error_test(request_reply_reply_frames_zero "--reply-frames" grid --n 4 --k 2
                         --traffic request-reply --reply-frames 0)
optinet_usage_error_test(request_reply_reply_frames_closed_loop "--reply-frames" pops
                         --reply-frames 4)
optinet_usage_error_test(request_reply_injection_queue "--injection-queue" pops --protocol tdma
                         --traffic request-reply --injection-queue 8)
optinet_usage_error_test(request_reply_queue_capacity "--queue-capacity" grid --n 4 --k 2
                         --traffic request-reply --queue-capacity 2)
optinet_usage_error_test(request_reply_fault "--fault" pops --protocol tdma
                         --traffic request-reply --fault ber:1e-3)
optinet_usage_error_test(request_reply_mesh "--traffic" mesh --n 4 --traffic request-reply)
# Traces: a written workload read back gives the same run; dependencies; a 10 GB file refused
# (check_trace.py); bad lines refused with their number.
if(Python3_Interpreter_FOUND)
  add_test(NAME open_loop_trace
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/open_loop/check_trace.py
                   ${OPTINET_BIN} ${E2E_DIR}/trace)
  set_tests_properties(open_loop_trace PROPERTIES TIMEOUT 120)
endif()
file(WRITE ${E2E_DIR}/trace_outside.txt "0 0 1 1\n# a comment\n3 2 99 4\n")
file(WRITE ${E2E_DIR}/trace_negative.txt "0 0 1 1\n-2 1 0 1\n")
file(WRITE ${E2E_DIR}/trace_missing.txt "0 0 1 1\n1 1 0\n")
file(WRITE ${E2E_DIR}/trace_zero.txt "0 0 1 1\n\n1 1 0 0\n")
file(WRITE ${E2E_DIR}/trace_order.txt "5 0 1 1\n2 1 0 1\n")
file(WRITE ${E2E_DIR}/trace_after.txt "0 0 1 1\n1 1 0 1 after=1\n")
optinet_usage_error_test(trace_node_outside "line 3: node 99" pops --d 2 --g 2
                         --traffic trace:${E2E_DIR}/trace_outside.txt)
optinet_usage_error_test(trace_negative_slot "line 2: slot '-2' is negative" pops --d 2 --g 2
                         --traffic trace:${E2E_DIR}/trace_negative.txt)
optinet_usage_error_test(trace_missing_field "line 2: has 3 fields" grid --n 4 --k 2
                         --traffic trace:${E2E_DIR}/trace_missing.txt)
optinet_usage_error_test(trace_zero_frames "line 3: a message of 0 frames" ocpc --p 4
                         --protocol tdma --traffic trace:${E2E_DIR}/trace_zero.txt)
optinet_usage_error_test(trace_out_of_order "line 2: slot 2 comes after slot 5" pops --d 2
                         --g 2 --traffic trace:${E2E_DIR}/trace_order.txt)
optinet_usage_error_test(trace_after_not_earlier "line 2: after=1" pops --d 2 --g 2
                         --traffic trace:${E2E_DIR}/trace_after.txt)
optinet_usage_error_test(trace_no_file "--traffic" pops
                         --traffic trace:${E2E_DIR}/no_such_trace.txt)
optinet_usage_error_test(trace_with_rate "--rate" pops --d 2 --g 2 --rate 0.2
                         --traffic trace:${E2E_DIR}/trace_after.txt)
optinet_usage_error_test(write_trace_two_runs "--write-trace" pops --traffic bernoulli
                         --runs 2 --write-trace ${E2E_DIR}/two_runs.trace)
optinet_usage_error_test(request_reply_find_knee "--find-knee" pops --protocol tdma
                         --traffic request-reply --find-knee)
