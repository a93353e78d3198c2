#pragma once
/// \file
/// The receiver's boundary in the registry of verilated models (models/core/rtl_models.h): a
/// design with the receiver stage's ports (clk, my_addr, valid, dest, frame, out_valid,
/// out_frame, collision, addressed) verilated with K = kRtlReceiverLanes, A = 16 and
/// W = 32 * kRtlMessageWords.
#include <memory>

#include "models/ocpc/ocpc_rtl_receiver.h"

namespace optinet::ocpc {

/// The signals a receiver model is bound to.
struct RtlReceiverSignals {
  static constexpr const char* kBoundary = "receiver";
  sc_core::sc_signal<bool>& clk;
  sc_core::sc_signal<std::uint32_t>& my_addr;
  sc_core::sc_signal<std::uint64_t>& valid;
  sc_core::sc_signal<sc_dt::sc_bv<kRtlReceiverLanes * 16>>& dest;
  sc_core::sc_signal<sc_dt::sc_bv<kRtlReceiverLanes * kRtlMessageWords * 32>>& frame;
  sc_core::sc_signal<bool>& out_valid;
  sc_core::sc_signal<sc_dt::sc_bv<kRtlMessageWords * 32>>& out_frame;
  sc_core::sc_signal<bool>& collision;
  sc_core::sc_signal<bool>& addressed;

  /// Verilated receiver model V bound to `s`.
  template <typename V>
  static std::unique_ptr<sc_core::sc_module> bind(const RtlReceiverSignals& s) {
    auto rtl = std::make_unique<V>("rtl");
    rtl->clk(s.clk);
    rtl->my_addr(s.my_addr);
    rtl->valid(s.valid);
    rtl->dest(s.dest);
    rtl->frame(s.frame);
    rtl->out_valid(s.out_valid);
    rtl->out_frame(s.out_frame);
    rtl->collision(s.collision);
    rtl->addressed(s.addressed);
    return rtl;
  }
};

}  // namespace optinet::ocpc
