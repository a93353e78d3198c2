# Tests of area 'mesh_sync' (see cmake/mesh_sync.cmake).
optinet_gtest(test_mesh_sync_logic SHARE_A_PROCESS)
