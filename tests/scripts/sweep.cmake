# The sweep runner (scripts/optinet-sweep, docs/sweeps.md): spec parsing and expansion, bad specs
# refused, resume, a killed job rerun, merge statistics against hand-computed values (a stand-in
# optinet with known run values), and the Slurm round trip on a one-node cluster brought up by the
# test (skipped, exit 77, with the reason, where the daemons cannot start).
set(SWEEP_PYTHON /usr/bin/python3)  # Debian's, with tomllib, tqdm and matplotlib
foreach(case expansion bad_specs resume killed_job interrupt merge_stats optinet_refuses)
  add_test(NAME sweep.${case}
           COMMAND ${SWEEP_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/scripts/test_sweep.py ${case}
                   ${PROJECT_SOURCE_DIR} $<TARGET_FILE:optinet>)
  set_tests_properties(sweep.${case} PROPERTIES LABELS repository TIMEOUT 60)
endforeach()
add_test(NAME sweep.slurm_round_trip
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/scripts/sweep_slurm_cluster.sh ${PROJECT_SOURCE_DIR}
                 $<TARGET_FILE:optinet>)
# RUN_SERIAL: the test starts its own slurmctld and slurmd (on free ports).
set_tests_properties(sweep.slurm_round_trip PROPERTIES LABELS repository TIMEOUT 240 SKIP_RETURN_CODE 77 RUN_SERIAL TRUE)

# optinet --check refuses bad input as a run does (exit 2, one line naming the option).
optinet_usage_error_test(check_d_zero "--d" pops --d 0 --check)
optinet_usage_error_test(check_p_too_small "--p" ocpc --p 1 --check)

# A bounded fuzzing run of the spec reader (mutations of the studies and of
# tests/fuzz/corpus/sweep_spec); `make fuzz` runs it longer.
add_test(NAME sweep.fuzz_spec
         COMMAND ${SWEEP_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/scripts/fuzz_sweep_spec.py ${PROJECT_SOURCE_DIR} 10
         WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
set_tests_properties(sweep.fuzz_spec PROPERTIES LABELS repository TIMEOUT 60)
