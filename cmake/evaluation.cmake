# Coupler evaluation (area evaluation): power budget and energy of the media, device files,
# open-loop injection processes and destination rules, latency and occupancy statistics. Pure
# C++ building blocks, no SystemC process; the simulator wires them in.
target_sources(optinet_model PRIVATE
  models/optical/power_budget.cpp
)
