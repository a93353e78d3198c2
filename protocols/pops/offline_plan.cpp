#include "protocols/pops/offline_plan.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace optinet::pops {

namespace {
constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

/// A proper partial edge colouring: at[side][v * colours + c] is the edge of colour c at vertex v
/// (side 0: left, 1: right), or kNone.
struct Colouring {
  Colouring(std::uint32_t vertices, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& e,
            std::uint32_t colours)
      : edges_(e),
        colours_(colours),
        colour_(e.size(), kNone),
        size_(colours, 0),
        at_{std::vector<std::uint32_t>(std::size_t{vertices} * colours, kNone),
            std::vector<std::uint32_t>(std::size_t{vertices} * colours, kNone)} {}

  std::uint32_t& at(int side, std::uint32_t v, std::uint32_t c) {
    return at_[side][std::size_t{v} * colours_ + c];
  }
  std::uint32_t end(std::uint32_t e, int side) const {
    return side == 0 ? edges_[e].first : edges_[e].second;
  }
  std::uint32_t free_colour(int side, std::uint32_t v) {
    std::uint32_t c = 0;
    while (at(side, v, c) != kNone) ++c;
    return c;
  }
  void set(std::uint32_t e, std::uint32_t c) {
    colour_[e] = c;
    at(0, end(e, 0), c) = at(1, end(e, 1), c) = e;
    ++size_[c];
  }
  /// The edges of the path that leaves vertex v of `side` by colour x, then y, x, ...
  std::vector<std::uint32_t> path(int side, std::uint32_t v, std::uint32_t x, std::uint32_t y) {
    std::vector<std::uint32_t> p;
    for (std::uint32_t e; (e = at(side, v, x)) != kNone; std::swap(x, y)) {
      p.push_back(e);
      side = 1 - side;
      v = end(e, side);
    }
    return p;
  }
  /// Exchanges colours x and y on the edges of an alternating path.
  void swap_colours(const std::vector<std::uint32_t>& p, std::uint32_t x, std::uint32_t y) {
    for (std::uint32_t e : p) {
      at(0, end(e, 0), colour_[e]) = at(1, end(e, 1), colour_[e]) = kNone;
      --size_[colour_[e]];
    }
    for (std::uint32_t e : p) set(e, colour_[e] == x ? y : x);
  }

  const std::vector<std::pair<std::uint32_t, std::uint32_t>>& edges_;
  std::uint32_t colours_;
  std::vector<std::uint32_t> colour_;
  std::vector<std::uint32_t> size_;
  std::vector<std::uint32_t> at_[2];
};
}  // namespace

std::uint32_t offline_slots(const PopsShape& shape) {
  return shape.d == 1 ? 1 : 2 * ((shape.d + shape.g - 1) / shape.g);
}

std::vector<std::uint32_t> colour_bipartite(
    std::uint32_t vertices, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& edges,
    std::uint32_t colours, std::uint32_t cap) {
  if (std::uint64_t{cap} * colours < edges.size()) {
    throw std::invalid_argument("colour_bipartite: more edges than colours * cap");
  }
  std::vector<std::uint32_t> degree[2] = {std::vector<std::uint32_t>(vertices, 0),
                                          std::vector<std::uint32_t>(vertices, 0)};
  for (const auto& [u, v] : edges) {
    if (u >= vertices || v >= vertices) throw std::invalid_argument("colour_bipartite: vertex");
    if (++degree[0][u] > colours || ++degree[1][v] > colours) {
      throw std::invalid_argument("colour_bipartite: degree exceeds the number of colours");
    }
  }
  Colouring col(vertices, edges, colours);
  // Konig: colour edge (u, v) with x free at u; if x is taken at v, take y free at v and swap
  // x/y on the path from v that starts with x. It never reaches u, which has no x edge (left
  // vertices are entered by x edges only), so x becomes free at both ends.
  for (std::uint32_t e = 0; e < edges.size(); ++e) {
    const auto [u, v] = edges[e];
    const std::uint32_t x = col.free_colour(0, u);
    if (col.at(1, v, x) != kNone) {
      const std::uint32_t y = col.free_colour(1, v);
      col.swap_colours(col.path(1, v, x, y), x, y);
    }
    col.set(e, x);
  }
  // de Werra: while a class x is over the cap, some class y is under it; the x/y subgraph is
  // paths and even cycles, and with |x| > |y| one path starts and ends with x. Swapping it moves
  // one edge from x to y and keeps the colouring proper.
  while (true) {
    const auto over = std::max_element(col.size_.begin(), col.size_.end());
    if (*over <= cap) break;
    const auto x = static_cast<std::uint32_t>(over - col.size_.begin());
    const auto y = static_cast<std::uint32_t>(std::min_element(col.size_.begin(), col.size_.end()) -
                                              col.size_.begin());
    bool swapped = false;
    for (int side = 0; side < 2 && !swapped; ++side) {
      for (std::uint32_t v = 0; v < vertices && !swapped; ++v) {
        if (col.at(side, v, x) == kNone || col.at(side, v, y) != kNone) continue;
        const std::vector<std::uint32_t> p = col.path(side, v, x, y);
        if (p.size() % 2 == 1) {
          col.swap_colours(p, x, y);
          swapped = true;
        }
      }
    }
    if (!swapped) throw std::logic_error("colour_bipartite: no odd alternating path");
  }
  return col.colour_;
}

OfflineSchedule plan_offline(const PopsShape& s, const std::vector<NodeId>& destination) {
  const std::uint32_t n = s.n();
  if (destination.size() != n) {
    throw std::invalid_argument("plan_offline: " + std::to_string(destination.size()) +
                                " destinations for " + std::to_string(n) + " nodes");
  }
  std::vector<bool> used(n, false);
  for (NodeId i = 0; i < n; ++i) {
    const NodeId x = destination[i];
    if (x == kNoNode) continue;
    if (x >= n || used[x]) {
      throw std::invalid_argument("plan_offline: destination " + std::to_string(x) + " of source " +
                                  std::to_string(i) +
                                  (x >= n ? " is out of range" : " is used twice"));
    }
    used[x] = true;
  }

  OfflineSchedule plan;
  plan.slots = offline_slots(s);
  plan.program.resize(n);
  // The action of `node` in `slot`, created on first use.
  const auto action = [&](NodeId node, std::uint32_t slot) -> OfflineAction& {
    auto& prog = plan.program[node];
    for (auto& a : prog) {
      if (a.slot == slot) return a;
    }
    prog.push_back(OfflineAction{slot});
    return prog.back();
  };
  const auto send = [&](NodeId node, std::uint32_t slot, OfflineSend what, std::uint32_t group) {
    OfflineAction& a = action(node, slot);
    a.send = what;
    a.send_group = group;
  };
  const auto listen = [&](NodeId node, std::uint32_t slot, std::uint32_t group) {
    action(node, slot).listen_group = group;
  };

  // Packets that need the network (fixed points are delivered locally).
  std::vector<NodeId> sources;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> demand;
  for (NodeId i = 0; i < n; ++i) {
    if (destination[i] == kNoNode || destination[i] == i) continue;
    sources.push_back(i);
    demand.emplace_back(s.group_of(i), s.group_of(destination[i]));
  }

  if (s.d == 1) {  // one slot: i -> c(pi(i), i) -> pi(i)
    for (const NodeId i : sources) {
      send(i, 0, OfflineSend::kOwn, s.group_of(destination[i]));
      listen(destination[i], 0, s.group_of(i));
    }
  } else {
    const std::uint32_t rounds = plan.slots / 2;
    const std::vector<std::uint32_t> colour = colour_bipartite(s.g, demand, rounds * s.g, s.d);
    std::vector<std::uint32_t> class_size(rounds * s.g, 0);
    for (std::size_t k = 0; k < sources.size(); ++k) {
      const NodeId i = sources[k];
      const NodeId x = destination[i];
      const auto [a, b] = demand[k];
      const std::uint32_t first = 2 * (colour[k] / s.g);  // round rho: slots 2rho, 2rho+1
      const std::uint32_t m = colour[k] % s.g;            // intermediate group
      const NodeId relay = s.node(m, s.d >= s.g ? a : class_size[colour[k]]++);
      if (relay == i) {  // no first hop: the source is its own relay
        send(i, first + 1, OfflineSend::kOwn, b);
        listen(x, first + 1, m);
        continue;
      }
      send(i, first, OfflineSend::kOwn, m);
      listen(relay, first, a);
      if (relay == x) continue;  // no second hop: the relay is the destination
      send(relay, first + 1, OfflineSend::kHeld, b);
      listen(x, first + 1, m);
    }
  }
  for (auto& prog : plan.program) {
    std::sort(prog.begin(), prog.end(),
              [](const OfflineAction& p, const OfflineAction& q) { return p.slot < q.slot; });
  }
  return plan;
}

std::vector<NodeId> comparator_permutation(std::uint32_t n, const std::vector<Comparator>& stage) {
  std::vector<NodeId> pi(n);
  std::vector<bool> used(n, false);
  for (NodeId i = 0; i < n; ++i) pi[i] = i;
  for (const Comparator& c : stage) {
    for (const NodeId i : {c.low, c.high}) {
      if (i >= n || used[i]) {
        throw std::invalid_argument("comparator_permutation: node " + std::to_string(i) +
                                    (i >= n ? " is out of range" : " is used twice"));
      }
      used[i] = true;
    }
    pi[c.low] = c.high;
    pi[c.high] = c.low;
  }
  return pi;
}

}  // namespace optinet::pops
