#include "testbenches/open_loop/transactions.h"

#include <algorithm>

namespace optinet {

void WindowBatches::add(std::uint64_t first, std::uint64_t slot, double value, double count) {
  const std::size_t k = static_cast<std::size_t>((slot - first) / batch_);
  if (k >= sums_.size()) {
    sums_.resize(k + 1, 0);
    counts_.resize(k + 1, 0);
  }
  sums_[k] += value;
  counts_[k] += count;
}

std::optional<Interval> WindowBatches::ratio(double confidence) const {
  return batch_means_interval(sums_, counts_, confidence);
}

std::optional<Interval> WindowBatches::per_node_slot(std::uint64_t first, std::uint64_t end,
                                                     std::uint32_t n, double confidence) const {
  if (end <= first) return std::nullopt;
  const std::size_t batches = static_cast<std::size_t>((end - first + batch_ - 1) / batch_);
  std::vector<double> sums(batches, 0);
  std::vector<double> node_slots(batches, 0);
  for (std::size_t k = 0; k < batches; ++k) {
    const std::uint64_t from = first + k * batch_;
    const std::uint64_t to = std::min(end, from + batch_);
    if (k < sums_.size()) sums[k] = sums_[k];
    node_slots[k] = static_cast<double>(n) * static_cast<double>(to - from);
  }
  return batch_means_interval(sums, node_slots, confidence);
}

}  // namespace optinet
