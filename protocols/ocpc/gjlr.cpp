#include "protocols/ocpc/gjlr.h"

#include <algorithm>
#include <cstddef>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "protocols/ocpc/coinflip.h"
#include "protocols/ocpc/dim_order.h"
#include "protocols/ocpc/outbox.h"
#include "protocols/ocpc/prefix.h"

namespace optinet::ocpc {
namespace {

using gjlr::Constants;
using gjlr::Grouping;
using Universe = NodeGroup;
using gjlr::rank_in;
using gjlr::slice;

std::optional<std::uint64_t> control_in(const StepOutcome& o) {
  if (o.received && o.received->kind == Message::Kind::kControl) return o.received->control[0];
  return std::nullopt;
}

/// Where a node stands in step 4 of section 4 (gjlr.h): its block in its column of blocks, its
/// row in that block, the super-blocks of s blocks, and (from 4b on) its role.
struct RecoveryPlace {
  RecoveryPlace(const OcpcShape& sh, NodeId me, const gjlr::MobPlan& plan)
      : shape(sh),
        k(plan.k),
        cap(plan.h_mob),
        blocks(sh.p / plan.k),
        row(sh.row(me)),
        col(sh.column(me)),
        b(row / plan.k),
        offset(row % plan.k),
        supers{blocks, plan.super_block},
        mine(supers.group_of(b)) {}

  OcpcShape shape;
  std::uint32_t k;       ///< block side
  std::uint32_t cap;     ///< messages a node may hold to take part (h_mob)
  std::uint32_t blocks;  ///< blocks in the column of blocks
  std::uint32_t row, col;
  std::uint32_t b;                    ///< this node's block in the column of blocks
  std::uint32_t offset;               ///< this node's row in its block
  Grouping supers;                    ///< the super-blocks over the column of blocks
  std::uint32_t mine;                 ///< the super-block of this node's block
  std::optional<std::uint32_t> lent;  ///< 4b: the super-block this (failed) block borrowed
  /// 4b: the block that borrowed super-block `mine`, or kNoClient.
  std::uint32_t client = kNoClient;
  static constexpr std::uint32_t kNoClient = ~std::uint32_t{0};

  /// 4b: sets `lent` and `client` from the masks of 4a.
  void allocate_helpers(const ScanWords& masks);

  /// Node (row `offset` of block `x`, this column): the partner of this node in block x.
  NodeId partner(std::uint32_t x) const { return shape.node(x * k + offset, col); }
  /// The same-offset nodes of `count` consecutive blocks from block `first` (one column bus).
  Universe across(std::uint32_t first, std::uint32_t count) const {
    return Universe{partner(first), k * shape.p, count};
  }
  std::uint32_t dest_row(const Packet& pk) const { return shape.row(pk.destination); }
  /// A helper's copies are the messages for the client block's rows (its own are in their rows).
  bool is_copy(const Packet& pk) const { return has_client() && dest_row(pk) / k == client; }
  bool has_client() const { return client != kNoClient; }
};

/// One node's part of the algorithm. Messages this node is responsible for live in its Outbox,
/// which drives the pending line; copies and provisional copies (section 2.3) are not owned and
/// live outside it until the winner is known.
class GjlrNode {
 public:
  GjlrNode(OcpcNodeContext& node, const Constants& c) : node_(node), c_(c), box_(node) {}

  void run_ocpc();
  void run_mob();

 private:
  NodeId me() const { return node_.id(); }
  Rng& rng() { return node_.rng(); }

  /// One communication step; a send to this node itself is never made (the caller checks).
  StepOutcome step(NodeId to, const std::optional<Message>& out) {
    ++steps_;
    return communication_step(node_, to, out);
  }
  /// Idles until `total` steps have passed: universes of different sizes (the last target
  /// group or block may be larger) end their schedules at the same step, so no node starts the
  /// next phase (or the fallback) while another one's collective is still running.
  void pad_to(std::uint64_t total) {
    while (steps_ < total) idle();
  }
  StepOutcome idle() { return step(kNoNode, std::nullopt); }

  std::optional<std::size_t> find(std::uint32_t id) const {
    for (std::size_t i = 0; i < box_.size(); ++i) {
      if (box_[i].id == id) return i;
    }
    return std::nullopt;
  }
  void remove_id(std::uint32_t id) {
    if (const auto i = find(id)) box_.remove(*i);
    target_.erase(id);
  }
  /// Takes ownership of a packet that arrived: delivered here or kept. Returns true if kept.
  bool take(const Packet& p) {
    if (p.destination == me()) {
      target_.erase(p.id);
      node_.deliver(p);
      return false;
    }
    box_.add(p);
    return true;
  }
  /// Where a packet is routed now: an intermediate target (MOB-PC steps), else its destination.
  NodeId target_of(const Packet& p) const {
    const auto it = target_.find(p.id);
    return it == target_.end() ? p.destination : it->second;
  }
  /// A data message carrying `p` and its current target.
  Message carry(const Packet& p) const {
    Message m = data_frame(p);
    m.control[0] = target_of(p);
    m.control[1] = 1;
    return m;
  }
  /// The packet of a data message that arrived, its target recorded.
  std::optional<Packet> arrived(const StepOutcome& o) {
    if (!o.received || o.received->kind != Message::Kind::kData) return std::nullopt;
    const Message& m = *o.received;
    if (m.control[1] && m.control[0] != m.packet.destination) {
      target_[m.packet.id] = static_cast<NodeId>(m.control[0]);
    } else {
      target_.erase(m.packet.id);
    }
    return m.packet;
  }
  /// Sort key of Valiant's second phase: target, then packet id (a total order).
  bool key_less(const Packet& a, const Packet& b) const {
    const NodeId ta = target_of(a), tb = target_of(b);
    return ta != tb ? ta < tb : a.id < b.id;
  }
  /// Ids of owned packets whose target lies in `u` (and is not this node), in buffer order.
  std::vector<std::uint32_t> destined_to(const Universe& u) const {
    std::vector<std::uint32_t> ids;
    for (const Packet& p : box_.packets()) {
      if (rank_in(u, target_of(p)) && target_of(p) != me()) ids.push_back(p.id);
    }
    return ids;
  }

  /// Section 2's algorithm on universe `all` for h (levels 1 and 2, Valiant in sub-groups).
  /// Ends padded to the schedule of the largest universe run alongside (`largest` members).
  void ocpc_on(const Universe& all, std::uint32_t h, std::uint32_t largest);
  /// Gives every owned packet a new intermediate target.
  template <typename F>
  void retarget(F choose) {
    for (const Packet& p : box_.packets()) {
      const NodeId t = choose(p);
      if (t == p.destination) {
        target_.erase(p.id);
      } else {
        target_[p.id] = t;
      }
    }
  }
  void level(const Universe& u, const Grouping& g, std::uint32_t nominal_n, std::uint32_t h,
             bool with_groups);
  void thinning(const Universe& u, std::uint32_t nominal_n, std::uint32_t h);
  void spreading(const Universe& u, const Grouping& g, std::uint32_t nominal_n, std::uint32_t h);
  void to_groups(const Universe& u, const Grouping& g, std::uint32_t nominal_n);
  std::optional<std::uint32_t> compaction_phase(const Universe& u, std::uint32_t steps,
                                                std::optional<std::uint32_t> mover,
                                                std::uint32_t first, std::uint32_t receivers,
                                                std::optional<std::uint32_t>* received,
                                                bool collect = false);
  void copies_phase(const Universe& u, const Grouping& g, std::uint32_t nominal_n,
                    std::optional<std::uint32_t> collected);
  void valiant(const Universe& sub, std::uint32_t size_max, std::uint32_t h);
  /// Step 4 of section 4 (see gjlr.h), run by every node right after step 3: sub-steps 4a-4f.
  void block_recovery(const gjlr::MobPlan& plan, const Universe& block_row,
                      const Universe& block_column);
  /// 4a: the failed and unrecoverable flags of every block of the column of blocks, as masks.
  ScanWords recovery_flags(const RecoveryPlace& at, const Universe& block_row,
                           const Universe& block_column);
  /// 4c: every node of a failed block copies its messages to its partner in each helper block.
  void copy_out(const RecoveryPlace& at);
  /// 4d: step 3 again in every helper block, on the copies only.
  void repeat_step3(const RecoveryPlace& at, std::uint32_t h_block, const Universe& block_row,
                    const Universe& block_column);
  /// The copies this node holds as a helper (4d's result), in buffer order.
  std::vector<Packet> held_copies(const RecoveryPlace& at) const;
  /// 4e: whether this node's helper block is the first good one of its super-block.
  bool recovery_verdict(const RecoveryPlace& at, const std::vector<Packet>& copies,
                        const Universe& block_row, const Universe& block_column);
  /// 4f: the winner's copies replace the client block's originals; helpers drop their copies.
  void copy_back(const RecoveryPlace& at, const std::vector<Packet>& copies, bool winner);
  /// One step of step 4's copying: sends `out` (if set) to `to`, which must acknowledge (the
  /// copy pattern is one-to-one, so a missing acknowledgement is a protocol error).
  StepOutcome copy_step(NodeId to, const std::optional<Message>& out);
  /// A scan (prefix.h) that keeps the step count.
  ScanResult scan_words(const Universe& g, const ScanWords& value, const ScanOps& ops) {
    steps_ += scan_steps(g.size);
    return scan(node_, g, value, ops);
  }

  OcpcNodeContext& node_;
  Constants c_;
  Outbox box_;
  std::optional<std::uint32_t> spread_id_;  ///< the packet received while spreading
  std::map<std::uint32_t, NodeId> target_;  ///< intermediate targets (MOB-PC), by packet id
  std::uint64_t steps_ = 0;                 ///< communication steps this node has taken
  /// Lemma 4's symmetric variant is on (MOB-PC steps 1 and 2 with Constants::lemma4).
  bool symmetric_ = false;
};

void GjlrNode::run_ocpc() {
  const std::uint32_t p = node_.shape().p;
  node_.begin_slots();
  ocpc_on(NodeGroup{0, 1, p}, node_.h(), p);
  // Fallback: whatever a failed procedure left behind goes by coin-flip steps.
  if (!box_.empty()) node_.note_fallback();
  coinflip_until_done(node_, box_);
}

void GjlrNode::ocpc_on(const Universe& all, std::uint32_t h, std::uint32_t largest) {
  const std::uint64_t end = steps_ + std::max(gjlr::ocpc_plan(all.size, h, c_).scheduled_steps(),
                                              gjlr::ocpc_plan(largest, h, c_).scheduled_steps());
  const std::uint32_t p = all.size;
  const gjlr::OcpcPlan plan = gjlr::ocpc_plan(p, h, c_);
  const Grouping groups{p, plan.k};

  // Level 1 (sections 2.1-2.3) on the whole universe; with a single target group the universe
  // is the target group and level 2 does it all.
  if (groups.count() > 1) level(all, groups, p, plan.h, true);

  // Level 2 (section 2.4) inside this node's target group, sub-groups of k'.
  const std::uint32_t g = groups.group_of(*rank_in(all, me()));
  const Universe group = slice(all, groups.first(g), groups.size_of(g));
  const bool with_subs = Grouping{plan.k, plan.k_sub}.count() > 1;
  const Grouping subs{group.size, with_subs ? plan.k_sub : group.size};
  level(group, subs, plan.k, plan.h_inner, with_subs);

  // Valiant's second phase twice in this node's sub-group.
  const std::uint32_t local = *rank_in(group, me());
  const std::uint32_t s = subs.group_of(local);
  const std::uint32_t largest_sub =
      with_subs ? Grouping{groups.max_size(), plan.k_sub}.max_size() : groups.max_size();
  valiant(slice(group, subs.first(s), subs.size_of(s)), largest_sub, plan.h);
  pad_to(end);
}

void GjlrNode::run_mob() {
  const OcpcShape& shape = node_.shape();
  const std::uint32_t p = shape.p;
  const gjlr::MobPlan plan = gjlr::mob_plan(p, node_.h(), c_);
  const Grouping groups{p, plan.k};
  const std::uint32_t r = shape.row(me()), col = shape.column(me());
  const Universe row{shape.node(r, 0), 1, p};
  const Universe column{shape.node(0, col), p, p};
  node_.begin_slots();

  if (groups.count() > 1) {
    // Step 1, on each row: every message picks a random row target group and a random member
    // of it (Lemma 4); the messages are routed to the target groups.
    retarget([&](const Packet&) {
      const std::uint32_t g = rng().below(groups.count());
      return row.node(groups.first(g) + rng().below(groups.size_of(g)));
    });
    symmetric_ = c_.lemma4;
    level(row, groups, p, plan.h_mob, true);
    // Step 2, on each column: to the column target group that meets the destination's row.
    retarget([&](const Packet& pk) {
      const std::uint32_t g = groups.group_of(shape.row(pk.destination));
      return column.node(groups.first(g) + rng().below(groups.size_of(g)));
    });
    level(column, groups, p, plan.h_mob, true);
    symmetric_ = false;
  }

  // Step 3, within each block: to a random member of the block row, then along the block
  // column to the destination's row, both by the OCPC algorithm.
  const std::uint32_t cg = groups.group_of(col), rg = groups.group_of(r);
  const Universe block_row = slice(row, groups.first(cg), groups.size_of(cg));
  const Universe block_column = slice(column, groups.first(rg), groups.size_of(rg));
  retarget([&](const Packet&) { return block_row.node(rng().below(block_row.size)); });
  const std::uint32_t block_max = groups.max_size();
  ocpc_on(block_row, plan.h_block, block_max);
  retarget([&](const Packet& pk) {
    // A message whose destination row is not in this block (step 2 failed for it) stays: the
    // block failed, and step 4 cannot help it (another block's rows are no better), so the
    // fallback finishes it.
    const NodeId there = shape.node(shape.row(pk.destination), col);
    return rank_in(block_column, there) ? there : me();
  });
  ocpc_on(block_column, plan.h_block, block_max);

  // Step 4: a block that failed step 3 repeats it in a borrowed super-block.
  block_recovery(plan, block_row, block_column);

  // Step 5, on each row: to the final destinations.
  retarget([&](const Packet& pk) { return pk.destination; });
  ocpc_on(row, plan.h_mob, p);

  if (!box_.empty()) node_.note_fallback();
  coinflip_until_done(node_, box_, dim_order_next_hop);
}

StepOutcome GjlrNode::copy_step(NodeId to, const std::optional<Message>& out) {
  const StepOutcome o = step(out ? to : kNoNode, out);
  if (out && !o.acknowledged) {
    throw std::logic_error("gjlr step 4: node " + std::to_string(me()) + " sent a copy to node " +
                           std::to_string(to) + " without acknowledgement (contention)");
  }
  return o;
}

void GjlrNode::block_recovery(const gjlr::MobPlan& plan, const Universe& block_row,
                              const Universe& block_column) {
  if (plan.super_block == 0) return;
  const std::uint64_t end = steps_ + plan.step4.total();
  RecoveryPlace at(node_.shape(), me(), plan);
  at.allocate_helpers(recovery_flags(at, block_row, block_column));
  copy_out(at);
  repeat_step3(at, plan.h_block, block_row, block_column);
  const std::vector<Packet> copies = held_copies(at);
  const bool winner = recovery_verdict(at, copies, block_row, block_column);
  pad_to(end - plan.step4.copy_back);
  copy_back(at, copies, winner);
  pad_to(end);
}

// 4a. Failure flags. This block failed step 3 if one of its messages is not in its destination's
// row; a failed block cannot be recovered if a message's destination row is outside the block
// (step 2 failed for it) or a node holds more than `cap` messages (more than the copy schedule
// moves; allocate_super_blocks ignores the flag of a block that did not fail). OR over the block
// (parallel prefix on the block row, then the block column), then each node gathers the flags of
// the whole column of blocks from its partners (a sum of distinct bits is their OR).
ScanWords GjlrNode::recovery_flags(const RecoveryPlace& at, const Universe& block_row,
                                   const Universe& block_column) {
  std::uint64_t failed = 0, unrecoverable = box_.size() > at.cap ? 1 : 0;
  for (const Packet& pk : box_.packets()) {
    if (at.dest_row(pk) != at.row) failed = 1;
    if (at.dest_row(pk) / at.k != at.b) unrecoverable = 1;
  }
  const ScanOps max2{ScanOp::kMax, ScanOp::kMax}, sum2{ScanOp::kSum, ScanOp::kSum};
  ScanWords flags = scan_words(block_row, {failed, unrecoverable}, max2).total;
  flags = scan_words(block_column, flags, max2).total;
  return scan_words(at.across(0, at.blocks), {flags[0] << at.b, flags[1] << at.b}, sum2).total;
}

// 4b. Allocation, the same at every node of the column of blocks: this node's role, a member of
// a failed block that borrowed super-block `lent`, or of a helper block of super-block `mine`
// lent to block `client`.
void RecoveryPlace::allocate_helpers(const ScanWords& masks) {
  const std::vector<std::optional<std::uint32_t>> helper_of =
      gjlr::allocate_super_blocks(masks[0], masks[1], blocks, supers.size);
  lent = helper_of[b];
  for (std::uint32_t x = 0; x < blocks; ++x) {
    if (helper_of[x] == mine) client = x;
  }
}

// 4c. Copy out: message t of this node to its partner in helper block m, over the column bus.
void GjlrNode::copy_out(const RecoveryPlace& at) {
  for (std::uint32_t m = 0; m < at.supers.max_size(); ++m) {
    for (std::uint32_t t = 0; t < at.cap; ++t) {
      std::optional<Message> out;
      NodeId to = kNoNode;
      if (at.lent && m < at.supers.size_of(*at.lent) && t < box_.size()) {
        to = at.partner(at.supers.first(*at.lent) + m);
        out = carry(box_[t]);
      }
      const StepOutcome o = copy_step(to, out);
      if (const auto pk = arrived(o)) box_.add(*pk);
    }
  }
}

// 4d. Step 3 again in every helper block, on the copies only (everything else stays put): to a
// random member of the block row, then along the block column to the row at the offset of the
// destination's row (the row that stands for it in the client block).
void GjlrNode::repeat_step3(const RecoveryPlace& at, std::uint32_t h_block,
                            const Universe& block_row, const Universe& block_column) {
  retarget([&](const Packet& pk) {
    return at.is_copy(pk) ? block_row.node(rng().below(block_row.size)) : me();
  });
  ocpc_on(block_row, h_block, at.k);
  retarget([&](const Packet& pk) {
    return at.is_copy(pk) ? at.shape.node(at.b * at.k + at.dest_row(pk) % at.k, at.col) : me();
  });
  ocpc_on(block_column, h_block, at.k);
}

std::vector<Packet> GjlrNode::held_copies(const RecoveryPlace& at) const {
  std::vector<Packet> copies;
  for (const Packet& pk : box_.packets()) {
    if (at.is_copy(pk)) copies.push_back(pk);
  }
  return copies;
}

// 4e. Verdict: a helper block succeeded if every copy is in the row standing for its
// destination's row and no node holds more than `cap` copies (the copy-back schedule). OR over
// the helper block, then a gather over the super-block; the first good block wins.
bool GjlrNode::recovery_verdict(const RecoveryPlace& at, const std::vector<Packet>& copies,
                                const Universe& block_row, const Universe& block_column) {
  std::uint64_t bad = copies.size() > at.cap ? 1 : 0;
  for (const Packet& pk : copies) {
    if (at.dest_row(pk) % at.k != at.offset) bad = 1;
  }
  const ScanOps max2{ScanOp::kMax, ScanOp::kMax}, sum2{ScanOp::kSum, ScanOp::kSum};
  ScanWords verdict = scan_words(block_row, {bad, 0}, max2).total;
  verdict = scan_words(block_column, verdict, max2).total;
  const std::uint32_t m = at.b - at.supers.first(at.mine);
  const std::uint64_t good =
      scan_words(at.across(at.supers.first(at.mine), at.supers.size_of(at.mine)),
                 {at.has_client() && verdict[0] == 0 ? std::uint64_t{1} << m : 0, 0}, sum2)
          .total[0];
  return at.has_client() && good != 0 && (good & -good) == (std::uint64_t{1} << m);
}

// 4f. Copy back: the winner's nodes signal their partners in the client block, which drop their
// originals (each was copied to every helper, so the winner holds every one of them exactly
// once), then send their copies back; every helper drops its copies. Exactly one instance of
// each message survives: the originals if no helper succeeded, else the copies.
void GjlrNode::copy_back(const RecoveryPlace& at, const std::vector<Packet>& copies, bool winner) {
  const NodeId to = at.has_client() ? at.partner(at.client) : kNoNode;
  {
    const StepOutcome o =
        copy_step(to, winner ? std::optional<Message>(control_frame(1)) : std::nullopt);
    if (at.lent && control_in(o)) {
      while (!box_.empty()) remove_id(box_[0].id);
      if (at.offset == 0 && at.col % at.k == 0) node_.note_recovery();
    }
  }
  for (std::uint32_t t = 0; t < at.cap; ++t) {
    std::optional<Message> out;
    if (winner && t < copies.size()) out = carry(copies[t]);
    const StepOutcome o = copy_step(to, out);
    if (const auto pk = arrived(o)) take(*pk);
  }
  for (const Packet& pk : copies) remove_id(pk.id);
}

void GjlrNode::level(const Universe& u, const Grouping& g, std::uint32_t nominal_n, std::uint32_t h,
                     bool with_groups) {
  thinning(u, nominal_n, h);
  if (!with_groups) return;
  spreading(u, g, nominal_n, h);
  to_groups(u, g, nominal_n);
}

void GjlrNode::thinning(const Universe& u, std::uint32_t nominal_n, std::uint32_t h) {
  bool participating = true;
  for (std::uint32_t phase = 0; phase < gjlr::thinning_phases(h); ++phase) {
    const std::uint32_t load = gjlr::thinning_load(h, phase);
    const std::uint32_t steps = gjlr::thinning_phase_steps(h, phase, nominal_n, c_);
    for (std::uint32_t t = 0; t < steps; ++t) {
      std::optional<std::uint32_t> sent;
      std::optional<Message> out;
      NodeId to = kNoNode;
      if (participating) {
        const std::vector<std::uint32_t> ids = destined_to(u);
        if (const auto j =
                gjlr::thinning_choice(load, static_cast<std::uint32_t>(ids.size()), rng())) {
          sent = ids[*j];
          const Packet& pk = box_[*find(*sent)];
          to = target_of(pk);
          out = carry(pk);
        }
      }
      const StepOutcome o = step(to, out);
      if (o.acknowledged) remove_id(*sent);
      if (const auto pk = arrived(o)) take(*pk);
    }
    // A sender left with more than the next phase's load stops participating.
    if (destined_to(u).size() > gjlr::thinning_load(h, phase + 1)) participating = false;
  }
}

std::optional<std::uint32_t> GjlrNode::compaction_phase(
    const Universe& u, std::uint32_t steps, std::optional<std::uint32_t> mover, std::uint32_t first,
    std::uint32_t receivers, std::optional<std::uint32_t>* received, bool collect) {
  for (std::uint32_t tau = 0; tau < steps; ++tau) {
    std::optional<Message> out;
    NodeId to = kNoNode;
    if (mover && receivers > 0) {
      // Collection (Lemma 4): any member in every step; compaction: slice tau only.
      const auto cell =
          collect ? std::optional<std::uint32_t>(gjlr::collection_target(receivers, rng()))
                  : gjlr::compaction_target(receivers, steps, tau, rng());
      if (cell) {
        to = u.node(first + *cell);
        if (to != me()) out = carry(box_[*find(*mover)]);
      }
    }
    const StepOutcome o = step(to, out);
    if (o.acknowledged) {
      remove_id(*mover);
      mover.reset();
    }
    if (const auto pk = arrived(o)) {
      if (take(*pk) && received && !*received) *received = pk->id;
    }
  }
  return mover;
}

void GjlrNode::spreading(const Universe& u, const Grouping& g, std::uint32_t nominal_n,
                         std::uint32_t h) {
  const std::uint32_t my_group = g.group_of(*rank_in(u, me()));
  // Undelivered packets for other target groups of this universe, at most h of them.
  std::vector<Packet> mine;
  for (const Packet& p : box_.packets()) {
    if (target_of(p) == me()) continue;
    const auto d = rank_in(u, target_of(p));
    if (d && g.group_of(*d) != my_group && mine.size() < h) mine.push_back(p);
  }
  const std::uint32_t steps = gjlr::compaction_steps(nominal_n, c_);
  const std::uint32_t width = gjlr::spreading_width(u.size, h);
  spread_id_.reset();

  // The first message to a unique cell of R_1 by approximate compaction.
  std::optional<std::uint32_t> cell;
  for (std::uint32_t tau = 0; tau < steps; ++tau) {
    std::optional<Message> out;
    NodeId to = kNoNode;
    std::optional<std::uint32_t> target;
    if (!mine.empty() && !cell) {
      target = gjlr::compaction_target(width, steps, tau, rng());
      if (target && u.node(*target) != me()) {
        to = u.node(*target);
        out = carry(mine[0]);
      }
    }
    const StepOutcome o = step(to, out);
    if (o.acknowledged) {
      cell = target;
      remove_id(mine[0].id);
    }
    if (const auto pk = arrived(o)) {
      if (take(*pk) && !spread_id_) spread_id_ = pk->id;
    }
  }
  // Message l to the same cell of R_{l+1}: no contention.
  for (std::uint32_t l = 1; l < h; ++l) {
    std::optional<Message> out;
    NodeId to = kNoNode;
    if (cell && l < mine.size()) {
      const auto r = gjlr::spreading_receiver(u.size, h, l, *cell);
      if (r && u.node(*r) != me()) {
        to = u.node(*r);
        out = carry(mine[l]);
      }
    }
    const StepOutcome o = step(to, out);
    if (o.acknowledged) remove_id(mine[l].id);
    if (const auto pk = arrived(o)) {
      if (take(*pk) && !spread_id_) spread_id_ = pk->id;
    }
  }
}

void GjlrNode::to_groups(const Universe& u, const Grouping& g, std::uint32_t nominal_n) {
  const std::uint32_t my_group = g.group_of(*rank_in(u, me()));
  const std::uint32_t steps = gjlr::compaction_steps(nominal_n, c_);
  std::optional<std::uint32_t> mover;
  std::uint32_t dest_group = 0;
  if (spread_id_ && find(*spread_id_)) {
    dest_group = g.group_of(*rank_in(u, target_of(box_[*find(*spread_id_)])));
    if (dest_group != my_group) mover = spread_id_;
  }
  spread_id_.reset();

  // Phase 1: approximate compaction into the target group (each member receives at most one);
  // Lemma 4's variant: approximate collection (a member may receive several).
  mover = compaction_phase(u, steps, mover, g.first(dest_group), g.size_of(dest_group), nullptr,
                           symmetric_);

  // Phase 2: the completely undelivered ones to R_1 by approximate compaction, then copies.
  gjlr::CopySets cs = gjlr::copy_sets(nominal_n);
  cs.width = std::max<std::uint32_t>(1, u.size / cs.l);
  std::optional<std::uint32_t> collected;
  compaction_phase(u, steps, mover, 0, cs.width, &collected);
  copies_phase(u, g, nominal_n, collected);
}

void GjlrNode::copies_phase(const Universe& u, const Grouping& g, std::uint32_t nominal_n,
                            std::optional<std::uint32_t> collected) {
  gjlr::CopySets cs = gjlr::copy_sets(nominal_n);
  cs.width = std::max<std::uint32_t>(1, u.size / cs.l);
  const std::uint32_t rounds = gjlr::doubling_rounds(cs.l);
  const auto member = cs.member_of(*rank_in(u, me()));
  const std::uint32_t i = member ? member->first : 0;
  const std::uint32_t j = member ? member->second : 0;

  // Copy the message of the j-th cell of R_1 to all members of Q_j (doubling).
  std::optional<Packet> copy;
  if (member && i == 0 && collected && find(*collected)) copy = box_[*find(*collected)];
  for (std::uint32_t t = 0; t < rounds; ++t) {
    std::optional<Message> out;
    NodeId to = kNoNode;
    if (member && copy) {
      if (const auto partner = gjlr::broadcast_partner(i, t, cs.l)) {
        to = u.node(cs.member_node(*partner, j));
        out = carry(*copy);
      }
    }
    const StepOutcome o = step(to, out);
    if (const auto pk = arrived(o)) copy = *pk;
  }

  // Every copy tries a random member gamma = i (mod l) of the target group.
  std::optional<Packet> provisional;  // a copy that reached this node, until the cancel step
  bool success = false;
  NodeId gamma = kNoNode;
  {
    std::optional<Message> out;
    if (member && copy) {
      const std::uint32_t dg = g.group_of(*rank_in(u, target_of(*copy)));
      if (const auto c = gjlr::copy_target(i, cs.l, g.size_of(dg), rng())) {
        gamma = u.node(g.first(dg) + *c);
        if (gamma != me()) out = carry(*copy);
      }
    }
    const StepOutcome o = step(gamma, out);
    success = o.acknowledged;
    if (const auto pk = arrived(o)) provisional = *pk;
  }

  // Parallel prefix over Q_j: the smallest key of a delivered copy wins: the smallest member
  // index, or in Lemma 4's variant a uniformly random one (gjlr::winner_key).
  std::uint64_t best = success ? gjlr::winner_key(i, symmetric_, rng()) : gjlr::kNoWinnerKey;
  for (std::uint32_t t = 0; t < rounds; ++t) {
    std::optional<Message> out;
    NodeId to = kNoNode;
    if (member) {
      if (const auto partner = gjlr::reduce_partner(i, t)) {
        to = u.node(cs.member_node(*partner, j));
        out = control_frame(best);
      }
    }
    const StepOutcome o = step(to, out);
    if (const auto v = control_in(o)) best = std::min(best, *v);
  }
  std::uint64_t winner_key = (member && i == 0) ? best : gjlr::kNoWinnerKey;
  for (std::uint32_t t = 0; t < rounds; ++t) {
    std::optional<Message> out;
    NodeId to = kNoNode;
    if (member) {
      if (const auto partner = gjlr::broadcast_partner(i, t, cs.l)) {
        to = u.node(cs.member_node(*partner, j));
        out = control_frame(winner_key);
      }
    }
    const StepOutcome o = step(to, out);
    if (const auto v = control_in(o)) winner_key = *v;
  }
  const std::uint32_t winner = gjlr::winner_of_key(winner_key);

  // Cancel the delivered copies that did not win.
  {
    std::optional<Message> out;
    NodeId to = kNoNode;
    if (success && winner != i) {
      to = gamma;
      out = control_frame(0);
    }
    const StepOutcome o = step(to, out);
    if (control_in(o)) provisional.reset();
  }
  if (member && i == 0 && collected && winner < cs.l) remove_id(*collected);
  if (provisional) take(*provisional);
}

void GjlrNode::valiant(const Universe& sub, std::uint32_t size_max, std::uint32_t h) {
  const std::uint32_t q = *rank_in(sub, me());
  for (int run = 0; run < 2; ++run) {
    std::optional<Packet> item;
    for (std::size_t k = 0; k < box_.size(); ++k) {
      if (rank_in(sub, target_of(box_[k])) && target_of(box_[k]) != me()) {
        item = box_[k];
        box_.remove(k);
        break;
      }
    }
    // Bitonic sort by destination; empty positions count as +infinity.
    for (std::uint32_t s = 0; s < gjlr::bitonic_stages(size_max); ++s) {
      const std::uint32_t partner = gjlr::bitonic_partner(q, s, size_max);
      const bool paired = partner < sub.size;
      std::optional<Message> out;
      if (paired && item) out = carry(*item);
      const StepOutcome o = step(paired ? sub.node(partner) : kNoNode, out);
      if (!paired) continue;
      const std::optional<Packet> theirs = arrived(o);
      std::optional<Packet> lo = item, hi = theirs;
      if (!lo || (hi && key_less(*hi, *lo))) std::swap(lo, hi);
      item = q < partner ? lo : hi;
    }
    // Rank among the messages with the same destination: the left neighbour's destination,
    // then a max-scan of run starts (values are position + 1; 0 = none; prefix.h).
    std::optional<std::uint64_t> left;
    {
      std::optional<Message> out;
      if (item && q + 1 < sub.size) out = control_frame(target_of(*item));
      const StepOutcome o = step(q + 1 < sub.size ? sub.node(q + 1) : kNoNode, out);
      left = control_in(o);
    }
    std::uint64_t start = (item && (!left || *left != target_of(*item))) ? q + 1 : 0;
    start = scan(node_, sub, {start, 0}, {ScanOp::kMax, ScanOp::kMax}).inclusive[0];
    steps_ += scan_steps(sub.size);
    const std::uint64_t rank = start > 0 ? q + 1 - start : 0;
    // A message sorted onto its own destination is delivered in place (its round stays unused).
    if (item && target_of(*item) == me()) {
      take(*item);
      item.reset();
    }
    // h rounds: the message of rank r goes in round r, one per destination.
    for (std::uint32_t r = 0; r < h; ++r) {
      std::optional<Message> out;
      NodeId to = kNoNode;
      if (item && rank == r) {
        to = target_of(*item);
        out = carry(*item);
      }
      const StepOutcome o = step(to, out);
      if (o.acknowledged) item.reset();
      if (const auto pk = arrived(o)) take(*pk);
    }
    if (item) box_.add(*item);
  }
}

}  // namespace

void GjlrProtocol::run(OcpcNodeContext& node) const {
  GjlrNode state(node, constants_);
  if (node.shape().topology == Topology::kMob) {
    state.run_mob();
  } else {
    state.run_ocpc();
  }
}

}  // namespace optinet::ocpc
