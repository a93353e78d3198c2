# bench/reference/: the bare reference loop of the POPS randomized router (plain C++, nothing of
# the model) and the thread-per-processor floor (bare SystemC). bench/reference_ratio.py runs
# them beside optinet (docs/benchmarks.md, "Issue 18: optinet beside its references").
add_executable(pops_randomized_ref bench/reference/pops_randomized_ref.cpp)
target_link_libraries(pops_randomized_ref PRIVATE optinet_warnings)
add_executable(thread_floor bench/reference/thread_floor.cpp)
target_link_libraries(thread_floor PRIVATE PkgConfig::SYSTEMC optinet_warnings)
add_executable(thread_stacks bench/reference/thread_stacks.cpp)
target_link_libraries(thread_stacks PRIVATE PkgConfig::SYSTEMC optinet_warnings)
