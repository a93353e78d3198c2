#pragma once
/// \file
/// The randomized router of Mei & Rizzi, section III: steps of five slots, repeated while the
/// machine's wired-OR "pending" line is high.
///   1. a participating source sends a copy of its packet to a relay group r;
///   2. the relay forwards the copy to the temporary destination group Delta(pi(i));
///   3. the holder there acknowledges to the relay;
///   4. the relay acknowledges to the source, which deletes the original;
///   5. the holder sends the copy to its destination.
/// Choices per shape are in randomized_plan.h.
#include "models/pops/pops_node.h"
#include "protocols/pops/randomized_plan.h"

namespace optinet::pops {

/// The choices of one router variant (registry.cpp names them). Open-loop runs ignore all but
/// c_plus_eps (see randomized.cpp).
struct RandomizedOptions {
  /// c + epsilon(g) of Theorem 3.8; 4 as in Corollary 3.9.
  double c_plus_eps = 4.0;
  /// d >= g only (d < g always picks among the usable relays). kIndependent with the fixed key
  /// and no back-off is the paper's step read literally: for d > g a diagnostic that shows
  /// slot-5 collisions (and lost packets).
  RelayRule relay_rule = RelayRule::kIndependent;
  /// d >= g: the rotating key t = (x mod g + h(s, l)) mod g instead of t = x mod g.
  bool rotate_key = false;
  Participation participation = Participation::kLaw;
  BackOff backoff = BackOff::kNone;
};

class RandomizedRouter : public PopsProtocol {
 public:
  static constexpr unsigned kSlotsPerStep = 5;

  explicit RandomizedRouter(RandomizedOptions options = {}) : options_(options) {}
  void run(PopsNodeContext& node) const override;

 private:
  RandomizedOptions options_;
};

}  // namespace optinet::pops
