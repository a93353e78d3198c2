# 2-D mesh with synchronization trees (Chochia, Cole & Heywood).
target_sources(optinet_models PRIVATE
  models/topology/mesh_indexing.cpp
  models/topology/sync_tree.cpp
)
target_sources(optinet_protocols PRIVATE
  protocols/mesh/split_logic.cpp
  protocols/mesh/tree_node.cpp
  protocols/mesh/tree_routing.cpp
  protocols/mesh/registry.cpp
)
target_sources(optinet_models PRIVATE
  models/mesh/mesh_fabric.cpp
  models/mesh/mesh_pin_link.cpp
  models/mesh/mesh_pin_links.cpp
  models/mesh/mesh_pin_processor.cpp
  models/mesh/mesh_pin_router.cpp
  models/mesh/mesh_routing.cpp
  models/mesh/mesh_elements.cpp
  models/mesh/mesh_network.cpp
  models/mesh/mesh_processor.cpp
)
target_sources(optinet_testbenches PRIVATE
  testbenches/mesh/mesh_checker.cpp
  testbenches/mesh/mesh_command.cpp
  testbenches/mesh/mesh_experiment.cpp
)
target_sources(optinet_testbenches PRIVATE testbenches/mesh/mesh_worst_case.cpp)
add_executable(mesh_sync_paths testbenches/mesh/mesh_paths_main.cpp)
target_link_libraries(mesh_sync_paths PRIVATE optinet_model optinet_warnings)
