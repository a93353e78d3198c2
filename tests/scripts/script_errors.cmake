# The Python scripts a user runs (scripts/*.py, bench/*.py) refuse bad input as optinet does
# (scripts/cli_guard.py): a missing input, an output folder that cannot be written, a bad number
# and a failed command are one line on stderr, never a traceback, with exit status 2 (1 for the
# failed command); --help works; Ctrl-C exits 130; a closed stdout exits quietly.
add_test(NAME scripts.bad_input_one_line
         COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/scripts/check_script_errors.py
                 ${PROJECT_SOURCE_DIR})
set_tests_properties(scripts.bad_input_one_line PROPERTIES LABELS repository TIMEOUT 120)

# The tables generated from committed CSVs are in step with them (a re-run CSV without its
# tables regenerated fails).
add_test(NAME docs.generated_tables_in_step
         COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/repo/check_generated_docs.py
                 ${PROJECT_SOURCE_DIR})
set_tests_properties(docs.generated_tables_in_step PROPERTIES LABELS repository TIMEOUT 60)

# scripts/docs/xwd2png.py (the docs' GTKWave screenshots) converts every pixel layout Xvfb's dumps use.
add_test(NAME scripts.xwd2png_converts_xvfb_dumps
         COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/trace/check_xwd2png.py ${PROJECT_SOURCE_DIR})
set_tests_properties(scripts.xwd2png_converts_xvfb_dumps PROPERTIES LABELS repository TIMEOUT 60)

# Every numeric statement of the results pages that scripts/docs/doc_claims.py derives is in its page
# as the committed CSVs and tables give it; and the check fails when one figure changes.
add_test(NAME doc_claims
         COMMAND /usr/bin/python3 ${PROJECT_SOURCE_DIR}/scripts/docs/doc_claims.py)
set_tests_properties(doc_claims PROPERTIES LABELS repository TIMEOUT 60)
add_test(NAME doc_claims_fails_on_changed_data
         COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/repo/check_doc_claims_fail.py
                 ${PROJECT_SOURCE_DIR})
set_tests_properties(doc_claims_fails_on_changed_data PROPERTIES LABELS repository TIMEOUT 120)

# docs/commands.md is what `optinet NETWORK --help` prints now (regenerate it with
# scripts/docs/command_reference.py build/optinet).
add_test(NAME docs.command_reference_in_step
         COMMAND /usr/bin/python3 ${PROJECT_SOURCE_DIR}/scripts/docs/command_reference.py
                 $<TARGET_FILE:optinet> --check)
set_tests_properties(docs.command_reference_in_step PROPERTIES TIMEOUT 60)

# Every command line of README.md and docs/ is accepted by --check, and the small ones run
# (shrunk to one run); every repository path the pages name exists.
set(doc_command_args)
if(OPTINET_SANITIZE)
  set(doc_command_args --sanitized)
endif()
add_test(NAME docs.commands_run_and_paths_exist
         COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/repo/check_doc_commands.py
                 ${PROJECT_SOURCE_DIR} $<TARGET_FILE_DIR:optinet> ${doc_command_args})
set_tests_properties(docs.commands_run_and_paths_exist PROPERTIES TIMEOUT 900)

# scripts/results/coupler_study.py runs only the curves --networks and --protocols select and keeps the
# rest of a --keep CSV (a stand-in optinet logs the runs).
add_test(NAME scripts.coupler_study_filters
         COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/scripts/check_coupler_study_filters.py
                 ${PROJECT_SOURCE_DIR})
set_tests_properties(scripts.coupler_study_filters PROPERTIES LABELS repository TIMEOUT 120)

# The scripts check their inputs before any work and name the real fault: a non-number in a
# committed CSV (file, line, column), a program that is not optinet, sweep options and seeds that
# every job would refuse, options that would not act, outputs over inputs, a signal passed on to
# the study's running jobs, no folder left by a refused run (tests/scripts/check_script_inputs.py).
add_test(NAME scripts.inputs_checked_first
         COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/scripts/check_script_inputs.py
                 ${PROJECT_SOURCE_DIR} $<TARGET_FILE:optinet>)
set_tests_properties(scripts.inputs_checked_first PROPERTIES LABELS repository TIMEOUT 120)

# A curve's points run in parallel and merged (scripts/sweep/curve.py) equal the serial
# `optinet --rates` run, seeds included; coupler_study.py runs a tiny study (n = 4) end to end.
add_test(NAME scripts.parallel_curve_equals_serial
         COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/scripts/check_parallel_curve.py
                 ${PROJECT_SOURCE_DIR} $<TARGET_FILE:optinet>)
set_tests_properties(scripts.parallel_curve_equals_serial PROPERTIES LABELS repository TIMEOUT 120)
