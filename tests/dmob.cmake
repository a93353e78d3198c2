# Tests of the D-dimensional mesh of optical buses (issue 17, `optinet dmob`).
optinet_gtest(test_dmob_indexing SHARE_A_PROCESS)
optinet_gtest(test_dmob_sim)

# D = 2 is the MOB-PC: dim-order on dmob --dim 2 gives exactly row-column's runs on mob.
if(Python3_Interpreter_FOUND)
  add_test(NAME dmob_dim2_matches_mob
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/dmob_matches_mob.py
                   ${OPTINET_BIN} ${E2E_DIR}/dmob)
  set_tests_properties(dmob_dim2_matches_mob PROPERTIES TIMEOUT 120)
endif()
