# Split&hash networks of optical crossbars: topology, network, protocols, command.
target_sources(optinet_models PRIVATE
  models/topology/split_hash.cpp
  models/splithash/splithash_processor.cpp
  models/splithash/splithash_network.cpp
)
target_sources(optinet_protocols PRIVATE
  protocols/splithash/funnel.cpp
  protocols/splithash/funnel_level.cpp
  protocols/splithash/h_relation.cpp
  protocols/splithash/random_batches.cpp
  protocols/splithash/redistribute.cpp
  protocols/splithash/random_function.cpp
  protocols/splithash/registry.cpp
  protocols/splithash/sink_bus_ocpc.cpp
  protocols/splithash/thinning.cpp
)
target_sources(optinet_testbenches PRIVATE
  testbenches/splithash/splithash_experiment.cpp
  testbenches/splithash/splithash_command.cpp
  testbenches/splithash/splithash_options.cpp
)
