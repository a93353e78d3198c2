#pragma once
/// \file
/// The store-and-forward link's boundary in the registry of verilated models
/// (models/core/rtl_models.h): a design with the link stage's ports (clk, in_valid, in_data,
/// in_ready, out_valid, out_data, out_ready) verilated with W = 32 * kRtlLinkWords.
#include <memory>

#include "models/sf/sf_rtl_link.h"

namespace optinet::sf {

/// The signals a link model is bound to.
struct RtlLinkSignals {
  static constexpr const char* kBoundary = "link";
  sc_core::sc_signal<bool>& clk;
  sc_core::sc_signal<bool>& in_valid;
  sc_core::sc_signal<sc_dt::sc_bv<kRtlLinkWords * 32>>& in_data;
  sc_core::sc_signal<bool>& in_ready;
  sc_core::sc_signal<bool>& out_valid;
  sc_core::sc_signal<sc_dt::sc_bv<kRtlLinkWords * 32>>& out_data;
  sc_core::sc_signal<bool>& out_ready;

  /// Verilated link model V bound to `s`.
  template <typename V>
  static std::unique_ptr<sc_core::sc_module> bind(const RtlLinkSignals& s) {
    auto rtl = std::make_unique<V>("rtl");
    rtl->clk(s.clk);
    rtl->in_valid(s.in_valid);
    rtl->in_data(s.in_data);
    rtl->in_ready(s.in_ready);
    rtl->out_valid(s.out_valid);
    rtl->out_data(s.out_data);
    rtl->out_ready(s.out_ready);
    return rtl;
  }
};

}  // namespace optinet::sf
