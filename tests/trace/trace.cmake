# Tests of the traces: VCD for GTKWave.
# VCD: accepted by GTKWave's vcd2fst, hierarchical names, collision pulses per slot.
find_program(VCD2FST vcd2fst)
if(VCD2FST)
  add_test(NAME vcd_accepted_by_vcd2fst
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/trace/vcd_gtkwave.sh ${OPTINET_BIN} ${VCD2FST}
                   ${E2E_DIR} "${OPTINET_PYTHON}" ${CMAKE_CURRENT_SOURCE_DIR}/trace/check_vcd.py)
else()
  add_test(NAME vcd_accepted_by_vcd2fst
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/skip.sh
                   "vcd2fst not found (Debian package gtkwave)")
endif()
set_tests_properties(vcd_accepted_by_vcd2fst PROPERTIES TIMEOUT 60 SKIP_RETURN_CODE 77)

# --trace-group G: G's processors, and the couplers into and out of G, only.
add_test(NAME vcd_trace_group_restricts_the_signals
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/trace/vcd_trace_group.sh ${OPTINET_BIN} ${E2E_DIR})
set_tests_properties(vcd_trace_group_restricts_the_signals PROPERTIES TIMEOUT 60)
