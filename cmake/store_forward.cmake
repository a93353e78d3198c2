# Store-and-forward networks of Valiant and Brebner (issue 5): links, networks, schemes, commands.
target_sources(optinet_model PRIVATE
  models/networks/store_forward_network.cpp
  models/networks/store_forward_node.cpp
  protocols/store_forward/scheme.cpp
  testbenches/sf_experiment.cpp
  testbenches/store_forward_command.cpp
)
