#include "protocols/ocpc/dmob_h_relation.h"

#include <algorithm>
#include <vector>

#include "protocols/funnel/funnel_phases.h"
#include "protocols/ocpc/dmob_line_ocpc.h"
#include "protocols/ocpc/dmob_random_batches.h"
#include "protocols/ocpc/dmob_random_function.h"
#include "protocols/ocpc/prefix.h"
#include "protocols/ocpc/spread.h"
#include "protocols/ocpc/wired_or.h"

namespace optinet::ocpc {

namespace {

void append(std::vector<Packet>& to, std::vector<Packet>& from) {
  to.insert(to.end(), from.begin(), from.end());
  from.clear();
}

/// The wired-OR maximum (wired_or.h) from slot `t` of the schedule, which it advances.
std::uint64_t line_max(OcpcNodeContext& node, DmobCursor& cursor, std::uint64_t& t,
                       std::uint64_t value, std::uint32_t bits) {
  cursor.go_to(t);
  const std::uint64_t most = wired_or_max(node, value, bits);
  t = cursor.now();
  return most;
}

/// The Modified Thinning Phase at funnel level i of one batch (protocols/splithash/thinning.h,
/// run_modified_thinning): `upper` are this node's packets at level i + 1 and loses those that
/// go down, `lower` its packets at level i and gains what it receives.
void thin_level(OcpcNodeContext& node, DmobCursor& cursor, std::uint64_t& t,
                const DmobFunnelPlan& plan, std::uint32_t i, std::vector<Packet>& upper,
                std::vector<Packet>& lower, const funnel::ThinningSchedule& schedule,
                std::uint32_t rounds) {
  auto iterate = [&](std::uint32_t first, std::uint32_t count, std::optional<Packet>& top) {
    DmobFunnelPass pass;
    pass.first_function = first;
    pass.function_count = count;
    pass.round_limit = rounds;
    pass.stuck_is_error = false;
    std::optional<Packet> held;
    run_dmob_funnel_level(node, cursor, t, plan, i, top, held, pass);
    return held;
  };
  auto after = [&](const std::optional<Packet>& received) {
    if (received) lower.push_back(*received);
    node.note_buffers(static_cast<unsigned>(upper.size() + lower.size()));
  };
  funnel::thinning_iterations(node, schedule, schedule.group_size(plan.shape(), i), !upper.empty(),
                              upper, iterate, after);
}

/// Spreads `left` (this node's packets of one level) over its bus of dimension 0 so that each
/// node holds at most two (protocols/splithash/redistribute.h): the most any node holds by the
/// wired-OR line, then, if above two, the prefix and the moves on the bus.
void spread_on_line(OcpcNodeContext& node, DmobCursor& cursor, std::uint64_t& t,
                    std::vector<Packet>& left) {
  const std::uint64_t most =
      line_max(node, cursor, t, left.size(), DmobHRelationProtocol::kLoadBits);
  if (most <= DmobHRelationProtocol::kSlots) return;
  DmobLineAsOcpc line(node, {}, 1);
  spread_over_bus(line, most, left, scan_steps(line.shape().p));
  node.note_buffers(static_cast<unsigned>(left.size()));
  t = cursor.now();
}

}  // namespace

DmobHRelationProtocol::DmobHRelationProtocol(const OcpcShape& shape,
                                             const DmobFunnelOptions& options)
    : DmobSplitHashProtocol(shape, options),
      applications_(options.applications),
      thinning_(options.thinning) {}

void DmobHRelationProtocol::run(OcpcNodeContext& node) const {
  const std::uint32_t d = plan_.shape().depth;
  const std::uint32_t h = node.h();
  const funnel::ThinningSchedule schedule = funnel::thinning_schedule(h, thinning_);
  std::vector<std::vector<Packet>> own(batches_);  // this node's packets by batch (Theorem 1)
  for (const Packet& p : node.packets()) own[p.destination % batches_].push_back(p);
  std::vector<Packet> collected;                 // what reached this node at level 1
  std::vector<std::vector<Packet>> left(d + 1);  // the remainder, by level
  if (d == 1) collected = node.packets();
  DmobCursor cursor(node);
  node.note_buffers(static_cast<unsigned>(node.packets().size()));
  node.begin_slots();
  std::uint64_t t = 0;  // the schedule's next slot, the same in every node

  // 1. The batches: the Modified Thinning Phase level by level.
  for (std::uint32_t b = 0; b < batches_ && d > 1; ++b) {
    std::vector<Packet> upper = own[b];
    for (std::uint32_t i = d - 1; i >= 1; --i) {
      std::vector<Packet> lower;
      thin_level(node, cursor, t, plan_, i, upper, lower, schedule, thinning_.rounds);
      append(left[i + 1], upper);
      upper = std::move(lower);
    }
    append(collected, upper);
  }

  // 2. The remainder, level by level: spreading, then the random-function algorithm.
  for (std::uint32_t level = d; level >= 2; --level) {
    for (std::uint32_t application = 0;; ++application) {
      if (line_max(node, cursor, t, left[level].empty() ? 0 : 1, 1) == 0) break;
      if (application == applications_) {
        node.note_stuck(static_cast<std::uint32_t>(left[level].size()));
        left[level].clear();
        break;
      }
      spread_on_line(node, cursor, t, left[level]);
      DmobRandomBatches down(node, level, left[level], DmobRandomFunctionProtocol::kRho * batches_,
                             kSlots);
      left[level] = down.unsent();
      DmobFunnelPass pass;
      pass.round_limit = round_limit_;
      pass.stuck_is_error = false;
      down.run(cursor, t, plan_, pass, collected, left);
    }
  }

  // 3. The last level: GJLR on every bus of dimension 0, sized for the largest level-1 load.
  const std::uint64_t most = line_max(node, cursor, t, collected.size(), kLoadBits);
  gjlr_on_lines(node, cursor, t, collected,
                std::max<std::uint32_t>(h, static_cast<std::uint32_t>(most)), gjlr_);
}

}  // namespace optinet::ocpc
