# TLM-2.0 network interfaces and the example virtual platform.
target_sources(optinet_models PRIVATE
  models/tlm/tlm_address_router.cpp
  models/tlm/tlm_network_interface.cpp
  models/tlm/tlm_pops_system.cpp
  models/tlm/tlm_register_map.cpp
)
target_sources(optinet_testbenches PRIVATE testbenches/tlm/tlm_virtual_platform.cpp)

# The example virtual platform: a traffic processor drives permutations into POPS through the
# TLM-2.0 sockets and checks each run against the built-in experiment driver.
add_executable(optinet_vp testbenches/tlm/tlm_vp_main.cpp)
target_link_libraries(optinet_vp PRIVATE optinet_model optinet_warnings)
