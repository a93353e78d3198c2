#pragma once
/// \file
/// The coupler's boundary in the registry of verilated models (models/core/rtl_models.h): a
/// design with the coupler's ports (clk, valid, frame, out_valid, out_frame, collision, busy)
/// verilated with D = kRtlMaxSources and W = kRtlFrameBits.
#include <memory>

#include "models/pops/pops_rtl_coupler.h"

namespace optinet::pops {

/// The signals a coupler model is bound to; its clock is a port (the slot clock) or a signal.
struct RtlCouplerSignals {
  static constexpr const char* kBoundary = "coupler";
  sc_core::sc_in<bool>* clk_port;
  sc_core::sc_signal<bool>* clk_signal;
  sc_core::sc_signal<std::uint64_t>& valid;
  sc_core::sc_signal<sc_dt::sc_bv<kRtlMaxSources * kRtlFrameBits>>& frame;
  sc_core::sc_signal<bool>& out_valid;
  sc_core::sc_signal<sc_dt::sc_bv<kRtlFrameBits>>& out_frame;
  sc_core::sc_signal<bool>& collision;
  sc_core::sc_signal<bool>& busy;

  /// Verilated coupler model V bound to `s`.
  template <typename V>
  static std::unique_ptr<sc_core::sc_module> bind(const RtlCouplerSignals& s) {
    auto rtl = std::make_unique<V>("rtl");
    if (s.clk_port != nullptr) {
      rtl->clk(*s.clk_port);
    } else {
      rtl->clk(*s.clk_signal);
    }
    rtl->valid(s.valid);
    rtl->frame(s.frame);
    rtl->out_valid(s.out_valid);
    rtl->out_frame(s.out_frame);
    rtl->collision(s.collision);
    rtl->busy(s.busy);
    return rtl;
  }
};

}  // namespace optinet::pops
