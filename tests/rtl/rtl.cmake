# Tests of the verilated media beyond the coupler (see cmake/rtl.cmake): only with Verilator.
if(verilator_FOUND)
  optinet_gtest(rtl/test_rtl_bus_receiver)
  # Lockstep compares what a link stage delivers at the nodes' sampling instants: a stage whose
  # ticks fall on the clock edges (a 2 ps slot, built here below the command's refusal) fails.
  optinet_gtest(rtl/test_rtl_link_timing)
  # And what a coupler and a receiver drive at the processors' sampling instants: a stage whose
  # ticks fall on the falling edge (a 2 ps slot) fails.
  optinet_gtest(rtl/test_rtl_sample_timing)
  # A verilated element ticks a quarter slot after each edge: --period-ns with --rtl must be a
  # whole number of 4 ps (SystemC's resolution is 1 ps), refused otherwise, and right at 4 ps.
  optinet_usage_error_test(rtl_sf_quarter_slot "--period-ns" hypercube --n 4 --traffic random
                           --queue-capacity 1 --period-ns 0.002
                           --rtl link:0:1=sf_link_stage:lockstep)
  optinet_usage_error_test(rtl_pops_quarter_slot "--period-ns" pops --d 4 --g 4
                           --period-ns 0.006 --rtl coupler:1:0=optical_passive_star)
  optinet_usage_error_test(rtl_ocpc_quarter_slot "--period-ns" ocpc --p 8 --period-ns 0.002
                           --rtl receiver:3=ocpc_bus_receiver)
  foreach(kind sf pops ocpc)
    if(kind STREQUAL "sf")
      set(args hypercube --n 4 --traffic random --queue-capacity 1
               --rtl link:0:1=sf_link_stage:lockstep)
    elseif(kind STREQUAL "pops")
      set(args pops --d 4 --g 4 --rtl coupler:1:0=optical_passive_star:lockstep)
    else()
      set(args ocpc --p 8 --rtl receiver:3=ocpc_bus_receiver:lockstep)
    endif()
    add_test(NAME rtl_${kind}_smallest_period
             COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_exit_status.sh 0
                     "every packet delivered exactly once" ${OPTINET_BIN} ${args}
                     --period-ns 0.004 --runs 3)
    set_tests_properties(rtl_${kind}_smallest_period PROPERTIES TIMEOUT 60)
  endforeach()
  # --rtl and an option of the grouped view only: one line saying they cannot be combined,
  # with or without --view pins.
  optinet_usage_error_test(rtl_with_coupler "cannot be combined with --coupler" pops --d 4
                           --g 4 --coupler rtl --rtl coupler:1:0=optical_passive_star)
  optinet_usage_error_test(rtl_with_coupler_pins "cannot be combined with --coupler" pops
                           --d 4 --g 4 --coupler rtl --view pins
                           --rtl coupler:1:0=optical_passive_star)
  optinet_usage_error_test(rtl_with_trace_slots "cannot be combined with --trace-slots" ocpc
                           --p 8 --vcd out.vcd --trace-slots 0:3 --view pins
                           --rtl receiver:3=ocpc_bus_receiver)
  optinet_usage_error_test(rtl_with_node_processes "cannot be combined with --node-processes"
                           hypercube --n 4 --node-processes --rtl link:0:1=sf_link_stage)
  optinet_usage_error_test(rtl_with_node_processes_pins
                           "cannot be combined with --node-processes" hypercube --n 4
                           --node-processes --view pins --rtl link:0:1=sf_link_stage)
endif()

# optinet_add_rtl_model's pin check, in script mode (no Verilator needed).
add_test(NAME rtl_contract_check
         COMMAND ${CMAKE_COMMAND} -DRTL=${PROJECT_SOURCE_DIR}/rtl
                 -DTESTS=${CMAKE_CURRENT_SOURCE_DIR} -P
                 ${CMAKE_CURRENT_SOURCE_DIR}/rtl/rtl_contract_check.cmake)
set_tests_properties(rtl_contract_check PROPERTIES TIMEOUT 30)
if(verilator_FOUND)
  # OPTINET_RTL_MODELS: a user's coupler enters the generated registry; one whose pins do not
  # fit stops the configuration with one line naming it (configure only, in a scratch folder).
  add_test(NAME rtl_user_models_configure
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/rtl/rtl_user_models.sh ${CMAKE_COMMAND}
                   ${PROJECT_SOURCE_DIR} ${E2E_DIR}/rtl_user_models)
  set_tests_properties(rtl_user_models_configure PROPERTIES LABELS repository TIMEOUT 300)
endif()
