# Tests of the D-dimensional mesh of optical buses (issue 17, `optinet dmob`).
optinet_gtest(test_dmob_indexing SHARE_A_PROCESS)
