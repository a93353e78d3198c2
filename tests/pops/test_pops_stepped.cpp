// The grouped view's stepper (models/pops/pops_stepper.h) runs the nodes of the protocols with a
// stepped form (TDMA, reservation) from one process; the pins view runs the same steps in each
// processor's thread. The runs are identical, and a node with nothing to do costs no step.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "testbenches/pops/pops_experiment.h"

namespace optinet {
namespace {

pops::PopsExperimentConfig open_config(std::uint32_t d, std::uint32_t g,
                                       const std::string& protocol, double rate,
                                       pops::PopsView view) {
  pops::PopsExperimentConfig c;
  c.shape = pops::PopsShape{d, g};
  c.protocol = protocol;
  c.max_slots = 20000;
  c.view = view;
  OpenLoopConfig o;
  o.rate = rate;
  o.steady.warmup = 100;
  o.steady.measure = 600;
  c.open_loop = o;
  return c;
}

std::uint64_t sum_steps(pops::PopsExperiment& e) {
  std::uint64_t sum = 0;
  for (NodeId i = 0; i < e.network().shape().n(); ++i) sum += e.network().processor(i).steps();
  return sum;
}

void expect_same_run(const pops::PopsRunResult& a, const pops::PopsRunResult& b) {
  ASSERT_TRUE(a.errors.empty()) << a.errors.front();
  ASSERT_TRUE(b.errors.empty()) << b.errors.front();
  EXPECT_EQ(a.slots, b.slots);
  EXPECT_EQ(a.delivered, b.delivered);
  EXPECT_EQ(a.collisions, b.collisions);
  EXPECT_EQ(a.max_buffers, b.max_buffers);
  const OpenLoopResult& x = *a.open_loop;
  const OpenLoopResult& y = *b.open_loop;
  EXPECT_EQ(x.created, y.created);
  EXPECT_EQ(x.delivered, y.delivered);
  EXPECT_EQ(x.labelled_delivered, y.labelled_delivered);
  EXPECT_EQ(x.drain_slot, y.drain_slot);
  EXPECT_EQ(x.latency.mean(), y.latency.mean());
  EXPECT_EQ(x.latency.max(), y.latency.max());
  EXPECT_EQ(x.queue.mean(), y.queue.mean());
  ASSERT_EQ(a.couplers.size(), b.couplers.size());
  for (std::size_t k = 0; k < a.couplers.size(); ++k) {
    EXPECT_EQ(a.couplers[k].single_slots, b.couplers[k].single_slots) << k;
  }
  ASSERT_EQ(a.control.size(), b.control.size());
  for (std::size_t k = 0; k < a.control.size(); ++k) {
    EXPECT_EQ(a.control[k].words, b.control[k].words) << k;
  }
}

struct Case {
  std::uint32_t d, g;
  const char* protocol;
  double rate;
};

// Stepped and threaded in the same grouped network (a process elaborates one network; the
// pins view's threads are compared with the stepped grouped view by pops_views_match.py):
// every shape kind (d < g, d = g, d > g), both protocols, a light load (sleepers) and a heavy
// one, two seeds each. The stepper visits no more nodes than the threads wake.
class PopsSteppedRuns : public ::testing::TestWithParam<Case> {};

TEST_P(PopsSteppedRuns, EqualTheThreadedRuns) {
  const Case c = GetParam();
  pops::PopsExperiment e(open_config(c.d, c.g, c.protocol, c.rate, pops::PopsView::kGrouped));
  ASSERT_TRUE(e.network().stepped());
  for (std::uint64_t seed : {3u, 11u}) {
    e.set_stepped(false);
    const std::uint64_t before = sum_steps(e);
    const pops::PopsRunResult threaded = e.run(seed);
    const std::uint64_t thread_steps = sum_steps(e) - before;
    e.set_stepped(true);
    const pops::PopsRunResult stepped = e.run(seed);
    const std::uint64_t visits = sum_steps(e) - before - thread_steps;
    expect_same_run(stepped, threaded);
    EXPECT_GT(visits, 0u);
    EXPECT_LE(visits, thread_steps);
  }
}

INSTANTIATE_TEST_SUITE_P(ShapesProtocolsLoads, PopsSteppedRuns,
                         ::testing::Values(Case{4, 4, "tdma", 0.02}, Case{4, 4, "tdma", 0.8},
                                           Case{2, 8, "tdma", 0.5}, Case{8, 2, "tdma", 0.1},
                                           Case{8, 8, "tdma", 0.01},
                                           Case{4, 4, "reservation", 0.05},
                                           Case{2, 8, "reservation", 0.6},
                                           Case{8, 2, "reservation", 0.3}));

// A run whose nodes create nothing: each stepped node acts in its first slot and looks at its
// host once per sleep horizon (4,096 slots), and the run ends where threads end it.
TEST(PopsStepped, IdleRunCostsNoProtocolSteps) {
  pops::PopsExperimentConfig c = open_config(8, 8, "tdma", 0.0, pops::PopsView::kGrouped);
  c.open_loop->steady.warmup = 1000;
  c.open_loop->steady.measure = 10000;
  pops::PopsExperiment e(c);
  e.set_stepped(false);
  e.set_sleep_idle(false);
  const pops::PopsRunResult threaded = e.run(1);
  const std::uint64_t before = sum_steps(e);
  e.set_stepped(true);
  e.set_sleep_idle(true);
  const pops::PopsRunResult stepped = e.run(1);
  expect_same_run(stepped, threaded);
  EXPECT_EQ(stepped.open_loop->created, 0u);
  EXPECT_GE(stepped.slots, 11000u);
  EXPECT_LE(sum_steps(e) - before, 64u * (2 + 3 * (stepped.slots / 4096 + 1)));
}

}  // namespace
}  // namespace optinet
