# Store-and-forward networks of Valiant and Brebner: links, networks, schemes, commands.
target_sources(optinet_models PRIVATE
  models/sf/sf_network.cpp
  models/sf/sf_node.cpp
  models/sf/sf_router.cpp
  models/sf/sf_deadlock.cpp
  models/sf/sf_pin_node.cpp
  models/sf/sf_rtl_link.cpp
)
target_sources(optinet_protocols PRIVATE protocols/sf/schemes.cpp)
target_sources(optinet_testbenches PRIVATE
  testbenches/sf/sf_experiment.cpp
  testbenches/sf/sf_command.cpp
)
