# OCPC and MOB-PC: buses, networks, protocols, the `ocpc`/`mob` commands.
target_sources(optinet_models PRIVATE
  models/optical/optical_bus.cpp
  models/ocpc/ocpc_processor.cpp
  models/ocpc/ocpc_hardware_acks.cpp
  models/ocpc/ocpc_network.cpp
  models/ocpc/ocpc_pin_medium.cpp
  models/ocpc/ocpc_rtl_receiver.cpp
  models/ocpc/ocpc_pin_node.cpp
  models/ocpc/mob_network.cpp
)
target_sources(optinet_protocols PRIVATE
  protocols/ocpc/bitonic.cpp
  protocols/ocpc/coinflip.cpp
  protocols/ocpc/gjlr_plan.cpp
  protocols/ocpc/gjlr.cpp
  protocols/ocpc/prefix.cpp
  protocols/ocpc/registry.cpp
  protocols/ocpc/reservation.cpp
  protocols/ocpc/spread.cpp
  protocols/ocpc/dim_order.cpp
  protocols/ocpc/tdma.cpp
  protocols/ocpc/thinning.cpp
  protocols/ocpc/valiant.cpp
)
target_sources(optinet_testbenches PRIVATE
  testbenches/traffic/h_relation.cpp
  testbenches/ocpc/ocpc_experiment.cpp
  testbenches/ocpc/ocpc_command.cpp
)
