#include "protocols/splithash/thinning.h"

#include <cmath>
#include <optional>
#include <string>

#include "protocols/ocpc/node_group.h"
#include "protocols/splithash/funnel_level.h"

namespace optinet::splithash {

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
  const std::uint32_t phases = ocpc::ceil_log2(h);
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

void run_modified_thinning(SplitHashNodeContext& node, std::uint32_t batch, std::uint32_t i,
                           std::vector<Packet>& mine, const ThinningSchedule& schedule) {
  const bool top = node.level() == i + 1;
  const bool bottom = node.level() == i;
  auto iterate = [&](std::uint32_t first, std::uint32_t count, std::optional<Packet>& held) {
    FunnelPass pass;
    pass.first_function = first;
    pass.function_count = count;
    pass.round_limit = node.settings().thinning.rounds;
    pass.stuck_is_error = false;
    run_funnel_level(node, batch, i, held, pass);
    return bottom ? held : std::nullopt;  // a top node's `held` is its packet not yet down
  };
  auto after = [&](const std::optional<Packet>& received) {
    if (received) mine.push_back(*received);
    if (top || bottom) node.note_buffers(static_cast<unsigned>(mine.size()));
  };
  thinning_iterations(node, schedule, schedule.group_size(node.shape(), i), top && !mine.empty(),
                      mine, iterate, after);
}

}  // namespace optinet::splithash
