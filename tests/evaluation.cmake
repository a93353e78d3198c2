# Tests of area 'evaluation' (see cmake/evaluation.cmake); uses optinet_gtest from CMakeLists.txt.
optinet_gtest(test_evaluation_power_budget)
