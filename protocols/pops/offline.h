#pragma once
/// \file
/// The offline router of Mei & Rizzi, Theorem 2.1: the permutation is known in advance. plan()
/// computes the schedule outside the nodes (offline_plan.h); in the run every node executes only
/// its own part of it, like a program loaded into it, for offline_slots(shape) slots. No
/// coupler ever carries two frames in a slot, so nothing is acknowledged or retried, and the
/// wired-OR line is not used: every node knows the program length from the shape.
#include <utility>
#include <vector>

#include "models/pops/pops_node.h"
#include "protocols/pops/offline_plan.h"

namespace optinet::pops {

class OfflineRouter : public PopsProtocol {
 public:
  explicit OfflineRouter(const PopsShape& shape) : shape_(shape) {}

  /// Plans the run's packets (at most one per source, a partial permutation); throws
  /// std::invalid_argument otherwise.
  void plan(const std::vector<Packet>& packets) override;
  /// Replaces the schedule (e.g. plan_comparator_stage), for the node's own packets.
  void set_schedule(OfflineSchedule schedule) { schedule_ = std::move(schedule); }

  void run(PopsNodeContext& node) const override { route(node); }
  /// Executes node.id()'s program and delivers what arrives; returns the packets delivered at
  /// this node (a building block for protocols that compute on them, e.g. comparator stages).
  std::vector<Packet> route(PopsNodeContext& node) const;

 private:
  PopsShape shape_;
  OfflineSchedule schedule_;
};

}  // namespace optinet::pops
