# Split&hash networks of optical crossbars (issue 17): topology, network, protocols, command.
target_sources(optinet_models PRIVATE
  models/topology/split_hash.cpp
  models/networks/splithash_processor.cpp
  models/networks/splithash_network.cpp
)
target_sources(optinet_protocols PRIVATE
  protocols/splithash/funnel.cpp
  protocols/splithash/funnel_level.cpp
  protocols/splithash/random_function.cpp
  protocols/splithash/registry.cpp
  protocols/splithash/sink_bus_ocpc.cpp
)
target_sources(optinet_testbenches PRIVATE
  testbenches/splithash_experiment.cpp
  testbenches/splithash_command.cpp
)
