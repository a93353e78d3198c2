# Injected hardware faults: the --fault option and its plan.
target_sources(optinet_testbenches PRIVATE
  testbenches/faults/fault_option.cpp
)
