#pragma once
/// \file
/// Steady state of an open-loop run, decided from the measurement.
///
/// The run is cut into base batches of `batch_slots` slots. Per batch the monitor counts the
/// packets created (refused ones included), the packets delivered and their latencies (by
/// delivery slot), and the latencies of labelled packets by creation slot.
///
/// - Warm-up, unless fixed: after every batch, the mean accepted load and the mean latency
///   (by delivery) of the last quarter of the batches so far (at least kHalf batches) are
///   compared with the quarter before it; the warm-up ends when both differ by at most
///   `warmup_threshold` (relative); or, after 2 kMinBatches batches, when the backlog grew by
///   more than kClearGrowth of the offered load over the later half of the batches so far (a
///   saturated run, whose warm-up would never end); or at the warm-up limit (a quarter of
///   --max-slots). Spans that grow with the run let a slow transient show as change.
/// - Window, unless fixed: it closes once it holds at least kMinBatches batches and at least
///   kLatencySpans mean latencies, and the batch-means intervals of accepted load and latency
///   have half-widths of at most `precision` of their means and batch means with a lag-1
///   autocorrelation of at most kMaxAutocorrelation; or as soon as it is saturated
///   (below), once it holds kMinBatches batches; or at the window limit (three quarters of
///   --max-slots), leaving the rest for the drain.
/// - Saturated, in every mode, from the window's batches: the backlog (created minus
///   delivered) grew, over the whole window and over its later half (a transient's growth dies
///   down), each batch-means interval lying above zero and each mean above kGrowthShare of the
///   offered load. When the measured warm-up ended at its limit unsettled, the report says that
///   a growth may be a transient slower than the run. Latency is not tested apart: by Little's law
///   it grows without bound only with the backlog, and a latency trend test fired on a stable run
///   whose latencies are correlated over many batches. Whether the drain finished by --max-slots is
///   reported apart and decides nothing. A measured window that closes as saturated ends the run at
///   once: its packets' latencies only say how long the window was.
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "testbenches/open_loop/batch_means.h"

namespace optinet {

struct SteadyStateConfig {
  bool fixed_warmup = true;
  bool fixed_window = true;
  std::uint64_t warmup = 1000;        ///< fixed warm-up in slots
  std::uint64_t measure = 10000;      ///< fixed window in slots
  std::uint64_t batch_slots = 0;      ///< base batch; 0: chosen (steady_state_batch_slots)
  std::uint64_t schedule_period = 1;  ///< a protocol's repeating schedule (TDMA's frame)
  double confidence = 0.95;
  double precision = 0.05;         ///< target relative half-width of the window's intervals
  double warmup_threshold = 0.05;  ///< relative change allowed between successive spans
};

/// How the run's warm-up and window were chosen, and what they measured.
struct SteadyStateReport {
  std::uint64_t warmup_slots = 0;
  std::string warmup_method;  ///< "fixed", "converged", "growing", "limit"
  std::uint64_t window_slots = 0;
  std::string window_method;               ///< "fixed", "confidence", "saturated", "limit"
  std::uint64_t batch_slots = 0;           ///< slots per batch of the intervals
  std::uint64_t max_slots = 0;             ///< the run's slot limit
  std::optional<Interval> accepted;        ///< packets per node per slot
  std::optional<Interval> latency;         ///< slots, labelled packets by creation batch
  std::optional<Interval> backlog_growth;  ///< packets per node per slot
  bool saturated = false;
  std::string saturation_reason;  ///< "" when not saturated
  std::string verdict_note;       ///< why a "not saturated" is uncertain, or ""
};

/// The base batch of `config`: batch_slots if given, else a fixed window's 32nd, else 100 slots
/// or the schedule's period if longer (a batch shorter than a TDMA frame sees its phase).
std::uint64_t steady_state_batch_slots(const SteadyStateConfig& config);

class SteadyStateMonitor {
 public:
  static constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max();
  static constexpr std::size_t kHalf = 4;
  static constexpr std::size_t kMinBatches = 20;
  static constexpr double kLatencySpans = 10;
  static constexpr double kGrowthShare = 0.01;
  static constexpr double kClearGrowth = 0.1;
  static constexpr double kMaxAutocorrelation = 0.3;

  /// The last slot a measured warm-up may reach, and the slot by which a measured window
  /// closes at the latest, for runs of `max_slots` slots.
  static std::uint64_t warmup_limit(std::uint64_t max_slots) { return max_slots / 4; }
  static std::uint64_t window_limit(std::uint64_t max_slots) { return max_slots - max_slots / 4; }

  /// `n` nodes; `max_slots` bounds the automatic warm-up and window.
  SteadyStateMonitor(const SteadyStateConfig& config, std::uint32_t n, std::uint64_t max_slots);

  /// The slot limit of the next runs. Between runs only.
  void set_max_slots(std::uint64_t max_slots) { max_slots_ = max_slots; }
  /// The precision a measured window aims at, for the next runs. Between runs only.
  void set_precision(double precision) { config_.precision = precision; }
  /// A mean latency (slots) past which the run ends (0: none), for the next runs: once the
  /// latency interval of the packets delivered over the last batches lies above it, a measured
  /// warm-up ends ("latency-limit"), and a measured window that holds 2 kHalf batches closes
  /// ("latency-limit") and ends the run. Between runs only.
  void set_latency_limit(double slots) { latency_limit_ = slots; }
  std::uint64_t max_slots() const { return max_slots_; }
  /// Starts a run: fixed bounds are known now, automatic ones are decided as it goes.
  void reset();
  /// First slot of the window (kNever until decided) and the slot after it (kNever while open).
  std::uint64_t window_first() const { return window_first_; }
  std::uint64_t window_end() const { return window_end_; }
  bool in_window(std::uint64_t slot) const { return slot >= window_first_ && slot < window_end_; }
  /// Whether the run's bounds are decided as it goes (the host must call slot_ended()).
  bool automatic() const { return !config_.fixed_warmup || !config_.fixed_window; }
  std::uint64_t batch_slots() const { return batch_; }
  /// The measured window closed because the run is saturated.
  bool closed_saturated() const { return window_method_ == "saturated"; }
  /// The measured window closed because the run is saturated or over the latency limit: the
  /// run ends there.
  bool ends_run() const { return closed_saturated() || window_method_ == "latency-limit"; }
  /// True at the last slot of a base batch: the automatic decisions are taken there, and need
  /// every node's packets created up to that slot.
  bool batch_ends(std::uint64_t slot) const;

  void created(std::uint64_t slot);
  void delivered(std::uint64_t slot, std::uint64_t created_slot);
  /// A packet a fault lost in `slot`: it leaves the backlog (so losses do not read as a
  /// saturation) and is not accepted load.
  void lost(std::uint64_t slot);

  enum class Decision { kNone, kWindowOpened, kWindowClosed };
  /// Slot `slot` is over (every creation and delivery of it reported): the automatic warm-up
  /// or window may end at the next slot.
  Decision slot_ended(std::uint64_t slot);

  /// The run's report (after the drain). `offered`: packets per node per slot in the window.
  SteadyStateReport report(double offered) const;

 private:
  struct Batch {
    double created = 0;
    double delivered = 0;
    double lost = 0;         ///< packets lost to faults in this batch
    double latency_sum = 0;  ///< of the packets delivered in this batch
    double latency_count = 0;
    double labelled_latency_sum = 0;  ///< of the labelled packets created in this batch
    double labelled_count = 0;
  };
  Batch& batch_of(std::uint64_t slot);
  /// Whether the latency of the packets delivered in batches [first, end) lies above the latency
  /// limit (its batch-means interval).
  bool over_latency_limit(std::size_t first, std::size_t end) const;
  /// Whether the warm-up's last two spans agree, over the first `complete` batches.
  bool stationary(std::size_t complete);
  /// The measured warm-up reached its limit without settling: a slow transient may still run.
  bool unsettled() const { return warmup_method_ == "limit"; }
  /// The window's intervals are within `precision` and the window spans kLatencySpans mean
  /// latencies.
  bool precise(std::size_t first, std::size_t end, std::uint64_t window_slots) const;
  /// The window's batches among the first `complete`, [first, end).
  std::pair<std::size_t, std::size_t> window_batches(std::size_t complete) const;
  std::optional<Interval> window_interval(std::size_t first, std::size_t end, double Batch::*num,
                                          double Batch::*den) const;
  struct Verdict {
    bool saturated = false;
    std::string reason;
    std::string note;
    std::optional<Interval> growth;
  };
  /// Backlog growth over batches [first, end); `offered` (packets per node per slot) is taken
  /// from the batches when 0; `clear_only`: only a growth above kClearGrowth decides.
  Verdict saturation(std::size_t first, std::size_t end, double offered,
                     bool clear_only = false) const;

  SteadyStateConfig config_;
  std::uint32_t n_;
  std::uint64_t max_slots_;
  std::uint64_t batch_;
  double latency_limit_ = 0;
  std::uint64_t origin_ = 0;  ///< slot where base batch 0 starts
  std::uint64_t window_first_ = kNever;
  std::uint64_t window_end_ = kNever;
  std::string warmup_method_;
  std::string window_method_;
  std::vector<Batch> batches_;
  Verdict closing_verdict_;
  std::vector<Batch> sums_;     ///< sums_[k]: base batches [0, k) summed (the warm-up's test)
  std::size_t next_check_ = 0;  ///< window batches at the next automatic window check
};

}  // namespace optinet
