# 2-D mesh with synchronization trees (Chochia, Cole & Heywood; issue 16).
target_sources(optinet_models PRIVATE
  models/topology/mesh_indexing.cpp
  models/topology/sync_tree.cpp
)
target_sources(optinet_protocols PRIVATE protocols/mesh_sync/split_logic.cpp)
