# Tests of area 'evaluation' (see cmake/evaluation.cmake); uses optinet_gtest from CMakeLists.txt.
optinet_gtest(test_evaluation_power_budget)
optinet_gtest(test_evaluation_device_file)
# The device file tests read docs/devices/ and write scratch files under the build tree.
target_compile_definitions(test_evaluation_device_file PRIVATE
  OPTINET_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
  OPTINET_SCRATCH_DIR="${CMAKE_CURRENT_BINARY_DIR}/evaluation_scratch")
optinet_gtest(test_evaluation_injection)
optinet_gtest(test_evaluation_latency_stats)
optinet_gtest(test_open_loop)
