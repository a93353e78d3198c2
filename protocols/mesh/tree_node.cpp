#include "protocols/mesh/tree_node.h"

#include <stdexcept>

#include "protocols/mesh/tree_routing.h"

namespace optinet::mesh {

using mesh::Coord;
using mesh::MeshMsg;
using mesh::OpKind;
using mesh::Phase;
using mesh::TreeView;

namespace {

std::int64_t pack(Coord c) { return (std::int64_t(c.x) << 20) | c.y; }
Coord unpack(std::int64_t w) {
  return {static_cast<std::uint32_t>(w >> 20), static_cast<std::uint32_t>(w & 0xfffff)};
}

// Route packet words: [0] q | adjacent-root flag << 1 | problem << 2, [1] r, [2] rank^q of
// the source, [3] the source's coordinates. Problems are numbered as in tree_routing.h.
constexpr std::int64_t kAdjacentFlag = 2;
constexpr int kProblemShift = 2;
constexpr int kRootsProblem = kRoutingProblems - 1;

}  // namespace

TreeNode::TreeNode(mesh::MeshContext& ctx, Step4Schedule schedule)
    : ctx_(ctx), schedule_(schedule) {}

void TreeNode::start_whole_mesh() {
  const mesh::MeshIndexing& ix = ctx_.indexing();
  const std::int64_t s = std::int64_t(ix.n()) * ix.n();
  const mesh::TreeLinks links = mesh::tree_links(s, ix.index(ctx_.coord()));
  TreeView v;
  v.size = s;
  const auto at = [&](std::int64_t r) { return ix.coord(static_cast<std::uint32_t>(r)); };
  if ((v.has_parent = links.parent != mesh::kNoRank)) v.parent = at(links.parent);
  if ((v.has_left = links.left != mesh::kNoRank)) v.left = at(links.left);
  if ((v.has_right = links.right != mesh::kNoRank)) v.right = at(links.right);
  stack_.assign(1, v);
  ranks_.assign(1, ix.index(ctx_.coord()));
  pending_.clear();
  op_ = 0;
}

void TreeNode::begin(OpKind kind, int label) {
  ++op_;
  ctx_.observer().entered(ctx_.node(), op_, kind, level(), label, ctx_.slot());
}

void TreeNode::end() {
  ctx_.observer().left(ctx_.node(), op_, ctx_.slot(), tree());
  ctx_.set_phase(Phase::kIdle, level());
}

void TreeNode::send(Coord dst, Kind kind, const std::array<std::int64_t, 4>& word) {
  MeshMsg m;
  m.dst = dst;
  m.op = op_;
  m.kind = kind;
  m.word = word;
  m.priority = kind == kRoute ? lemma5_priority(word[2], word[1]) : 0;  // others first
  ctx_.send(m);
}

MeshMsg TreeNode::await(Kind kind, Coord src) {
  for (auto it = pending_.begin(); it != pending_.end(); ++it)
    if (it->op == op_ && it->kind == kind && it->src == src) {
      const MeshMsg m = *it;
      pending_.erase(it);
      return m;
    }
  while (true) {
    const MeshMsg m = ctx_.receive();
    if (routing_ && m.op == op_ && m.kind == kRoute)
      take_route(m);
    else if (m.op == op_ && m.kind == kind && m.src == src)
      return m;
    else
      pending_.push_back(m);
  }
}

void TreeNode::take_route(const MeshMsg& m) { forward_route(m.word); }

void TreeNode::forward_route(std::array<std::int64_t, 4> word) {
  const int q = static_cast<int>(word[0] & 1);
  const TreeView& cur = tree();
  switch (route(vs_, q, word[1])) {
    case Hop::kHere: {
      const Coord c = unpack(word[3]);
      const Rank from = word[2];
      if (word[0] & kAdjacentFlag) {
        next_.has_adjacent_root = true;
        next_.adjacent_root = c;
      } else if (from == targets_.links.parent) {
        next_.has_parent = true;
        next_.parent = c;
      } else if (from == targets_.links.left) {
        next_.has_left = true;
        next_.left = c;
      } else if (from == targets_.links.right) {
        next_.has_right = true;
        next_.right = c;
      } else {
        throw std::logic_error("routing on a tree: a packet from a vertex that is no neighbour");
      }
      ++received_[static_cast<std::size_t>(word[0] >> kProblemShift)];
      return;
    }
    case Hop::kParent:
      if (!cur.has_parent) throw std::logic_error("routing on a tree: up from the root");
      send(cur.parent, kRoute, word);
      return;
    case Hop::kLeft:
      if (!cur.has_left) throw std::logic_error("routing on a tree: no left child");
      send(cur.left, kRoute, word);
      return;
    case Hop::kRight:
      if (!cur.has_right) throw std::logic_error("routing on a tree: no right child");
      send(cur.right, kRoute, word);
      return;
  }
}

void TreeNode::send_routing(int problem) {
  const int x = vs_.state;
  const std::int64_t me = pack(ctx_.coord());
  const Rank links[3] = {targets_.links.parent, targets_.links.left, targets_.links.right};
  for (int relation = 0; relation < 3; ++relation) {
    const int p = 3 * x + relation;
    if (links[relation] != mesh::kNoRank && (problem < 0 || problem == p))
      forward_route({x | (p << kProblemShift), links[relation], vs_.new_rank(x), me});
  }
  if (targets_.adjacent_root != mesh::kNoRank && (problem < 0 || problem == kRootsProblem))
    forward_route({(1 - x) | kAdjacentFlag | (kRootsProblem << kProblemShift),
                   targets_.adjacent_root, vs_.new_rank(1 - x), me});
}

std::uint32_t TreeNode::expected_packets(int problem) const {
  const int x = vs_.state;
  const Rank mine = vs_.new_rank(x);
  const mesh::TreeLinks& l = targets_.links;
  std::array<std::uint32_t, kRoutingProblems> count{};
  // From the new children (they send to their parent), from the new parent (it sends to its
  // left or right child), from the adjacent root.
  count[std::size_t(3 * x)] = (l.left != mesh::kNoRank) + (l.right != mesh::kNoRank);
  if (l.parent != mesh::kNoRank) {
    const mesh::TreeLinks up = mesh::tree_links(vs_.t[x], l.parent);
    count[std::size_t(3 * x + (up.left == mine ? 1 : 2))] = 1;
  }
  count[kRootsProblem] = targets_.adjacent_root != mesh::kNoRank;
  if (problem >= 0) return count[static_cast<std::size_t>(problem)];
  std::uint32_t all = 0;
  for (std::uint32_t c : count) all += c;
  return all;
}

void TreeNode::receive_routing(int problem, std::uint32_t count) {
  const auto arrived = [&] {
    if (problem >= 0) return received_[static_cast<std::size_t>(problem)];
    std::uint32_t all = 0;
    for (std::uint32_t c : received_) all += c;
    return all;
  };
  while (arrived() < count) {
    const MeshMsg m = ctx_.receive();
    if (m.op == op_ && m.kind == kRoute)
      take_route(m);
    else
      pending_.push_back(m);
  }
}

void TreeNode::combine(Kind kind) {
  const TreeView cur = tree();
  if (cur.has_left) await(kind, cur.left);
  if (cur.has_right) await(kind, cur.right);
  if (cur.has_parent) send(cur.parent, kind);
}

void TreeNode::broadcast(Kind kind) {
  const TreeView cur = tree();
  if (cur.has_parent) await(kind, cur.parent);
  if (cur.has_left) send(cur.left, kind);
  if (cur.has_right) send(cur.right, kind);
}

std::int64_t TreeNode::split(int label) {
  begin(OpKind::kSplit, label);
  const TreeView cur = tree();
  const std::uint32_t lvl = level();
  vs_ = VertexSplit{};
  vs_.state = label;
  // Step 1, forward pass: f_z^x from the children, the sub-tree's counts to the parent.
  ctx_.set_phase(Phase::kSplitForward, lvl);
  if (cur.has_left) {
    const MeshMsg m = await(kForward, cur.left);
    vs_.f_left = {m.word[0], m.word[1]};
  }
  if (cur.has_right) {
    const MeshMsg m = await(kForward, cur.right);
    vs_.f_right = {m.word[0], m.word[1]};
  }
  if (cur.has_parent) {
    const ForwardMsg f = vs_.forward();
    send(cur.parent, kForward, {f.count[0], f.count[1], 0, 0});
  }
  // Step 1, backward pass: t^x, s^x from the parent; b^x, m_z^x follow.
  ctx_.set_phase(Phase::kSplitBackward, lvl);
  if (cur.has_parent) {
    const MeshMsg m = await(kBackward, cur.parent);
    vs_.apply_backward(BackwardMsg{{m.word[0], m.word[1]}, {m.word[2], m.word[3]}});
  } else {
    vs_.start_backward_at_root();
  }
  if (cur.has_left) {
    const BackwardMsg b = vs_.to_left();
    send(cur.left, kBackward, {b.t[0], b.t[1], b.s[0], b.s[1]});
  }
  if (cur.has_right) {
    const BackwardMsg b = vs_.to_right();
    send(cur.right, kBackward, {b.t[0], b.t[1], b.s[0], b.s[1]});
  }
  // Step 2: partial synchronization.
  ctx_.set_phase(Phase::kSplitPartial, lvl);
  combine(kPartial);
  // Steps 3 and 4: new ranks (Assertion 1), then routing on the tree (Figure 3).
  ctx_.set_phase(Phase::kSplitRoute, lvl);
  targets_ = split_targets(vs_);
  next_ = TreeView{};
  next_.size = vs_.t[label];
  received_.fill(0);
  routing_ = true;
  std::vector<MeshMsg> early;
  for (auto it = pending_.begin(); it != pending_.end();) {
    if (it->op == op_ && it->kind == kRoute) {
      early.push_back(*it);
      it = pending_.erase(it);
    } else {
      ++it;
    }
  }
  for (const MeshMsg& m : early) take_route(m);
  if (schedule_ == Step4Schedule::kAtOnce) {
    send_routing(-1);
    receive_routing(-1, expected_packets(-1));
  } else {
    for (int problem = 0; problem < kRoutingProblems; ++problem) {
      send_routing(problem);
      receive_routing(problem, expected_packets(problem));
      if (problem == kRootsProblem) break;  // step 5 ends the last one
      combine(kProblemUp);
      broadcast(kProblemDown);
    }
  }
  // Step 5: synchronize the original tree (routing packets still pass through).
  ctx_.set_phase(Phase::kSplitSync, lvl);
  combine(kSplitUp);
  broadcast(kSplitDown);
  routing_ = false;
  // Step 6: activate the new sub-group.
  stack_.push_back(next_);
  ranks_.push_back(vs_.new_rank(label));
  end();
  return next_.size;
}

void TreeNode::sync() {
  begin(OpKind::kSync, 0);
  ctx_.set_phase(Phase::kSyncUp, level());
  combine(kUp);
  ctx_.set_phase(Phase::kSyncDown, level());
  broadcast(kDown);
  end();
}

void TreeNode::join() {
  if (stack_.size() < 2) throw std::logic_error("join without a split");
  begin(OpKind::kJoin, 0);
  const TreeView cur = tree();
  ctx_.set_phase(Phase::kJoinPartial, level());
  combine(kPartial);
  ctx_.set_phase(Phase::kJoinRoots, level());
  if (cur.has_adjacent_root) {
    send(cur.adjacent_root, kRootSync);
    await(kRootSync, cur.adjacent_root);
  }
  ctx_.set_phase(Phase::kJoinDown, level());
  broadcast(kDown);
  stack_.pop_back();
  ranks_.pop_back();
  end();
}

void TreeNode::finish() { ctx_.observer().finished(ctx_.node(), pending_.size()); }

void run_experiment_loop(mesh::MeshContext& ctx, const LoopConfig& config) {
  constexpr std::uint64_t kZetaStreams = 16;  // the random stream domain of group draws
  TreeNode node(ctx, config.step4);
  node.start_whole_mesh();
  std::uint64_t path = 1;  // the group's labels so far, as a bit string behind a leading 1
  std::int64_t size = node.tree().size;
  for (std::uint32_t l = 0; l < config.levels; ++l) {
    Rng shared = Rng::stream(ctx.run_seed(), kZetaStreams, mix64(path) ^ l);
    const double zeta = shared.unit() * double(size);
    const double xi = config.consecutive ? double(node.rank()) : ctx.rng().unit() * double(size);
    const int label = xi > zeta ? 1 : 0;
    size = node.split(label);
    path = mix64(path * 2 + std::uint64_t(label));
    if (config.sync_after_split) node.sync();
  }
  for (std::uint32_t l = 0; l < config.levels; ++l) node.join();
  node.finish();
}

}  // namespace optinet::mesh
