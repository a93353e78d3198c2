/// \file
/// gjlr on the MOB-PC with Lemma 4's symmetry steps (Constants::lemma4, `--gjlr-lemma4`):
/// approximate collection into the target groups and a uniformly random winning copy in steps
/// 1 and 2. Each packet once (the scoreboard), the fixed schedule when no fallback ran, and the
/// variant really changes the runs (same seeds, other collisions). One elaboration per TEST.
#include <gtest/gtest.h>

#include "protocols/ocpc/gjlr.h"
#include "testbenches/ocpc/ocpc_experiment.h"

namespace optinet {
namespace {

/// Runs whichever protocol `current` points to (both variants on one elaboration).
class Switchable : public ocpc::OcpcProtocol {
 public:
  void run(ocpc::OcpcNodeContext& node) const override { current->run(node); }
  const ocpc::OcpcProtocol* current = nullptr;
};

TEST(GjlrLemma4Mob, SymmetricStepsOneAndTwoDeliverEveryPacketOnce) {
  // c1 = 1: target groups of 8 at p = 32, so 4 x 4 blocks and steps 1 and 2 run.
  ocpc::gjlr::Constants plain;
  plain.c1 = 1;
  // Thinning phases at 0.4 of their length leave messages for the collection and copies steps (with
  // the default constants thinning alone finishes steps 1 and 2 here, and the symmetry steps have
  // nothing to move).
  plain.scale = 0.4;
  ocpc::gjlr::Constants symmetric = plain;
  symmetric.lemma4 = true;
  const ocpc::GjlrProtocol plain_protocol(plain), symmetric_protocol(symmetric);
  Switchable protocol;
  ocpc::OcpcExperimentConfig config;
  config.shape.topology = ocpc::Topology::kMob;
  config.shape.p = 32;
  config.h = 2;
  config.protocol = "gjlr";
  config.max_slots = 40000;
  config.protocol_override = &protocol;
  ocpc::OcpcExperiment e(config);
  const ocpc::gjlr::MobPlan plan = ocpc::gjlr::mob_plan(32, 2, symmetric);
  ASSERT_GT(plan.step1, 0u);
  int clean = 0, differ = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    protocol.current = &symmetric_protocol;
    const ocpc::OcpcRunResult r = e.run(seed);
    ASSERT_TRUE(r.ok()) << "seed " << seed << ": " << (r.errors.empty() ? "" : r.errors[0]);
    EXPECT_EQ(r.delivered, r.packets);
    EXPECT_EQ(r.packets, 32u * 32u * 2u);
    if (r.fallbacks == 0) {
      ++clean;
      EXPECT_EQ(r.steps, plan.scheduled_steps()) << "seed " << seed;
    }
    protocol.current = &plain_protocol;
    const ocpc::OcpcRunResult d = e.run(seed);
    ASSERT_TRUE(d.ok());
    differ += d.collisions != r.collisions;
  }
  EXPECT_GT(clean, 0);
  EXPECT_GT(differ, 0);  // the option reaches the protocol
}

}  // namespace
}  // namespace optinet
