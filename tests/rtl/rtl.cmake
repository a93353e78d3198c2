# Tests of the verilated media beyond the coupler (see cmake/rtl.cmake): only with Verilator.
# RTL couplers (--coupler rtl|lockstep): only in a build with Verilator.
if(verilator_FOUND)
  optinet_gtest(rtl/test_rtl_passive_star)
  add_test(NAME rtl_lint COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/rtl/rtl_lint.sh ${VERILATOR_BIN}
                                 ${PROJECT_SOURCE_DIR}/rtl)
  set_tests_properties(rtl_lint PROPERTIES TIMEOUT 60)
  optinet_usage_error_test(coupler_unknown "--coupler" pops --coupler nope)
  optinet_usage_error_test(coupler_rtl_d_too_large "--coupler" pops --coupler rtl --d 65 --g 1)
  # Same seed, same run: behavioural and RTL couplers give identical runs (d = g, d > g, d < g).
  if(Python3_Interpreter_FOUND)
    foreach(shape "4;4" "8;8" "8;4" "16;2" "64;1" "2;8" "1;16" "3;5")
      list(GET shape 0 d)
      list(GET shape 1 g)
      add_test(NAME rtl_same_runs_as_behavioural.d${d}_g${g}
               COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/pops/compare_couplers.py
                       ${OPTINET_BIN} ${E2E_DIR} ${d} ${g} 25)
      set_tests_properties(rtl_same_runs_as_behavioural.d${d}_g${g} PROPERTIES TIMEOUT 120)
    endforeach()
    add_test(NAME rtl_same_runs_as_behavioural.offline_d8_g4
             COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/pops/compare_couplers.py
                     ${OPTINET_BIN} ${E2E_DIR} 8 4 25 offline)
    set_tests_properties(rtl_same_runs_as_behavioural.offline_d8_g4 PROPERTIES TIMEOUT 120)
    # The sorting router also sends control frames (kind 3) through the couplers.
    add_test(NAME rtl_same_runs_as_behavioural.sorting_d16_g4
             COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/pops/compare_couplers.py
                     ${OPTINET_BIN} ${E2E_DIR} 16 4 10 sorting)
    set_tests_properties(rtl_same_runs_as_behavioural.sorting_d16_g4 PROPERTIES TIMEOUT 120)
  endif()
  # Lockstep: every coupler's RTL checked against the behavioural model every lit slot, over
  # random traffic; any mismatch fails the run (exit status 1).
  foreach(case "4;4;random" "16;4;random" "4;16;random" "8;8;partial")
    list(GET case 0 d)
    list(GET case 1 g)
    list(GET case 2 traffic)
    add_test(NAME rtl_lockstep.d${d}_g${g}_${traffic}
             COMMAND ${OPTINET_BIN} pops --coupler lockstep --d ${d} --g ${g} --runs 30 --seed 7
                     --traffic ${traffic} --quiet)
    set_tests_properties(rtl_lockstep.d${d}_g${g}_${traffic} PROPERTIES TIMEOUT 120)
  endforeach()
else()
  optinet_usage_error_test(coupler_rtl_unavailable "--coupler" pops --coupler rtl)
  set(unavailable "optinet: --coupler: rtl is unavailable (built without Verilator); accepted: behavioural")
  add_test(NAME cli_coupler_rtl_unavailable_message
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/expect_stderr.sh "${unavailable}"
                   ${OPTINET_BIN} pops --coupler rtl)
  set_tests_properties(cli_coupler_rtl_unavailable_message PROPERTIES TIMEOUT 30)
endif()

if(Python3_Interpreter_FOUND)
  # Per-instance RTL in the pins view: a coupler swapped (alone or in lockstep) gives the
  # behavioural runs, and lockstep catches a planted bug naming the slot and the coupler.
  optinet_script_test(pops_rtl_instance rtl/pops_rtl_instance.py rtl_instance 120)
  # The same for one or several OCPC receivers (combinational and registered stages).
  optinet_script_test(ocpc_rtl_instance rtl/ocpc_rtl_instance.py ocpc_rtl_instance 180)
  # One or several store-and-forward links swapped for a verilated link stage give the
  # behavioural runs; lockstep catches a planted bug naming the slot and the link.
  optinet_script_test(sf_rtl_instance rtl/sf_rtl_instance.py sf_rtl_instance 300
                      ${trimmed_under_sanitizers})
endif()

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
