# bench/reference/: the bare reference loops of the POPS randomized router, of POPS TDMA and of
# CUBES on the n-cube (plain C++, nothing of the model), the thread-per-processor floor (bare
# SystemC) and the machine's memory latency curve. bench/reference_ratio.py runs them beside
# optinet (docs/benchmarks.md, "References").
add_executable(pops_randomized_ref bench/reference/pops_randomized_ref.cpp)
target_link_libraries(pops_randomized_ref PRIVATE optinet_warnings)
target_include_directories(pops_randomized_ref PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
add_executable(sf_cubes_ref bench/reference/sf_cubes_ref.cpp)
target_link_libraries(sf_cubes_ref PRIVATE optinet_warnings)
target_include_directories(sf_cubes_ref PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
add_executable(thread_floor bench/reference/thread_floor.cpp)
target_link_libraries(thread_floor PRIVATE PkgConfig::SYSTEMC optinet_warnings)
add_executable(thread_stacks bench/reference/thread_stacks.cpp)
target_link_libraries(thread_stacks PRIVATE PkgConfig::SYSTEMC optinet_warnings)
add_executable(memory_latency bench/reference/memory_latency.cpp)
target_link_libraries(memory_latency PRIVATE optinet_warnings)
target_include_directories(memory_latency PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
add_executable(pops_tdma_ref bench/reference/pops_tdma_ref.cpp)
target_link_libraries(pops_tdma_ref PRIVATE optinet_warnings)
target_include_directories(pops_tdma_ref PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
