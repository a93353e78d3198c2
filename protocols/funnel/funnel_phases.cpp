#include "protocols/funnel/funnel_phases.h"

#include <algorithm>
#include <cmath>

namespace optinet::funnel {

std::uint32_t ThinningSchedule::total_iterations() const {
  std::uint32_t total = 0;
  for (std::uint32_t t : iterations) total += t;
  return total;
}

std::uint32_t ThinningSchedule::load(std::uint32_t g) const {
  const std::uint64_t d = std::uint64_t{1} << (g - 1);
  return static_cast<std::uint32_t>((h + d - 1) / d);
}

std::uint32_t ThinningSchedule::group_size(const SplitHashShape& s, std::uint32_t i) const {
  return s.functions(i) / groups;
}

ThinningSchedule thinning_schedule(std::uint32_t h, const ThinningParams& params) {
  ThinningSchedule out;
  out.h = h;
  std::uint32_t phases = 0;  // ceil(log2 h)
  while ((std::uint64_t{1} << phases) < h) ++phases;
  const double log_h = std::log2(static_cast<double>(h));
  for (std::uint32_t g = 1; g <= phases; ++g) {
    const double t =
        params.c * (static_cast<double>(h) / std::ldexp(1.0, static_cast<int>(g)) + log_h);
    out.iterations.push_back(std::max(1u, static_cast<std::uint32_t>(std::ceil(t - 1e-9))));
  }
  out.groups = std::max(1u, (out.total_iterations() + h - 1) / h);
  return out;
}

bool stays_active(std::size_t count, std::uint32_t h, std::uint32_t g) {
  return (std::uint64_t{count} << g) <= h;
}

std::string thinning_unavailable(const SplitHashShape& s, const ThinningSchedule& schedule) {
  for (std::uint32_t i = 1; i < s.depth; ++i) {
    if (schedule.group_size(s, i) == 0) {
      return "h = " + std::to_string(schedule.h) + " needs s = " + std::to_string(schedule.groups) +
             " groups of functions, more than a_" + std::to_string(i) + " = " +
             std::to_string(s.functions(i)) + " (raise --a)";
    }
  }
  return "";
}

std::vector<std::pair<std::uint32_t, Packet>> draw_batches(Rng& rng,
                                                           const std::vector<Packet>& packets,
                                                           std::uint32_t per_slot,
                                                           std::uint32_t slots,
                                                           std::vector<Packet>& unsent) {
  std::vector<std::pair<std::uint32_t, Packet>> assigned;
  for (std::size_t m = 0; m < packets.size(); ++m) {
    if (m < slots) {
      const std::uint32_t b = static_cast<std::uint32_t>(m) * per_slot + rng.below(per_slot);
      assigned.emplace_back(b, packets[m]);
    } else {
      unsent.push_back(packets[m]);
    }
  }
  return assigned;
}

std::string random_function_unavailable(const SplitHashShape& shape) {
  const std::string why = shape.one_node_blocks();
  if (why.empty()) return "";
  return why + "; --protocol h-relation routes what one application leaves";
}

}  // namespace optinet::funnel
