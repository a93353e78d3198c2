# Tests of the verilated media beyond the coupler (see cmake/rtl.cmake): only with Verilator.
if(verilator_FOUND)
  optinet_gtest(test_rtl_bus_receiver)
endif()
