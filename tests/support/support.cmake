# Tests of the test harness.
optinet_gtest(support/test_harness)

# Run by hand, a test executable runs one test per process, or all of them if they share one.
add_test(NAME harness_one_test_per_process
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/support/one_test_per_process.sh
                 $<TARGET_FILE:test_harness> $<TARGET_FILE:test_traffic>)
set_tests_properties(harness_one_test_per_process PROPERTIES TIMEOUT 30)
