/// \file
/// The offline router (Mei & Rizzi, Theorem 2.1, Lemma 2.2): the planner replayed on the
/// hardware rules for every permutation of small networks and random ones of larger networks,
/// simulation runs through PopsExperiment, a comparator stage on the model, and bad input.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <numeric>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "protocols/pops/offline.h"
#include "protocols/pops/offline_plan.h"
#include "tests/pops/pops_checks.h"

namespace {

using namespace optinet;
using namespace optinet::pops;
using pops::OfflineSchedule;
using pops::OfflineSend;
using pops::PopsShape;
using test::errors_of;

std::string shape_name(const PopsShape& s) {
  return "d" + std::to_string(s.d) + "_g" + std::to_string(s.g);
}

/// Theorem 2.1's count, written independently of offline_slots().
std::uint64_t theorem_slots(const PopsShape& s) {
  return s.d == 1 ? 1 : 2 * ((s.d + s.g - 1) / s.g);
}

/// Executes `plan` by the hardware rules (each node's program only; a coupler delivers a frame
/// only with exactly one sender) for the partial permutation `pi` (packet = its source). Returns
/// "" if no coupler ever has two senders, every listen hears a frame, every node sends only a
/// packet it holds, and every packet arrives exactly once at its destination; otherwise what
/// went wrong.
std::string replay(const PopsShape& s, const OfflineSchedule& plan, const std::vector<NodeId>& pi) {
  const std::uint32_t n = s.n();
  if (plan.slots != theorem_slots(s)) return "plan has " + std::to_string(plan.slots) + " slots";
  if (plan.program.size() != n) return "program size";
  std::vector<std::optional<NodeId>> own(n), held(n);
  std::vector<unsigned> arrivals(n, 0);
  for (NodeId i = 0; i < n; ++i) {
    if (pi[i] == i) ++arrivals[i];  // delivered locally
    if (pi[i] != kNoNode && pi[i] != i) own[i] = i;
  }
  std::vector<std::size_t> next(n, 0);
  for (std::uint32_t slot = 0; slot < plan.slots; ++slot) {
    const std::string at = " in slot " + std::to_string(slot);
    std::vector<const pops::OfflineAction*> act(n, nullptr);
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<NodeId>> coupler;  // (b, a)
    for (NodeId i = 0; i < n; ++i) {
      const auto& prog = plan.program[i];
      if (next[i] < prog.size() && prog[next[i]].slot == slot) act[i] = &prog[next[i]++];
      if (act[i] == nullptr || act[i]->send == OfflineSend::kNone) continue;
      std::optional<NodeId>& p = act[i]->send == OfflineSend::kOwn ? own[i] : held[i];
      if (!p) return "node " + std::to_string(i) + " sends a packet it does not hold" + at;
      if (act[i]->send_group >= s.g) return "bad send group" + at;
      coupler[{act[i]->send_group, s.group_of(i)}].push_back(*p);
      p.reset();
    }
    for (const auto& [c, senders] : coupler) {
      if (senders.size() > 1) {
        return "coupler c(" + std::to_string(c.first) + "," + std::to_string(c.second) + ") has " +
               std::to_string(senders.size()) + " senders" + at;
      }
    }
    for (NodeId i = 0; i < n; ++i) {
      if (act[i] == nullptr || act[i]->listen_group == pops::kNoGroup) continue;
      const auto c = coupler.find({s.group_of(i), act[i]->listen_group});
      if (c == coupler.end()) return "node " + std::to_string(i) + " hears nothing" + at;
      const NodeId p = c->second.front();
      if (pi[p] == i) {
        ++arrivals[p];
      } else if (held[i]) {
        return "node " + std::to_string(i) + " would hold two copies" + at;
      } else {
        held[i] = p;
      }
    }
  }
  for (NodeId i = 0; i < n; ++i) {
    if (next[i] != plan.program[i].size()) return "node " + std::to_string(i) + ": bad program";
    if (own[i] || held[i]) return "node " + std::to_string(i) + " still holds a packet";
    if (pi[i] != kNoNode && arrivals[i] != 1) {
      return "packet " + std::to_string(i) + " arrived " + std::to_string(arrivals[i]) + " times";
    }
  }
  return "";
}

/// Plans `pi` and replays it; "" if both succeed.
std::string plan_and_replay(const PopsShape& s, const std::vector<NodeId>& pi) {
  return replay(s, pops::plan_offline(s, pi), pi);
}

std::string perm_text(const std::vector<NodeId>& pi) {
  std::string out;
  for (NodeId x : pi) out += (x == kNoNode ? std::string("-") : std::to_string(x)) + " ";
  return out;
}

// ---- closed form, colouring, registry ---------------------------------------------------------

TEST(offline, SlotsAreOneForDOneAndTwiceCeilDOverGOtherwise) {
  EXPECT_EQ(pops::offline_slots({1, 1}), 1u);
  EXPECT_EQ(pops::offline_slots({1, 64}), 1u);
  EXPECT_EQ(pops::offline_slots({2, 2}), 2u);
  EXPECT_EQ(pops::offline_slots({2, 8}), 2u);
  EXPECT_EQ(pops::offline_slots({8, 2}), 8u);
  EXPECT_EQ(pops::offline_slots({7, 3}), 6u);
  EXPECT_EQ(pops::offline_slots({6, 1}), 12u);
}

TEST(offline, ColouringIsProperAndRespectsTheCapOnRandomMultigraphs) {
  std::mt19937_64 rng(5);
  for (const PopsShape s : {PopsShape{2, 8}, PopsShape{3, 7}, PopsShape{5, 5}, PopsShape{7, 3},
                            PopsShape{16, 4}, PopsShape{4, 16}}) {
    const std::uint32_t colours = (s.d + s.g - 1) / s.g * s.g;
    for (int trial = 0; trial < 20; ++trial) {
      // The group demand of a random permutation: every vertex has degree d on both sides.
      std::vector<NodeId> pi(s.n());
      std::iota(pi.begin(), pi.end(), 0);
      std::shuffle(pi.begin(), pi.end(), rng);
      std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
      for (NodeId i = 0; i < s.n(); ++i) edges.emplace_back(s.group_of(i), s.group_of(pi[i]));
      const auto colour = pops::colour_bipartite(s.g, edges, colours, s.d);
      ASSERT_EQ(colour.size(), edges.size());
      std::vector<unsigned> size(colours, 0);
      std::set<std::tuple<int, std::uint32_t, std::uint32_t>> seen;  // (side, vertex, colour)
      for (std::size_t k = 0; k < edges.size(); ++k) {
        ASSERT_LT(colour[k], colours);
        ++size[colour[k]];
        EXPECT_TRUE(seen.insert({0, edges[k].first, colour[k]}).second) << shape_name(s);
        EXPECT_TRUE(seen.insert({1, edges[k].second, colour[k]}).second) << shape_name(s);
      }
      EXPECT_LE(*std::max_element(size.begin(), size.end()), s.d) << shape_name(s);
    }
  }
}

TEST(offline, ColouringBalancesClassesBeyondWhatKonigAloneGives) {
  // Four parallel pairs 0->0, 1->1, 2->2, 3->3 (twice each): 2 colours would do, but with 4
  // colours and a cap of 2 every class must take exactly 2 edges.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  for (std::uint32_t v = 0; v < 4; ++v) edges.insert(edges.end(), 2, {v, v});
  const auto colour = pops::colour_bipartite(4, edges, 4, 2);
  std::vector<unsigned> size(4, 0);
  for (auto c : colour) ++size[c];
  EXPECT_EQ(size, (std::vector<unsigned>{2, 2, 2, 2}));
  for (std::uint32_t v = 0; v < 4; ++v) EXPECT_NE(colour[2 * v], colour[2 * v + 1]);
}

TEST(offline, ColouringRefusesTooFewColoursOrTooSmallACap) {
  const std::vector<std::pair<std::uint32_t, std::uint32_t>> edges = {{0, 1}, {0, 0}, {0, 1}};
  EXPECT_THROW(pops::colour_bipartite(2, edges, 2, 2), std::invalid_argument);  // degree 3
  EXPECT_THROW(pops::colour_bipartite(2, edges, 3, 0), std::invalid_argument);  // cap
  EXPECT_NO_THROW(pops::colour_bipartite(2, edges, 3, 1));
}

TEST(offline, RegistryMarksItCollisionFreeInEverySlotWithoutSteps) {
  const pops::ProtocolInfo* info = pops::find_protocol("offline");
  ASSERT_NE(info, nullptr);
  EXPECT_TRUE(info->collision_free);
  EXPECT_EQ(info->slots_per_step, 0u);
  EXPECT_TRUE(info->collision_free_phases.empty());
  EXPECT_FALSE(pops::find_protocol("randomized")->collision_free);
}

// ---- the planner, exhaustively on small networks ----------------------------------------------

class PlanAll : public testing::TestWithParam<PopsShape> {};

TEST_P(PlanAll, EveryPermutationAndPartialPermutation) {
  const PopsShape s = GetParam();
  const std::uint32_t n = s.n();
  std::vector<NodeId> pi(n);
  std::iota(pi.begin(), pi.end(), 0);
  std::uint64_t plans = 0;
  do {
    // n <= 6: every subset of sources too (bit k set: source k has no packet).
    const std::uint32_t masks = n <= 6 ? 1U << n : 1U;
    for (std::uint32_t mask = 0; mask < masks; ++mask) {
      std::vector<NodeId> partial = pi;
      for (NodeId k = 0; k < n; ++k) {
        if (mask >> k & 1U) partial[k] = kNoNode;
      }
      const std::string error = plan_and_replay(s, partial);
      ASSERT_EQ(error, "") << shape_name(s) << " pi = " << perm_text(partial);
      ++plans;
    }
  } while (std::next_permutation(pi.begin(), pi.end()));
  EXPECT_GE(plans, 24u);
}

INSTANTIATE_TEST_SUITE_P(offline, PlanAll,
                         testing::Values(PopsShape{1, 4}, PopsShape{2, 2}, PopsShape{4, 1},
                                         PopsShape{2, 3}, PopsShape{3, 2}, PopsShape{1, 6},
                                         PopsShape{6, 1}, PopsShape{1, 8}, PopsShape{2, 4},
                                         PopsShape{4, 2}, PopsShape{8, 1}),
                         [](const auto& param_info) { return shape_name(param_info.param); });

// ---- the planner on random and structured permutations of larger networks --------------------

class PlanRandom : public testing::TestWithParam<PopsShape> {};

TEST_P(PlanRandom, PermutationsPartialPermutationsAndGroupShifts) {
  const PopsShape s = GetParam();
  const std::uint32_t n = s.n();
  std::mt19937_64 rng(s.d * 1000 + s.g);
  for (int trial = 0; trial < 30; ++trial) {
    std::vector<NodeId> pi(n);
    std::iota(pi.begin(), pi.end(), 0);
    std::shuffle(pi.begin(), pi.end(), rng);
    ASSERT_EQ(plan_and_replay(s, pi), "") << "random, trial " << trial;
    for (NodeId k = 0; k < n; ++k) {
      if (rng() % 3 == 0) pi[k] = kNoNode;
    }
    ASSERT_EQ(plan_and_replay(s, pi), "") << "partial, trial " << trial;
  }
  // Group shifts: all d packets of every group go to one other group (d parallel edges).
  for (std::uint32_t shift = 0; shift < s.g; ++shift) {
    std::vector<NodeId> pi(n);
    for (NodeId i = 0; i < n; ++i) pi[i] = (i + shift * s.d + 1) % n;
    ASSERT_EQ(plan_and_replay(s, pi), "") << "shift " << shift;
  }
}

INSTANTIATE_TEST_SUITE_P(offline, PlanRandom,
                         testing::Values(PopsShape{8, 2}, PopsShape{2, 8}, PopsShape{16, 4},
                                         PopsShape{4, 16}, PopsShape{3, 7}, PopsShape{7, 3},
                                         PopsShape{5, 5}, PopsShape{1, 16}, PopsShape{16, 1},
                                         PopsShape{32, 32}, PopsShape{64, 8}, PopsShape{8, 64}),
                         [](const auto& param_info) { return shape_name(param_info.param); });

TEST(offline, PlanRefusesWhatIsNotAPartialPermutation) {
  const PopsShape s{2, 2};
  EXPECT_THROW(pops::plan_offline(s, {1, 1, 2, 3}), std::invalid_argument);  // 1 twice
  EXPECT_THROW(pops::plan_offline(s, {0, 1, 2, 4}), std::invalid_argument);  // out of range
  EXPECT_THROW(pops::plan_offline(s, {0, 1, 2}), std::invalid_argument);     // 3 entries
  EXPECT_NO_THROW(pops::plan_offline(s, {kNoNode, 0, kNoNode, kNoNode}));
}

TEST(offline, PlanForDOneSendsOnCouplerOfDestinationAndSource) {
  // POPS(1,4), pi = (2 0 3 1): node i sends on c(pi(i), i) in slot 0, pi(i) listens to c(., i).
  const std::vector<NodeId> pi = {2, 0, 3, 1};
  const OfflineSchedule plan = pops::plan_offline({1, 4}, pi);
  ASSERT_EQ(plan.slots, 1u);
  for (NodeId i = 0; i < 4; ++i) {
    ASSERT_EQ(plan.program[i].size(), 1u);
    const pops::OfflineAction& a = plan.program[i][0];
    EXPECT_EQ(a.slot, 0u);
    EXPECT_EQ(a.send, OfflineSend::kOwn);
    EXPECT_EQ(a.send_group, pi[i]);
    EXPECT_EQ(pi[a.listen_group], i);
  }
}

// ---- comparator stages (Lemma 2.2) ------------------------------------------------------------

TEST(offline, ComparatorPermutationExchangesPairsAndFixesTheRest) {
  const auto pi = pops::comparator_permutation(6, {{4, 1}, {0, 5}});
  EXPECT_EQ(pi, (std::vector<NodeId>{5, 4, 2, 3, 1, 0}));
  EXPECT_THROW(pops::comparator_permutation(6, {{4, 1}, {1, 5}}), std::invalid_argument);
  EXPECT_THROW(pops::comparator_permutation(6, {{2, 2}}), std::invalid_argument);
  EXPECT_THROW(pops::comparator_permutation(6, {{0, 6}}), std::invalid_argument);
}

/// A random comparator stage on n nodes: `pairs` disjoint comparators, random orientation.
std::vector<pops::Comparator> random_stage(std::uint32_t n, std::uint32_t pairs,
                                           std::mt19937_64& rng) {
  std::vector<NodeId> v(n);
  std::iota(v.begin(), v.end(), 0);
  std::shuffle(v.begin(), v.end(), rng);
  std::vector<pops::Comparator> stage;
  for (std::uint32_t k = 0; k < pairs; ++k) stage.push_back({v[2 * k], v[2 * k + 1]});
  return stage;
}

TEST(offline, ComparatorStagePlanExchangesEveryPairOnEveryShape) {
  std::mt19937_64 rng(3);
  for (const PopsShape s : {PopsShape{1, 8}, PopsShape{4, 4}, PopsShape{8, 2}, PopsShape{2, 8},
                            PopsShape{3, 5}, PopsShape{16, 1}}) {
    for (std::uint32_t pairs = 0; pairs <= s.n() / 2; ++pairs) {
      const auto stage = random_stage(s.n(), pairs, rng);
      const auto pi = pops::comparator_permutation(s.n(), stage);
      ASSERT_EQ(replay(s, pops::plan_comparator_stage(s, stage), pi), "")
          << shape_name(s) << ", " << pairs << " pairs";
    }
  }
}

/// A comparator-stage node: exchanges values (packet payloads) by the offline schedule, then
/// keeps the minimum (low side) or the maximum (high side). `kept` is the host's view of every
/// node's value register after the run; a node writes only its own entry.
class ComparatorStageNode : public pops::OfflineRouter {
 public:
  ComparatorStageNode(const PopsShape& s, const std::vector<pops::Comparator>& stage,
                      std::vector<std::uint64_t>* kept)
      : OfflineRouter(s), low_(s.n(), false), kept_(kept) {
    set_schedule(pops::plan_comparator_stage(s, stage));
    for (const auto& c : stage) low_[c.low] = true;
  }
  void run(pops::PopsNodeContext& node) const override {
    const std::uint64_t mine = node.packets().at(0).payload;
    const std::vector<Packet> got = route(node);  // the partner's value, or its own if unpaired
    if (got.size() != 1) return;
    const std::uint64_t other = got[0].payload;
    (*kept_)[node.id()] = low_[node.id()] ? std::min(mine, other) : std::max(mine, other);
  }

 private:
  std::vector<bool> low_;
  std::vector<std::uint64_t>* kept_;
};

struct CountingSink : DeliverySink {
  std::vector<unsigned> at;  // deliveries per node
  void deliver(NodeId node, const Packet&, std::uint64_t) override { ++at.at(node); }
};

class ComparatorStage : public testing::TestWithParam<PopsShape> {};

TEST_P(ComparatorStage, EachPairExchangesAndKeepsMinAndMax) {
  const PopsShape s = GetParam();
  const std::uint32_t n = s.n();
  std::mt19937_64 rng(11);
  const auto stage = random_stage(n, n / 2 - 1, rng);  // two nodes stay unpaired
  const auto pi = pops::comparator_permutation(n, stage);
  std::vector<std::uint64_t> value(n);
  for (auto& v : value) v = rng() % 1000;
  std::vector<std::uint64_t> expected = value;
  for (const auto& c : stage) {
    expected[c.low] = std::min(value[c.low], value[c.high]);
    expected[c.high] = std::max(value[c.low], value[c.high]);
  }

  std::vector<std::uint64_t> kept(n, ~std::uint64_t{0});
  ComparatorStageNode protocol(s, stage, &kept);
  const sc_core::sc_time period(1, sc_core::SC_NS);
  sc_core::sc_clock clock("clk", period);
  RunControl control("control", period);
  pops::PopsNetwork network("pops", pops::PopsNetworkConfig{s, &protocol});
  network.clk(clock);
  network.control(control);
  control.clk(clock);
  CountingSink sink;
  sink.at.assign(n, 0);
  control.set_sink(&sink);
  CollisionTally collisions(0);
  for (std::uint32_t b = 0; b < s.g; ++b) {
    for (std::uint32_t a = 0; a < s.g; ++a) network.coupler(b, a).set_observer(&collisions);
  }
  for (NodeId i = 0; i < n; ++i) network.processor(i).load({Packet{i, i, pi[i], value[i]}});
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
  control.arm(RunPlan{1, 0, 1000, n});
  const RunOutcome outcome = control.run_to_completion();

  EXPECT_FALSE(outcome.hit_limit);
  EXPECT_EQ(outcome.slots, theorem_slots(s));
  EXPECT_EQ(collisions.total(), 0u);
  EXPECT_EQ(sink.at, std::vector<unsigned>(n, 1));
  EXPECT_EQ(kept, expected);
}

INSTANTIATE_TEST_SUITE_P(offline, ComparatorStage,
                         testing::Values(PopsShape{1, 8}, PopsShape{4, 4}, PopsShape{8, 2},
                                         PopsShape{3, 5}),
                         [](const auto& param_info) { return shape_name(param_info.param); });

// ---- simulation through PopsExperiment --------------------------------------------------------

struct SimCase {
  PopsShape shape;
  PermutationKind traffic;
};

class Sim : public testing::TestWithParam<SimCase> {};

TEST_P(Sim, DeliversEverythingInExactlyTheTheoremsSlotsWithoutCollision) {
  const SimCase c = GetParam();
  PopsExperimentConfig config = test::pops_config(c.shape.d, c.shape.g, c.traffic);
  config.protocol = "offline";
  PopsExperiment experiment(config);
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    test::expect_collision_free_run(experiment.run(seed), c.traffic, c.shape,
                                    theorem_slots(c.shape));
  }
}

INSTANTIATE_TEST_SUITE_P(
    offline, Sim,
    testing::Values(
        SimCase{{1, 1}, PermutationKind::kRandom}, SimCase{{1, 8}, PermutationKind::kRandom},
        SimCase{{1, 8}, PermutationKind::kPartial}, SimCase{{2, 2}, PermutationKind::kRandom},
        SimCase{{4, 4}, PermutationKind::kRandom}, SimCase{{4, 4}, PermutationKind::kTranspose},
        SimCase{{4, 4}, PermutationKind::kBitReversal}, SimCase{{4, 4}, PermutationKind::kIdentity},
        SimCase{{8, 2}, PermutationKind::kRandom}, SimCase{{8, 2}, PermutationKind::kPartial},
        SimCase{{2, 8}, PermutationKind::kRandom}, SimCase{{2, 8}, PermutationKind::kTranspose},
        SimCase{{3, 7}, PermutationKind::kRandom}, SimCase{{3, 7}, PermutationKind::kPartial},
        SimCase{{7, 3}, PermutationKind::kRandom}, SimCase{{16, 4}, PermutationKind::kRandom},
        SimCase{{4, 16}, PermutationKind::kRandom}, SimCase{{6, 1}, PermutationKind::kRandom},
        SimCase{{32, 32}, PermutationKind::kRandom}),
    [](const auto& param_info) {
      std::string k = permutation_kind_name(param_info.param.traffic);
      std::replace(k.begin(), k.end(), '-', '_');
      return shape_name(param_info.param.shape) + "_" + k;
    });

// ---- bad input, end to end --------------------------------------------------------------------

TEST(offline, CommandRefusesAFileThatIsNotAPermutationWithExitStatus2) {
  // The optinet binary sits one directory above this test binary in the build tree.
  const std::filesystem::path optinet =
      std::filesystem::read_symlink("/proc/self/exe").parent_path().parent_path() / "optinet";
  ASSERT_TRUE(std::filesystem::exists(optinet)) << optinet;
  const std::string base =
      std::filesystem::temp_directory_path() / ("optinet_offline_" + std::to_string(getpid()));
  std::ofstream(base + ".txt") << "1 1 2 3\n";  // destination 1 twice
  const std::string command = optinet.string() +
                              " pops --d 2 --g 2 --protocol offline --permutation-file " + base +
                              ".txt >" + base + ".out 2>" + base + ".err";
  const int status = std::system(command.c_str());
  std::ifstream err(base + ".err");
  const std::string stderr_text((std::istreambuf_iterator<char>(err)), {});
  const auto stdout_size = std::filesystem::file_size(base + ".out");
  for (const char* ext : {".txt", ".out", ".err"}) std::filesystem::remove(base + ext);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 2);
  EXPECT_EQ(stdout_size, 0u);
  EXPECT_NE(stderr_text.find("--permutation-file"), std::string::npos) << stderr_text;
  EXPECT_EQ(std::count(stderr_text.begin(), stderr_text.end(), '\n'), 1) << stderr_text;
}

}  // namespace
