#pragma once
/// \file
/// The checks of every mesh run, made outside the nodes from what they report: each packet
/// delivered once, intact, to its destination; after a split every processor's new parent,
/// children and adjacent root are those of the tree the mapping procedure builds for its
/// sub-group; after a sync the tree is unchanged; after a join the previous tree is back; no
/// member leaves an operation before every member of its group has entered it. It also
/// measures each group's overhead: slots from the first member entering to the last leaving,
/// and each split's routing problems on a physical tree (Lemmas 4 and 5).
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "models/mesh/mesh_link_layer.h"
#include "models/mesh/mesh_node.h"
#include "protocols/mesh/tree_routing.h"

namespace optinet::mesh {

/// One group's operation in a run.
struct GroupOp {
  std::uint32_t op = 0;
  OpKind kind = OpKind::kSync;
  std::uint32_t level = 0;  ///< nesting level of the group the operation ran in
  std::uint64_t size = 0;   ///< the group's size (a split: the group being split)
  std::uint64_t overhead = 0;
  /// A split: its step 4 on a physical tree (Lemmas 4 and 5), with a queue per tree link and
  /// with one queue per vertex.
  mesh::TreeRoutingStats tree, tree_single_queue;
};

const char* op_kind_name(OpKind k);

class MeshChecker : public MeshObserver, public MeshFabricObserver {
 public:
  explicit MeshChecker(const MeshIndexing& indexing);
  void reset();
  /// Runs the checks at the end of a run (all nodes finished); returns the violations.
  std::vector<std::string> check(const MeshLinkLayer& links);
  const std::vector<GroupOp>& groups() const { return groups_; }
  std::uint64_t packets() const { return injected_total_; }
  std::uint64_t delivered() const { return delivered_total_; }

  void entered(std::uint32_t node, std::uint32_t op, OpKind kind, std::uint32_t level, int label,
               std::uint64_t slot) override;
  void left(std::uint32_t node, std::uint32_t op, std::uint64_t slot,
            const TreeView& tree) override;
  void finished(std::uint32_t node, std::size_t unconsumed) override;
  void injected(const MeshMsg& m, std::uint64_t slot) override;
  void delivered(std::uint32_t node, const MeshMsg& m, std::uint64_t slot) override;

 private:
  struct Record {
    OpKind kind = OpKind::kSync;
    std::uint32_t level = 0;
    int label = 0;
    std::uint64_t enter = 0, leave = 0;
    bool has_enter = false, has_leave = false;
    TreeView tree;
  };
  /// The tree of `members` (node numbers) by the mapping procedure, per member.
  std::unordered_map<std::uint32_t, TreeView> expected_trees(std::vector<std::uint32_t> members,
                                                             std::uint64_t size) const;
  /// The labels `members` (node numbers) gave operation `op` (0-based), in rank order.
  std::vector<int> states_in_rank_order(std::vector<std::uint32_t> members, std::size_t op) const;
  void error(const std::string& e);

  const MeshIndexing& indexing_;
  std::uint32_t nodes_;
  std::vector<std::vector<Record>> ops_;  ///< per node, per operation (op - 1)
  std::vector<bool> finished_;
  std::vector<std::size_t> unconsumed_;
  std::unordered_map<std::uint64_t, std::uint64_t> in_flight_;  ///< (src node, id) -> check
  std::uint64_t injected_total_ = 0, delivered_total_ = 0;
  std::vector<std::string> errors_;
  std::vector<GroupOp> groups_;
};

bool same_tree(const TreeView& a, const TreeView& b);

}  // namespace optinet::mesh
