# Tests of area 'store_forward' (see cmake/store_forward.cmake); uses optinet_gtest, OPTINET_BIN, E2E_DIR from CMakeLists.txt.
