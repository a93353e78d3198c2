# 2-D mesh with synchronization trees (Chochia, Cole & Heywood).
target_sources(optinet_models PRIVATE
  models/topology/mesh_indexing.cpp
  models/topology/sync_tree.cpp
)
target_sources(optinet_protocols PRIVATE
  protocols/mesh_sync/split_logic.cpp
  protocols/mesh_sync/tree_node.cpp
  protocols/mesh_sync/tree_routing.cpp
  protocols/mesh_sync/registry.cpp
)
target_sources(optinet_models PRIVATE
  models/networks/mesh_fabric.cpp
  models/networks/mesh_pin_link.cpp
  models/networks/mesh_pin_links.cpp
  models/networks/mesh_pin_processor.cpp
  models/networks/mesh_pin_router.cpp
  models/networks/mesh_routing.cpp
  models/networks/mesh_sync_network.cpp
  models/networks/mesh_sync_processor.cpp
)
target_sources(optinet_testbenches PRIVATE
  testbenches/mesh_sync_checker.cpp
  testbenches/mesh_sync_command.cpp
  testbenches/mesh_sync_experiment.cpp
)
target_sources(optinet_testbenches PRIVATE testbenches/mesh_sync_worst_case.cpp)
add_executable(mesh_sync_paths testbenches/mesh_sync_paths_main.cpp)
target_link_libraries(mesh_sync_paths PRIVATE optinet_model optinet_warnings)
# The tool uses no SystemC: drop libsystemc, whose main wants an sc_main (Debian's GCC links
# --as-needed by default, clang does not).
target_link_options(mesh_sync_paths PRIVATE -Wl,--as-needed)
