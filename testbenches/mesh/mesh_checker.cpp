#include "testbenches/mesh/mesh_checker.h"

#include <algorithm>
#include <map>

#include "models/topology/sync_tree.h"

namespace optinet::mesh {

namespace {
constexpr std::size_t kMaxErrors = 20;
std::string where(std::uint32_t node, std::uint32_t n) {
  return "(" + std::to_string(node % n) + "," + std::to_string(node / n) + ")";
}
std::uint64_t flight_key(Coord src, std::uint32_t n, std::uint64_t id) {
  return (std::uint64_t(src.y * n + src.x) << 40) | id;
}
}  // namespace

const char* op_kind_name(OpKind k) {
  switch (k) {
    case OpKind::kSplit:
      return "split";
    case OpKind::kSync:
      return "sync";
    case OpKind::kJoin:
      return "join";
  }
  return "?";
}

bool same_tree(const TreeView& a, const TreeView& b) {
  const auto eq = [](bool ha, Coord ca, bool hb, Coord cb) {
    return ha == hb && (!ha || ca == cb);
  };
  return a.size == b.size && eq(a.has_parent, a.parent, b.has_parent, b.parent) &&
         eq(a.has_left, a.left, b.has_left, b.left) &&
         eq(a.has_right, a.right, b.has_right, b.right) &&
         eq(a.has_adjacent_root, a.adjacent_root, b.has_adjacent_root, b.adjacent_root);
}

MeshChecker::MeshChecker(const MeshIndexing& indexing)
    : indexing_(indexing), nodes_(indexing.n() * indexing.n()) {
  reset();
}

void MeshChecker::reset() {
  ops_.assign(nodes_, {});
  finished_.assign(nodes_, false);
  unconsumed_.assign(nodes_, 0);
  in_flight_.clear();
  injected_total_ = delivered_total_ = 0;
  errors_.clear();
  groups_.clear();
}

void MeshChecker::error(const std::string& e) {
  if (errors_.size() < kMaxErrors) errors_.push_back(e);
}

void MeshChecker::entered(std::uint32_t node, std::uint32_t op, OpKind kind, std::uint32_t level,
                          int label, std::uint64_t slot) {
  auto& v = ops_[node];
  if (v.size() < op) v.resize(op);
  Record& r = v[op - 1];
  r.kind = kind;
  r.level = level;
  r.label = label;
  r.enter = slot;
  r.has_enter = true;
}

void MeshChecker::left(std::uint32_t node, std::uint32_t op, std::uint64_t slot,
                       const TreeView& tree) {
  auto& v = ops_[node];
  if (v.size() < op) v.resize(op);
  v[op - 1].leave = slot;
  v[op - 1].has_leave = true;
  v[op - 1].tree = tree;
}

void MeshChecker::finished(std::uint32_t node, std::size_t unconsumed) {
  finished_[node] = true;
  unconsumed_[node] = unconsumed;
}

void MeshChecker::injected(const MeshMsg& m, std::uint64_t) {
  ++injected_total_;
  in_flight_[flight_key(m.src, indexing_.n(), m.id)] = m.check;
}

void MeshChecker::delivered(std::uint32_t node, const MeshMsg& m, std::uint64_t) {
  ++delivered_total_;
  const std::uint32_t n = indexing_.n();
  const auto it = in_flight_.find(flight_key(m.src, n, m.id));
  if (it == in_flight_.end()) {
    error("a packet from " + where(m.src.y * n + m.src.x, n) + " delivered twice or invented");
    return;
  }
  if (m.dst.y * n + m.dst.x != node)
    error("a packet delivered to the wrong node " + where(node, n));
  if (message_checksum(m) != m.check || m.check != it->second)
    error("a packet from " + where(m.src.y * n + m.src.x, n) + " corrupted");
  in_flight_.erase(it);
}

std::unordered_map<std::uint32_t, TreeView> MeshChecker::expected_trees(
    std::vector<std::uint32_t> members, std::uint64_t size) const {
  const std::uint32_t n = indexing_.n();
  const auto coord = [&](std::uint32_t node) { return Coord{node % n, node / n}; };
  std::sort(members.begin(), members.end(), [&](std::uint32_t a, std::uint32_t b) {
    return indexing_.index(coord(a)) < indexing_.index(coord(b));
  });
  const auto tree = build_tree(static_cast<std::int64_t>(members.size()));
  std::unordered_map<std::uint32_t, TreeView> out;
  for (std::size_t r = 0; r < members.size(); ++r) {
    TreeView v;
    v.size = static_cast<std::int64_t>(size);
    const auto at = [&](std::int64_t k) { return coord(members[static_cast<std::size_t>(k)]); };
    if ((v.has_parent = tree[r].parent != kNoRank)) v.parent = at(tree[r].parent);
    if ((v.has_left = tree[r].left != kNoRank)) v.left = at(tree[r].left);
    if ((v.has_right = tree[r].right != kNoRank)) v.right = at(tree[r].right);
    out[members[r]] = v;
  }
  return out;
}

std::vector<int> MeshChecker::states_in_rank_order(std::vector<std::uint32_t> members,
                                                   std::size_t op) const {
  const std::uint32_t n = indexing_.n();
  const auto index = [&](std::uint32_t node) { return indexing_.index(Coord{node % n, node / n}); };
  std::sort(members.begin(), members.end(),
            [&](std::uint32_t a, std::uint32_t b) { return index(a) < index(b); });
  std::vector<int> states;
  for (std::uint32_t i : members) states.push_back(ops_[i][op].label);
  return states;
}

std::vector<std::string> MeshChecker::check(const MeshLinkLayer& links) {
  const std::uint32_t n = indexing_.n();
  if (!in_flight_.empty() || links.in_flight() != 0)
    error(std::to_string(in_flight_.size()) + " packets never delivered");
  if (links.unread() != 0)
    error(std::to_string(links.unread()) + " delivered packets never read by their processor");
  for (std::uint32_t node = 0; node < nodes_; ++node) {
    if (!finished_[node]) error("processor " + where(node, n) + " did not finish");
    if (unconsumed_[node] != 0)
      error("processor " + where(node, n) + " ended with " + std::to_string(unconsumed_[node]) +
            " messages it never used");
  }
  const std::size_t ops = ops_[0].size();
  for (const auto& v : ops_)
    if (v.size() != ops) error("processors ran different numbers of operations");
  if (!errors_.empty()) return errors_;

  // Each node's group key (its labels so far) and its stack of trees.
  std::vector<std::string> key(nodes_);
  std::vector<std::vector<TreeView>> stack(nodes_);
  std::vector<std::uint32_t> all(nodes_);
  for (std::uint32_t i = 0; i < nodes_; ++i) all[i] = i;
  const auto whole = expected_trees(all, nodes_);
  for (std::uint32_t i = 0; i < nodes_; ++i) stack[i].push_back(whole.at(i));

  for (std::size_t k = 0; k < ops; ++k) {
    const OpKind kind = ops_[0][k].kind;
    // The group of the operation: a split's and a sync's is the node's current group, a
    // join's the group it restores.
    std::map<std::string, std::vector<std::uint32_t>> groups;
    for (std::uint32_t i = 0; i < nodes_; ++i) {
      const Record& r = ops_[i][k];
      if (!r.has_enter || !r.has_leave || r.kind != kind) {
        error("operation " + std::to_string(k + 1) + " not run alike by every processor");
        return errors_;
      }
      std::string g = key[i];
      if (kind == OpKind::kJoin && !g.empty()) g.pop_back();
      groups[g].push_back(i);
    }
    for (const auto& [g, members] : groups) {
      std::uint64_t first_in = UINT64_MAX, last_in = 0, first_out = UINT64_MAX, last_out = 0;
      for (std::uint32_t i : members) {
        const Record& r = ops_[i][k];
        first_in = std::min(first_in, r.enter);
        last_in = std::max(last_in, r.enter);
        first_out = std::min(first_out, r.leave);
        last_out = std::max(last_out, r.leave);
      }
      if (first_out < last_in)
        error(std::string(op_kind_name(kind)) + " " + std::to_string(k + 1) +
              ": a member left at slot " + std::to_string(first_out) +
              " before the last one entered at slot " + std::to_string(last_in));
      GroupOp op{std::uint32_t(k + 1),
                 kind,
                 ops_[members[0]][k].level,
                 members.size(),
                 last_out - first_in,
                 {},
                 {}};
      if (kind == OpKind::kSplit) {
        const std::vector<int> states = states_in_rank_order(members, k);
        op.tree = mesh::analyse_tree_routing(states, mesh::TreeQueues::kPerLink);
        op.tree_single_queue = mesh::analyse_tree_routing(states, mesh::TreeQueues::kPerVertex);
      }
      groups_.push_back(op);
    }
    if (kind == OpKind::kSplit) {
      std::map<std::string, std::vector<std::uint32_t>> sub;
      for (std::uint32_t i = 0; i < nodes_; ++i)
        sub[key[i] + char('0' + ops_[i][k].label)].push_back(i);
      for (const auto& [g, members] : sub) {
        auto want = expected_trees(members, members.size());
        std::string sibling = g;
        sibling.back() = g.back() == '0' ? '1' : '0';
        const auto other = sub.find(sibling);
        for (std::uint32_t i : members) {
          TreeView& w = want.at(i);
          if (!w.has_parent && other != sub.end()) {
            const auto root_of = expected_trees(other->second, other->second.size());
            for (const auto& [m, t] : root_of)
              if (!t.has_parent) {
                w.has_adjacent_root = true;
                w.adjacent_root = Coord{m % n, m / n};
              }
          }
          if (!same_tree(ops_[i][k].tree, w))
            error("split " + std::to_string(k + 1) + ": processor " + where(i, n) +
                  " holds a tree other than the mapping procedure's");
        }
      }
      for (std::uint32_t i = 0; i < nodes_; ++i) {
        key[i] += char('0' + ops_[i][k].label);
        stack[i].push_back(ops_[i][k].tree);
      }
    } else if (kind == OpKind::kSync) {
      for (std::uint32_t i = 0; i < nodes_; ++i)
        if (!same_tree(ops_[i][k].tree, stack[i].back()))
          error("sync " + std::to_string(k + 1) + ": processor " + where(i, n) +
                " changed its tree");
    } else {
      for (std::uint32_t i = 0; i < nodes_; ++i) {
        if (stack[i].size() < 2 || key[i].empty()) {
          error("join without a split");
          return errors_;
        }
        stack[i].pop_back();
        key[i].pop_back();
        if (!same_tree(ops_[i][k].tree, stack[i].back()))
          error("join " + std::to_string(k + 1) + ": processor " + where(i, n) +
                " did not get its previous tree back");
      }
    }
  }
  return errors_;
}

}  // namespace optinet::mesh
