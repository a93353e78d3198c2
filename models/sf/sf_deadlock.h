#pragma once
/// \file
/// The store-and-forward network's deadlock test (DeadlockTest): with bounded buffers and
/// back-pressure, a run can reach a state in which every packet waits for room that only a
/// packet which cannot move would make. The test proves it from the routers' state: nothing in
/// flight (no packet admitted and not yet placed, none loaded), no packet held for a later slot,
/// every staged packet's queue full, and every queue's head refused by its far end (the queue or
/// staging buffer it would enter there is full). The next slot then repeats this one exactly
/// (no random draw is made while nothing moves), so no packet ever moves again. The reason
/// names the wait-for cycle: following from a blocked packet the full buffer it waits for, then
/// that buffer's blocked packet, returns to a buffer already seen.
///
/// It applies to closed-loop runs without injected faults (a dead link refuses offers for
/// other reasons, and an open-loop host may still inject a packet). With unbounded buffers every
/// offer is admitted, so no run can deadlock.
#include <cstdint>
#include <string>

#include "models/core/run_control.h"
#include "models/sf/sf_network.h"

namespace optinet::sf {

class SfDeadlockTest : public DeadlockTest {
 public:
  /// `network` must have bounded buffers (a queue capacity).
  explicit SfDeadlockTest(SfNetwork& network) : network_(network) {}
  std::string deadlock(std::uint64_t slot) override;

 private:
  /// Some packet at node x may still move.
  bool may_move(NodeId x) const;
  /// The wait-for cycle of full buffers (the first repeated at the end), from a blocked one.
  std::string cycle() const;

  SfNetwork& network_;
  /// The node at which a packet could move last time: a run that moves usually still has one
  /// there, so most slots read one router.
  NodeId hint_ = 0;
};

}  // namespace optinet::sf
