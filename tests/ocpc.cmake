# Tests of area 'ocpc' (see cmake/ocpc.cmake); uses optinet_gtest, OPTINET_BIN, E2E_DIR from CMakeLists.txt.

# gjlr (area gjlr)
optinet_gtest(test_ocpc_gjlr_plan)
