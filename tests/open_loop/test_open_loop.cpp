/// \file
/// Open-loop runs on POPS (testbenches/open_loop/open_loop.h): the TDMA baseline never collides,
/// latency accounting on a hand-checked case, accepted equals offered below the capacity, the drain
/// never drops a labelled packet, saturation is reported, the capacity bound against a
/// brute-force traffic matrix, the TDMA schedule reaches every pair once per frame, and the
/// backlog limit's default lies past the knee and still ends a saturated run.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "models/core/run_control.h"
#include "protocols/pops/tdma.h"
#include "testbenches/ocpc/ocpc_experiment.h"
#include "testbenches/open_loop/capacity.h"
#include "testbenches/pops/pops_experiment.h"
#include "tests/support/open_loop_checks.h"

namespace {

using namespace optinet;
using namespace optinet::pops;

PopsExperimentConfig open_config(std::uint32_t d, std::uint32_t g, const OpenLoopConfig& o,
                                 std::uint64_t max_slots = 100000) {
  PopsExperimentConfig c;
  c.shape = pops::PopsShape{d, g};
  c.protocol = "tdma";
  c.max_slots = max_slots;
  c.open_loop = o;
  return c;
}

OpenLoopConfig bernoulli(double rate, std::uint64_t warmup, std::uint64_t measure) {
  OpenLoopConfig o;
  o.rate = rate;
  o.steady.warmup = warmup;
  o.steady.measure = measure;
  return o;
}

std::uint64_t total_collisions(const PopsRunResult& r) {
  std::uint64_t sum = 0;
  for (const MediumCounters& c : r.couplers) sum += c.collision_slots;
  return sum;
}

// ---- pure ----------------------------------------------------------------------------------

TEST(TdmaSchedule, EveryPairOncePerFrameAndOneOwnerPerCoupler) {
  for (const pops::PopsShape s :
       {pops::PopsShape{4, 4}, pops::PopsShape{8, 2}, pops::PopsShape{2, 8}, pops::PopsShape{3, 5},
        pops::PopsShape{6, 4}, pops::PopsShape{1, 4}}) {
    const std::uint64_t frame = s.n();
    for (NodeId from = 0; from < s.n(); ++from) {
      for (NodeId to = 0; to < s.n(); ++to) {
        int slots = 0;
        for (std::uint64_t t = 0; t < frame; ++t) slots += pops::tdma_reaches(s, t, from, to);
        EXPECT_EQ(slots, 1) << "POPS(" << s.d << "," << s.g << ") " << from << "->" << to;
      }
    }
    std::vector<NodeId> reachable;
    for (std::uint64_t t = 0; t < frame; ++t) {
      // One source per coupler, and every reachable destination listens to the source's group.
      std::vector<int> sources_on(std::size_t{s.g} * s.g, 0);
      for (NodeId from = 0; from < s.n(); ++from) {
        pops::tdma_reachable(s, t, from, reachable);
        if (!reachable.empty()) ++sources_on[s.group_of(reachable[0]) * s.g + s.group_of(from)];
        for (NodeId to : reachable) {
          EXPECT_EQ(s.group_of(to), s.group_of(reachable[0]));
          EXPECT_EQ(pops::tdma_listened_group(s, t, to), s.group_of(from));
        }
      }
      for (int count : sources_on) EXPECT_LE(count, 1) << "slot " << t;
      for (NodeId from = 0; from < s.n(); ++from) {
        pops::tdma_reachable(s, t, from, reachable);
        for (NodeId to = 0; to < s.n(); ++to) {
          const bool listed = std::find(reachable.begin(), reachable.end(), to) != reachable.end();
          EXPECT_EQ(pops::tdma_reaches(s, t, from, to), listed);
        }
      }
    }
  }
}

/// Loads per unit rate from the full n x n expected traffic matrix: the reference the closed
/// form of pops_capacity must equal.
double brute_force_capacity(const pops::PopsShape& s, const OpenLoopConfig& o) {
  const std::uint32_t n = s.n();
  std::vector<std::vector<double>> t(n, std::vector<double>(n, 0.0));
  const DestinationTable table = destination_table(o, n);
  for (NodeId i = 0; i < n; ++i) {
    for (NodeId j = 0; j < n; ++j) {
      if (i == j) continue;
      double p = 0;
      switch (o.rule) {
        case DestinationRule::kUniform:
          p = 1.0 / (n - 1);
          break;
        case DestinationRule::kHotspot:
          p = i == o.hotspot ? 1.0 / (n - 1)
                             : (1 - o.fraction) / (n - 1) + (j == o.hotspot ? o.fraction : 0.0);
          break;
        case DestinationRule::kTranspose:
          p = transpose_destination(i, n) == j ? 1.0 : 0.0;
          break;
        case DestinationRule::kBitReversal:
          p = bit_reversal_destination(i, n) == j ? 1.0 : 0.0;
          break;
        case DestinationRule::kNeighbour:
          p = neighbour_destination(i, n) == j ? 1.0 : 0.0;
          break;
        case DestinationRule::kTornado:
          p = tornado_destination(i, n) == j ? 1.0 : 0.0;
          break;
        case DestinationRule::kShuffle:
          p = shuffle_destination(i, n) == j ? 1.0 : 0.0;
          break;
        case DestinationRule::kBitComplement:
          p = bit_complement_destination(i, n) == j ? 1.0 : 0.0;
          break;
        case DestinationRule::kRandomPermutation:
        case DestinationRule::kMatrix:
          for (const auto* share = table.begin(i); share != table.end(i); ++share) {
            if (share->destination == j) p = share->share;
          }
          break;
      }
      t[i][j] = p;
    }
  }
  double worst = 0;
  for (NodeId i = 0; i < n; ++i) {
    double out = 0, in = 0;
    for (NodeId j = 0; j < n; ++j) {
      out += t[i][j];
      in += t[j][i];
    }
    worst = std::max({worst, out, in});
  }
  for (std::uint32_t b = 0; b < s.g; ++b) {
    for (std::uint32_t a = 0; a < s.g; ++a) {
      double load = 0;
      for (std::uint32_t k = 0; k < s.d; ++k) {
        for (std::uint32_t m = 0; m < s.d; ++m) load += t[s.node(a, k)][s.node(b, m)];
      }
      worst = std::max(worst, load);
    }
  }
  return 1.0 / worst;
}

TEST(PopsCapacity, EqualsTheBruteForceTrafficMatrix) {
  for (const pops::PopsShape s : {pops::PopsShape{4, 4}, pops::PopsShape{8, 2},
                                  pops::PopsShape{2, 8}, pops::PopsShape{16, 1}}) {
    for (const DestinationRule rule :
         {DestinationRule::kUniform, DestinationRule::kHotspot, DestinationRule::kTranspose,
          DestinationRule::kBitReversal, DestinationRule::kNeighbour, DestinationRule::kTornado,
          DestinationRule::kShuffle, DestinationRule::kBitComplement,
          DestinationRule::kRandomPermutation, DestinationRule::kMatrix}) {
      OpenLoopConfig o;
      o.rule = rule;
      o.hotspot = 5;
      o.fraction = 0.3;
      o.permutation_seed = 11;
      o.matrix = test::mixed_matrix(s.n());
      EXPECT_NEAR(pops_capacity(s, o).rate, brute_force_capacity(s, o), 1e-12)
          << "POPS(" << s.d << "," << s.g << ") " << destination_rule_name(rule);
    }
  }
}

TEST(PopsCapacity, UniformIsGOverDForDAboveG) {
  OpenLoopConfig o;
  const CapacityBound b = pops_capacity(pops::PopsShape{8, 2}, o);
  EXPECT_NEAR(b.rate, 15.0 / 64.0, 1e-12);  // a coupler carries 8 * 8/15 per unit rate
  EXPECT_EQ(b.bottleneck.rfind("coupler", 0), 0u);
}

// ---- simulation (one elaboration per test) ---------------------------------------------------

TEST(OpenLoopTdma, LatencyOfTheHandCheckedCase) {
  // POPS(1,2), d <= g schedule: in slot t node a sends to node (a + t) mod 2, so slot 0 pairs
  // every node with itself and slot 1 swaps them. Rate 1, neighbour pattern, window = slot 0:
  // both packets of slot 0 wait for slot 1 and are delivered at the start of slot 2.
  OpenLoopConfig o = bernoulli(1.0, 0, 1);
  o.rule = DestinationRule::kNeighbour;
  PopsExperiment e(open_config(1, 2, o, 100));
  const PopsRunResult r = e.run(1);
  ASSERT_TRUE(r.errors.empty()) << r.errors.front();
  ASSERT_TRUE(r.open_loop.has_value());
  EXPECT_EQ(r.open_loop->labelled, 2u);
  EXPECT_EQ(r.open_loop->labelled_delivered, 2u);
  EXPECT_EQ(r.open_loop->latency.count(), 2u);
  EXPECT_DOUBLE_EQ(r.open_loop->latency.mean(), 2.0);
  EXPECT_EQ(r.open_loop->latency.p50(), 2u);
  EXPECT_EQ(r.open_loop->latency.max(), 2u);
  EXPECT_EQ(r.open_loop->drain_slot, 2u);
  EXPECT_FALSE(r.saturated);
  EXPECT_FALSE(r.hit_limit);
}

TEST(OpenLoopTdma, NeverCollidesAndAcceptsWhatIsOfferedBelowCapacity) {
  // POPS(4,4) uniform: capacity 15/16; at 0.3 every labelled packet drains and the accepted
  // load equals the offered one within the noise of 16 * 4000 node-slots.
  PopsExperiment e(open_config(4, 4, bernoulli(0.3, 500, 4000)));
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const PopsRunResult r = e.run(seed);
    ASSERT_TRUE(r.errors.empty()) << r.errors.front();
    EXPECT_EQ(r.collisions, 0u);
    EXPECT_EQ(total_collisions(r), 0u);
    EXPECT_FALSE(r.saturated);
    EXPECT_EQ(r.open_loop->labelled_delivered, r.open_loop->labelled);
    EXPECT_NEAR(r.open_loop->offered, 0.3, 0.015);
    EXPECT_NEAR(r.open_loop->accepted, r.open_loop->offered, 0.01);
  }
}

TEST(OpenLoopTdma, NeverCollidesAtFullLoadOnEveryShapeKind) {
  for (const auto& [d, g] : std::vector<std::pair<std::uint32_t, std::uint32_t>>{{8, 2}}) {
    PopsExperiment e(open_config(d, g, bernoulli(1.0, 100, 1000), 5000));
    const PopsRunResult r = e.run(7);
    EXPECT_TRUE(r.errors.empty());
    EXPECT_EQ(total_collisions(r), 0u);
    // Each coupler carries at most one frame per counted slot.
    for (const MediumCounters& c : r.couplers) EXPECT_LE(c.single_slots, 1000u);
  }
}

TEST(OpenLoopTdma, OverloadSaturatesWithoutLosingAPacket) {
  // POPS(8,2): four couplers carry at most 4 packets per slot (0.25 per node); at rate 1 the
  // 16,000 packets of the window need 4,000 slots, so the drain cannot finish by slot 2,000.
  PopsExperiment e(open_config(8, 2, bernoulli(1.0, 100, 1000), 2000));
  const PopsRunResult r = e.run(3);
  EXPECT_TRUE(r.errors.empty());
  EXPECT_TRUE(r.saturated);
  EXPECT_FALSE(r.hit_limit);  // a result, not a failure
  EXPECT_LT(r.open_loop->labelled_delivered, r.open_loop->labelled);
  EXPECT_LE(r.open_loop->accepted, 0.25);
}

// ---- the backlog limit ----------------------------------------------------------------------

TEST(OpenLoopBacklogLimit, DefaultIsFourSchedulePeriodsAbove4096) {
  OpenLoopConfig o;
  EXPECT_EQ(o.max_backlog_per_node(), 4096u);  // no schedule (random access, reservation)
  o.steady.schedule_period = 1024;             // TDMA on POPS(32,32): 4 frames are 4096
  EXPECT_EQ(o.max_backlog_per_node(), 4096u);
  o.steady.schedule_period = 4096;  // TDMA on POPS(64,64)
  EXPECT_EQ(o.max_backlog_per_node(), 16384u);
  o.max_backlog = 0;  // given: no limit
  EXPECT_EQ(o.max_backlog_per_node(), 0u);
  o.max_backlog = 50;
  EXPECT_EQ(o.max_backlog_per_node(), 50u);
}

/// The queueing formula's mean latency of TDMA's pair queue (docs/evaluation-model.md, "The
/// latency knee"): a frame of f slots, Bernoulli arrivals of rate / (n - 1) per slot and pair.
double tdma_formula_latency(double f, double n, double rate) {
  const double q = rate / (n - 1);
  const double a = f * q;
  return 1 + (f - 1) / 2 + f * (a * (a - q) / (2 * (1 - a)) + q * (f - 1) / 2);
}

TEST(OpenLoopBacklogLimit, PopsTdmaSteadyBacklogStaysBelowItPastTheKnee) {
  // POPS(64,64) TDMA: by Little's law a node holds rate x latency packets in steady state.
  const double n = 4096;
  OpenLoopConfig o;
  o.steady.schedule_period = 4096;
  const double limit = static_cast<double>(o.max_backlog_per_node());
  const double zero_load = tdma_formula_latency(n, n, 0);
  double lo = 0, hi = 0.999;  // the 3x point, by bisection on the formula
  while (hi - lo > 1e-9) {
    const double mid = (lo + hi) / 2;
    if (tdma_formula_latency(n, n, mid) < 3 * zero_load) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  const double knee = lo;
  EXPECT_NEAR(knee, 0.667, 0.002);
  EXPECT_LT(4 * knee * 3 * zero_load, 1.01 * limit);  // four times the knee's backlog
  // At 0.8 offered, past the knee: above a fixed 4096 (which ended such runs), below the default.
  const double at_08 = 0.8 * tdma_formula_latency(n, n, 0.8);
  EXPECT_GT(at_08, 4096);
  EXPECT_LT(at_08, 0.6 * limit);
}

TEST(OpenLoopBacklogLimit, EndsATrulySaturatedRunByDefault) {
  // POPS(8,2) TDMA at rate 1: its couplers carry 0.25 per node, so the backlog grows by about
  // 12 packets per slot and passes the default 4096 per node (16 nodes) after about 5,500
  // slots, long before the fixed window would end.
  OpenLoopConfig o = bernoulli(1.0, 100, 200000);
  o.steady.fixed_warmup = o.steady.fixed_window = true;
  o.steady.schedule_period = 16;  // as the command sets it for TDMA
  PopsExperiment e(open_config(8, 2, o, 300000));
  const PopsRunResult r = e.run(3);
  EXPECT_TRUE(r.errors.empty());
  EXPECT_TRUE(r.saturated);
  EXPECT_LT(r.slots, 8000u);
  EXPECT_GT(r.slots, 4000u);
  EXPECT_NE(r.open_loop->steady.saturation_reason.find("--max-backlog 4096 packets/node"),
            std::string::npos)
      << r.open_loop->steady.saturation_reason;
}

/// The run sleeping nodes give is the one every node stepping through every slot gives.
void expect_same_run(const PopsRunResult& sleeping, const PopsRunResult& stepping) {
  ASSERT_TRUE(sleeping.errors.empty()) << sleeping.errors.front();
  EXPECT_EQ(sleeping.slots, stepping.slots);
  EXPECT_EQ(sleeping.delivered, stepping.delivered);
  EXPECT_EQ(sleeping.collisions, stepping.collisions);
  EXPECT_EQ(sleeping.collisions_by_phase, stepping.collisions_by_phase);
  EXPECT_EQ(sleeping.max_buffers, stepping.max_buffers);
  const OpenLoopResult& a = *sleeping.open_loop;
  const OpenLoopResult& b = *stepping.open_loop;
  EXPECT_EQ(a.created, b.created);
  EXPECT_EQ(a.delivered, b.delivered);
  EXPECT_EQ(a.labelled_delivered, b.labelled_delivered);
  EXPECT_EQ(a.drain_slot, b.drain_slot);
  EXPECT_EQ(a.latency.mean(), b.latency.mean());
  EXPECT_EQ(a.latency.max(), b.latency.max());
  EXPECT_EQ(a.queue.mean(), b.queue.mean());
  for (std::size_t k = 0; k < sleeping.couplers.size(); ++k) {
    EXPECT_EQ(sleeping.couplers[k].single_slots, stepping.couplers[k].single_slots) << k;
    EXPECT_EQ(sleeping.couplers[k].collision_slots, stepping.couplers[k].collision_slots) << k;
  }
}

/// Over every processor of `e`'s network: slots slept, and protocol steps (thread wake-ups).
std::uint64_t sum_slept(PopsExperiment& e) {
  std::uint64_t sum = 0;
  for (NodeId i = 0; i < e.network().shape().n(); ++i)
    sum += e.network().processor(i).slots_slept();
  return sum;
}
std::uint64_t sum_steps(PopsExperiment& e) {
  std::uint64_t sum = 0;
  for (NodeId i = 0; i < e.network().shape().n(); ++i) sum += e.network().processor(i).steps();
  return sum;
}

// The randomized router's idle nodes sleep until their host or a peer has work for them: at a
// light load most node-slots are slept, and the run is the one every node stepping through
// every slot gives.
TEST(OpenLoopRandomized, IdleNodesSleepAndTheRunStaysTheSame) {
  PopsExperimentConfig c = open_config(16, 16, bernoulli(0.01, 200, 2000), 20000);
  c.protocol = "randomized";
  PopsExperiment e(c);
  e.set_sleep_idle(false);
  const PopsRunResult stepping = e.run(5);
  ASSERT_EQ(sum_slept(e), 0u);
  e.set_sleep_idle(true);
  const PopsRunResult sleeping = e.run(5);
  EXPECT_GT(static_cast<double>(sum_slept(e)), 0.8 * 256.0 * static_cast<double>(sleeping.slots));
  expect_same_run(sleeping, stepping);
}

// TDMA's nodes with an empty injection queue sleep until their host's next packet or a peer
// transmitting to them: at a light load the protocol steps (thread wake-ups, not time) fall
// with the traffic, and the run stays the same.
void expect_tdma_sleeps_at_a_light_load(std::uint32_t d, std::uint32_t g) {
  PopsExperiment e(open_config(d, g, bernoulli(0.002, 200, 5000), 20000));
  const double n = d * g;
  e.set_sleep_idle(false);
  const PopsRunResult stepping = e.run(5);
  const std::uint64_t stepped = sum_steps(e);
  EXPECT_GE(static_cast<double>(stepped), n * static_cast<double>(stepping.slots));
  e.set_sleep_idle(true);
  const PopsRunResult sleeping = e.run(5);
  expect_same_run(sleeping, stepping);
  EXPECT_GT(sum_slept(e), 0u);
  EXPECT_LT(static_cast<double>(sum_steps(e) - stepped), 0.25 * static_cast<double>(stepped));
}

TEST(OpenLoopTdma, IdleNodesSleepAndTheRunStaysTheSame) {
  expect_tdma_sleeps_at_a_light_load(8, 8);
}

TEST(OpenLoopTdma, IdleNodesSleepAndTheRunStaysTheSameWhenDExceedsG) {
  expect_tdma_sleeps_at_a_light_load(8, 2);
}

// A run whose nodes are idle (no packet created) costs no protocol step but each node's first
// slots and a wake-up per ring of slot events (a sleeper waits at most that far ahead at a
// time); it ends where stepping nodes end it.
TEST(OpenLoopTdma, IdleRunCostsNoProtocolSteps) {
  PopsExperiment e(open_config(8, 8, bernoulli(0.0, 1000, 10000), 20000));
  e.set_sleep_idle(false);
  const PopsRunResult stepping = e.run(1);
  const std::uint64_t stepped = sum_steps(e);
  e.set_sleep_idle(true);
  const PopsRunResult sleeping = e.run(1);
  expect_same_run(sleeping, stepping);
  EXPECT_EQ(sleeping.open_loop->created, 0u);
  EXPECT_GE(sleeping.slots, 11000u);
  EXPECT_LE(sum_steps(e) - stepped, 64u * (3 + sleeping.slots / (RunControlIf::kSlotEvents - 1) +
                                           2 * sleeping.slots / 4096));
}

TEST(OpenLoopTdma, BoundedInjectionQueuesRefuseAndCount) {
  OpenLoopConfig o = bernoulli(0.9, 100, 1000);
  o.queue_limit = 2;
  PopsExperiment e(open_config(8, 2, o, 20000));
  const PopsRunResult r = e.run(5);
  EXPECT_TRUE(r.errors.empty());
  EXPECT_GT(r.open_loop->refused, 0u);
  EXPECT_LE(r.open_loop->queue.max(), 2u);
  EXPECT_EQ(r.open_loop->labelled_delivered, r.open_loop->labelled);  // refused are not labelled
}

}  // namespace

namespace {

/// MOB-PC and OCPC loads per unit rate from the full traffic matrix, row-first relays.
double brute_force_ocpc_capacity(const ocpc::OcpcShape& s, const OpenLoopConfig& o) {
  const std::uint32_t n = s.n();
  std::vector<double> sent(n, 0.0), received(n, 0.0);
  for (NodeId i = 0; i < n; ++i) {
    for (NodeId j = 0; j < n; ++j) {
      if (i == j) continue;
      double p = 0;
      if (o.rule == DestinationRule::kUniform) p = 1.0 / (n - 1);
      if (o.rule == DestinationRule::kTranspose) p = transpose_destination(i, n) == j ? 1.0 : 0.0;
      if (o.rule == DestinationRule::kHotspot) {
        p = i == o.hotspot ? 1.0 / (n - 1)
                           : (1 - o.fraction) / (n - 1) + (j == o.hotspot ? o.fraction : 0.0);
      }
      sent[i] += p;
      received[j] += p;
      if (s.topology == ocpc::Topology::kMob && s.row(i) != s.row(j) &&
          s.column(i) != s.column(j)) {
        const NodeId corner = s.node(s.row(i), s.column(j));
        sent[corner] += p;
        received[corner] += p;
      }
    }
  }
  double worst = 0;
  for (NodeId v = 0; v < n; ++v) worst = std::max({worst, sent[v], received[v]});
  return 1.0 / worst;
}

TEST(OcpcCapacity, EqualsTheBruteForceTrafficMatrix) {
  for (const ocpc::OcpcShape s :
       {ocpc::OcpcShape{ocpc::Topology::kOcpc, 16}, ocpc::OcpcShape{ocpc::Topology::kMob, 4},
        ocpc::OcpcShape{ocpc::Topology::kMob, 5}}) {
    for (const DestinationRule rule :
         {DestinationRule::kUniform, DestinationRule::kHotspot, DestinationRule::kTranspose}) {
      OpenLoopConfig o;
      o.rule = rule;
      o.hotspot = 3;
      o.fraction = 0.25;
      EXPECT_NEAR(ocpc_capacity(s, o).rate, brute_force_ocpc_capacity(s, o), 1e-12)
          << (s.topology == ocpc::Topology::kMob ? "MOB-PC p = " : "OCPC p = ") << s.p << " "
          << destination_rule_name(rule);
    }
  }
}

TEST(OcpcCapacity, MobUniformCountsTheRelayHop) {
  // p = 4: a packet changes row and column with probability 9/15, so 1.6 transmissions each.
  OpenLoopConfig o;
  EXPECT_NEAR(ocpc_capacity(ocpc::OcpcShape{ocpc::Topology::kMob, 4}, o).rate, 1 / 1.6, 1e-12);
}

}  // namespace
