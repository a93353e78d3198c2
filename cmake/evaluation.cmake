# Coupler evaluation (area evaluation): power budget and energy of the media, device files,
# open-loop injection processes and destination rules, the open-loop host, capacity bounds,
# the hardware bound (a linear program, GLPK), latency and occupancy statistics, steady state
# and its batch-means intervals, the saturation search.
target_sources(optinet_models PRIVATE models/optical/power_budget.cpp models/optical/device_sets.cpp
  models/optical/bit_errors.cpp)
target_sources(optinet_testbenches PRIVATE
  testbenches/capacity.cpp
  testbenches/device_file.cpp
  testbenches/hardware_bound.cpp
  testbenches/injection.cpp
  testbenches/latency_stats.cpp
  testbenches/destination_queues.cpp
  testbenches/open_loop.cpp
  testbenches/steady_state.cpp
  testbenches/batch_means.cpp
  testbenches/saturation_search.cpp
)
