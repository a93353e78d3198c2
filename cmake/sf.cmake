# Store-and-forward networks of Valiant and Brebner: links, networks, schemes, commands.
target_sources(optinet_models PRIVATE
  models/store_forward/store_forward_network.cpp
  models/store_forward/store_forward_node.cpp
  models/store_forward/sf_router.cpp
  models/store_forward/sf_deadlock.cpp
  models/store_forward/sf_pin_node.cpp
)
target_sources(optinet_protocols PRIVATE protocols/store_forward/schemes.cpp)
target_sources(optinet_testbenches PRIVATE
  testbenches/store_forward/sf_experiment.cpp
  testbenches/store_forward/store_forward_command.cpp
)
