#pragma once
/// \file
/// One RTL co-simulation stage (docs/cosimulation.md): a verilated model at the boundary of an
/// element, its phase machine in the pins view, and the lockstep comparison of what it drives
/// with what the behavioural law says. The phase machine: the element presents slot k to the
/// model (when its inputs light, or a quarter slot after an edge of the slot clock), the
/// model's clock rises a quarter slot after the element's edge, and the model's outputs are read
/// `settle` delta cycles later, once the edge has reached the model and its outputs changed.
///
/// A Boundary supplies what crosses it:
///   using Outcome = ...;                          what the element drives after a tick
///   std::uint64_t present();                      drives the model's inputs; the slot presented
///   Outcome outcome();                            the model's outputs
///   Outcome expected();                           the behavioural law's outcome (lockstep)
///   static bool same(const Outcome&, const Outcome&);
///   static std::string describe(const Outcome&);
///   sc_core::sc_signal<bool>& clock();            the model's clock (the phase machine)
/// Every mismatch goes to one RtlMismatchSink, named by the element it was found at.
#include <cstdint>
#include <memory>
#include <string>
#include <systemc>
#include <utility>

#include "models/core/rtl_sample_watch.h"

namespace optinet {

/// Hears of lockstep mismatches: in `slot`, at element `where`, the difference `what`.
class RtlMismatchSink {
 public:
  virtual ~RtlMismatchSink() = default;
  virtual void on_mismatch(std::uint64_t slot, const std::string& where,
                           const std::string& what) = 0;
};

/// Keeps a run's first lockstep mismatch among the stages that report to it: the earliest
/// slot, and of one slot the first reported.
class RtlFirstMismatch : public RtlMismatchSink {
 public:
  void on_mismatch(std::uint64_t slot, const std::string& where, const std::string& what) override {
    if (!text_.empty() && slot >= slot_) return;
    slot_ = slot;
    text_ =
        "lockstep mismatch in slot " + std::to_string(slot) + " at " + where + " (" + what + ")";
  }
  /// Empty when the RTL and the behavioural law agreed at every stage.
  const std::string& text() const { return text_; }
  void clear() { text_.clear(); }
  /// text(), cleared.
  std::string take() {
    std::string t;
    t.swap(text_);
    return t;
  }

 private:
  std::string text_;
  std::uint64_t slot_ = 0;
};

template <typename Boundary>
class RtlStage {
 public:
  using Outcome = typename Boundary::Outcome;
  /// When start() presents the slot: at once (the element's inputs lit in this evaluation), or
  /// a quarter slot later, a delta before the model's clock rises (an edge of the slot clock).
  enum class Present { kAtStart, kAtTick };

  /// `lockstep`: read() returns the behavioural outcome after comparing the model's with it.
  RtlStage(Boundary& boundary, bool lockstep, unsigned settle_deltas = 2)
      : boundary_(boundary), lockstep_(lockstep), settle_deltas_(settle_deltas) {}

  /// A quarter of the period of the slot clock `clk` is bound to: the wait from a slot clock's
  /// edge to the model's. Exact only for a period of a whole number of 4 time resolution units
  /// (the command refuses other periods with --rtl); otherwise rounded to the nearest unit, and
  /// at a period of 2 units it is half the slot, so the model's ticks fall on the slot clock's
  /// edges (lockstep's comparisons at the sampling instants see that).
  static sc_core::sc_time quarter_slot(const sc_core::sc_in<bool>& clk) {
    return dynamic_cast<const sc_core::sc_clock&>(*clk.get_interface()).period() / 4;
  }

  bool lockstep() const { return lockstep_; }
  /// Mismatches go to `sink`, found at `where` (until then they are not reported).
  void report_to(RtlMismatchSink& sink, std::string where) {
    sink_ = &sink;
    where_ = std::move(where);
  }
  /// Lockstep at the instants processors sample the element too (RtlSampleWatch), on the slot
  /// clock `slot_clk` of the element's module; call while that module is being constructed.
  void watch_samples(const sc_core::sc_in<bool>& slot_clk) {
    watch_ = std::make_unique<RtlSampleWatch>(
        slot_clk, [this](std::uint64_t slot, const std::string& what) { report(slot, what); });
  }

  /// Presents a slot to the model now (the grouped view's coupler, clocked by the slot clock).
  void present() {
    slot_ = boundary_.present();
    if (watch_) watch_->presented(slot_);
  }
  /// The model's outcome of the slot presented; under lockstep compared with the behavioural
  /// one, which is returned.
  Outcome read() {
    const Outcome rtl = boundary_.outcome();
    if (watch_) watch_->driven();  // the element drives it in this evaluation
    if (!lockstep_) return rtl;
    const Outcome model = boundary_.expected();
    mismatch(slot_, model, rtl);
    return model;
  }
  /// Reports `got` where `expected` was due, if they differ (also for comparisons a boundary
  /// makes at its own instants).
  void mismatch(std::uint64_t slot, const Outcome& expected, const Outcome& got) {
    if (Boundary::same(expected, got)) return;
    report(slot,
           "behavioural: " + Boundary::describe(expected) + "; rtl: " + Boundary::describe(got));
  }

  /// The phase machine, driven by one method of the element's: start() from the activation
  /// that begins a slot (a quarter slot later the model's clock rises), then advance() from
  /// each activation it triggers until it returns true with the slot's outcome (read()).
  void start(const sc_core::sc_in<bool>& slot_clk, Present when) {
    if (when == Present::kAtStart) {
      present();
      phase_ = Phase::kTick;
    } else {
      phase_ = Phase::kPresent;
    }
    sc_core::next_trigger(quarter_slot(slot_clk));
  }
  bool advance(Outcome& out) {
    switch (phase_) {
      case Phase::kPresent:
        present();
        phase_ = Phase::kTick;
        sc_core::next_trigger(sc_core::SC_ZERO_TIME);
        return false;
      case Phase::kTick:  // the clock edge reaches the model, then its outputs change
        boundary_.clock().write(true);
        pending_ = settle_deltas_;
        phase_ = Phase::kSettling;
        sc_core::next_trigger(sc_core::SC_ZERO_TIME);
        return false;
      case Phase::kSettling:
        if (--pending_ > 0) {
          sc_core::next_trigger(sc_core::SC_ZERO_TIME);
          return false;
        }
        phase_ = Phase::kIdle;
        out = read();
        return true;
      case Phase::kIdle:
        break;
    }
    return false;
  }

 private:
  enum class Phase { kIdle, kPresent, kTick, kSettling };

  void report(std::uint64_t slot, const std::string& what) {
    if (sink_ != nullptr) sink_->on_mismatch(slot, where_, what);
  }

  Boundary& boundary_;
  bool lockstep_;
  unsigned settle_deltas_;
  unsigned pending_ = 0;
  Phase phase_ = Phase::kIdle;
  std::uint64_t slot_ = 0;
  std::unique_ptr<RtlSampleWatch> watch_;
  RtlMismatchSink* sink_ = nullptr;
  std::string where_;
};

}  // namespace optinet
