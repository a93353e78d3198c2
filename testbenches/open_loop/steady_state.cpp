#include "testbenches/open_loop/steady_state.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace optinet {

std::uint64_t steady_state_batch_slots(const SteadyStateConfig& c) {
  if (c.batch_slots != 0) return c.batch_slots;
  if (c.fixed_window) return std::max<std::uint64_t>(1, c.measure / 32);
  return std::max<std::uint64_t>(100, c.schedule_period);
}

namespace {

std::string format(const char* pattern, double a, double b) {
  char text[160];
  std::snprintf(text, sizeof text, pattern, a, b);
  return text;
}

}  // namespace

SteadyStateMonitor::SteadyStateMonitor(const SteadyStateConfig& config, std::uint32_t n,
                                       std::uint64_t max_slots)
    : config_(config), n_(n), max_slots_(max_slots), batch_(steady_state_batch_slots(config)) {}

void SteadyStateMonitor::reset() {
  batches_.clear();
  origin_ = config_.fixed_warmup ? config_.warmup : 0;
  window_first_ = config_.fixed_warmup ? config_.warmup : kNever;
  window_end_ = kNever;
  if (config_.fixed_warmup && config_.fixed_window) window_end_ = config_.warmup + config_.measure;
  closing_verdict_ = Verdict{};
  sums_.clear();
  next_check_ = 0;
  warmup_method_ = config_.fixed_warmup ? "fixed" : "";
  window_method_ = config_.fixed_window ? "fixed" : "";
}

bool SteadyStateMonitor::batch_ends(std::uint64_t slot) const {
  return slot + 1 > origin_ && (slot + 1 - origin_) % batch_ == 0;
}

SteadyStateMonitor::Batch& SteadyStateMonitor::batch_of(std::uint64_t slot) {
  const std::size_t k = static_cast<std::size_t>((slot - origin_) / batch_);
  if (k >= batches_.size()) batches_.resize(k + 1);
  return batches_[k];
}

void SteadyStateMonitor::created(std::uint64_t slot) {
  if (slot >= origin_) batch_of(slot).created += 1;
}

void SteadyStateMonitor::delivered(std::uint64_t slot, std::uint64_t created_slot) {
  const double latency = static_cast<double>(slot - created_slot);
  if (slot >= origin_) {
    Batch& b = batch_of(slot);
    b.delivered += 1;
    b.latency_sum += latency;
    b.latency_count += 1;
  }
  if (in_window(created_slot)) {
    Batch& b = batch_of(created_slot);
    b.labelled_latency_sum += latency;
    b.labelled_count += 1;
  }
}

bool SteadyStateMonitor::stationary(std::size_t complete) {
  // Running sums over the complete batches (their delivery counts are final).
  while (sums_.size() <= complete) {
    const std::size_t k = sums_.size();
    Batch sum = k == 0 ? Batch{} : sums_.back();
    if (k > 0) {
      sum.delivered += batches_[k - 1].delivered;
      sum.latency_sum += batches_[k - 1].latency_sum;
      sum.latency_count += batches_[k - 1].latency_count;
    }
    sums_.push_back(sum);
  }
  // The last two spans of a quarter of the elapsed batches each (at least kHalf): a slow
  // transient changes across spans that grow with it.
  const std::size_t span = std::max(kHalf, complete / 4);
  if (complete < 2 * span) return false;
  const auto difference = [this](std::size_t from, std::size_t to, double Batch::*field) {
    return sums_[to].*field - sums_[from].*field;
  };
  const std::size_t middle = complete - span;
  const double delivered[2] = {difference(middle - span, middle, &Batch::delivered),
                               difference(middle, complete, &Batch::delivered)};
  const double latency[2] = {difference(middle - span, middle, &Batch::latency_sum),
                             difference(middle, complete, &Batch::latency_sum)};
  const double count[2] = {difference(middle - span, middle, &Batch::latency_count),
                           difference(middle, complete, &Batch::latency_count)};
  const double tolerance = config_.warmup_threshold;
  if (std::fabs(delivered[1] - delivered[0]) > tolerance * delivered[1]) return false;
  if (count[0] == 0 || count[1] == 0) return count[0] == count[1];
  const double before = latency[0] / count[0];
  const double now = latency[1] / count[1];
  return std::fabs(now - before) <= tolerance * now;
}

void SteadyStateMonitor::lost(std::uint64_t slot) {
  if (slot >= origin_) batch_of(slot).lost += 1;
}

SteadyStateMonitor::Decision SteadyStateMonitor::slot_ended(std::uint64_t slot) {
  if (!batch_ends(slot)) return Decision::kNone;
  const std::uint64_t next = slot + 1;
  const std::size_t complete = static_cast<std::size_t>((next - origin_) / batch_);
  if (batches_.size() < complete) batches_.resize(complete);  // batches without an event
  if (window_first_ == kNever) {
    const std::uint64_t limit = warmup_limit(max_slots_);
    const bool at_limit = next + batch_ > limit;
    // A backlog that clearly grows over the later half of the run so far will not settle:
    // the window may open and say so.
    const bool growing =
        complete >= 2 * kMinBatches && saturation(complete / 2, complete, 0, true).saturated;
    const bool settled = stationary(complete);
    const std::size_t span = std::max(2 * kHalf, complete / 4);
    const bool over = complete >= span && over_latency_limit(complete - span, complete);
    if (!settled && !growing && !at_limit && !over) return Decision::kNone;
    warmup_method_ = settled ? "converged" : growing ? "growing" : over ? "latency-limit" : "limit";
    window_first_ = next;
    if (config_.fixed_window) window_end_ = next + config_.measure;
    return Decision::kWindowOpened;
  }
  if (config_.fixed_window || window_end_ != kNever || next <= window_first_) {
    return Decision::kNone;
  }
  const auto [first, end] = window_batches(complete);
  const std::uint64_t limit = window_limit(max_slots_);
  if (next + batch_ > limit) {
    window_method_ = "limit";
  } else if (end - first >= 2 * kHalf && over_latency_limit(first, end)) {
    window_method_ = "latency-limit";
  } else {
    const std::size_t held = end - first;
    if (held < std::max(kMinBatches, next_check_)) return Decision::kNone;
    next_check_ = held * 11 / 10;  // checks at growing steps: O(batches log batches) in all
    if (const Verdict v = saturation(first, end, 0); v.saturated) {
      window_method_ = "saturated";
      closing_verdict_ = v;
    } else if (precise(first, end, next - window_first_)) {
      window_method_ = "confidence";
    } else {
      return Decision::kNone;
    }
  }
  window_end_ = next;
  return Decision::kWindowClosed;
}

bool SteadyStateMonitor::over_latency_limit(std::size_t first, std::size_t end) const {
  if (latency_limit_ <= 0) return false;
  const auto latency = window_interval(first, end, &Batch::latency_sum, &Batch::latency_count);
  return latency && latency->low() > latency_limit_;
}

bool SteadyStateMonitor::precise(std::size_t first, std::size_t end,
                                 std::uint64_t window_slots) const {
  const auto accepted = window_interval(first, end, &Batch::delivered, nullptr);
  const auto latency = window_interval(first, end, &Batch::latency_sum, &Batch::latency_count);
  const bool long_enough =
      !latency || static_cast<double>(window_slots) >= kLatencySpans * latency->mean;
  // Batches whose means are still correlated give too narrow an interval: the window grows
  // (and its batches with it) until they are not.
  const auto within = [this](const std::optional<Interval>& i) {
    return !i || (i->half_width <= config_.precision * std::fabs(i->mean) &&
                  i->lag1_autocorrelation <= kMaxAutocorrelation);
  };
  return accepted && long_enough && within(accepted) && within(latency);
}

std::pair<std::size_t, std::size_t> SteadyStateMonitor::window_batches(std::size_t complete) const {
  if (window_first_ == kNever) return {0, 0};
  const std::size_t first = static_cast<std::size_t>((window_first_ - origin_) / batch_);
  // Complete batches only: those that end by the window's end, or by the last slot that ended.
  std::size_t end = std::min(complete, batches_.size());
  if (window_end_ != kNever) {
    end = std::min<std::size_t>(end, static_cast<std::size_t>((window_end_ - origin_) / batch_));
  }
  return {first, std::max(first, end)};
}

std::optional<Interval> SteadyStateMonitor::window_interval(std::size_t first, std::size_t end,
                                                            double Batch::*num,
                                                            double Batch::*den) const {
  std::vector<double> numerators;
  std::vector<double> denominators;
  const double node_slots = static_cast<double>(n_) * static_cast<double>(batch_);
  for (std::size_t k = first; k < end; ++k) {
    numerators.push_back(batches_[k].*num);
    denominators.push_back(den != nullptr ? batches_[k].*den : node_slots);
  }
  return batch_means_interval(numerators, denominators, config_.confidence);
}

SteadyStateMonitor::Verdict SteadyStateMonitor::saturation(std::size_t first, std::size_t end,
                                                           double offered, bool clear_only) const {
  Verdict v;
  std::vector<double> growth;
  std::vector<double> node_slots;
  double created = 0;
  for (std::size_t k = first; k < end; ++k) {
    growth.push_back(batches_[k].created - batches_[k].delivered - batches_[k].lost);
    node_slots.push_back(static_cast<double>(n_) * static_cast<double>(batch_));
    created += batches_[k].created;
  }
  if (growth.empty()) return v;
  v.growth = batch_means_interval(growth, node_slots, config_.confidence);
  if (offered <= 0) offered = created / (static_cast<double>(growth.size()) * node_slots.front());
  // A transient's backlog growth dies down; a saturated one's goes on: the window's later half
  // must grow too.
  const auto half = static_cast<std::ptrdiff_t>(growth.size() / 2);
  const auto later_half = batch_means_interval(
      std::vector<double>(growth.end() - half, growth.end()),
      std::vector<double>(node_slots.end() - half, node_slots.end()), config_.confidence);
  const auto grows = [&](const std::optional<Interval>& i, double share) {
    return i && i->low() > 0 && i->mean > share * offered;
  };
  // A window of fewer than kLatencySpans mean latencies may hold the end of the warm-up's
  // transient: only a growth above kClearGrowth of the offered load decides there.
  const auto latency = window_interval(first, end, &Batch::latency_sum, &Batch::latency_count);
  const double slots = static_cast<double>((end - first) * batch_);
  const bool long_enough = !latency || slots >= kLatencySpans * latency->mean;
  const double share = long_enough && !clear_only ? kGrowthShare : kClearGrowth;
  if (grows(v.growth, share) && grows(later_half, share)) {
    v.saturated = true;
    v.reason = format("the backlog grew by %.4g packets/node/slot (%.3g of the offered load)",
                      v.growth->mean, v.growth->mean / offered);
    return v;
  }
  if (!long_enough && grows(v.growth, kGrowthShare)) {
    v.note = format(
        "the backlog grew by %.3g of the offered load in a window of %.3g mean "
        "latencies: too short to tell the warm-up's transient from saturation",
        v.growth->mean / offered, slots / latency->mean);
  }
  return v;
}

SteadyStateReport SteadyStateMonitor::report(double offered) const {
  SteadyStateReport r;
  r.max_slots = max_slots_;
  r.warmup_method = window_first_ == kNever ? "limit" : warmup_method_;
  r.warmup_slots = window_first_ == kNever ? 0 : window_first_;
  r.window_method = window_method_.empty() ? "limit" : window_method_;
  if (window_first_ != kNever && window_end_ != kNever) {
    r.window_slots = window_end_ - window_first_;
  }
  const auto [first, end] = window_batches(batches_.size());
  r.batch_slots = batch_ * batch_merge_factor(end - first);
  r.accepted = window_interval(first, end, &Batch::delivered, nullptr);
  r.latency = window_interval(first, end, &Batch::labelled_latency_sum, &Batch::labelled_count);
  // A window closed as saturated keeps the verdict that closed it.
  const Verdict v = closed_saturated() ? closing_verdict_ : saturation(first, end, offered);
  r.backlog_growth = v.growth;
  r.saturated = v.saturated;
  r.saturation_reason = v.reason;
  r.verdict_note = v.note;
  if (unsettled()) {
    r.verdict_note =
        "the warm-up had not settled by a quarter of --max-slots: a backlog growth "
        "may be a transient slower than the run (more --max-slots tells)" +
        (v.note.empty() ? std::string() : "; " + v.note);
  }
  return r;
}

}  // namespace optinet
