# Injected hardware faults (issue 14): the --fault option and its plan.
target_sources(optinet_testbenches PRIVATE
  testbenches/fault_option.cpp
)
