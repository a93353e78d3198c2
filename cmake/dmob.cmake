# The D-dimensional mesh of optical buses: the network; its protocols and command are
# the OCPC family's (cmake/ocpc.cmake).
target_sources(optinet_models PRIVATE
  models/networks/dmob_network.cpp
  models/topology/split_hash_embedding.cpp
  models/topology/mesh_routes.cpp
)
# Theorem 2: the split&hash Funnel Algorithm simulated on the mesh (`dmob --protocol funnel`).
target_sources(optinet_protocols PRIVATE
  protocols/ocpc/dmob_funnel.cpp
  protocols/ocpc/dmob_funnel_plan.cpp
)
