#pragma once
/// \file
/// One processor's side of the synchronization trees (Chochia, Cole & Heywood, section 3): the
/// stack of its groups' trees and the operations sync, split and join, run in the processor's
/// thread through its MeshContext. A processor knows only its coordinates, the indexing,
/// its state bit, its current tree neighbours' coordinates and what it receives.
///
/// Choices the paper leaves open:
/// * Messages are tagged with the operation number (every processor runs the same sequence of
///   operations) and a kind; one that arrives before its phase is kept until the phase asks
///   for it. Routing packets of step 4 are forwarded whenever they arrive from step 3 on,
///   including during step 5, which is what lets step 5 end only once every one is delivered.
/// * Step 2 (partial synchronization): a vertex starts step 3 once it has sent its own
///   partial-synchronization packet (the root once it has received its children's).
/// * Step 4, by default: the six routing problems (parent, left and right child, for each state)
///   and the two packets between the new roots run at once (one pass of the tree, no wait in
///   between). Lemma 5's proof solves them one by one; with Step4Schedule::kOneByOne they run
///   so (the roots' exchange seventh), each ended by a synchronization of the original tree
///   (the last one by step 5), since in an asynchronous mesh no vertex knows otherwise when a
///   problem is solved everywhere. A packet carries
///   (q, r, c) as in Figure 3, plus the source's rank^q so that the destination knows which of
///   its neighbours c is, and a flag for a packet between the roots of adjacent sub-groups.
///   In a processor's outbox, routing packets queue by Lemma 5's rules (c), then (a) or (b);
///   every other message goes first, in sending order.
/// * A vertex leaves step 4 when it has received every packet addressed to it: one from its new
///   parent, one from each new child, and at a new root one from the adjacent root.
/// * Join step 2: each root sends one packet to the adjacent root and waits for the one from it;
///   a root without an adjacent sub-group (the other one is empty) goes straight on.
#include <array>
#include <cstdint>
#include <vector>

#include "models/mesh/mesh_node.h"
#include "protocols/mesh/split_logic.h"
#include "protocols/mesh/tree_routing.h"

namespace optinet::mesh {

/// Step 4's routing problems: all at once, or one by one as Lemma 5's proof solves them.
enum class Step4Schedule { kAtOnce, kOneByOne };

class TreeNode {
 public:
  explicit TreeNode(mesh::MeshContext& ctx, Step4Schedule schedule = Step4Schedule::kAtOnce);

  /// The group of the whole mesh, tree by the indexing (ranks are indices).
  void start_whole_mesh();
  /// Sub-group identification with this vertex's state `label`; returns the size of its new
  /// sub-group, which becomes the current group.
  std::int64_t split(int label);
  /// Synchronizes the current group: the combining pass, then the broadcasting pass.
  void sync();
  /// Restores the group the current one was split from.
  void join();
  /// Reports messages never consumed (call at the end of the protocol).
  void finish();

  const mesh::TreeView& tree() const { return stack_.back(); }
  /// This vertex's rank in its current group (known locally: the index at the top, rank^x
  /// after a split).
  std::int64_t rank() const { return ranks_.back(); }
  std::uint32_t level() const { return static_cast<std::uint32_t>(stack_.size() - 1); }

 private:
  enum Kind : std::uint8_t {
    kForward = 1,
    kBackward,
    kPartial,
    kRoute,
    kSplitUp,
    kSplitDown,
    kUp,
    kDown,
    kRootSync,
    kProblemUp,  ///< one-by-one step 4: the synchronization ending a problem
    kProblemDown,
  };
  void begin(mesh::OpKind kind, int label);
  void end();
  mesh::MeshMsg message(mesh::Coord dst, Kind kind) const;
  void send(mesh::Coord dst, Kind kind, const std::array<std::int64_t, 4>& word = {0, 0, 0, 0});
  /// The next message of this operation of `kind` from `src`; routing packets arriving
  /// meanwhile are forwarded or taken (once routing is on).
  mesh::MeshMsg await(Kind kind, mesh::Coord src);
  void take_route(const mesh::MeshMsg& m);
  /// Step 4: the packets of problem `problem` this vertex sends (all problems: -1).
  void send_routing(int problem);
  /// How many packets of `problem` arrive at this vertex.
  std::uint32_t expected_packets(int problem) const;
  /// Takes routing packets until `count` of `problem` (all: -1) have arrived here.
  void receive_routing(int problem, std::uint32_t count);
  void forward_route(std::array<std::int64_t, 4> word);
  void combine(Kind kind);    ///< wait for the children's packets of `kind`, send one up
  void broadcast(Kind kind);  ///< wait for the parent's packet (not at the root), send down

  mesh::MeshContext& ctx_;
  Step4Schedule schedule_;
  std::vector<mesh::TreeView> stack_;
  std::vector<std::int64_t> ranks_;
  std::vector<mesh::MeshMsg> pending_;
  std::uint32_t op_ = 0;
  // Split state.
  VertexSplit vs_;
  bool routing_ = false;
  SplitTargets targets_;
  mesh::TreeView next_;
  std::array<std::uint32_t, kRoutingProblems> received_{};  ///< per routing problem
};

/// The protocols of the mesh: the paper's experiment loop, or single operations.
struct LoopConfig {
  std::uint32_t levels = 4;  ///< L nested splits, then L joins
  /// Experiment set 3: sub-groups of consecutively indexed processors (label 1 if the rank in
  /// the group is above zeta) instead of section 5's xi > zeta.
  bool consecutive = false;
  /// A sync of the new sub-group after every split: an addition to the paper's loop (section 5
  /// runs the splits, then the joins), which experiment set 2 measures.
  bool sync_after_split = true;
  Step4Schedule step4 = Step4Schedule::kAtOnce;
};

/// The experiment loop of section 5: L splits, then L joins; by default each split is followed
/// by a sync of the new sub-group (LoopConfig::sync_after_split). Membership: at a split of a group
/// of size s, zeta in [0, s) is drawn from a stream every member of the group derives alike (the
/// run seed and the group's path of labels), xi in [0, s) from the processor's own stream; the
/// label is 1 if xi > zeta. Both are real. With `consecutive`, the label is 1 if the processor's
/// rank in its group is above zeta, so every sub-group is a run of consecutive indices (experiment
/// set 3).
void run_experiment_loop(mesh::MeshContext& ctx, const LoopConfig& config);

}  // namespace optinet::mesh
