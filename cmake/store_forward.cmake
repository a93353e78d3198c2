# Store-and-forward networks of Valiant and Brebner: links, networks, schemes, commands.
target_sources(optinet_models PRIVATE
  models/networks/store_forward_network.cpp
  models/networks/store_forward_node.cpp
  models/networks/sf_router.cpp
  models/networks/sf_pin_node.cpp
)
target_sources(optinet_protocols PRIVATE protocols/store_forward/schemes.cpp)
target_sources(optinet_testbenches PRIVATE
  testbenches/sf_experiment.cpp
  testbenches/store_forward_command.cpp
)
