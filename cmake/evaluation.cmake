# Coupler evaluation (area evaluation): power budget and energy of the media, device files,
# open-loop injection processes and destination rules, the open-loop host, capacity bounds,
# the hardware bound (a linear program, GLPK), latency and occupancy statistics, steady state
# and its batch-means intervals, the saturation search.
target_sources(optinet_models PRIVATE models/optical/power_budget.cpp models/optical/device_sets.cpp models/optical/design_limits.cpp
                                     models/optical/part_counts.cpp
  models/optical/bit_errors.cpp)
target_sources(optinet_testbenches PRIVATE
  testbenches/open_loop/capacity.cpp
  testbenches/io/device_file.cpp
  testbenches/open_loop/hardware_bound.cpp
  testbenches/open_loop/injection.cpp
  testbenches/open_loop/latency_stats.cpp
  testbenches/open_loop/destination_queues.cpp
  testbenches/open_loop/destination_table.cpp
  testbenches/open_loop/message_sizes.cpp
  testbenches/open_loop/open_loop.cpp
  testbenches/open_loop/open_loop_messages.cpp
  testbenches/open_loop/open_loop_options.cpp
  testbenches/open_loop/steady_state.cpp
  testbenches/open_loop/transactions.cpp
  testbenches/open_loop/trace_file.cpp
  testbenches/open_loop/batch_means.cpp
  testbenches/open_loop/saturation_search.cpp
  testbenches/open_loop/knee_search.cpp
  testbenches/open_loop/protocol_capacity.cpp
  testbenches/open_loop/sf_protocol_capacity.cpp
)
