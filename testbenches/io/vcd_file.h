#pragma once
/// \file
/// Opening a VCD file the way every experiment does: the path as given (SystemC appends
/// ".vcd", so a trailing ".vcd" is dropped first), picosecond resolution, the clock and the
/// run's slot number traced first.
#include <string>
#include <systemc>

#include "models/core/run_control.h"

namespace optinet {

inline sc_core::sc_trace_file* open_vcd(const std::string& path, const sc_core::sc_clock& clock,
                                        const RunControl& control) {
  std::string base = path;
  if (base.size() > 4 && base.compare(base.size() - 4, 4, ".vcd") == 0) {
    base.resize(base.size() - 4);
  }
  sc_core::sc_trace_file* tf = sc_core::sc_create_vcd_trace_file(base.c_str());
  tf->set_time_unit(1, sc_core::SC_PS);
  sc_core::sc_trace(tf, clock, "clk");
  control.trace(tf);
  return tf;
}

}  // namespace optinet
