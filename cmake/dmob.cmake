# The D-dimensional mesh of optical buses: the network; its protocols and command are
# the OCPC family's (cmake/ocpc.cmake).
target_sources(optinet_models PRIVATE
  models/ocpc/dmob_network.cpp
  models/topology/split_hash_embedding.cpp
  models/topology/mesh_routes.cpp
)
# Theorem 2: the split&hash Funnel Algorithm simulated on the mesh (`dmob --protocol funnel`).
target_sources(optinet_protocols PRIVATE
  protocols/ocpc/dmob_funnel.cpp
  protocols/ocpc/dmob_funnel_plan.cpp
)
# Corollary 3 (b) and Theorem 4 (b): random functions and h-relations on the mesh.
target_sources(optinet_protocols PRIVATE
  protocols/ocpc/dmob_funnel_level.cpp
  protocols/ocpc/dmob_line_ocpc.cpp
  protocols/ocpc/dmob_random_batches.cpp
  protocols/ocpc/dmob_random_function.cpp
  protocols/ocpc/dmob_h_relation.cpp
  protocols/ocpc/wired_or.cpp
)
