#include "protocols/splithash/thinning.h"

#include <optional>
#include <string>

#include "protocols/splithash/funnel_level.h"

namespace optinet::splithash {

void run_modified_thinning(SplitHashNodeContext& node, std::uint32_t batch, std::uint32_t i,
                           std::vector<Packet>& mine, const funnel::ThinningSchedule& schedule) {
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
  funnel::thinning_iterations(node, schedule, schedule.group_size(node.shape(), i),
                              top && !mine.empty(), mine, iterate, after);
}

}  // namespace optinet::splithash
