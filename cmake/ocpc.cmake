# OCPC and MOB-PC (issue 4): buses, networks, protocols, the `ocpc`/`mob` commands.
target_sources(optinet_model PRIVATE
  models/optical/optical_bus.cpp
  models/networks/ocpc_processor.cpp
  models/networks/ocpc_network.cpp
  models/networks/mob_network.cpp
  protocols/ocpc/bitonic.cpp
  protocols/ocpc/coinflip.cpp
  protocols/ocpc/prefix.cpp
  protocols/ocpc/registry.cpp
  protocols/ocpc/row_column.cpp
  protocols/ocpc/thinning.cpp
  protocols/ocpc/valiant.cpp
  testbenches/h_relation.cpp
  testbenches/ocpc_experiment.cpp
  testbenches/ocpc_command.cpp
)

# gjlr (Goldberg, Jerrum, Leighton & Rao) protocol: area gjlr.
target_sources(optinet_model PRIVATE protocols/ocpc/gjlr_plan.cpp protocols/ocpc/gjlr.cpp)
