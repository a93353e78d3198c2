#pragma once
/// \file
/// The node logic of sub-group identification (Chochia, Cole & Heywood, section 3): the
/// quantities of Lemma 2 kept in one vertex, what it sends on the forward and backward passes,
/// and the routing decision of Figure 3. Pure C++, shared by the SystemC processors and tests.
#include <array>
#include <cstdint>
#include <vector>

#include "models/topology/sync_tree.h"

namespace optinet::mesh {

using Rank = std::int64_t;
/// The paper's -infinity for m_z^x over an empty set.
constexpr Rank kMinusInfinity = INT64_MIN;

/// A count per state x = 0, 1.
using PerState = std::array<Rank, 2>;

/// Forward pass, child to parent: how many vertices of each state its sub-tree holds
/// (f_L^x(u_z) + f_R^x(u_z) + delta^x_phi(u_z)).
struct ForwardMsg {
  PerState count{0, 0};
};

/// Backward pass, parent v to child u: t^x and s^x_eta(v,u)(v).
struct BackwardMsg {
  PerState t{0, 0};
  PerState s{0, 0};
};

/// One vertex's Lemma 2 quantities. Filled by the forward pass (f), then by the backward pass
/// (t, b, s_L, s_R); m and the new ranks follow from them.
struct VertexSplit {
  int state = 0;  ///< phi(u)
  PerState f_left{0, 0}, f_right{0, 0};
  PerState t{0, 0}, b{0, 0}, s_left{0, 0}, s_right{0, 0};

  Rank delta(int x) const { return state == x ? 1 : 0; }
  /// Forward pass: this vertex's message to its parent.
  ForwardMsg forward() const;
  /// Root at the end of the forward pass: t^x, then the backward rule with s = 0.
  void start_backward_at_root();
  /// Backward pass at a non-root vertex: the message from its parent.
  void apply_backward(const BackwardMsg& from_parent);
  /// Backward pass: the messages to the left and to the right child.
  BackwardMsg to_left() const { return {t, s_left}; }
  BackwardMsg to_right() const { return {t, s_right}; }

  /// rank^x I(u) = b^x(u) + delta - 1 (defined for both states).
  Rank new_rank(int x) const { return b[x] + delta(x) - 1; }
  Rank m_left(int x) const;
  Rank m_right(int x) const;
};

enum class Hop { kHere, kParent, kLeft, kRight };

/// Figure 3: where a packet for the vertex of rank r in the new tree T^q goes from here. The
/// arrival check the figure omits comes first (kHere when phi(u) = q and rank^q(u) = r).
Hop route(const VertexSplit& v, int q, Rank r);

/// What a vertex must find in step 4: the new tree neighbours' ranks in T^phi(u) and, at the
/// root of T^x, the root rank of the adjacent sub-group T^(1-x) (kNoRank where there is none).
struct SplitTargets {
  mesh::TreeLinks links;  ///< in T^phi(u), by new rank
  Rank adjacent_root = mesh::kNoRank;
};
SplitTargets split_targets(const VertexSplit& v);

/// Lemma 5's queue order of routing packets, by ranks in the new tree (a smaller key leaves
/// first): rule (c) packets going up in rank before those going down; rule (a) among those
/// going up, the higher destination rank first; rule (b) among those going down, the smaller
/// destination rank first. Keys are positive, so a message keyed 0 goes before them all.
std::int64_t lemma5_priority(Rank source, Rank destination);

/// Reference run of the whole split on one group, sequentially, with the node logic above (for
/// tests): `states` are phi of the members in rank order. Element r of the result holds, by
/// ORIGINAL rank, the new parent and children of rank r in T^phi(r) and, at a new root, the
/// adjacent root; hop counts of the routing are checked against the tree distance.
struct SplitOutcome {
  std::int64_t parent = mesh::kNoRank, left = mesh::kNoRank, right = mesh::kNoRank;
  std::int64_t adjacent_root = mesh::kNoRank;
  bool operator==(const SplitOutcome& o) const {
    return parent == o.parent && left == o.left && right == o.right &&
           adjacent_root == o.adjacent_root;
  }
};
std::vector<SplitOutcome> reference_split(const std::vector<int>& states);
/// The forward and backward passes of reference_split: each vertex's Lemma 2 quantities.
std::vector<VertexSplit> reference_passes(const std::vector<int>& states);

/// The same outcome from the mapping procedure directly (no node logic): the checker.
std::vector<SplitOutcome> mapped_split(const std::vector<int>& states);

}  // namespace optinet::mesh
