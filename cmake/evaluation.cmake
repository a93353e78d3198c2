# Coupler evaluation (area evaluation): power budget and energy of the media, device files,
# open-loop injection processes and destination rules, latency and occupancy statistics. Pure
# C++ building blocks, no SystemC process; the simulator wires them in.
find_package(nlohmann_json 3 REQUIRED)
target_sources(optinet_model PRIVATE
  models/optical/power_budget.cpp
  testbenches/device_file.cpp
  testbenches/injection.cpp
  testbenches/latency_stats.cpp
)
target_link_libraries(optinet_model PRIVATE nlohmann_json::nlohmann_json)
