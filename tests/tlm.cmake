# Tests of area 'tlm' (see cmake/tlm.cmake); uses optinet_gtest, OPTINET_BIN, E2E_DIR from CMakeLists.txt.
