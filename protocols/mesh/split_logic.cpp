#include "protocols/mesh/split_logic.h"

#include <algorithm>
#include <stdexcept>

namespace optinet::mesh {

ForwardMsg VertexSplit::forward() const {
  ForwardMsg m;
  for (int x = 0; x < 2; ++x) m.count[x] = f_left[x] + f_right[x] + delta(x);
  return m;
}

void VertexSplit::start_backward_at_root() {
  BackwardMsg m;
  for (int x = 0; x < 2; ++x) m.t[x] = f_left[x] + f_right[x] + delta(x);
  apply_backward(m);
}

void VertexSplit::apply_backward(const BackwardMsg& from_parent) {
  t = from_parent.t;
  for (int x = 0; x < 2; ++x) {
    s_left[x] = from_parent.s[x];                          // left tree rule
    s_right[x] = from_parent.s[x] + f_left[x] + delta(x);  // right tree rule
    b[x] = s_left[x] + f_left[x];
  }
}

Rank VertexSplit::m_left(int x) const { return f_left[x] > 0 ? b[x] - 1 : kMinusInfinity; }

Rank VertexSplit::m_right(int x) const {
  return f_right[x] > 0 ? b[x] + f_right[x] + delta(x) - 1 : kMinusInfinity;
}

Hop route(const VertexSplit& v, int q, Rank r) {
  if (v.state == q && v.new_rank(q) == r) return Hop::kHere;
  if (v.b[q] > r) {
    const Rank m = v.m_left(q);
    if (m == kMinusInfinity) return Hop::kParent;
    return (m >= r && m - v.f_left[q] < r) ? Hop::kLeft : Hop::kParent;
  }
  const Rank m = v.m_right(q);
  if (m == kMinusInfinity) return Hop::kParent;
  return (m >= r && m - v.f_right[q] < r) ? Hop::kRight : Hop::kParent;
}

SplitTargets split_targets(const VertexSplit& v) {
  const int x = v.state;
  SplitTargets out;
  out.links = mesh::tree_links(v.t[x], v.new_rank(x));
  if (out.links.parent == mesh::kNoRank && v.t[1 - x] > 0)
    out.adjacent_root = mesh::root_rank(v.t[1 - x]);
  return out;
}

std::int64_t lemma5_priority(Rank source, Rank destination) {
  constexpr std::int64_t kKeys = std::int64_t(1) << 40;  // above every rank
  if (source < destination) return kKeys - destination;
  return 2 * kKeys + destination;
}

namespace {

// Routes a packet for (q, r) from original rank `from` on the old tree; returns the original
// rank where it arrives, checking that it took the shortest tree path.
std::int64_t route_reference(const std::vector<VertexSplit>& v,
                             const std::vector<mesh::TreeLinks>& old, std::int64_t from, int q,
                             Rank r) {
  std::int64_t at = from;
  for (std::size_t hops = 0; hops <= 2 * v.size(); ++hops) {
    const auto& here = old[static_cast<std::size_t>(at)];
    switch (route(v[static_cast<std::size_t>(at)], q, r)) {
      case Hop::kHere:
        return at;
      case Hop::kParent:
        at = here.parent;
        break;
      case Hop::kLeft:
        at = here.left;
        break;
      case Hop::kRight:
        at = here.right;
        break;
    }
    if (at == mesh::kNoRank) throw std::logic_error("routing on a tree left the tree");
  }
  throw std::logic_error("routing on a tree did not arrive");
}

}  // namespace

std::vector<VertexSplit> reference_passes(const std::vector<int>& states) {
  const auto old = mesh::build_tree(static_cast<std::int64_t>(states.size()));
  std::vector<VertexSplit> v(states.size());
  for (std::size_t r = 0; r < v.size(); ++r) v[r].state = states[r];
  // Forward pass, deepest first; backward pass, shallowest first.
  std::vector<std::size_t> by_depth(v.size());
  for (std::size_t r = 0; r < v.size(); ++r) by_depth[r] = r;
  std::stable_sort(by_depth.begin(), by_depth.end(),
                   [&](std::size_t a, std::size_t b) { return old[a].depth > old[b].depth; });
  for (std::size_t r : by_depth) {
    if (old[r].parent == mesh::kNoRank) continue;
    auto& p = v[static_cast<std::size_t>(old[r].parent)];
    (old[r].parent > static_cast<std::int64_t>(r) ? p.f_left : p.f_right) = v[r].forward().count;
  }
  for (auto it = by_depth.rbegin(); it != by_depth.rend(); ++it) {
    const std::size_t r = *it;
    if (old[r].parent == mesh::kNoRank) {
      v[r].start_backward_at_root();
    } else {
      const auto& p = v[static_cast<std::size_t>(old[r].parent)];
      v[r].apply_backward(old[r].parent > static_cast<std::int64_t>(r) ? p.to_left()
                                                                       : p.to_right());
    }
  }
  return v;
}

std::vector<SplitOutcome> reference_split(const std::vector<int>& states) {
  const auto old = mesh::build_tree(static_cast<std::int64_t>(states.size()));
  const auto v = reference_passes(states);
  std::vector<SplitOutcome> out(v.size());
  for (std::size_t r = 0; r < v.size(); ++r) {
    const SplitTargets tg = split_targets(v[r]);
    const int x = v[r].state;
    const auto find = [&](Rank rank, int q) {
      return rank == mesh::kNoRank ? mesh::kNoRank
                                   : route_reference(v, old, static_cast<std::int64_t>(r), q, rank);
    };
    out[r].parent = find(tg.links.parent, x);
    out[r].left = find(tg.links.left, x);
    out[r].right = find(tg.links.right, x);
    out[r].adjacent_root = find(tg.adjacent_root, 1 - x);
  }
  return out;
}

std::vector<SplitOutcome> mapped_split(const std::vector<int>& states) {
  std::vector<SplitOutcome> out(states.size());
  std::array<std::vector<std::int64_t>, 2> members;
  for (std::size_t r = 0; r < states.size(); ++r)
    members[states[r]].push_back(static_cast<std::int64_t>(r));
  for (int x = 0; x < 2; ++x) {
    const auto& m = members[x];
    const auto tree = mesh::build_tree(static_cast<std::int64_t>(m.size()));
    const auto orig = [&](std::int64_t k) {
      return k == mesh::kNoRank ? mesh::kNoRank : m[static_cast<std::size_t>(k)];
    };
    for (std::size_t k = 0; k < m.size(); ++k) {
      auto& o = out[static_cast<std::size_t>(m[k])];
      o.parent = orig(tree[k].parent);
      o.left = orig(tree[k].left);
      o.right = orig(tree[k].right);
      if (tree[k].parent == mesh::kNoRank && !members[1 - x].empty())
        o.adjacent_root = members[1 - x][static_cast<std::size_t>(
            mesh::root_rank(static_cast<std::int64_t>(members[1 - x].size())))];
    }
  }
  return out;
}

}  // namespace optinet::mesh
