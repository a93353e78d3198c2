# OCPC and MOB-PC (issue 4): buses, networks, protocols, the `ocpc`/`mob` commands.
target_sources(optinet_model PRIVATE
  testbenches/ocpc_command.cpp
)
