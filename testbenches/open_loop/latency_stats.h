#pragma once
/// \file
/// Statistics of open-loop runs: per-packet latencies in slots, and queue occupancy sampled
/// every slot. Both merge across runs (a merge gives what adding every sample to one would).
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

namespace optinet {

/// Latencies of packets, in whole slots. Keeps one count per latency, so percentiles are exact
/// and memory grows with the largest latency, not with the packets: latencies below kDense in
/// an array (an add is an increment), larger ones by distinct value.
class LatencyStats {
 public:
  void add(std::uint64_t latency_slots);
  void merge(const LatencyStats& other);

  std::uint64_t count() const { return count_; }
  /// Arithmetic mean; 0 if empty.
  double mean() const;
  /// Nearest-rank percentile, p in (0, 100]: the smallest latency x such that at least p% of
  /// the latencies are <= x, i.e. the ceil(p/100 * count)-th smallest (1-based). Always one of
  /// the latencies, never interpolated. 0 if empty.
  std::uint64_t percentile(double p) const;
  std::uint64_t p50() const { return percentile(50); }
  std::uint64_t p99() const { return percentile(99); }
  /// Largest latency; 0 if empty.
  std::uint64_t max() const;

  /// Power-of-two histogram: bin 0 counts latencies 0 and 1; bin k >= 1 counts [2^k, 2^(k+1)).
  /// As many bins as the largest latency needs (none if empty).
  const std::vector<std::uint64_t>& histogram() const { return histogram_; }
  /// The bin of a latency.
  static unsigned bin_of(std::uint64_t latency_slots);
  /// The least and the largest latency of bin k (k <= 63).
  static std::pair<std::uint64_t, std::uint64_t> bin_range(unsigned k);

 private:
  static constexpr std::uint64_t kDense = std::uint64_t{1} << 16;
  std::vector<std::uint64_t> dense_;               ///< latency -> packets, below kDense
  std::map<std::uint64_t, std::uint64_t> sparse_;  ///< latency -> packets, from kDense on
  std::vector<std::uint64_t> histogram_;
  std::uint64_t count_ = 0;
  long double sum_ = 0;
};

/// Occupancy of a queue (or the sum of a node's queues) sampled once per slot.
class OccupancyStats {
 public:
  void sample(std::uint64_t occupancy);
  void merge(const OccupancyStats& other);

  std::uint64_t samples() const { return samples_; }
  /// Mean over the samples; 0 if none.
  double mean() const;
  /// Largest sample; 0 if none.
  std::uint64_t max() const { return max_; }

 private:
  std::uint64_t samples_ = 0;
  long double sum_ = 0;
  std::uint64_t max_ = 0;
};

}  // namespace optinet
