#include "testbenches/open_loop/latency_stats.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace optinet {

unsigned LatencyStats::bin_of(std::uint64_t latency_slots) {
  unsigned k = 0;
  while (latency_slots > 1) {
    latency_slots >>= 1;
    ++k;
  }
  return k;
}

std::pair<std::uint64_t, std::uint64_t> LatencyStats::bin_range(unsigned k) {
  if (k > 63) throw std::invalid_argument("latency histogram bins are 0..63");
  if (k == 0) return {0, 1};
  const std::uint64_t lo = std::uint64_t{1} << k;
  return {lo, lo + (lo - 1)};  // 2^(k+1) - 1 without overflow at k = 63
}

void LatencyStats::add(std::uint64_t latency_slots) {
  if (latency_slots < kDense) {
    if (dense_.size() <= latency_slots) {
      dense_.resize(std::max<std::size_t>(latency_slots + 1, 2 * dense_.size()), 0);
    }
    ++dense_[latency_slots];
  } else {
    ++sparse_[latency_slots];
  }
  const unsigned k = bin_of(latency_slots);
  if (histogram_.size() <= k) histogram_.resize(k + 1, 0);
  ++histogram_[k];
  ++count_;
  sum_ += latency_slots;
}

void LatencyStats::merge(const LatencyStats& other) {
  if (dense_.size() < other.dense_.size()) dense_.resize(other.dense_.size(), 0);
  for (std::size_t latency = 0; latency < other.dense_.size(); ++latency) {
    dense_[latency] += other.dense_[latency];
  }
  for (const auto& [latency, n] : other.sparse_) sparse_[latency] += n;
  if (histogram_.size() < other.histogram_.size()) histogram_.resize(other.histogram_.size(), 0);
  for (std::size_t k = 0; k < other.histogram_.size(); ++k) histogram_[k] += other.histogram_[k];
  count_ += other.count_;
  sum_ += other.sum_;
}

double LatencyStats::mean() const {
  return count_ == 0 ? 0.0 : static_cast<double>(sum_ / static_cast<long double>(count_));
}

std::uint64_t LatencyStats::percentile(double p) const {
  if (!(p > 0.0 && p <= 100.0)) throw std::invalid_argument("percentile p must be in (0, 100]");
  if (count_ == 0) return 0;
  // p * count is exact for integer p (and count below 2^53), so is its division by 100 when
  // the rank is a whole number: no spurious rounding up at p = 50 or 99.
  const long double exact = static_cast<long double>(p) * count_ / 100.0L;
  auto rank = static_cast<std::uint64_t>(std::ceil(exact));
  rank = std::clamp<std::uint64_t>(rank, 1, count_);
  std::uint64_t seen = 0;
  for (std::size_t latency = 0; latency < dense_.size(); ++latency) {
    seen += dense_[latency];
    if (seen >= rank) return latency;
  }
  for (const auto& [latency, n] : sparse_) {
    seen += n;
    if (seen >= rank) return latency;
  }
  return max();  // not reached
}

std::uint64_t LatencyStats::max() const {
  if (!sparse_.empty()) return sparse_.rbegin()->first;
  for (std::size_t latency = dense_.size(); latency > 0; --latency) {
    if (dense_[latency - 1] != 0) return latency - 1;
  }
  return 0;
}

void OccupancyStats::sample(std::uint64_t occupancy) {
  ++samples_;
  sum_ += occupancy;
  max_ = std::max(max_, occupancy);
}

void OccupancyStats::merge(const OccupancyStats& other) {
  samples_ += other.samples_;
  sum_ += other.sum_;
  max_ = std::max(max_, other.max_);
}

double OccupancyStats::mean() const {
  return samples_ == 0 ? 0.0 : static_cast<double>(sum_ / static_cast<long double>(samples_));
}

}  // namespace optinet
