#include "protocols/mesh/tree_routing.h"

#include <algorithm>
#include <stdexcept>

namespace optinet::mesh {

namespace {

struct Packet {
  std::int64_t at = 0;  ///< original rank of the vertex holding it
  int q = 0;
  Rank r = 0;  ///< destination rank in T^q
  std::int64_t key = 0;
  int problem = 0;
  Hop next = Hop::kHere;
};

class PhysicalTree {
 public:
  explicit PhysicalTree(const std::vector<int>& states)
      : old_(mesh::build_tree(static_cast<std::int64_t>(states.size()))),
        v_(reference_passes(states)),
        subtree_(states.size(), 1) {
    std::vector<std::size_t> by_depth(states.size());
    for (std::size_t r = 0; r < by_depth.size(); ++r) by_depth[r] = r;
    std::stable_sort(by_depth.begin(), by_depth.end(),
                     [&](std::size_t a, std::size_t b) { return old_[a].depth > old_[b].depth; });
    for (std::size_t r : by_depth)
      if (old_[r].parent != mesh::kNoRank)
        subtree_[static_cast<std::size_t>(old_[r].parent)] += subtree_[r];
  }

  /// Every packet of step 4, at its source.
  std::vector<Packet> packets() const {
    std::vector<Packet> out;
    const auto add = [&](std::int64_t from, int q, Rank source, Rank r, int problem) {
      if (r == mesh::kNoRank) return;
      Packet p{from, q, r, lemma5_priority(source, r), problem, Hop::kHere};
      p.next = hop(p);
      out.push_back(p);
    };
    for (std::size_t i = 0; i < v_.size(); ++i) {
      const VertexSplit& v = v_[i];
      const int x = v.state;
      const SplitTargets tg = split_targets(v);
      const auto from = static_cast<std::int64_t>(i);
      add(from, x, v.new_rank(x), tg.links.parent, 3 * x);
      add(from, x, v.new_rank(x), tg.links.left, 3 * x + 1);
      add(from, x, v.new_rank(x), tg.links.right, 3 * x + 2);
      add(from, 1 - x, v.new_rank(1 - x), tg.adjacent_root, kRoutingProblems - 1);
    }
    return out;
  }

  Hop hop(const Packet& p) const { return route(v_[static_cast<std::size_t>(p.at)], p.q, p.r); }

  std::int64_t neighbour(std::int64_t at, Hop h) const {
    const mesh::TreeLinks& l = old_[static_cast<std::size_t>(at)];
    const std::int64_t to = h == Hop::kParent ? l.parent : h == Hop::kLeft ? l.left : l.right;
    if (to == mesh::kNoRank) throw std::logic_error("routing on a tree left the tree");
    return to;
  }

  /// Directed edge of a hop: 2c going up from child c, 2c + 1 going down to child c.
  std::size_t edge(std::int64_t at, std::int64_t to) const {
    return old_[static_cast<std::size_t>(at)].parent == to ? 2 * std::size_t(at)
                                                           : 2 * std::size_t(to) + 1;
  }
  /// The size of the sub-tree of the edge's upper end.
  std::int64_t upper_subtree(std::size_t edge) const {
    const std::size_t child = edge / 2;
    return subtree_[static_cast<std::size_t>(old_[child].parent)];
  }
  std::size_t size() const { return v_.size(); }

  /// Synchronous tree steps until every packet has arrived.
  std::uint64_t simulate(std::vector<Packet> packets, TreeQueues queues) const {
    std::vector<std::vector<std::size_t>> waiting(v_.size());
    std::size_t left = 0;
    for (std::size_t i = 0; i < packets.size(); ++i)
      if (packets[i].next != Hop::kHere) {
        waiting[static_cast<std::size_t>(packets[i].at)].push_back(i);
        ++left;
      }
    std::uint64_t step = 0;
    std::vector<std::size_t> moving;
    const std::uint64_t limit = 8 * (v_.size() + packets.size()) + 16;
    while (left > 0) {
      if (++step > limit) throw std::logic_error("routing on a tree did not end");
      moving.clear();
      for (auto& queue : waiting) {
        if (queue.empty()) continue;
        // Per link: the first packet of each direction; per vertex: the first of all.
        std::size_t best[3] = {SIZE_MAX, SIZE_MAX, SIZE_MAX};
        for (std::size_t k = 0; k < queue.size(); ++k) {
          const Packet& p = packets[queue[k]];
          const int d = queues == TreeQueues::kPerLink ? static_cast<int>(p.next) - 1 : 0;
          if (best[d] == SIZE_MAX || p.key < packets[queue[best[d]]].key) best[d] = k;
        }
        for (std::size_t b : best)
          if (b != SIZE_MAX) {
            moving.push_back(queue[b]);
            queue[b] = SIZE_MAX;
          }
        queue.erase(std::remove(queue.begin(), queue.end(), SIZE_MAX), queue.end());
      }
      for (std::size_t i : moving) {
        Packet& p = packets[i];
        p.at = neighbour(p.at, p.next);
        p.next = hop(p);
        if (p.next == Hop::kHere)
          --left;
        else
          waiting[static_cast<std::size_t>(p.at)].push_back(i);
      }
    }
    return step;
  }

 private:
  std::vector<mesh::TreeLinks> old_;
  std::vector<VertexSplit> v_;
  std::vector<std::int64_t> subtree_;
};

}  // namespace

std::uint32_t ceil_log2(std::int64_t s) {
  std::uint32_t k = 0;
  while ((std::int64_t(1) << k) < s) ++k;
  return k;
}

TreeRoutingStats analyse_tree_routing(const std::vector<int>& states, TreeQueues queues) {
  TreeRoutingStats st;
  st.size = static_cast<std::int64_t>(states.size());
  if (states.empty()) return st;
  const PhysicalTree tree(states);
  const std::vector<Packet> all = tree.packets();

  // Lemma 4: walk every packet's path, counting per problem and directed edge.
  std::vector<std::vector<std::int64_t>> count(kRoutingProblems,
                                               std::vector<std::int64_t>(2 * tree.size(), 0));
  std::vector<std::int64_t> total(2 * tree.size(), 0);
  for (Packet p : all) {
    for (std::size_t hops = 0; p.next != Hop::kHere; ++hops) {
      if (hops > 2 * tree.size()) throw std::logic_error("routing on a tree did not arrive");
      const std::int64_t to = tree.neighbour(p.at, p.next);
      const std::size_t e = tree.edge(p.at, to);
      ++count[static_cast<std::size_t>(p.problem)][e];
      ++total[e];
      p.at = to;
      p.next = tree.hop(p);
    }
  }
  for (std::size_t e = 0; e < total.size(); ++e) {
    if (total[e] == 0) continue;
    st.all_problems_max_packets = std::max(st.all_problems_max_packets, total[e]);
    const double bound = 3.0 * ceil_log2(tree.upper_subtree(e));
    for (int problem = 0; problem + 1 < kRoutingProblems; ++problem) {
      const std::int64_t c = count[static_cast<std::size_t>(problem)][e];
      st.lemma4_max_packets = std::max(st.lemma4_max_packets, c);
      st.lemma4_max_ratio = std::max(st.lemma4_max_ratio, double(c) / bound);
      if (double(c) > bound) ++st.lemma4_violations;
    }
  }

  // Lemma 5: each problem alone, then all at once.
  const double bound5 = 8.0 * ceil_log2(st.size);
  for (int problem = 0; problem < kRoutingProblems; ++problem) {
    std::vector<Packet> mine;
    for (const Packet& p : all)
      if (p.problem == problem) mine.push_back(p);
    const std::uint64_t steps = tree.simulate(mine, queues);
    st.problem_steps[static_cast<std::size_t>(problem)] = steps;
    st.steps_one_by_one += steps;
    if (steps == 0) continue;
    st.lemma5_max_ratio = std::max(st.lemma5_max_ratio, double(steps) / bound5);
    if (double(steps) > bound5) ++st.lemma5_violations;
  }
  st.steps_at_once = tree.simulate(all, queues);
  return st;
}

}  // namespace optinet::mesh
